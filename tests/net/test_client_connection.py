"""The client's connection against a real TableHost: handshake, seats, drops and resumes."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from liar_tui.net import client as client_module
from liar_tui.net.client import (
    Address,
    AddressError,
    BadHostFrame,
    ClientEvent,
    ConnectError,
    ConnectionStatus,
    HostClient,
    SeatReady,
    StatusChanged,
    parse_address,
)
from liar_tui.net.protocol import (
    MAX_FRAME_BYTES,
    CreateTable,
    ErrorCode,
    HostError,
    LobbyState,
    Seated,
    StartTable,
    TableCreated,
    TakeSeat,
    Welcome,
    encode_frame,
)
from liar_tui.net.server import HostOptions, TableHost
from liar_tui.rules.liar_game import game as liar_game
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.table import Refused, SeatUpdate

WAIT = 5.0
"""Seconds any one step may take before the test fails instead of hanging."""

SEATS = (
    SeatConfig("Ann", SeatKind.HUMAN),
    SeatConfig("Player 2", SeatKind.HUMAN),
    SeatConfig("Ada"),
)


# --------------------------------------------------------------------------- addresses


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("127.0.0.1:7777", Address("127.0.0.1", 7777)),
        (" example.org:1 ", Address("example.org", 1)),
        ("[::1]:65535", Address("::1", 65535)),
    ],
)
def test_addresses_are_parsed(text: str, expected: Address) -> None:
    assert parse_address(text) == expected


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("localhost", "'localhost' is not an address: write HOST:PORT, like 127.0.0.1:7777."),
        (":7777", "':7777' has no host before the port: write HOST:PORT, like 127.0.0.1:7777."),
        ("host:0", "The port in 'host:0' must be a whole number from 1 to 65535."),
        ("host:http", "The port in 'host:http' must be a whole number from 1 to 65535."),
        ("host:70000", "The port in 'host:70000' must be a whole number from 1 to 65535."),
        ("[::1", "'[::1' is not an address: write [IPv6]:PORT, like 127.0.0.1:7777."),
    ],
)
def test_bad_addresses_get_one_sentence(text: str, problem: str) -> None:
    with pytest.raises(AddressError) as caught:
        parse_address(text)
    assert str(caught.value) == problem


def test_addresses_are_shown_as_typed() -> None:
    assert str(Address("::1", 7777)) == "[::1]:7777"
    assert str(Address("localhost", 80)) == "localhost:80"
    assert str(Address(path=Path("/tmp/liar.sock"))) == "/tmp/liar.sock"


# --------------------------------------------------------------------------- helpers


@contextlib.asynccontextmanager
async def running_host(options: HostOptions | None = None) -> AsyncIterator[Address]:
    host = TableHost(options or HostOptions())
    port = await host.listen_tcp("127.0.0.1", 0)
    try:
        yield Address("127.0.0.1", port)
    finally:
        await asyncio.wait_for(host.close(), WAIT)


class Proxy:
    """A TCP relay between clients and a host whose connections a test can cut, as a
    network would: both ends see the connection drop, and new connections still pass."""

    def __init__(self, target: Address) -> None:
        self.target = target
        self._server: asyncio.Server | None = None
        self._writers: list[asyncio.StreamWriter] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self.connections = 0
        """Connections relayed so far."""

    async def start(self) -> Address:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        return Address("127.0.0.1", self._server.sockets[0].getsockname()[1])

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        host_reader, host_writer = await self.target.open()
        self._writers += [writer, host_writer]
        pumps = [
            asyncio.create_task(self._pump(reader, host_writer)),
            asyncio.create_task(self._pump(host_reader, writer)),
        ]
        self._tasks.update(pumps)
        await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError, ValueError):
            while data := await reader.read(65536):
                writer.write(data)
        writer.close()

    def cut(self) -> None:
        for writer in self._writers:
            writer.close()
        self._writers.clear()

    async def close(self) -> None:
        self.cut()
        for task in self._tasks:
            task.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()


class Recorder:
    """Every event a client emits, and a way to wait for the next of one kind."""

    def __init__(self, client: HostClient) -> None:
        self.events: list[ClientEvent] = []
        self._changed = asyncio.Event()
        client.listen(self._heard)

    def _heard(self, event: ClientEvent) -> None:
        self.events.append(event)
        self._changed.set()

    async def next(self, wanted: Callable[[ClientEvent], bool]) -> ClientEvent:
        """The first event (heard already or to come) that ``wanted`` accepts; consumed."""

        async def found() -> ClientEvent:
            while True:
                for index, event in enumerate(self.events):
                    if wanted(event):
                        del self.events[: index + 1]
                        return event
                self._changed.clear()
                await self._changed.wait()

        return await asyncio.wait_for(found(), WAIT)


@contextlib.asynccontextmanager
async def connected_as(
    address: Address, name: str, **options: Any
) -> AsyncIterator[tuple[HostClient, Recorder]]:
    """A client connected to the host at ``address`` as ``name``, with a recorder of every
    event it emits from the start; closed after."""
    client = HostClient(address, name, **options)
    events = Recorder(client)
    await client.connect()
    try:
        yield client, events
    finally:
        await client.close()


@contextlib.asynccontextmanager
async def ann_behind_a_proxy(
    options: HostOptions | None = None,
) -> AsyncIterator[tuple[Proxy, HostClient, Recorder]]:
    """Ann connected to a running host through a proxy the test can cut (she retries at
    once); the client, the proxy and the host are closed after, in that order."""
    async with running_host(options) as host_address:
        proxy = Proxy(host_address)
        address = await proxy.start()
        try:
            async with connected_as(address, "Ann", retry_delays=(0.05,)) as (client, events):
                yield proxy, client, events
        finally:
            await proxy.close()


def of(kind: type) -> Callable[[ClientEvent], bool]:
    return lambda event: isinstance(event, kind)


class SeatListener:
    def __init__(self) -> None:
        self.heard: list[SeatUpdate | Refused] = []
        self._changed = asyncio.Event()

    def __call__(self, update: SeatUpdate | Refused) -> None:
        self.heard.append(update)
        self._changed.set()

    async def until(self, wanted: Callable[[SeatUpdate | Refused], bool]) -> SeatUpdate | Refused:
        async def found() -> SeatUpdate | Refused:
            while True:
                for update in self.heard:
                    if wanted(update):
                        return update
                self._changed.clear()
                await self._changed.wait()

        return await asyncio.wait_for(found(), WAIT)


async def seated_and_started(
    client: HostClient,
    events: Recorder,
    seats: tuple[SeatConfig, ...] = SEATS,
    turn_seconds: float = 0.0,
) -> SeatReady:
    """Create a Liar Game table to 100, take seat 0, start it with bots; the channel to play."""
    client.send(
        CreateTable("liar-game", liar_game.Rules(target=100), seats, turn_seconds=turn_seconds)
    )
    created = await events.next(of(TableCreated))
    assert isinstance(created, TableCreated)
    client.send(TakeSeat(created.table, 0))
    seated = await events.next(of(Seated))
    assert isinstance(seated, Seated)
    client.send(StartTable(seated.token))
    ready = await events.next(of(SeatReady))
    assert isinstance(ready, SeatReady)
    return ready


async def at_the_first_turn(
    client: HostClient, events: Recorder
) -> tuple[SeatReady, SeatListener, SeatUpdate]:
    """:func:`seated_and_started`, then a listener on seat 0 and the first update that
    asks it to act."""
    ready = await seated_and_started(client, events)
    listener = SeatListener()
    ready.channel.subscribe(0, listener)
    first = await listener.until(my_turn)
    assert isinstance(first, SeatUpdate)
    return ready, listener, first


def my_turn(update: SeatUpdate | Refused) -> bool:
    return isinstance(update, SeatUpdate) and 0 in update.to_act


# --------------------------------------------------------------------------- connecting


async def test_a_client_is_welcomed_and_hears_the_lobby() -> None:
    async with running_host() as address:
        async with connected_as(address, "Ann") as (client, events):
            assert client.status is ConnectionStatus.CONNECTED
            assert client.name == "Ann"
            await events.next(of(LobbyState))
            assert client.lobby == LobbyState(())
        assert client.status is ConnectionStatus.GONE


async def test_a_unix_socket_host_is_reached_by_its_path(tmp_path: Path) -> None:
    host = TableHost()
    path = tmp_path / "liar.sock"
    await host.listen_unix(path)
    client = HostClient(Address(path=path), "Ann")
    try:
        await client.connect()
        assert client.status is ConnectionStatus.CONNECTED
    finally:
        await client.close()
        await host.close()


async def test_nobody_listening_is_one_clear_error() -> None:
    async with running_host() as address:
        pass  # the port is free again once the host has closed
    with pytest.raises(ConnectError) as caught:
        await HostClient(address, "Ann").connect()
    assert str(caught.value) == f"cannot reach the table host at {address}: connection refused"
    assert caught.value.unreachable


async def test_a_missing_socket_is_one_clear_error(tmp_path: Path) -> None:
    address = Address(path=tmp_path / "none.sock")
    with pytest.raises(ConnectError, match=r"there is no socket there$"):
        await HostClient(address, "Ann").connect()


async def test_a_host_of_another_protocol_version_is_one_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(client_module, "PROTOCOL_VERSION", 99)
    async with running_host() as address:
        with pytest.raises(ConnectError) as caught:
            await HostClient(address, "Ann").connect()
    message = str(caught.value)
    assert message.startswith(f"the table host at {address} refused us: this host speaks protocol")
    assert not caught.value.unreachable


@contextlib.asynccontextmanager
async def fake_host(answer: Callable[[asyncio.StreamWriter], None]) -> AsyncIterator[Address]:
    """A listener that writes ``answer`` to whoever connects and then just listens."""
    writers: list[asyncio.StreamWriter] = []

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writers.append(writer)
        answer(writer)
        with contextlib.suppress(OSError):
            await reader.read()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    try:
        yield Address("127.0.0.1", server.sockets[0].getsockname()[1])
    finally:
        for writer in writers:
            writer.close()
        server.close()
        await server.wait_closed()


async def test_a_host_that_says_nothing_is_given_up_on() -> None:
    async with fake_host(lambda writer: None) as address:
        client = HostClient(address, "Ann", handshake_timeout=0.2)
        with pytest.raises(ConnectError, match=r"did not answer in time$"):
            await client.connect()


async def test_a_host_speaking_something_else_is_one_clear_error() -> None:
    async with fake_host(lambda writer: writer.write(b"SSH-2.0-OpenSSH\r\n")) as address:
        with pytest.raises(ConnectError, match=r"does not speak the liar-tui protocol$"):
            await HostClient(address, "Ann").connect()


async def test_a_bad_frame_from_the_host_is_reported_and_reading_goes_on() -> None:
    def answer(writer: asyncio.StreamWriter) -> None:
        writer.write(encode_frame(Welcome(1, "Ann")))
        writer.write(b'{"type": "Nonsense"}\n')
        writer.write(encode_frame(HostError(ErrorCode.HOST_FULL, "Full.")))

    async with fake_host(answer) as address, connected_as(address, "Ann") as (_client, events):
        bad = await events.next(of(BadHostFrame))
        assert isinstance(bad, BadHostFrame)
        assert bad.problem.startswith("The host sent a bad frame: the frame is not valid")
        error = await events.next(of(HostError))
        assert error == HostError(ErrorCode.HOST_FULL, "Full.")


async def test_a_host_frame_longer_than_a_client_may_send_is_read() -> None:
    """A long game's view or a lobby of many tables outgrows the 64 KB a host accepts; the
    client reads host frames up to their own, larger, limit."""
    long_reason = "x" * (2 * MAX_FRAME_BYTES)

    def answer(writer: asyncio.StreamWriter) -> None:
        writer.write(encode_frame(Welcome(1, "Ann")))
        writer.write(encode_frame(HostError(ErrorCode.HOST_FULL, long_reason)))

    async with fake_host(answer) as address, connected_as(address, "Ann") as (_client, events):
        error = await events.next(of(HostError))
        assert error == HostError(ErrorCode.HOST_FULL, long_reason)
        assert not [event for event in events.events if isinstance(event, BadHostFrame)]


# --------------------------------------------------------------------------- playing


async def test_a_remote_channel_plays_a_seat_like_a_local_one() -> None:
    async with running_host() as address, connected_as(address, "Ann") as (client, events):
        ready = await seated_and_started(client, events)
        channel = ready.channel
        assert channel.seats == (0,)
        assert channel.setup.names == ("Ann", "Player 2", "Ada")
        assert channel.setup.seed == 0
        listener = SeatListener()
        channel.subscribe(0, listener)
        first = await listener.until(my_turn)
        assert isinstance(first, SeatUpdate)
        pocket = first.view.pocket
        with pytest.raises(ValueError, match="seat 1 is not played here"):
            channel.send(liar_game.ShowHand(1, pocket[:3]))
        channel.send(liar_game.ShowHand(0, pocket[:2]))
        refused = await listener.until(lambda u: isinstance(u, Refused))
        assert isinstance(refused, Refused)
        assert refused.action == liar_game.ShowHand(0, pocket[:2])
        channel.send(liar_game.ShowHand(0, pocket[:3]))
        played = await listener.until(lambda u: isinstance(u, SeatUpdate) and u.actor == 0)
        assert isinstance(played, SeatUpdate)


async def test_a_dropped_connection_comes_back_and_resumes_the_seat() -> None:
    async with ann_behind_a_proxy() as (proxy, client, events):
        ready, listener, first = await at_the_first_turn(client, events)
        proxy.cut()
        assert await events.next(of(StatusChanged)) == StatusChanged(ConnectionStatus.RECONNECTING)
        assert await events.next(of(StatusChanged)) == StatusChanged(ConnectionStatus.CONNECTED)
        listener.heard.clear()
        resumed = await listener.until(my_turn)
        assert isinstance(resumed, SeatUpdate)
        assert resumed.view.pocket == first.view.pocket
        assert client.channel(ready.channel.table) is ready.channel
        ready.channel.send(liar_game.ShowHand(0, first.view.pocket[:3]))
        await listener.until(lambda u: isinstance(u, SeatUpdate) and u.actor == 0)


async def test_an_action_sent_while_reconnecting_goes_out_after_the_resume() -> None:
    async with ann_behind_a_proxy() as (proxy, client, events):
        ready, listener, first = await at_the_first_turn(client, events)
        proxy.cut()
        await events.next(of(StatusChanged))
        ready.channel.send(liar_game.ShowHand(0, first.view.pocket[:3]))
        await listener.until(lambda u: isinstance(u, SeatUpdate) and u.actor == 0)


async def test_leaving_a_started_table_keeps_the_seat_and_a_bot_stands_in() -> None:
    """The client says LeaveSeat on the same connection: it is not dropped and reopened."""
    async with ann_behind_a_proxy(HostOptions(away_timeout=0.05)) as (proxy, client, events):
        ready = await seated_and_started(client, events)
        table = ready.channel.table
        ready.channel.close()
        assert table in client.away

        def stand_in(event: ClientEvent) -> bool:
            return isinstance(event, LobbyState) and any(
                summary.seats[0].stand_in for summary in event.tables
            )

        await events.next(stand_in)
        assert client.status is ConnectionStatus.CONNECTED
        assert not [e for e in events.events if isinstance(e, StatusChanged)]
        assert client.return_to(table)
        back = await events.next(of(SeatReady))
        assert isinstance(back, SeatReady)
        assert back.channel is not ready.channel
        listener = SeatListener()
        back.channel.subscribe(0, listener)
        await listener.until(lambda u: isinstance(u, SeatUpdate))
        assert table in client.tickets
        assert table not in client.away
        assert proxy.connections == 1


async def test_closing_while_a_connection_is_being_opened_ends_the_client() -> None:
    """Python 3.11's wait_for can swallow a cancel that lands as the connection opens; the
    client must still stop instead of reading the new connection for ever (a player's
    Ctrl+Q right after leaving a started table once hung ``liar-tui join`` like this)."""
    async with running_host() as address:
        client = HostClient(address, "Ann", retry_delays=(0.05,))
        await client.connect()
        opening = asyncio.Event()
        real_open = client._open

        async def open_deaf_to_cancel() -> object:
            opening.set()
            # What the 3.11 race looks like from here: the cancel is lost.
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.Event().wait()
            return await real_open()

        client._open = open_deaf_to_cancel  # type: ignore[method-assign]
        client.drop()
        await asyncio.wait_for(opening.wait(), WAIT)
        await asyncio.wait_for(client.close(), WAIT)
        assert client.status is ConnectionStatus.GONE


async def test_a_seat_at_a_table_the_host_dropped_is_forgotten() -> None:
    host = TableHost(HostOptions())
    port = await host.listen_tcp("127.0.0.1", 0)
    client = HostClient(Address("127.0.0.1", port), "Ann")
    events = Recorder(client)
    await client.connect()
    try:
        client.send(CreateTable("liar-game", liar_game.Rules(target=100), SEATS))
        created = await events.next(of(TableCreated))
        assert isinstance(created, TableCreated)
        client.send(TakeSeat(created.table, 0))
        await events.next(of(Seated))
        assert created.table in client.tickets
        host._drop_table(host._tables[created.table])
        await events.next(lambda event: isinstance(event, LobbyState) and not event.tables)
        assert not client.tickets and not client.away
    finally:
        await client.close()
        await host.close()


async def test_a_host_gone_for_good_is_given_up_on() -> None:
    host = TableHost()
    port = await host.listen_tcp("127.0.0.1", 0)
    client = HostClient(Address("127.0.0.1", port), "Ann", retry_delays=(0.02,), reconnect_for=0.1)
    events = Recorder(client)
    await client.connect()
    await host.close()
    try:
        assert await events.next(of(StatusChanged)) == StatusChanged(ConnectionStatus.RECONNECTING)
        assert await events.next(of(StatusChanged)) == StatusChanged(ConnectionStatus.GONE)
    finally:
        await client.close()
