"""The table host: a lobby of tables served to clients over TCP and a Unix socket.

The host is the only authority: it holds every game's state, checks each frame a client
sends (who it is, which seat its token is for, whose turn it is, whether the action is
one of that game's) before the table applies it, and sends each connection only its own
seat's updates. Everything runs on one event loop; nothing a client does, or fails to
do, waits on another client. See :mod:`liar_tui.net.protocol` for the frames.

It faces strangers, so everything a client can make it spend is bounded: connections (in
all and from one address), tables (in all, from one address and from one connection),
frames a second, time without a frame, and the bytes a client may leave unread. Limits by
address leave out this machine: every SSH door session reaches the host from here, and the
door bounds those by its own per-user limits. Between frames a connection yields, so no
connection's backlog runs ahead of the others'.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pathlib
import stat
from dataclasses import dataclass

from liar_tui.net.host_bots import BotThinking
from liar_tui.net.host_connection import Connection
from liar_tui.net.host_encoding import FrameEncoder
from liar_tui.net.host_history import HostHistory
from liar_tui.net.host_journal import HostJournal, RestoredTable
from liar_tui.net.host_persistence import TableJournal
from liar_tui.net.host_table import HostedTable, TableHooks, TablePacing, creation_problem
from liar_tui.net.host_warm import warm_up
from liar_tui.net.protocol import (
    DEFAULT_PORT,
    MAX_FRAME_BYTES,
    PROTOCOL_VERSION,
    Act,
    Back,
    ClientFrame,
    CreateTable,
    ErrorCode,
    FrameError,
    Hello,
    HostError,
    LeaveSeat,
    LobbyState,
    RemoveSeat,
    Resume,
    ResumeRefused,
    Seated,
    SeatLost,
    Started,
    StartTable,
    TableCreated,
    TablePhase,
    TakeSeat,
    Welcome,
    decode_client_frame,
)
from liar_tui.table.seats import name_problem

logger = logging.getLogger(__name__)

SOCKET_MODE = 0o660
"""The host's user and group may connect to the Unix socket; nobody else may."""
CLOSE_WAIT = 5.0
"""Seconds :meth:`TableHost.close` waits for connection handlers to finish."""


class HostStartError(OSError):
    """The host cannot listen where it was asked to; the message is one sentence."""


LOBBY_INTERVAL = 0.1
"""Seconds the lobby waits to be sent after a change, so that a burst of changes (or a
client taking and leaving seats on purpose) costs one frame to everyone, not one each."""
HELLO_TIMEOUT = 10.0
"""Seconds a new connection has to say Hello."""


@dataclass(frozen=True)
class HostOptions:
    away_timeout: float = 60.0
    """Seconds a person may be gone before a bot plays their seat."""
    bot_delay: float = 0.0
    """Seconds a bot waits before acting (pacing for people)."""
    max_connections: int = 64
    max_tables: int = 64
    """Tables at once. A finished one, on show for a while, never stops a new table: the
    oldest finished table goes early to make room (so for the per-creator limits below)."""
    idle_timeout: float = 300.0
    """Seconds a connection may send nothing while it plays no started table."""
    connections_per_address: int = 8
    """Connections from one remote address (this machine's are not counted)."""
    tables_per_address: int = 4
    """Unfinished tables created from one remote address."""
    tables_per_connection: int = 4
    """Unfinished tables created by one connection, wherever it comes from."""
    data_dir: pathlib.Path | None = None
    """Where the tables are journaled, to be restored after a restart, and the finished
    games recorded in a history; None keeps nothing."""


