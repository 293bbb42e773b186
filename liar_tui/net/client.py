"""The client side of the table protocol: one connection to a host, kept alive by itself.

A :class:`HostClient` says Hello, checks the Welcome, and then reads the host's frames on
Textual's own event loop (it is asyncio): no thread, no blocking call. When the connection
drops it tries again with a growing pause and, once back, sends :class:`Resume` for every
seat it holds, so a game in progress carries on where it was.

A :class:`RemoteChannel` is the :class:`~liar_tui.table.table.SeatChannel` of one seat, as a
:class:`~liar_tui.table.table.LocalChannel` is of a terminal's seats, so the play screens run
unchanged over the network: an ``Update`` frame reaches the screen as a ``SeatUpdate`` and a
:class:`~liar_tui.table.table.TurnTimer` (the countdown, and who is away), an
``ActionRefused`` as a ``Refused``, a ``SeatLost`` as :class:`~liar_tui.table.table.SeatsLost`.

With a :class:`~liar_tui.net.seat_tokens.SeatTokens` store, the tokens of our seats outlive
the process: a new ``liar-tui join`` asks for them back on its first connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import socket
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import Any

from liar_tui.net.protocol import (
    DEFAULT_PORT,
    MAX_HOST_FRAME_BYTES,
    PROTOCOL_VERSION,
    Act,
    ActionRefused,
    Back,
    ClientFrame,
    ErrorCode,
    FrameError,
    Hello,
    HostError,
    HostFrame,
    LeaveSeat,
    LobbyState,
    Resume,
    ResumeRefused,
    Seated,
    SeatLost,
    Started,
    TableCreated,
    TablePhase,
    Update,
    Welcome,
    decode_host_frame,
    encode_frame,
)
from liar_tui.net.seat_tokens import SeatTokens
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import (
    Listener,
    NewsListener,
    Refused,
    SeatsLost,
    SeatUpdate,
    TurnTimer,
)

HANDSHAKE_TIMEOUT = 5.0
"""Seconds to wait for the Welcome: a host that says nothing by then is not a table host."""
RETRY_DELAYS = (0.2, 0.5, 1.0, 2.0, 3.0)
"""Pauses between reconnection attempts; the last one repeats."""
RECONNECT_FOR = 120.0
"""Seconds of failed attempts after which the host is taken to be gone for good."""
ACT_ERRORS = frozenset({ErrorCode.NOT_YOUR_TURN, ErrorCode.NOT_YOUR_SEAT, ErrorCode.BAD_TOKEN})
"""Host errors that answer an action, so the seat that sent it hears it was not played."""
MAX_TURN_SECONDS = 24 * 3600.0
"""The longest turn a countdown shows: a host's figure past it (or not a number) is not a
timer a person could wait out."""


# --------------------------------------------------------------------------- addresses


class AddressError(ValueError):
    """A table host address that cannot be used; the message is one sentence."""


@dataclass(frozen=True)
class Address:
    """Where a table host listens: a TCP host and port, or a Unix socket's path."""

    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    path: Path | None = None

    def __str__(self) -> str:
        if self.path is not None:
            return str(self.path)
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    @property
    def key(self) -> str:
        """How the seat-token store names this host: as shown, a socket by its absolute
        path (the same socket reached from another folder is the same host)."""
        if self.path is not None:
            return os.path.abspath(self.path)
        return str(self)

    async def open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """A stream to the host; one byte over a frame's limit lets an oversized line show."""
        limit = MAX_HOST_FRAME_BYTES + 1
        if self.path is not None:
            return await asyncio.open_unix_connection(self.path, limit=limit)
        return await asyncio.open_connection(self.host, self.port, limit=limit)


def parse_address(text: str) -> Address:
    """``HOST:PORT`` (``[::1]:7777`` for IPv6) as an :class:`Address`; one sentence if not."""
    cleaned = text.strip()
    example = "like 127.0.0.1:7777"
    if cleaned.startswith("["):
        host, bracket, rest = cleaned[1:].partition("]")
        if not bracket or not rest.startswith(":"):
            raise AddressError(f"{text!r} is not an address: write [IPv6]:PORT, {example}.")
        port_text = rest[1:]
    else:
        host, colon, port_text = cleaned.rpartition(":")
        if not colon:
            raise AddressError(f"{text!r} is not an address: write HOST:PORT, {example}.")
    if not host:
        raise AddressError(f"{text!r} has no host before the port: write HOST:PORT, {example}.")
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise AddressError(f"The port in {text!r} must be a whole number from 1 to 65535.")
    return Address(host, int(port_text))


