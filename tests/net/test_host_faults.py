"""People who drop: a bot stands in after the away timeout, and Resume gives the seat back."""

from __future__ import annotations

import asyncio
import random

import pytest

from liar_tui.games import make_bot
from liar_tui.net import host_table
from liar_tui.net.protocol import (
    Act,
    ChairKind,
    CreateTable,
    ErrorCode,
    HostError,
    LobbyState,
    Resume,
    ResumeRefused,
    Seated,
    Started,
    StartTable,
    TableCreated,
    TablePhase,
    TakeSeat,
    Update,
)
from liar_tui.net.server import HostOptions
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from tests.net.host_client import WAIT, HostClient, play_seat, play_until, running_host

AWAY = HostOptions(away_timeout=0.2)
PERSON = SeatConfig("Chair", SeatKind.HUMAN)


def normal_bot(game: str, seat: int) -> object:
    return make_bot(game, BotLevel.NORMAL, random.Random(seat))


async def open_table(client: HostClient, game: str, rules: object, seats: tuple) -> int:
    await client.send(CreateTable(game, rules, seats))
    return (await client.expect(TableCreated)).table


async def take(client: HostClient, table: int, seat: int) -> Seated:
    await client.send(TakeSeat(table, seat))
    return await client.expect(Seated)


def chair_is(table: int, seat: int, **state: object) -> object:
    """A LobbyState test: the chair shows exactly these fields."""

    def matches(lobby: LobbyState) -> bool:
        summary = next((t for t in lobby.tables if t.table == table), None)
        chair = summary.seats[seat] if summary else None
        return chair is not None and all(getattr(chair, k) == v for k, v in state.items())

    return matches


async def test_a_killed_client_is_stood_in_for_and_resumes_its_seat() -> None:
    game = "liar-game"
    async with running_host(AWAY) as (host, port):
        ann = await HostClient.tcp(port)
        bob = await HostClient.tcp(port)
        cat = await HostClient.tcp(port)
        for client, name in ((ann, "Ann"), (bob, "Bob"), (cat, "Cat")):
            await client.greet(name)
        seats = (PERSON, SeatConfig("Chair 2", SeatKind.HUMAN), SeatConfig("Ada"))
        table = await open_table(ann, game, LiarGameRules(target=100_000), seats)
        ann_seat, bob_seat = await take(ann, table, 0), await take(bob, table, 1)
        other = await open_table(
            cat, game, LiarGameRules(target=100_000), (PERSON, SeatConfig("Bea"))
        )
        cat_seat = await take(cat, other, 0)
        await ann.send(StartTable(ann_seat.token))
        await cat.send(StartTable(cat_seat.token))
        for client, seated in ((ann, ann_seat), (bob, bob_seat), (cat, cat_seat)):
            await client.expect(Started, lambda frame, t=seated.table: frame.table == t)
        ann_bot, bob_bot, cat_bot = (normal_bot(game, seat) for seat in range(3))
        ann_sent, _ = await asyncio.wait_for(
            asyncio.gather(
                play_until(ann, ann_seat, ann_bot, game, actions=2),
                play_until(bob, bob_seat, bob_bot, game, actions=2),
            ),
            WAIT,
        )
        hosted = host._tables[table]
        assert hosted.table is not None

        ann.kill()
        await bob.expect_lobby(chair_is(table, 0, present=False, stand_in=False))
        # While Ann is away, the other table is served as ever, and her own table goes on.
        await asyncio.wait_for(play_until(cat, cat_seat, cat_bot, game, actions=3), WAIT)
        await bob.expect_lobby(chair_is(table, 0, present=False, stand_in=True))
        await asyncio.wait_for(play_until(bob, bob_seat, bob_bot, game, actions=2), WAIT)
        stood_in = sum(action.seat == 0 for action in hosted.table.actions) - ann_sent
        assert stood_in >= 1

        # Bots think in threads: let them play until the table waits for Bob alone, so the
        # view Ann gets back is still the table's when it is compared below.
        for _ in range(int(WAIT / 0.05)):
            if set(hosted.table.to_act()) <= {1}:
                break
            await asyncio.sleep(0.05)
        back = await HostClient.tcp(port)
        await back.greet("Ann")
        await back.send(Resume(ann_seat.token))
        resumed = await back.expect(Seated)
        assert (resumed.table, resumed.seat, resumed.token) == (table, 0, ann_seat.token)
        assert resumed.setup.names[:2] == ("Ann", "Bob") and resumed.setup.seed == 0
        assert (await back.expect(Started)).seat == 0
        update = (await back.expect(Update)).update
        assert update.view == hosted.table.view(0)
        assert update.view.pocket == tuple(hosted.table._game.pockets[0])
        assert update.to_act == hosted.table.to_act()
        await bob.expect_lobby(chair_is(table, 0, present=True, stand_in=False))

        # The seat is Ann's again: the stand-in makes no further move, she does.
        actions_before = len(hosted.table.actions)
        if 0 in update.to_act:
            await back.send(Act(ann_seat.token, ann_bot.act(update.view)))
            # Others' moves may come first and still show her to act: wait for her own.
            await back.expect(Update, lambda frame: frame.update.actor == 0)
        await asyncio.wait_for(
            asyncio.gather(
                play_until(back, resumed, ann_bot, game, actions=2),
                play_until(bob, bob_seat, bob_bot, game, actions=2),
            ),
            WAIT,
        )
        assert len(hosted.table.actions) > actions_before
        for client in (back, bob, cat):
            await client.close()