class TableHost:
    """Serves a lobby of tables; listen on any number of addresses, then :meth:`close`."""

    def __init__(self, options: HostOptions = HostOptions()) -> None:
        """Raises :class:`~liar_tui.net.host_journal.JournalError` (one sentence) when the
        data folder cannot be used."""
        self.options = options
        self._servers: list[asyncio.Server] = []
        self._socket_paths: list[pathlib.Path] = []
        self._connections: set[Connection] = set()
        self._handlers: set[asyncio.Task[None]] = set()
        self._tables: dict[int, HostedTable] = {}
        self._tokens: dict[str, tuple[HostedTable, int]] = {}
        self._next_table = 1
        self._lobby_due = False
        self._lobby_bytes: bytes | None = None
        self._encoder = FrameEncoder()
        self._thinking = BotThinking()
        self._created_by: dict[int, Connection] = {}
        """Each table's creating connection, for the per-connection limit (a table taken up
        after a restart has none; its creator's address is on the table)."""
        self._journal: TableJournal | None = None
        self._history: HostHistory | None = None
        if options.data_dir is not None:
            self._journal = TableJournal(HostJournal(options.data_dir))
            self._history = HostHistory(options.data_dir)

    def restore(self) -> tuple[int, list[str]]:
        """Take up every table the journal holds (call before listening): how many were
        taken up, and the tables that could not be, one sentence each. People come back to
        them with Resume."""
        if self._journal is None:
            return 0, []
        restored, problems = self._journal.journal.load()
        for found in restored:
            self._next_table = max(self._next_table, found.record.number + 1)
            if problem := creation_problem(found.record.request):
                # Rules this version refuses (one with no opening, say) would freeze it.
                problems.append(f"Table {found.record.number} was not taken up: {problem}")
                self._journal.dropped(found.record.number)
                continue
            try:
                self._take_up(found)
            except Exception:  # a host bug: that table is lost, the others are served
                logger.exception("table %d could not be taken up", found.record.number)
                problems.append(f"Table {found.record.number} could not be taken up.")
                table = self._tables.pop(found.record.number, None)
                if table is not None:
                    table.close()
        return len(self._tables), problems

    def _take_up(self, found: RestoredTable) -> None:
        record = found.record
        table = self._tables[record.number] = self._new_table(record.number, record.request)
        table.code = record.code
        table.owner_seat = record.owner
        table.creator_address = record.creator_address
        for seat, (chair, saved) in enumerate(zip(table.chairs, record.chairs, strict=True)):
            chair.person, chair.token, chair.ready = saved.person, saved.token, saved.ready
            if saved.token is not None:
                self._tokens[saved.token] = (table, seat)
        if record.setup is None:
            for seat, chair in enumerate(table.chairs):
                if chair.person is not None:
                    table.detach(seat)
        else:
            table.resume_game(record.setup, found.actions)
            if table.table is not None and table.table.over:
                self._drop_table(table)

    # ------------------------------------------------------------------ listening

    async def listen_tcp(self, bind: str = "127.0.0.1", port: int = DEFAULT_PORT) -> int:
        """Listen on ``bind:port``; returns the bound port (port 0 picks a free one)."""
        warm_up()
        server = await asyncio.start_server(
            self._serve, bind, port, limit=MAX_FRAME_BYTES + 1, reuse_address=True
        )
        self._servers.append(server)
        return int(server.sockets[0].getsockname()[1])

    async def listen_unix(self, path: pathlib.Path) -> None:
        """Listen on a Unix socket only the host's user and group may use (mode 0o660).

        The socket is created under a umask, so it is never open to others even for a
        moment. A stale socket (nobody listening) is replaced; any other file is refused.
        """
        warm_up()
        await self._clear_stale_socket(path)
        old_umask = os.umask(0o117)
        try:
            server = await asyncio.start_unix_server(self._serve, path, limit=MAX_FRAME_BYTES + 1)
        finally:
            os.umask(old_umask)
        os.chmod(path, SOCKET_MODE)
        self._servers.append(server)
        self._socket_paths.append(path)

    async def _clear_stale_socket(self, path: pathlib.Path) -> None:
        try:
            mode = path.lstat().st_mode
        except FileNotFoundError:
            return
        if not stat.S_ISSOCK(mode):
            raise HostStartError(
                f"{path} already exists and is not a socket; remove it or choose another path."
            )
        try:
            _, writer = await asyncio.open_unix_connection(path)
        except OSError:
            path.unlink()
            return
        writer.close()
        raise HostStartError(f"A host is already listening on {path}.")

    async def close(self) -> None:
        """Stop listening, close every connection and stop every table."""
        for server in self._servers:
            server.close()
        for connection in list(self._connections):
            connection.close()
        for table in self._tables.values():
            table.close()
        handlers = list(self._handlers)
        if handlers:
            await asyncio.wait(handlers, timeout=CLOSE_WAIT)
        for handler in handlers:
            handler.cancel()
        # Only now: a frame still being handled as the host closed may reach a table.
        self._thinking.close()
        if self._journal is not None:
            self._journal.close()
        if self._history is not None:
            self._history.close()
        for server in self._servers:
            await server.wait_closed()
        for path in self._socket_paths:
            with contextlib.suppress(OSError):
                path.unlink()
        self._servers.clear()
        self._socket_paths.clear()

    # ------------------------------------------------------------------ one connection

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._handlers.add(task)
        connection = Connection(writer, self._encoder.encode)
        try:
            if problem := self._connection_problem(connection):
                connection.send(HostError(ErrorCode.HOST_FULL, problem))
                return
            self._connections.add(connection)
            await self._read_frames(reader, connection)
        except ConnectionError:
            pass
        except Exception:  # a host bug: this connection ends, the others go on
            logger.exception("a connection failed")
        finally:
            self._handlers.discard(task)
            self._connections.discard(connection)
            connection.close()
            self._gone(connection)

    def _connection_problem(self, connection: Connection) -> str | None:
        if len(self._connections) >= self.options.max_connections:
            return "The host has no room for another connection."
        if connection.is_local:
            return None
        same_address = sum(1 for other in self._connections if other.address == connection.address)
        if same_address >= self.options.connections_per_address:
            return (
                f"The host takes at most {self.options.connections_per_address} "
                "connections from one address."
            )
        return None

    async def _read_frames(self, reader: asyncio.StreamReader, connection: Connection) -> None:
        while not connection.closed:
            try:
                async with asyncio.timeout(self._patience(connection)):
                    line = await reader.readline()
            except TimeoutError:
                # A connection that never says Hello, or that only idles in the lobby,
                # must not hold one of the host's places for ever. One that started
                # playing while it waited plays on (what it had sent of a line is kept).
                if connection.greeted and self._plays(connection):
                    continue
                if connection.greeted:
                    seconds = f"{self.options.idle_timeout:g}"
                    connection.send(
                        HostError(
                            ErrorCode.IDLE,
                            f"Nothing was heard from you for {seconds} s away from a game; "
                            "the connection is closed.",
                        )
                    )
                else:
                    connection.send(
                        HostError(ErrorCode.NO_HELLO, "A connection must begin with Hello.")
                    )
                return
            except ValueError:  # the line ran past the reader's limit
                self._too_large(connection)
                return
            if not line.endswith(b"\n") or connection.closed:
                return  # the end of the stream (a last line without its newline is cut short)
            if len(line) > MAX_FRAME_BYTES:
                self._too_large(connection)
                return
            if not connection.allow_frame():
                connection.send(
                    HostError(
                        ErrorCode.TOO_FAST,
                        "Frames came faster than the host takes them; the connection is closed.",
                    )
                )
                return
            try:
                frame = decode_client_frame(line)
            except FrameError as error:
                connection.send(HostError(ErrorCode.BAD_FRAME, str(error)))
            else:
                self._handle(connection, frame)
            # A frame already in the buffer is read without waiting: let every other
            # connection take its turn before this one's next frame.
            await asyncio.sleep(0)

    def _patience(self, connection: Connection) -> float:
        """Seconds to wait for the connection's next frame before asking whether it idles."""
        return self.options.idle_timeout if connection.greeted else HELLO_TIMEOUT

    def _plays(self, connection: Connection) -> bool:
        """Whether the connection plays a seat of a started table itself (its turn timer
        and the away timeout look after that); a seat a bot plays because its time ran out
        is not playing."""
        for token in connection.tokens:
            found = self._tokens.get(token)
            if found is None:
                continue
            table, seat = found
            if table.phase is TablePhase.PLAYING and not table.chairs[seat].out_of_time:
                return True
        return False

    def _too_large(self, connection: Connection) -> None:
        connection.send(
            HostError(
                ErrorCode.TOO_LARGE,
                f"A frame may be at most {MAX_FRAME_BYTES} bytes; the connection is closed.",
            )
        )
        connection.close()

    def _gone(self, connection: Connection) -> None:
        for table in self._tables.values():
            if table.creator is connection:
                table.creator = None
        for token in connection.tokens:
            found = self._tokens.get(token)
            if found is None:
                continue
            table, seat = found
            if table.chairs[seat].connection is connection:
                table.detach(seat)
        connection.tokens.clear()

    # ------------------------------------------------------------------ frames

    def _handle(self, connection: Connection, frame: ClientFrame) -> None:
        if isinstance(frame, Hello):
            self._hello(connection, frame)
        elif not connection.greeted:
            self._refuse(connection, ErrorCode.NO_HELLO, "Say Hello before anything else.")
        elif isinstance(frame, CreateTable):
            self._create(connection, frame)
        elif isinstance(frame, TakeSeat):
            self._take(connection, frame)
        elif isinstance(frame, LeaveSeat):
            self._leave(connection, frame)
        elif isinstance(frame, StartTable):
            self._start(connection, frame)
        elif isinstance(frame, RemoveSeat):
            self._remove(connection, frame)
        elif isinstance(frame, Back):
            self._back(connection, frame)
        elif isinstance(frame, Act):
            self._act(connection, frame)
        else:
            self._resume(connection, frame)

    def _refuse(self, connection: Connection, code: ErrorCode, message: str) -> None:
        connection.send(HostError(code, message))

    def _hello(self, connection: Connection, hello: Hello) -> None:
        if hello.protocol != PROTOCOL_VERSION:
            self._refuse(
                connection,
                ErrorCode.VERSION,
                f"This host speaks protocol {PROTOCOL_VERSION}, not {hello.protocol}; "
                "update liar-tui on one side.",
            )
            connection.close()
            return
        if connection.greeted:
            self._refuse(connection, ErrorCode.BAD_FRAME, "This connection has already said Hello.")
            return
        if problem := name_problem(hello.name):
            self._refuse(connection, ErrorCode.BAD_FRAME, problem)
            return
        connection.name = hello.name.strip()
        connection.send(Welcome(PROTOCOL_VERSION, connection.name, self.options.away_timeout))
        connection.send_encoded(self._lobby_frame())

    def _create(self, connection: Connection, request: CreateTable) -> None:
        if problem := self._table_limit_problem(connection):
            self._refuse(connection, ErrorCode.HOST_FULL, problem)
            return
        if problem := creation_problem(request):
            self._refuse(connection, ErrorCode.BAD_TABLE, problem)
            return
        seat = request.seat
        if seat is not None and not (
            0 <= seat < len(request.seats) and request.seats[seat].is_human
        ):
            self._refuse(
                connection, ErrorCode.BAD_TABLE, f"Seat {seat} is not a chair for a person."
            )
            return
        number = self._next_table
        self._next_table += 1
        table = self._tables[number] = self._new_table(number, request, connection)
        self._created_by[number] = connection
        connection.send(TableCreated(number, table.code))
        if seat is not None:
            self._seat(connection, table, seat)
        self._lobby_changed()
        table.save()

    def _new_table(
        self, number: int, request: CreateTable, creator: Connection | None = None
    ) -> HostedTable:
        journal = self._journal
        hooks = TableHooks(self._lobby_changed, self._drop_table, self._forget_token)
        if journal is not None and self._history is not None:
            hooks = TableHooks(
                self._lobby_changed,
                self._drop_table,
                self._forget_token,
                journal.saved,
                journal.applied,
                journal.finished,
                self._history.game_ended,
            )
        pacing = TablePacing(self.options.bot_delay, self.options.away_timeout)
        return HostedTable(number, request, pacing, hooks, self._thinking, creator)

    def _table_limit_problem(self, connection: Connection) -> str | None:
        """Why ``connection`` may not create a table now; None when it may. Finished tables
        (kept a while so their players see the end) never stop anyone: the oldest of them
        go early to make room, first the creator's own."""
        mine = [number for number, by in self._created_by.items() if by is connection]
        if len(mine) >= self.options.tables_per_connection and not self._drop_finished(mine):
            return (
                f"One connection may have at most {self.options.tables_per_connection} "
                "unfinished tables."
            )
        if not connection.is_local:
            same_address = [
                number
                for number, table in self._tables.items()
                if table.creator_address == connection.address
            ]
            if len(same_address) >= self.options.tables_per_address and not self._drop_finished(
                same_address
            ):
                return (
                    f"One address may have at most {self.options.tables_per_address} "
                    "unfinished tables."
                )
        if len(self._tables) >= self.options.max_tables and not self._drop_finished(
            list(self._tables)
        ):
            return "The host has no room for another table."
        return None

    def _drop_finished(self, numbers: list[int]) -> bool:
        """Drop the oldest finished table among ``numbers``; False when none has finished."""
        for number in sorted(numbers):
            table = self._tables.get(number)
            if table is not None and table.phase is TablePhase.OVER:
                self._drop_table(table)
                return True
        return False

    def _take(self, connection: Connection, request: TakeSeat) -> None:
        assert connection.name is not None
        table = self._tables.get(request.table)
        if table is None:
            self._refuse(connection, ErrorCode.NO_TABLE, f"There is no table {request.table}.")
            return
        if table.phase is not TablePhase.WAITING:
            self._refuse(
                connection, ErrorCode.ALREADY_STARTED, f"Table {table.number} has already started."
            )
            return
        if not 0 <= request.seat < len(table.chairs):
            self._refuse(
                connection,
                ErrorCode.NO_TABLE,
                f"Table {table.number} has no seat {request.seat}.",
            )
            return
        who = self._identity(connection)
        if who in table.removed:
            self._refuse(
                connection,
                ErrorCode.SEAT_TAKEN,
                f"The owner of table {table.number} removed you; you cannot sit there again.",
            )
            return
        code_problem = (
            None if connection is table.creator else table.code_problem(who, request.code)
        )
        if table.code and code_problem:
            self._refuse(connection, ErrorCode.PRIVATE, code_problem)
            return
        if not table.chairs[request.seat].is_open:
            self._refuse(
                connection,
                ErrorCode.SEAT_TAKEN,
                f"Seat {request.seat} of table {table.number} is not open to take.",
            )
            return
        if any(self._tokens.get(token, (None,))[0] is table for token in connection.tokens):
            self._refuse(
                connection,
                ErrorCode.SEAT_TAKEN,
                f"You already sit at table {table.number}: one seat a player.",
            )
            return
        self._seat(connection, table, request.seat)

    def _seat(self, connection: Connection, table: HostedTable, seat: int) -> None:
        assert connection.name is not None
        token = table.take(seat, connection.name, connection, self._identity(connection))
        self._tokens[token] = (table, seat)
        connection.tokens.add(token)
        connection.send(Seated(table.number, seat, token, table.client_setup()))

    @staticmethod
    def _identity(connection: Connection) -> str:
        """Who a connection is, for a ban or a count of wrong codes: its address from
        elsewhere; from this machine (the SSH door's players among them) its name."""
        if connection.is_local:
            return f"name:{(connection.name or '').casefold()}"
        return f"address:{connection.address}"

    def _seat_of(self, connection: Connection, token: str) -> tuple[HostedTable, int] | None:
        """The table and seat the token is for, if this connection plays it; else refused."""
        found = self._tokens.get(token)
        if found is None:
            self._refuse(connection, ErrorCode.BAD_TOKEN, "That seat token is not valid here.")
            return None
        table, seat = found
        if table.chairs[seat].connection is not connection:
            self._refuse(
                connection,
                ErrorCode.BAD_TOKEN,
                "This connection does not hold that seat; send Resume with its token first.",
            )
            return None
        return found

    def _leave(self, connection: Connection, request: LeaveSeat) -> None:
        if (found := self._seat_of(connection, request.token)) is None:
            return
        table, seat = found
        connection.tokens.discard(request.token)
        if table.phase is TablePhase.WAITING:
            table.leave(seat)
        else:
            # The table started as this was sent: leaving it is going away, and a bot plays
            # the seat after the away timeout, as after a drop.
            table.detach(seat)

    def _start(self, connection: Connection, request: StartTable) -> None:
        if (found := self._seat_of(connection, request.token)) is None:
            return
        table, seat = found
        if table.phase is not TablePhase.WAITING:
            self._refuse(
                connection, ErrorCode.ALREADY_STARTED, f"Table {table.number} has already started."
            )
            return
        if seat == table.owner_seat:
            table.start()
        else:
            table.vote(seat)

    def _remove(self, connection: Connection, request: RemoveSeat) -> None:
        if (found := self._seat_of(connection, request.token)) is None:
            return
        table, seat = found
        if seat != table.owner_seat:
            self._refuse(
                connection,
                ErrorCode.NOT_OWNER,
                f"Only the owner of table {table.number} may send someone away.",
            )
            return
        if table.phase is not TablePhase.WAITING:
            self._refuse(
                connection, ErrorCode.ALREADY_STARTED, f"Table {table.number} has already started."
            )
            return
        if request.seat == seat:
            self._refuse(
                connection, ErrorCode.NOT_YOUR_SEAT, "To give up your own chair, leave it."
            )
            return
        if not 0 <= request.seat < len(table.chairs) or table.chairs[request.seat].person is None:
            self._refuse(
                connection,
                ErrorCode.NO_TABLE,
                f"Nobody sits at seat {request.seat} of table {table.number}.",
            )
            return
        table.remove(request.seat)

    def _back(self, connection: Connection, request: Back) -> None:
        if (found := self._seat_of(connection, request.token)) is None:
            return
        table, seat = found
        table.back(seat)

    def _act(self, connection: Connection, request: Act) -> None:
        if (found := self._seat_of(connection, request.token)) is None:
            return
        table, seat = found
        if table.table is None:
            self._refuse(
                connection, ErrorCode.NOT_STARTED, f"Table {table.number} has not started yet."
            )
            return
        if not table.accepts_action_type(request.action):
            self._refuse(
                connection,
                ErrorCode.BAD_FRAME,
                f"A {type(request.action).__name__} is not an action of "
                f"the game at table {table.number}.",
            )
            return
        if request.action.seat != seat:
            self._refuse(
                connection,
                ErrorCode.NOT_YOUR_SEAT,
                f"Your token is for seat {seat}, not seat {request.action.seat}.",
            )
            return
        if seat not in table.table.to_act():
            self._refuse(connection, ErrorCode.NOT_YOUR_TURN, "It is not your turn to act.")
            return
        table.act(request.action)

    def _resume(self, connection: Connection, request: Resume) -> None:
        found = self._tokens.get(request.token)
        if found is None:
            connection.send(ResumeRefused(request.token, "That seat token is not valid here."))
            return
        table, seat = found
        previous = table.chairs[seat].connection
        if previous is not None and previous is not connection:
            previous.tokens.discard(request.token)
            previous.send(
                SeatLost(
                    table.number,
                    seat,
                    f"Your seat at table {table.number} was taken up on another connection "
                    "with its token.",
                )
            )
        connection.tokens.add(request.token)
        table.attach(seat, connection)
        connection.send(Seated(table.number, seat, request.token, table.client_setup()))
        if table.table is not None:
            connection.send(Started(table.number, seat, table.client_setup()))
            connection.send(table.update_frame(seat, table.current_update(seat)))

    # ------------------------------------------------------------------ the lobby

    def _lobby(self) -> LobbyState:
        return LobbyState(tuple(table.summary() for table in self._tables.values()))

    def _lobby_frame(self) -> bytes:
        """The lobby's frame, encoded once a change: every Hello is answered with it, and a
        client connecting again and again must not make the host encode it each time."""
        if self._lobby_bytes is None:
            self._lobby_bytes = self._encoder.encode(self._lobby())
        return self._lobby_bytes

    def _lobby_changed(self) -> None:
        """Tell everyone once, after whatever else changes in the next moment."""
        self._lobby_bytes = None
        if not self._lobby_due:
            self._lobby_due = True
            asyncio.get_running_loop().call_later(LOBBY_INTERVAL, self._send_lobby)

    def _send_lobby(self) -> None:
        self._lobby_due = False
        data = self._lobby_frame()
        for connection in list(self._connections):
            if connection.greeted:
                connection.send_encoded(data)

    def _forget_token(self, token: str) -> None:
        self._tokens.pop(token, None)

    def _drop_table(self, table: HostedTable) -> None:
        table.close()
        for token in table.tokens():
            self._tokens.pop(token, None)
        self._tables.pop(table.number, None)
        self._created_by.pop(table.number, None)
        if self._journal is not None:
            self._journal.dropped(table.number)
        self._lobby_changed()