# --------------------------------------------------------------------------- what the UI hears


class ConnectError(Exception):
    """The host could not be reached, or refused us; the message is one sentence."""

    def __init__(self, address: Address, reason: str, unreachable: bool = True) -> None:
        if unreachable:
            super().__init__(f"cannot reach the table host at {address}: {reason}")
        else:
            super().__init__(f"the table host at {address} {reason}")
        self.reason = reason
        self.unreachable = unreachable
        """Nothing answered (rather than a host that refused us): starting one may help."""


class ConnectionStatus(Enum):
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    GONE = "gone"
    """The host stayed away too long, or the client was closed."""


@dataclass(frozen=True)
class StatusChanged:
    status: ConnectionStatus


@dataclass(frozen=True)
class BadHostFrame:
    """The host sent something that is not a host frame; it is reported, not trusted."""

    problem: str


@dataclass(frozen=True)
class SeatReady:
    """A table we sit at has started: here is the channel to play it on."""

    channel: RemoteChannel


ClientEvent = (
    LobbyState
    | TableCreated
    | Seated
    | SeatLost
    | HostError
    | StatusChanged
    | BadHostFrame
    | SeatReady
)
EventListener = Callable[[ClientEvent], None]


@dataclass
class SeatTicket:
    """A seat we hold at one table, and the token that proves it."""

    table: int
    seat: int
    token: str
    setup: TableSetup
    started: bool = False


def _os_reason(error: OSError) -> str:
    """An OS error in the few words a person needs."""
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    if isinstance(error, FileNotFoundError):
        return "there is no socket there"
    if isinstance(error, PermissionError):
        return "permission denied"
    if isinstance(error, socket.gaierror):
        return "no such host"
    if isinstance(error, TimeoutError):
        return "no answer"
    text = error.strerror or str(error) or type(error).__name__
    return text[:1].lower() + text[1:].rstrip(".")


# --------------------------------------------------------------------------- the connection


