"""Issue 12 finding 9: an idle person held a table for ever. With a turn timer, each update
tells the people to act how long they have; at zero a bot acts for the person, who is marked
away until they say Back (or act)."""

from __future__ import annotations

import asyncio
import random

from liar_tui.games import make_bot
from liar_tui.net.protocol import (
    Act,
    Back,
    CreateTable,
    ErrorCode,
    HostError,
    Started,
    StartTable,
    TableCreated,
    Update,
)
from liar_tui.net.server import HostOptions
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from tests.net.host_client import HostClient, running_host
from tests.net.test_host_faults import chair_is, take

GAME = "liars-poker-cards"
SEATS = (SeatConfig("Chair", SeatKind.HUMAN), SeatConfig("Ada"))
TURN = 1.0


async def own_turn(client: HostClient, seat: int = 0) -> Update:
    """The next update in which ``seat`` is to act."""
    return await client.expect(Update, lambda frame: seat in frame.update.to_act)


async def start(client: HostClient, turn_seconds: float) -> tuple[int, str]:
    await client.send(CreateTable(GAME, LiarsPokerRules(lives=5), SEATS, turn_seconds=turn_seconds))
    table = (await client.expect(TableCreated)).table
    seated = await take(client, table, 0)
    await client.send(StartTable(seated.token))
    await client.expect(Started)
    return table, seated.token


async def test_a_person_who_lets_the_time_run_out_gets_a_bot_until_back() -> None:
    async with running_host() as (host, port):
        ann = await HostClient.tcp(port)
        await ann.greet("Ann")
        table, token = await start(ann, TURN)
        turn = await own_turn(ann)
        assert 0 < turn.seconds_left <= TURN
        assert turn.away == ()
        # Ann does nothing: the timer runs out, a bot acts for her, and she is away.
        away = await ann.expect(Update, lambda frame: frame.away == (0,))
        await ann.expect_lobby(chair_is(table, 0, stand_in=True, present=True))
        hosted = host._tables[table].table
        assert hosted is not None
        await ann.expect(Update, lambda frame: frame.update.actor == 0)
        assert any(action.seat == 0 for action in hosted.actions)
        assert away.update.view.seat == 0
        # Back: the bot stops, and her next turn waits for her with the clock running.
        await ann.send(Back(token))
        # (Frames from before Back may still wait unread: each wait names what it expects.)
        back = await ann.expect(
            Update, lambda frame: frame.away == () and frame.update.actor is None
        )
        await ann.expect_lobby(chair_is(table, 0, stand_in=False))
        mine = (
            back
            if 0 in back.update.to_act
            else await ann.expect(Update, lambda f: 0 in f.update.to_act and f.away == ())
        )
        assert mine.seconds_left > 0
        bot = make_bot(GAME, BotLevel.NORMAL, random.Random(0))
        await ann.send(Act(token, bot.act(mine.update.view)))
        ann._unread.clear()  # what came before her action
        mine_applied = await ann.expect(Update, lambda frame: frame.update.actor == 0)
        assert mine_applied.away == ()


async def test_acting_again_ends_the_away_without_back() -> None:
    # Bots wait two seconds: time for Ann's action to come before her stand-in's.
    async with running_host(HostOptions(bot_delay=2.0)) as (_, port):
        ann = await HostClient.tcp(port)
        await ann.greet("Ann")
        _, token = await start(ann, TURN)
        away = await ann.expect(Update, lambda frame: frame.away == (0,))
        assert 0 in away.update.to_act
        bot = make_bot(GAME, BotLevel.NORMAL, random.Random(0))
        await ann.send(Act(token, bot.act(away.update.view)))
        # (Frames from before Back may still wait unread: each wait names what it expects.)
        back = await ann.expect(
            Update, lambda frame: frame.away == () and frame.update.actor is None
        )
        assert back.update.actor is None  # she is back before her action is applied
        mine = await ann.expect(Update, lambda frame: frame.update.actor == 0)
        assert mine.away == ()


async def test_without_a_timer_nobody_acts_for_a_person() -> None:
    async with running_host() as (host, port):
        ann = await HostClient.tcp(port)
        await ann.greet("Ann")
        table, _ = await start(ann, 0)
        turn = await own_turn(ann)
        assert turn.seconds_left == 0
        await asyncio.sleep(TURN * 3)
        hosted = host._tables[table]
        assert hosted.table is not None
        assert not any(action.seat == 0 for action in hosted.table.actions)
        assert hosted.chairs[0].stand_in is None


async def test_a_turn_timer_out_of_range_is_refused() -> None:
    async with running_host() as (host, port):
        ann = await HostClient.tcp(port)
        await ann.greet("Ann")
        await ann.send(CreateTable(GAME, LiarsPokerRules(), SEATS, turn_seconds=-1))
        refusal = await ann.expect(HostError)
        assert refusal.code is ErrorCode.BAD_TABLE
        assert refusal.message.startswith("A turn timer must be from 0")
        assert host._tables == {}
