"""Issue 12 findings 1 and 4: one user could lock everyone out or stall every table. Every
resource a client can make the host spend is bounded: connections (in all and from one
remote address), tables (in all, from one address, from one connection; finished ones not
counted), time without a frame, and frames a second; bots think off the event loop."""

from __future__ import annotations

import asyncio
import contextlib
import os
import pathlib
import random
import subprocess
import sys
import threading
from collections.abc import AsyncIterator
from typing import Any

import pytest

from liar_tui.bots.base import Bot
from liar_tui.games import make_bot
from liar_tui.net import host_connection, host_table
from liar_tui.net.host_bots import BotThinking
from liar_tui.net.protocol import (
    PROTOCOL_VERSION,
    CreateTable,
    ErrorCode,
    Hello,
    HostError,
    Seated,
    StartTable,
    TableCreated,
    TablePhase,
    Update,
    Welcome,
    encode_frame,
)
from liar_tui.net.server import HostOptions, TableHost
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from tests.net.host_client import WAIT, HostClient, play_seat, play_until, running_host
from tests.net.test_host_faults import open_table, take

PERSON = SeatConfig("Chair", SeatKind.HUMAN)
ONE_PERSON_ONE_BOT = (PERSON, SeatConfig("Ada"))


async def greeted(port: int, name: str = "Ann") -> HostClient:
    client = await HostClient.tcp(port)
    await client.greet(name)
    return client


@contextlib.asynccontextmanager
async def host_process(*options: str) -> AsyncIterator[int]:
    """``liar-tui host`` as a real process with ``options``; its port."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "liar_tui",
        "host",
        "--port",
        "0",
        *options,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(pathlib.Path(__file__).parents[2])},
    )
    try:
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), WAIT)).decode()
        assert line.startswith("liar-tui host: tables on 127.0.0.1:"), line
        yield int(line.split("127.0.0.1:")[1].split(";")[0])
    finally:
        process.kill()
        await process.wait()


# --------------------------------------------------------------------------- lockout


async def test_silent_connections_after_hello_no_longer_lock_everyone_out() -> None:
    """Finding 1: connections that greet and then say nothing held every place for ever."""
    async with host_process("--max-connections", "3", "--idle-timeout", "0.5") as port:
        silent = [await greeted(port, f"Quiet {n}") for n in range(3)]
        late = await HostClient.tcp(port)
        assert (await late.expect(HostError)).code is ErrorCode.HOST_FULL
        for client in silent:
            refusal = await client.expect(HostError)
            assert refusal.code is ErrorCode.IDLE
            assert "Nothing was heard from you for 0.5 s" in refusal.message
            assert await client.closed_by_host()
        again = await HostClient.tcp(port)
        await again.send(Hello(PROTOCOL_VERSION, "Ann"))
        assert isinstance(await again.expect(Welcome | HostError), Welcome)


async def test_a_person_playing_a_started_table_is_never_idle() -> None:
    async with running_host(HostOptions(idle_timeout=0.2)) as (_, port):
        ann = await greeted(port)
        table = await open_table(ann, "liar-game", LiarGameRules(), ONE_PERSON_ONE_BOT)
        seated = await take(ann, table, 0)
        await ann.send(StartTable(seated.token))
        await asyncio.sleep(0.6)  # three idle timeouts
        bot = make_bot("liar-game", BotLevel.NORMAL, random.Random(0))
        assert await asyncio.wait_for(play_until(ann, seated, bot, "liar-game", actions=1), WAIT)


async def test_one_connection_cannot_take_every_table() -> None:
    """Finding 1: one connection creating 64 tables blocked all table creation."""
    async with running_host(HostOptions(max_tables=10, tables_per_connection=3)) as (_, port):
        eve, ann = await greeted(port, "Eve"), await greeted(port, "Ann")
        for _ in range(3):
            table = await open_table(eve, "liar-game", LiarGameRules(), ONE_PERSON_ONE_BOT)
            await take(eve, table, 0)
        await eve.send(CreateTable("liar-game", LiarGameRules(), ONE_PERSON_ONE_BOT))
        refusal = await eve.expect(HostError)
        assert refusal.code is ErrorCode.HOST_FULL
        assert refusal.message == "One connection may have at most 3 unfinished tables."
        assert await open_table(ann, "liar-game", LiarGameRules(), ONE_PERSON_ONE_BOT) == 4


async def test_finished_tables_do_not_count_against_the_cap() -> None:
    async with running_host(HostOptions(max_tables=1)) as (_, port):
        ann = await greeted(port)
        game = "liars-poker-cards"
        table = await open_table(ann, game, LiarsPokerRules(lives=1), ONE_PERSON_ONE_BOT)
        seated = await take(ann, table, 0)
        await ann.send(CreateTable(game, LiarsPokerRules(), ONE_PERSON_ONE_BOT))
        assert (await ann.expect(HostError)).code is ErrorCode.HOST_FULL
        await ann.send(StartTable(seated.token))
        bot = make_bot(game, BotLevel.NORMAL, random.Random(0))
        await asyncio.wait_for(play_seat(ann, seated, bot, game), WAIT)
        await ann.expect_lobby(lambda lobby: lobby.tables[0].phase is TablePhase.OVER)
        assert await open_table(ann, game, LiarsPokerRules(), ONE_PERSON_ONE_BOT) == table + 1


@pytest.fixture
def remote(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every connection counts as from another machine (they all come over loopback here)."""
    monkeypatch.setattr(host_connection, "_is_local", lambda address: False)