@dataclass
class _Link:
    """One open connection: the streams of it."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter

    def close(self) -> None:
        with contextlib.suppress(OSError, RuntimeError):
            self.writer.close()


class HostClient:
    """One player's connection to a table host, with the seats it holds there."""

    def __init__(
        self,
        address: Address,
        name: str,
        *,
        retry_delays: tuple[float, ...] = RETRY_DELAYS,
        reconnect_for: float = RECONNECT_FOR,
        handshake_timeout: float = HANDSHAKE_TIMEOUT,
        seat_tokens: SeatTokens | None = None,
    ) -> None:
        self.address = address
        self.name = name
        """Our name as the host welcomed it."""
        self._player = name.strip()
        """The name asked for in Hello, which keys our stored seats (the host may answer
        with another)."""
        self.away_timeout = 60.0
        """Seconds the host waits before a bot plays an absent person's seat."""
        self.lobby = LobbyState(())
        self.status = ConnectionStatus.GONE
        self.tickets: dict[int, SeatTicket] = {}
        """Seats we hold now, by table: resumed after a drop."""
        self.away: dict[int, SeatTicket] = {}
        """Seats of started tables we left: kept by the host, ours to return to."""
        self._retry_delays = retry_delays
        self._reconnect_for = reconnect_for
        self._handshake_timeout = handshake_timeout
        self._listeners: list[EventListener] = []
        self._unheard: list[ClientEvent] | None = []
        """Events emitted before anyone listened, for the first listener: ``liar-tui join``
        connects, and asks for its stored seats back, before its app listens."""
        self._seat_tokens = seat_tokens
        """Where the tokens of our seats outlive this process, if anywhere."""
        self._stored_asked = False
        """The stored tokens have been sent as Resume (once, on the first connection)."""
        self._resuming: deque[str] = deque()
        """Tokens sent as Resume on this connection and not answered yet, oldest first."""
        self._channels: dict[int, RemoteChannel] = {}
        self._link: _Link | None = None
        self._outbox: list[bytes] = []
        self._runner: asyncio.Task[None] | None = None
        self._closing = False

    # listeners ------------------------------------------------------------------------

    def listen(self, listener: EventListener) -> None:
        self._listeners.append(listener)
        unheard, self._unheard = self._unheard, None
        for event in unheard or ():
            listener(event)

    def unlisten(self, listener: EventListener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _emit(self, event: ClientEvent) -> None:
        if self._unheard is not None:
            self._unheard.append(event)
            return
        for listener in list(self._listeners):
            listener(event)

    # connecting -----------------------------------------------------------------------

    async def connect(self) -> None:
        """Open the connection and start reading; :class:`ConnectError` if it cannot."""
        self._closing = False
        self._link = await self._open()
        self.status = ConnectionStatus.CONNECTED
        self._resume_seats()
        self._runner = asyncio.create_task(self._run())

    async def _open(self) -> _Link:
        """A new connection past the handshake."""
        try:
            reader, writer = await asyncio.wait_for(self.address.open(), self._handshake_timeout)
        except (OSError, TimeoutError) as error:
            raise ConnectError(self.address, _os_reason(error)) from None
        link = _Link(reader, writer)
        try:
            writer.write(encode_frame(Hello(PROTOCOL_VERSION, self.name)))
            line = await asyncio.wait_for(reader.readline(), self._handshake_timeout)
        except TimeoutError:
            link.close()
            raise ConnectError(self.address, "did not answer in time", unreachable=False) from None
        except (OSError, ValueError) as error:
            link.close()
            reason = _os_reason(error) if isinstance(error, OSError) else "answered too much"
            raise ConnectError(self.address, f"failed: {reason}", unreachable=False) from None
        if not line:
            link.close()
            raise ConnectError(self.address, "closed the connection", unreachable=False)
        try:
            frame = decode_host_frame(line)
        except FrameError:
            link.close()
            raise ConnectError(
                self.address, "does not speak the liar-tui protocol", unreachable=False
            ) from None
        if isinstance(frame, HostError):
            link.close()
            reason = f"refused us: {_lowered(frame.message)}"
            raise ConnectError(self.address, reason, unreachable=False)
        if not isinstance(frame, Welcome):
            link.close()
            raise ConnectError(self.address, "did not welcome us", unreachable=False)
        self.name = frame.name
        self.away_timeout = frame.away_timeout
        return link

    async def close(self) -> None:
        """Hang up for good; the host keeps our seats for a while, as after any drop."""
        self._closing = True
        if self._link is not None:
            self._link.close()
            self._link = None
        runner, self._runner = self._runner, None
        if runner is not None:
            runner.cancel()
            # wait() does not raise the reader's CancelledError, so one sent to close()
            # itself still reaches its caller.
            await asyncio.wait({runner})
        self._set_status(ConnectionStatus.GONE)

    async def retry(self) -> None:
        """Try again after the host was gone; :class:`ConnectError` if it still is."""
        if self.status is not ConnectionStatus.GONE:
            return
        await self.connect()
        self._emit(StatusChanged(ConnectionStatus.CONNECTED))

    async def _run(self) -> None:
        """Read frames; after a drop, connect again and resume, until closed or given up."""
        while True:
            await self._read_frames()
            if self._closing:
                return
            self._set_status(ConnectionStatus.RECONNECTING)
            link = await self._reconnect()
            if self._closing:
                # Python 3.11's wait_for may swallow the cancel that close() sent while a
                # connection was being opened: without this the new one would be read for ever.
                if link is not None:
                    link.close()
                return
            if link is None:
                self._set_status(ConnectionStatus.GONE)
                return
            self._link = link
            self.status = ConnectionStatus.CONNECTED
            self._resume_seats()
            self._emit(StatusChanged(ConnectionStatus.CONNECTED))

    async def _reconnect(self) -> _Link | None:
        deadline = time.monotonic() + self._reconnect_for
        attempt = 0
        while not self._closing:
            try:
                return await self._open()
            except ConnectError:
                if time.monotonic() >= deadline:
                    return None
            delay = self._retry_delays[min(attempt, len(self._retry_delays) - 1)]
            attempt += 1
            await asyncio.sleep(delay)
        return None

    def _resume_seats(self) -> None:
        """Ask for our seats back, then send what was waiting for the connection.

        Besides the seats held here, the first connection asks for those the token store
        keeps for this host (the seats of a ``liar-tui join`` before this one), and a later
        one for those whose Resume the lost connection never answered.
        """
        assert self._link is not None
        held = [ticket.token for ticket in self.tickets.values()]
        others = list(self._resuming)
        if not self._stored_asked:
            self._stored_asked = True
            others += self._stored_tokens()
        self._resuming = deque(dict.fromkeys([*held, *others]))
        for token in self._resuming:
            self._write(self._link, encode_frame(Resume(token)))
        outbox, self._outbox = self._outbox, []
        for data in outbox:
            self._write(self._link, data)

    def _set_status(self, status: ConnectionStatus) -> None:
        if status is not self.status:
            self.status = status
            self._emit(StatusChanged(status))

    async def _read_frames(self) -> None:
        link = self._link
        assert link is not None
        while True:
            try:
                line = await link.reader.readline()
            except ValueError:
                self._emit(BadHostFrame("The host sent a frame over the size limit."))
                break
            except OSError:
                break
            if not line:
                break
            try:
                frame = decode_host_frame(line)
            except FrameError as error:
                self._emit(BadHostFrame(f"The host sent a bad frame: {_lowered(str(error))}"))
                continue
            self._handle(frame)
        link.close()
        if self._link is link:
            self._link = None

    # sending --------------------------------------------------------------------------

    def send(self, frame: ClientFrame) -> None:
        """Send now, or as soon as the connection is back."""
        data = encode_frame(frame)
        if self._link is None or self.status is not ConnectionStatus.CONNECTED:
            self._outbox.append(data)
            return
        self._write(self._link, data)

    def _write(self, link: _Link, data: bytes) -> None:
        try:
            link.writer.write(data)
        except (OSError, RuntimeError):
            self._outbox.append(data)

    def drop(self) -> None:
        """Close the connection as if it were lost; the client reconnects on its own."""
        if self._link is not None:
            self._link.close()

    # seats ----------------------------------------------------------------------------

    def channel(self, table: int) -> RemoteChannel | None:
        return self._channels.get(table)

    def leave_table(self, table: int) -> None:
        """Stop playing a table here. Before it starts the seat is given back; after, the
        host hears us go (a bot takes over after its timeout) and the seat's token is kept,
        so :meth:`return_to` can take the seat back."""
        self._channels.pop(table, None)
        ticket = self.tickets.pop(table, None)
        if ticket is None:
            return
        self._forget(ticket.token)
        if not ticket.started:
            self.send(LeaveSeat(ticket.token))
            return
        if self.phase(table) is TablePhase.OVER:
            return  # (a table the lobby does not show yet has just started)
        self.away[table] = ticket
        self.send(LeaveSeat(ticket.token))

    def return_to(self, table: int) -> bool:
        """Take back a seat we left mid-game; False when we hold none there."""
        ticket = self.away.pop(table, None)
        if ticket is None:
            return False
        self.tickets[table] = ticket
        if self._link is not None and self.status is ConnectionStatus.CONNECTED:
            self._resuming.append(ticket.token)
            self._write(self._link, encode_frame(Resume(ticket.token)))
        # (otherwise the next connection resumes it, with every seat held)
        return True

    def phase(self, table: int) -> TablePhase | None:
        summary = next((t for t in self.lobby.tables if t.table == table), None)
        return None if summary is None else summary.phase

    # frames from the host -------------------------------------------------------------

    def _handle(self, frame: HostFrame) -> None:
        if isinstance(frame, LobbyState):
            # A table gone from the lobby is gone from the host, and its tokens with it.
            known = {summary.table for summary in frame.tables}
            for table in [t for t in self.away if t not in known]:
                self._forget(self.away.pop(table).token)
            for table in [t for t in self.tickets if t not in known]:
                self._table_gone(self.tickets[table])
            self.lobby = frame
            self._emit(frame)
        elif isinstance(frame, Seated):
            if frame.token in self._resuming:
                self._resuming.remove(frame.token)
            self._remember(frame.token)
            previous = self.tickets.get(frame.table)
            started = previous is not None and previous.started
            self.tickets[frame.table] = SeatTicket(
                frame.table, frame.seat, frame.token, frame.setup, started
            )
            self._emit(frame)
        elif isinstance(frame, Started):
            self._started(frame)
        elif isinstance(frame, Update):
            if channel := self._channels.get(frame.table):
                channel.deliver(frame.update)
                channel.hear_timer(_turn_timer(frame))
        elif isinstance(frame, ActionRefused):
            if channel := self._channels.get(frame.table):
                channel.refuse(frame.reason)
        elif isinstance(frame, SeatLost):
            self._seat_lost(frame)
        elif isinstance(frame, ResumeRefused):
            if frame.token in self._resuming:  # that seat is gone; any other is not
                self._resuming.remove(frame.token)
                self._resume_refused(frame.token)
        elif isinstance(frame, HostError):
            waiting = next((c for c in self._channels.values() if c.acting), None)
            if frame.code in ACT_ERRORS and waiting is not None:
                waiting.refuse(frame.message)
            else:
                self._emit(frame)
        elif isinstance(frame, TableCreated):
            self._emit(frame)

    def _started(self, frame: Started) -> None:
        ticket = self.tickets.get(frame.table)
        if ticket is None:
            return
        # A seat this process played before (left and come back to), or one resumed at a
        # table the lobby shows played already, is taken up in a game under way.
        under_way = ticket.started or self.phase(frame.table) in (
            TablePhase.PLAYING,
            TablePhase.OVER,
        )
        ticket.started = True
        ticket.setup = frame.setup
        if frame.table in self._channels:
            return
        channel = RemoteChannel(self, frame.table, frame.seat, frame.setup, not under_way)
        self._channels[frame.table] = channel
        self._emit(SeatReady(channel))

    def _seat_lost(self, frame: SeatLost) -> None:
        """The host says a seat is no longer ours here: forget it, leave its table, tell.

        The stored token is kept: when another ``liar-tui join`` of ours took the seat, it
        is that process's token now, and it may already have written it to the same file;
        a token that is void is forgotten when its next Resume is refused.
        """
        ticket = self.tickets.get(frame.table) or self.away.get(frame.table)
        if ticket is None or ticket.seat != frame.seat:
            return
        self.tickets.pop(frame.table, None)
        self.away.pop(frame.table, None)
        if channel := self._channels.pop(frame.table, None):
            channel.lose(frame.reason)
        self._emit(frame)

    def _resume_refused(self, token: str) -> None:
        """A token the host no longer knows (its table ended, or a restarted host lost it)."""
        self._forget(token)
        ticket = next((t for t in self.tickets.values() if t.token == token), None)
        if ticket is not None:
            self._table_gone(ticket)

    def _table_gone(self, ticket: SeatTicket) -> None:
        """The host no longer has the ticket's table. After its game ended that is the
        host tidying up (the end is on screen); before, the table is lost (a restarted host
        that kept nothing): its screen leaves, saying so."""
        self._forget(ticket.token)
        if self.phase(ticket.table) is TablePhase.OVER:
            del self.tickets[ticket.table]
            return
        reason = f"Table {ticket.table} is no longer on the table host."
        self._seat_lost(SeatLost(ticket.table, ticket.seat, reason))

    def token(self, table: int) -> str | None:
        ticket = self.tickets.get(table)
        return None if ticket is None else ticket.token

    # tokens on disk -------------------------------------------------------------------

    @property
    def _tokens_key(self) -> str:
        return seat_tokens_key(self.address, self._player)

    def _stored_tokens(self) -> list[str]:
        if self._seat_tokens is None:
            return []
        return list(self._seat_tokens.tokens(self._tokens_key))

    def _remember(self, token: str) -> None:
        if self._seat_tokens is not None:
            self._seat_tokens.remember(self._tokens_key, token)

    def _forget(self, token: str) -> None:
        if self._seat_tokens is not None:
            self._seat_tokens.forget(self._tokens_key, token)


def seat_tokens_key(address: Address, player: str) -> str:
    """Stored tokens are the seats of one player at one host: every SSH door session runs
    under the same account, with one file, for players of different names."""
    return f"{address.key} as {player.strip().casefold()}"


def _turn_timer(frame: Update) -> TurnTimer:
    """The countdown an update starts, from now: the host says how long is left, not when."""
    seconds = frame.seconds_left
    running = math.isfinite(seconds) and seconds > 0
    ends_at = time.monotonic() + min(seconds, MAX_TURN_SECONDS) if running else None
    return TurnTimer(ends_at, frame.away)


def _lowered(sentence: str) -> str:
    """A sentence continuing another: first letter small, no closing full stop."""
    text = sentence.strip().rstrip(".")
    return text[:1].lower() + text[1:]


# --------------------------------------------------------------------------- one seat


@dataclass
class RemoteChannel:
    """One seat at a host's table: a :class:`~liar_tui.table.table.SeatChannel`.

    Updates that arrive before the play screen subscribes (a bot may act at once) are kept
    and handed over in order when it does, so the screen misses no event.
    """

    client: HostClient
    table: int
    seat: int
    setup: TableSetup
    from_start: bool = True
    """The seat heard the game from its start; False for a seat taken up in a game under
    way, whose first update is the table as it is by then."""
    closed: bool = False
    _listeners: list[Listener] = field(default_factory=list)
    _backlog: list[SeatUpdate | Refused] = field(default_factory=list)
    _sent: Any = None
    """The action on its way to the host, until its update or refusal comes back."""
    _followers: list[NewsListener] = field(default_factory=list)
    _timer: TurnTimer | None = None
    """The turn timer as last heard, for a screen that follows the table later."""
    _lost: SeatsLost | None = None
    _watchers: list[Callable[[SeatUpdate], None]] = field(default_factory=list)

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.seat,)

    @property
    def acting(self) -> bool:
        return self._sent is not None

    @property
    def away(self) -> bool:
        """Our time ran out and a bot plays the seat until we say we are back."""
        return self._timer is not None and self.seat in self._timer.away

    def subscribe(self, seat: int, listener: Listener) -> None:
        if seat != self.seat:
            raise ValueError(f"seat {seat} is not played here")
        self._listeners.append(listener)
        backlog, self._backlog = self._backlog, []
        for update in backlog:
            listener(update)

    def send(self, action: Any) -> None:
        if getattr(action, "seat", None) != self.seat:
            raise ValueError(f"seat {getattr(action, 'seat', None)} is not played here")
        token = self.client.token(self.table)
        if self.closed or token is None:
            return
        if self.away:  # playing again is being back: the bot must not play this turn too
            self.back()
        self._sent = action
        self.client.send(Act(token, action))

    def follow(self, listener: NewsListener) -> None:
        self._followers.append(listener)
        for news in (self._timer, self._lost):
            if news is not None:
                listener(news)

    def watch(self, watcher: Callable[[SeatUpdate], None]) -> None:
        """Hear every update the seat is told while the channel is open, whether or not a
        screen shows it yet: the client's history keeps a game from these. The updates
        still waiting for the screen are heard first, so a watcher set before the screen
        subscribes misses none."""
        self._watchers.append(watcher)
        for update in self._backlog:
            if isinstance(update, SeatUpdate):
                watcher(update)

    def back(self) -> None:
        """Say Back; the seat is shown as ours again at once, not after the host's next word."""
        token = self.client.token(self.table)
        if self.closed or token is None:
            return
        self.client.send(Back(token))
        if self._timer is not None and self.away:
            away = tuple(seat for seat in self._timer.away if seat != self.seat)
            self.hear_timer(replace(self._timer, away=away))

    def close(self) -> None:
        """The screen that played this seat is gone: leave the table on this side."""
        if self.closed:
            return
        self.closed = True
        self._listeners.clear()
        self._backlog.clear()
        self._followers.clear()
        self._watchers.clear()
        self.client.leave_table(self.table)

    def hear_timer(self, timer: TurnTimer) -> None:
        """The turn timer of the latest update; seats the table does not have are left out."""
        if self.closed:
            return
        seats = range(len(self.setup.names))
        self._timer = replace(timer, away=tuple(seat for seat in timer.away if seat in seats))
        for listener in list(self._followers):
            listener(self._timer)

    def lose(self, reason: str) -> None:
        """The seat is not ours any more (:class:`~liar_tui.table.table.SeatsLost`): the
        screen hears why and leaves; nothing is sent, the token is void here."""
        if self.closed:
            return
        self.closed = True
        self._listeners.clear()
        self._backlog.clear()
        self._watchers.clear()
        self._lost = SeatsLost(reason)
        for listener in list(self._followers):
            listener(self._lost)

    def deliver(self, update: SeatUpdate | Refused) -> None:
        if self.closed:
            return
        if isinstance(update, SeatUpdate):
            if update.actor == self.seat:
                self._sent = None
            for watcher in list(self._watchers):
                watcher(update)
        if not self._listeners:
            self._backlog.append(update)
            return
        for listener in list(self._listeners):
            listener(update)

    def refuse(self, reason: str) -> None:
        action, self._sent = self._sent, None
        self.deliver(Refused(self.seat, action, reason))
