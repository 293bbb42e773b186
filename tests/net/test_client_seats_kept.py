"""Issue 12: a client's seats outlive its process and a host's restart, its turn timer and
away state reach the seat's channel, and a seat taken elsewhere is let go. Against a real
in-process host."""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from liar_tui.net.client import (
    Address,
    ClientEvent,
    ConnectionStatus,
    HostClient,
    RemoteChannel,
    SeatReady,
    SeatTicket,
    StatusChanged,
    _turn_timer,
    seat_tokens_key,
)
from liar_tui.net.protocol import (
    CreateTable,
    ErrorCode,
    HostError,
    LobbyState,
    ResumeRefused,
    Seated,
    SeatLost,
    TableCreated,
    TakeSeat,
    Update,
)
from liar_tui.net.seat_tokens import SeatTokens
from liar_tui.net.server import HostOptions, TableHost
from liar_tui.rules.liar_game import game as liar_game
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import SeatsLost, SeatUpdate, TurnTimer
from tests.net.test_client_connection import (
    SEATS,
    WAIT,
    Recorder,
    SeatListener,
    at_the_first_turn,
    connected_as,
    my_turn,
    of,
    seated_and_started,
)


@contextlib.asynccontextmanager
async def host_at(port: int = 0, data_dir: Path | None = None) -> AsyncIterator[Address]:
    host = TableHost(HostOptions(data_dir=data_dir))
    host.restore()  # as liar-tui host does before it listens
    bound = await host.listen_tcp("127.0.0.1", port)
    try:
        yield Address("127.0.0.1", bound)
    finally:
        await asyncio.wait_for(host.close(), WAIT)


class News:
    """What a channel's follower hears: turn timers and the loss of the seat."""

    def __init__(self, channel: RemoteChannel) -> None:
        self.heard: list[TurnTimer | SeatsLost] = []
        self._changed = asyncio.Event()
        channel.follow(self._hear)

    def _hear(self, news: TurnTimer | SeatsLost) -> None:
        self.heard.append(news)
        self._changed.set()

    async def until(self, wanted: type) -> TurnTimer | SeatsLost:
        async def found() -> TurnTimer | SeatsLost:
            while True:
                for news in self.heard:
                    if isinstance(news, wanted):
                        return news
                self._changed.clear()
                await self._changed.wait()

        return await asyncio.wait_for(found(), WAIT)


def tokens_file(tmp_path: Path) -> Path:
    return tmp_path / "tokens" / "seat-tokens.json"


# --------------------------------------------------------------------------- a new process


async def test_a_new_join_takes_the_seat_of_one_that_died(tmp_path: Path) -> None:
    path = tokens_file(tmp_path)
    async with host_at() as address:
        first = HostClient(address, "Ann", seat_tokens=SeatTokens(path))
        first_events = Recorder(first)
        await first.connect()
        ready, listener, before = await at_the_first_turn(first, first_events)
        assert SeatTokens(path).tokens(seat_tokens_key(address, "Ann")) == (
            first.tickets[ready.channel.table].token,
        )
        await first.close()  # the process dies: no LeaveSeat, the token stays on disk

        second = HostClient(address, "Ann", seat_tokens=SeatTokens(path))
        await second.connect()  # it asks for the seats before anyone listens...
        second_events = Recorder(second)  # ...and the first listener still hears them
        back = await second_events.next(of(SeatReady))
        assert isinstance(back, SeatReady)
        assert (back.channel.table, back.channel.seat) == (ready.channel.table, 0)
        listener = SeatListener()
        back.channel.subscribe(0, listener)
        after = await listener.until(my_turn)
        assert isinstance(after, SeatUpdate)
        assert after.view.pocket == before.view.pocket
        await second.close()


async def test_another_player_sharing_the_file_does_not_take_the_seat(tmp_path: Path) -> None:
    """Every SSH door session runs under one account, with one tokens file: Bob logging in
    must not ask for Ann's seats."""
    path = tokens_file(tmp_path)
    async with host_at() as address:
        ann = HostClient(address, "Ann", seat_tokens=SeatTokens(path))
        ann_events = Recorder(ann)
        await ann.connect()
        ready = await seated_and_started(ann, ann_events)
        bob = HostClient(address, "Bob", seat_tokens=SeatTokens(path))
        await bob.connect()
        assert SeatTokens(path).tokens(seat_tokens_key(address, "Bob")) == ()
        assert bob.tickets == {}
        assert ready.channel.table in ann.tickets
        await bob.close()
        await ann.close()