@pytest.mark.usefixtures("remote")
async def test_one_remote_address_has_a_bounded_share_of_connections() -> None:
    async with running_host(HostOptions(connections_per_address=2)) as (_, port):
        first, second = await greeted(port, "One"), await greeted(port, "Two")
        third = await HostClient.tcp(port)
        refusal = await third.expect(HostError)
        assert refusal.code is ErrorCode.HOST_FULL
        assert refusal.message == "The host takes at most 2 connections from one address."
        await first.close()
        await asyncio.sleep(0.1)
        await greeted(port, "Three")  # a place from that address again
        await second.close()


@pytest.mark.usefixtures("remote")
async def test_one_remote_address_has_a_bounded_share_of_tables() -> None:
    options = HostOptions(tables_per_address=2, tables_per_connection=5)
    async with running_host(options) as (_, port):
        one, two = await greeted(port, "One"), await greeted(port, "Two")
        await open_table(one, "liar-game", LiarGameRules(), ONE_PERSON_ONE_BOT)
        await open_table(two, "liar-game", LiarGameRules(), ONE_PERSON_ONE_BOT)
        await one.send(CreateTable("liar-game", LiarGameRules(), ONE_PERSON_ONE_BOT))
        refusal = await one.expect(HostError)
        assert refusal.message == "One address may have at most 2 unfinished tables."


@pytest.mark.usefixtures("remote")
async def test_tables_taken_up_after_a_restart_still_count_against_their_address(
    tmp_path: pathlib.Path,
) -> None:
    """Else a restart would hand every address its whole share again, on top of its tables."""
    options = HostOptions(tables_per_address=2, data_dir=tmp_path / "tables")
    async with running_host(options) as (_, port):
        one = await greeted(port, "One")
        for _ in range(2):
            await open_table(one, "liar-game", LiarGameRules(), ONE_PERSON_ONE_BOT)
    restarted = TableHost(options)
    assert restarted.restore() == (2, [])
    try:
        port = await restarted.listen_tcp("127.0.0.1", 0)
        again = await greeted(port, "One")
        await again.send(CreateTable("liar-game", LiarGameRules(), ONE_PERSON_ONE_BOT))
        refusal = await again.expect(HostError)
        assert refusal.message == "One address may have at most 2 unfinished tables."
    finally:
        await asyncio.wait_for(restarted.close(), WAIT)