async def test_a_person_who_never_comes_back_plays_the_game_out_by_stand_in() -> None:
    game = "liars-poker-cards"
    async with running_host(AWAY) as (host, port):
        ann, bob = await HostClient.tcp(port), await HostClient.tcp(port)
        await ann.greet("Ann")
        await bob.greet("Bob")
        seats = (PERSON, SeatConfig("Chair 2", SeatKind.HUMAN), SeatConfig("Ada"))
        table = await open_table(ann, game, LiarsPokerRules(lives=2), seats)
        ann_seat, bob_seat = await take(ann, table, 0), await take(bob, table, 1)
        await ann.send(StartTable(ann_seat.token))
        await ann.expect(Started)
        ann.kill()
        await asyncio.wait_for(play_seat(bob, bob_seat, normal_bot(game, 1), game), WAIT)
        lobby = await bob.expect_lobby(lambda lobby: lobby.tables[0].phase is TablePhase.OVER)
        assert lobby.tables[0].seats[0].kind is ChairKind.PERSON
        assert host._tables[table].table.over
        await bob.close()


async def test_a_finished_table_leaves_the_lobby_after_a_while(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(host_table, "OVER_TABLE_KEEP", 0.5)  # longer than the lobby's pause
    game = "liars-poker-cards"
    async with running_host() as (host, port):
        ann = await HostClient.tcp(port)
        await ann.greet("Ann")
        table = await open_table(ann, game, LiarsPokerRules(lives=1), (PERSON, SeatConfig("Ada")))
        seated = await take(ann, table, 0)
        await ann.send(StartTable(seated.token))
        await asyncio.wait_for(play_seat(ann, seated, normal_bot(game, 0), game), WAIT)
        await ann.expect_lobby(
            lambda lobby: bool(lobby.tables) and lobby.tables[0].phase is TablePhase.OVER
        )
        await ann.expect_lobby(lambda lobby: lobby.tables == ())
        await ann.send(Resume(seated.token))
        assert (await ann.expect(ResumeRefused)).token == seated.token
        assert host._tables == {}
        await ann.close()


async def test_a_chair_left_empty_before_the_start_opens_again() -> None:
    async with running_host(AWAY) as (_, port):
        ann, bob = await HostClient.tcp(port), await HostClient.tcp(port)
        await ann.greet("Ann")
        await bob.greet("Bob")
        table = await open_table(ann, "liar-game", LiarGameRules(), (PERSON, SeatConfig("Ada")))
        seated = await take(ann, table, 0)
        ann.kill()
        await bob.expect_lobby(chair_is(table, 0, kind=ChairKind.PERSON, present=False))
        await bob.expect_lobby(chair_is(table, 0, kind=ChairKind.OPEN))
        await bob.send(Resume(seated.token))
        # The Resume refused names its token, so that a client knows which seat is gone.
        assert (await bob.expect(ResumeRefused)).token == seated.token
        assert (await take(bob, table, 0)).setup.names[0] == "Bob"
        await bob.close()


async def test_resuming_on_a_second_connection_takes_the_seat_from_the_first() -> None:
    async with running_host() as (host, port):
        ann = await HostClient.tcp(port)
        await ann.greet("Ann")
        table = await open_table(ann, "liar-game", LiarGameRules(), (PERSON, SeatConfig("Ada")))
        seated = await take(ann, table, 0)
        again = await HostClient.tcp(port)
        await again.greet("Ann")
        await again.send(Resume(seated.token))
        assert (await again.expect(Seated)).token == seated.token
        await ann.send(StartTable(seated.token))
        assert (await ann.expect(HostError)).code is ErrorCode.BAD_TOKEN
        await again.send(StartTable(seated.token))
        await again.expect(Started)
        await again.expect(Update)
        assert host._tables[table].phase is TablePhase.PLAYING
        await ann.close()
        await again.close()