async def test_a_second_join_takes_the_seat_and_the_first_lets_it_go(tmp_path: Path) -> None:
    path = tokens_file(tmp_path)
    async with host_at() as address:
        first = HostClient(address, "Ann", seat_tokens=SeatTokens(path))
        first_events = Recorder(first)
        await first.connect()
        second = HostClient(address, "Ann", seat_tokens=SeatTokens(path))
        try:
            ready = await seated_and_started(first, first_events)
            news = News(ready.channel)
            table = ready.channel.table
            token = first.tickets[table].token

            second_events = Recorder(second)
            await second.connect()
            assert isinstance(await second_events.next(of(SeatReady)), SeatReady)
            lost = await first_events.next(of(SeatLost))
            assert isinstance(lost, SeatLost)
            assert (lost.table, lost.seat) == (table, 0)
            assert isinstance(await news.until(SeatsLost), SeatsLost)
            assert table not in first.tickets and table not in first.away
            assert first.channel(table) is None
            # The token is the second process's now: the first must not wipe it from disk.
            assert SeatTokens(path).tokens(seat_tokens_key(address, "Ann")) == (token,)
            assert second.tickets[table].token == token
        finally:
            await first.close()
            await second.close()


async def test_stored_seats_the_host_no_longer_knows_are_forgotten_quietly(
    tmp_path: Path,
) -> None:
    path = tokens_file(tmp_path)
    async with host_at() as address:
        SeatTokens(path).remember(seat_tokens_key(address, "Ann"), "from-a-host-long-gone")
        SeatTokens(path).remember("elsewhere:1", "another-host's")
        async with connected_as(address, "Ann", seat_tokens=SeatTokens(path)) as (client, events):
            # Frames are answered in order: once the table is created, the Resume was too.
            client.send(CreateTable("liar-game", liar_game.Rules(target=100), SEATS))
            await events.next(of(TableCreated))
            assert not [event for event in events.events if isinstance(event, HostError)]
            assert SeatTokens(path).tokens(seat_tokens_key(address, "Ann")) == ()
            assert SeatTokens(path).tokens("elsewhere:1") == ("another-host's",)


async def test_a_seat_given_back_before_the_start_is_forgotten_on_disk(tmp_path: Path) -> None:
    path = tokens_file(tmp_path)
    tokens = SeatTokens(path)
    async with (
        host_at() as address,
        connected_as(address, "Ann", seat_tokens=tokens) as (client, events),
    ):
        client.send(CreateTable("liar-game", liar_game.Rules(target=100), SEATS))
        created = await events.next(of(TableCreated))
        assert isinstance(created, TableCreated)
        client.send(TakeSeat(created.table, 0))
        await events.next(of(Seated))
        assert len(SeatTokens(path).tokens(seat_tokens_key(address, "Ann"))) == 1
        client.leave_table(created.table)
        assert SeatTokens(path).tokens(seat_tokens_key(address, "Ann")) == ()


# --------------------------------------------------------------------------- a host restart


async def test_a_restarted_host_that_kept_the_table_gives_the_seat_back(tmp_path: Path) -> None:
    data = tmp_path / "host-data"
    async with host_at(data_dir=data) as address:
        client = HostClient(address, "Ann", retry_delays=(0.05,), seat_tokens=None)
        events = Recorder(client)
        await client.connect()
        ready, listener, before = await at_the_first_turn(client, events)
    try:
        await events.next(lambda event: event == StatusChanged(ConnectionStatus.RECONNECTING))
        async with host_at(address.port, data_dir=data):
            await events.next(lambda event: event == StatusChanged(ConnectionStatus.CONNECTED))
            listener.heard.clear()
            after = await listener.until(my_turn)
            assert isinstance(after, SeatUpdate)
            assert after.view.pocket == before.view.pocket
            assert client.channel(ready.channel.table) is ready.channel
    finally:
        await client.close()