async def test_a_table_made_from_this_machine_counts_against_no_address_after_a_restart(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An SSH door session's table must not use up the share of whoever later comes from
    the address the host saw it on."""
    options = HostOptions(tables_per_address=1, data_dir=tmp_path / "tables")
    async with running_host(options) as (_, port):
        one = await greeted(port, "One")
        await open_table(one, "liar-game", LiarGameRules(), ONE_PERSON_ONE_BOT)
    restarted = TableHost(options)
    assert restarted.restore() == (1, [])
    try:
        monkeypatch.setattr(host_connection, "_is_local", lambda address: False)
        port = await restarted.listen_tcp("127.0.0.1", 0)
        remote = await greeted(port, "Two")
        assert await open_table(remote, "liar-game", LiarGameRules(), ONE_PERSON_ONE_BOT) == 2
    finally:
        await asyncio.wait_for(restarted.close(), WAIT)


async def test_this_machine_is_not_limited_by_address() -> None:
    """Every SSH door session reaches the host from this machine: they are not one player."""
    async with running_host(HostOptions(connections_per_address=1)) as (_, port):
        clients = [await greeted(port, f"Player {n}") for n in range(3)]
        for client in clients:
            await client.close()


# --------------------------------------------------------------------------- stalls


async def test_a_flood_of_frames_is_cut_off_with_a_sentence() -> None:
    async with running_host() as (host, port):
        eve = await greeted(port, "Eve")
        flood = 300  # more than the burst allowed, all of it read before the host closes
        await eve.send_raw(encode_frame(CreateTable("no-such-game", None, ())) * flood)
        assert await eve.closed_by_host()
        codes = [frame.code for frame in eve.frames if isinstance(frame, HostError)]
        assert codes[-1] is ErrorCode.TOO_FAST
        assert set(codes[:-1]) == {ErrorCode.BAD_TABLE}
        assert len(codes) < flood
        assert host._tables == {}


class SlowBot:
    """A bot that takes its time, as a hard bot's first decision under new rules may: it
    thinks until ``release`` is set (or for ``seconds`` at most)."""

    def __init__(self, bot: Bot, seconds: float, release: threading.Event | None = None) -> None:
        self.bot = bot
        self.seconds = seconds
        self.release = release or threading.Event()
        self.thinking = threading.Event()
        self.done = threading.Event()

    def act(self, view: Any) -> Any:
        self.thinking.set()
        self.release.wait(self.seconds)
        self.done.set()
        return self.bot.act(view)


async def test_a_thinking_bot_does_not_hold_up_another_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Finding 4: bots deciding on the host's loop paused every table."""
    release = threading.Event()
    slow_bots: list[SlowBot] = []

    def bots(game: str, level: BotLevel, rng: random.Random) -> Any:
        bot = make_bot(game, level, rng)
        if level is BotLevel.HARD:
            slow_bots.append(SlowBot(bot, WAIT, release))
            return slow_bots[-1]
        return bot

    monkeypatch.setattr(host_table, "make_bot", bots)
    game = "liars-poker-cards"
    async with running_host() as (_, port):
        slow, quick = await greeted(port, "Slow"), await greeted(port, "Quick")
        slow_table = await open_table(
            slow, game, LiarsPokerRules(), (SeatConfig("Hal", level=BotLevel.HARD), PERSON)
        )
        slow_seat = await take(slow, slow_table, 1)
        quick_table = await open_table(quick, game, LiarsPokerRules(), ONE_PERSON_ONE_BOT)
        quick_seat = await take(quick, quick_table, 0)
        await slow.send(StartTable(slow_seat.token))
        # The slow table is played until Hal thinks; meanwhile the quick table is played.
        slow_player = asyncio.ensure_future(
            play_seat(slow, slow_seat, make_bot(game, BotLevel.NORMAL, random.Random(1)), game)
        )
        try:
            await asyncio.wait_for(asyncio.to_thread(slow_bots[0].thinking.wait, WAIT), WAIT)
            assert slow_bots[0].thinking.is_set()
            await quick.send(StartTable(quick_seat.token))
            bot = make_bot(game, BotLevel.NORMAL, random.Random(0))
            await asyncio.wait_for(play_seat(quick, quick_seat, bot, game), WAIT)
            assert not slow_bots[0].done.is_set()  # Hal still thinks: the quick game did not wait
        finally:
            release.set()
            slow_player.cancel()


async def test_a_bot_past_its_time_budget_is_answered_for_by_its_fallback() -> None:
    pool = BotThinking(budget=0.2)
    game = "liars-poker-cards"
    slow = SlowBot(make_bot(game, BotLevel.NORMAL, random.Random(0)), 1.0)
    fallback = make_bot(game, BotLevel.EASY, random.Random(1))
    from liar_tui.table.local import open_table as open_local
    from liar_tui.table.setup import TableSetup

    table = open_local(TableSetup(game, LiarsPokerRules(), ONE_PERSON_ONE_BOT, 5))
    view = table.view(table.to_act()[0])
    answered: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    pool.thinker(fallback)(slow, view, answered.set_result)
    action = await asyncio.wait_for(answered, WAIT)
    assert not table._game.refusal(action)
    assert slow.thinking.is_set() and not slow.release.is_set()
    pool.close()


async def test_a_finished_table_makes_room_for_its_creators_next() -> None:
    async with running_host(HostOptions(tables_per_connection=1)) as (host, port):
        ann = await greeted(port)
        game = "liars-poker-cards"
        await ann.send(CreateTable(game, LiarsPokerRules(lives=1), ONE_PERSON_ONE_BOT, seat=0))
        table = (await ann.expect(TableCreated)).table
        seated = await ann.expect(Seated)
        await ann.send(StartTable(seated.token))
        bot = make_bot(game, BotLevel.NORMAL, random.Random(0))
        await asyncio.wait_for(play_seat(ann, seated, bot, game), WAIT)
        await ann.expect_lobby(lambda lobby: lobby.tables[0].phase is TablePhase.OVER)
        # The finished table would stay on show for minutes; it goes now to make room.
        assert await open_table(ann, game, LiarsPokerRules(), ONE_PERSON_ONE_BOT) == table + 1
        assert list(host._tables) == [table + 1]


async def test_a_connection_whose_time_ran_out_is_idle_again() -> None:
    """A client that sits at a started table and never answers plays no longer once its
    turn timer ran out: the idle timeout applies to it again."""
    async with running_host(HostOptions(idle_timeout=1.0)) as (_, port):
        ann = await greeted(port)
        game = "liars-poker-cards"
        await ann.send(
            CreateTable(game, LiarsPokerRules(), ONE_PERSON_ONE_BOT, turn_seconds=0.2, seat=0)
        )
        await ann.expect(TableCreated)
        seated = await ann.expect(Seated)
        await ann.send(StartTable(seated.token))
        await ann.expect(Update, lambda frame: frame.away == (0,))
        refusal = await ann.expect(HostError)
        assert refusal.code is ErrorCode.IDLE
        assert await ann.closed_by_host()