async def test_a_restarted_host_without_the_table_ends_the_seat(tmp_path: Path) -> None:
    path = tokens_file(tmp_path)
    async with host_at() as address:
        client = HostClient(address, "Ann", retry_delays=(0.05,), seat_tokens=SeatTokens(path))
        events = Recorder(client)
        await client.connect()
        ready = await seated_and_started(client, events)
        news = News(ready.channel)
        table = ready.channel.table
    try:
        async with host_at(address.port):  # a host that keeps nothing
            lost = await events.next(of(SeatLost))
            assert lost == SeatLost(table, 0, f"Table {table} is no longer on the table host.")
            assert await news.until(SeatsLost) == SeatsLost(lost.reason)
            assert table not in client.tickets
            assert SeatTokens(path).tokens(seat_tokens_key(address, "Ann")) == ()
            assert not [event for event in events.events if isinstance(event, HostError)]
    finally:
        await client.close()


# --------------------------------------------------------------------------- the turn timer


async def test_the_turn_timer_and_away_reach_the_channel_and_back_ends_the_away() -> None:
    async with host_at() as address, connected_as(address, "Ann") as (client, events):
        ready = await seated_and_started(client, events, (SEATS[0], SEATS[2]), turn_seconds=0.3)
        channel = ready.channel
        channel.subscribe(0, SeatListener())
        news = News(channel)
        timer = await news.until(TurnTimer)
        assert isinstance(timer, TurnTimer) and timer.ends_at is not None

        async def away(wanted: bool) -> None:
            async def poll() -> None:
                while channel.away is not wanted:
                    news._changed.clear()
                    await news._changed.wait()

            await asyncio.wait_for(poll(), WAIT)

        await away(True)  # nobody at the keyboard: the time ran out
        channel.back()
        assert not channel.away  # shown as back at once
        news.heard.clear()
        await news.until(TurnTimer)  # and the host's next update agrees, or says again


def update(seconds_left: float) -> Update:
    return Update(1, SeatUpdate(0, (), None, (0,)), seconds_left)


@pytest.mark.parametrize("seconds", [0.0, -5.0, math.nan, math.inf])
def test_no_timer_when_the_host_gives_no_time(seconds: float) -> None:
    assert _turn_timer(update(seconds)).ends_at is None


@pytest.mark.parametrize("seconds", [30.0, 1e300])
def test_a_countdown_ends_within_a_day_of_its_arrival(seconds: float) -> None:
    import time

    before = time.monotonic()
    ends_at = _turn_timer(update(seconds)).ends_at
    after = time.monotonic()
    assert ends_at is not None
    assert before + min(seconds, 24 * 3600) <= ends_at <= after + min(seconds, 24 * 3600)


def test_a_socket_host_is_kept_by_its_absolute_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir("/tmp")
    assert Address(path=Path("liar.sock")).key == "/tmp/liar.sock"
    assert Address("::1", 7777).key == "[::1]:7777"


def test_events_before_anyone_listens_go_to_the_first_listener() -> None:
    client = HostClient(Address(), "Ann")
    client._handle(LobbyState(()))
    heard: list[ClientEvent] = []
    client.listen(heard.append)
    client._handle(TableCreated(3))
    later: list[ClientEvent] = []
    client.listen(later.append)
    client._handle(TableCreated(4))
    assert heard == [LobbyState(()), TableCreated(3), TableCreated(4)]
    assert later == [TableCreated(4)]


def test_a_token_refused_is_the_seat_it_names_not_the_oldest_resume_in_flight() -> None:
    """Back at table 5 (its Resume in flight), a LeaveSeat sent before it, of a seat taken
    up elsewhere, is refused for its token: the seat at table 5 stays ours, until its own
    Resume is refused by name."""
    client = HostClient(Address(), "Ann")
    setup = TableSetup("liar-game", liar_game.Rules(), SEATS, seed=0)
    client.tickets[5] = SeatTicket(5, 0, "five", setup, started=True)
    client._resuming.append("five")
    heard: list[ClientEvent] = []
    client.listen(heard.append)
    not_held = "This connection does not hold that seat; send Resume with its token first."
    client._handle(HostError(ErrorCode.BAD_TOKEN, not_held))
    assert 5 in client.tickets
    assert heard == [HostError(ErrorCode.BAD_TOKEN, not_held)]
    client._handle(ResumeRefused("five", "That seat token is not valid here."))
    assert 5 not in client.tickets
    assert [type(event) for event in heard] == [HostError, SeatLost]
