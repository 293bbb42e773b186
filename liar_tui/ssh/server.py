"""The SSH server of ``liar-tui ssh-serve``: who may come in, as whom, and what they get.

Authentication is by a keys file whose every key carries its owner's player name (see
:mod:`liar_tui.ssh.named_keys`) or by a password file (see :mod:`liar_tui.ssh.passwords`),
and nothing else: no host-based, no GSS, no empty passwords. The player name is bound to
the credential: the key's name, or the password file's name for the password given; the
user name a client types only picks which password line to check.

Everything a client can make the server spend is bounded: connections at once (and logins
in progress per address), password tries per connection with a growing wait and a lockout
per address (see :mod:`liar_tui.ssh.guessing`), sessions per connection, per player and in
all, how long a logged-in connection may sit without a session, the window size of a
session (see :mod:`liar_tui.ssh.pty_child`) and its idle time. After login a session gets
the game and only the game (see :mod:`liar_tui.ssh.session`); every kind of forwarding is
refused, since the front door must not become a way into the machine's network.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from liar_tui import __version__
from liar_tui.net.addresses import address_key
from liar_tui.ssh.guessing import GuessingPolicy, PasswordGate, Verdict
from liar_tui.ssh.host_key import HostKeyError, load_or_create_host_key
from liar_tui.ssh.limits import (
    DEFAULT_IDLE_TIMEOUT,
    DEFAULT_MAX_CONNECTIONS,
    DEFAULT_MAX_SESSIONS,
    DEFAULT_SESSION_WAIT,
    DEFAULT_SESSIONS_PER_PLAYER,
    LOGIN_GRACE,
    LOGINS_PER_ADDRESS,
    PASSWORD_TRIES,
    SESSIONS_PER_CONNECTION,
    UNKNOWN_KEYS,
)
from liar_tui.ssh.named_keys import NamedKeys, read_named_keys
from liar_tui.ssh.passwords import PasswordFileError, ScryptHash, check_password
from liar_tui.ssh.passwords import read_password_file as _read_password_file
from liar_tui.ssh.session import GameSession, SessionPolicy
from liar_tui.ssh.watched_file import WatchedFile

log = logging.getLogger("liar_tui.ssh")

DEFAULT_SSH_PORT = 2222
KEEPALIVE_INTERVAL = 30.0
"""A client silent this long is pinged; three missed pings end its session."""
CLOSE_WAIT = 5.0


class SshSetupError(Exception):
    """The server cannot start as asked; the message is one line."""


@dataclass(frozen=True)
class SshOptions:
    """How one front door runs; see ``liar-tui ssh-serve --help`` for each."""

    session_command: Callable[[str], list[str]]
    """The command line of a session, given the player name."""
    host_key: Path
    authorized_keys: Path | None = None
    password_file: Path | None = None
    idle_timeout: float = DEFAULT_IDLE_TIMEOUT
    max_sessions: int = DEFAULT_MAX_SESSIONS
    sessions_per_player: int = DEFAULT_SESSIONS_PER_PLAYER
    max_connections: int = DEFAULT_MAX_CONNECTIONS
    session_wait: float = DEFAULT_SESSION_WAIT
    """Seconds a logged-in connection may hold no session before it is closed."""
    login_timeout: float = LOGIN_GRACE
    guessing: GuessingPolicy = field(default_factory=GuessingPolicy)


SESSION_VARIABLES = ("PATH", "HOME", "USER", "LOGNAME", "LANG", "TZ", "TMPDIR")
"""What a session's app may know of ssh-serve's environment; besides these only liar-tui's
own (LIAR_TUI_*: where its settings and data live), the XDG base directories (XDG_*:
where they live when LIAR_TUI_* does not say) and the locale (LC_*)."""


def session_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """The environment every session's app starts with. Its owner's agent socket, tokens
    and the like stay out of reach of the friends who log in."""
    return {
        name: value
        for name, value in environ.items()
        if name in SESSION_VARIABLES or name.startswith(("LIAR_TUI_", "LC_", "XDG_"))
    }


class SshFrontDoor:
    """An asyncssh server whose every session is a game; listen, then close."""

    def __init__(self, options: SshOptions) -> None:
        """Load the host key and the credentials; raises :class:`SshSetupError`."""
        if options.authorized_keys is None and options.password_file is None:
            raise SshSetupError("give --authorized-keys or --password-file")
        limits = (options.max_sessions, options.sessions_per_player, options.max_connections)
        if min(limits) < 1 or min(options.idle_timeout, options.session_wait) <= 0:
            raise SshSetupError("the limits and the timeouts must be above zero")
        self.options = options
        try:
            self._host_key = load_or_create_host_key(options.host_key)
            self._named_keys = (
                None
                if options.authorized_keys is None
                else WatchedFile(options.authorized_keys, read_named_keys, NamedKeys())
            )
            self._passwords: WatchedFile[dict[str, ScryptHash]] | None = (
                None
                if options.password_file is None
                else WatchedFile(options.password_file, _read_password_file, {})
            )
        except (HostKeyError, PasswordFileError) as error:
            raise SshSetupError(str(error)) from None
        except (OSError, ValueError) as error:
            raise SshSetupError(str(error)) from None
        self._policy = SessionPolicy(
            command=options.session_command,
            idle_timeout=options.idle_timeout,
            env=session_environment(os.environ),
        )
        self._server: asyncssh.SSHAcceptor | None = None
        self._connections: set[asyncssh.SSHServerConnection] = set()
        self._logging_in: Counter[str] = Counter()
        self._players_connected: Counter[str] = Counter()
        self._sessions: set[GameSession] = set()
        self._gate = PasswordGate(options.guessing)

    @property
    def fingerprint(self) -> str:
        """The host key's SHA256 fingerprint, as ``ssh`` shows it on a first visit."""
        return self._host_key.get_fingerprint("sha256")

    @property
    def session_count(self) -> int:
        return len(self._sessions)

    @property
    def connection_count(self) -> int:
        return len(self._connections)

    async def listen(self, bind: str = "0.0.0.0", port: int = DEFAULT_SSH_PORT) -> int:
        """Start accepting connections; the bound port (port 0 picks a free one)."""
        self._server = await asyncssh.create_server(
            lambda: _Doorkeeper(self),
            bind,
            port,
            server_host_keys=[self._host_key],
            server_version=f"liar-tui_{__version__}",
            encoding=None,
            line_editor=False,
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            public_key_auth=self._named_keys is not None,
            password_auth=self._passwords is not None,
            kbdint_auth=self._passwords is not None,
            host_based_auth=False,
            gss_host=None,
            login_timeout=self.options.login_timeout,
            keepalive_interval=KEEPALIVE_INTERVAL,
            keepalive_count_max=3,
        )
        return self._server.get_port()

    async def close(self) -> None:
        """Stop listening, end every session (their children too) and drop every connection."""
        if self._server is not None:
            self._server.close()
        sessions = list(self._sessions)
        for session in sessions:
            session.end("liar-tui ssh-serve is shutting down.")
        if sessions:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    asyncio.gather(*(session.finished.wait() for session in sessions)),
                    CLOSE_WAIT,
                )
        for connection in list(self._connections):
            connection.close()
        if self._connections:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._all_disconnected(), CLOSE_WAIT)
        if self._server is not None:
            await self._server.wait_closed()
            self._server = None

    async def _all_disconnected(self) -> None:
        while self._connections:
            await asyncio.sleep(0.01)

    # the session room (see liar_tui.ssh.session.SessionRoom)

    def enter(self, session: GameSession) -> str | None:
        if len(self._sessions) >= self.options.max_sessions:
            log.info("%s refused: %d sessions already", session.player, len(self._sessions))
            return "liar-tui is full right now: try again later."
        mine = sum(1 for other in self._sessions if other.player == session.player)
        if mine >= self.options.sessions_per_player:
            log.info("%s refused: %d sessions of theirs already", session.player, mine)
            return "You have as many liar-tui sessions open as one player may: close one first."
        self._sessions.add(session)
        return None

    def leave(self, session: GameSession) -> None:
        self._sessions.discard(session)

    # what each connection asks of the door

    def connected(self, connection: asyncssh.SSHServerConnection, address: str) -> str | None:
        """None when ``connection`` may go on to log in, else why not."""
        if len(self._connections) >= self.options.max_connections:
            return "liar-tui has too many connections right now: try again later"
        address = address_key(address)
        if self._logging_in[address] >= LOGINS_PER_ADDRESS:
            return "too many logins at once from your address: try again later"
        self._connections.add(connection)
        self._logging_in[address] += 1
        return None

    def logged_in(self, address: str, player: str) -> str | None:
        """None when ``player`` may keep this connection, else why not (and the connection
        still counts as logging in until it is gone)."""
        if self._players_connected[player] >= self.options.sessions_per_player:
            return f"{player} has {self.options.sessions_per_player} connections already"
        self._done_logging_in(address)
        self._players_connected[player] += 1
        return None

    def disconnected(
        self, connection: asyncssh.SSHServerConnection, address: str, player: str | None
    ) -> None:
        if connection not in self._connections:
            return  # turned away at the door: never counted
        self._connections.discard(connection)
        if player is None:
            self._done_logging_in(address)
        else:
            self._players_connected[player] -= 1
            if self._players_connected[player] <= 0:
                del self._players_connected[player]

    def _done_logging_in(self, address: str) -> None:
        address = address_key(address)
        self._logging_in[address] -= 1
        if self._logging_in[address] <= 0:
            del self._logging_in[address]

    def named_keys(self) -> NamedKeys | None:
        return None if self._named_keys is None else self._named_keys.current()

    def passwords(self) -> dict[str, ScryptHash] | None:
        return None if self._passwords is None else self._passwords.current()

    async def try_password(self, address: str, username: str, password: str) -> Verdict:
        """The file is read here, on the event loop; scrypt, tens of milliseconds on
        purpose, runs in a worker thread."""
        hashes = self.passwords() or {}
        return await self._gate.attempt(address, lambda: check_password(hashes, username, password))

    def new_session(self, player: str, on_closed: Callable[[GameSession], None]) -> GameSession:
        return GameSession(player, self._policy, self, on_closed)


class _Doorkeeper(asyncssh.SSHServer):
    """One connection's view of the door: its login, then its sessions."""

    def __init__(self, door: SshFrontDoor) -> None:
        self._door = door
        self._connection: asyncssh.SSHServerConnection | None = None
        self._address = "?"
        self._admitted = False
        self._key_player: str | None = None
        self._password_player: str | None = None
        self._player: str | None = None
        self._password_tries = 0
        self._unknown_keys = 0
        self._channels: set[GameSession] = set()
        self._empty_timer: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._connection = conn
        peer = conn.get_extra_info("peername")
        self._address = str(peer[0]) if peer else "?"
        refusal = self._door.connected(conn, self._address)
        if refusal is not None:
            log.info("turned away %s: %s", self._address, refusal)
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal)
            return
        self._admitted = True

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_empty_timer()
        if self._connection is not None and self._admitted:
            self._door.disconnected(self._connection, self._address, self._player)

    def begin_auth(self, username: str) -> bool:
        return True  # nobody gets in without a key or a password

    def auth_completed(self) -> None:
        assert self._connection is not None
        # A password that succeeded ends the login there; otherwise a key did, and the last
        # key asyncssh asked about is the one whose signature it then verified.
        player = self._password_player or self._key_player
        assert player is not None
        refusal = self._door.logged_in(self._address, player)
        if refusal is not None:
            log.info("%s refused from %s: %s", player, self._address, refusal)
            self._connection.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal)
            return
        self._player = player
        typed = self._connection.get_extra_info("username")
        shown = player if typed == player else f"{player} (typed {typed!r})"
        log.info("%s logged in from %s", shown, self._address)
        self._arm_empty_timer()

    # keys

    def public_key_auth_supported(self) -> bool:
        return self._door.named_keys() is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        keys = self._door.named_keys()
        player = None if keys is None else keys.name_for(key, self._address, self._address)
        if player is None:
            self._unknown_keys += 1
            if self._unknown_keys >= UNKNOWN_KEYS:
                self._give_up(f"too many unknown keys ({UNKNOWN_KEYS})")
            return False
        self._key_player = player
        return True

    # passwords

    def password_auth_supported(self) -> bool:
        return self._door.passwords() is not None

    async def validate_password(self, username: str, password: str) -> bool:
        self._password_tries += 1
        verdict = await self._door.try_password(self._address, username, password)
        if verdict is Verdict.ACCEPTED:
            self._password_player = username  # the password file's name for this password
            return True
        log.info("password %s for %r from %s", verdict.value, username, self._address)
        if self._password_tries >= PASSWORD_TRIES:
            self._give_up(f"too many password tries ({PASSWORD_TRIES})")
        return False

    def _give_up(self, reason: str) -> None:
        """Close a connection that has tried enough credentials."""
        assert self._connection is not None
        log.info("closed %s: %s", self._address, reason)
        self._connection.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, reason)

    # sessions

    def session_requested(self) -> GameSession:
        assert self._player is not None
        if len(self._channels) >= SESSIONS_PER_CONNECTION:
            log.info("%s refused: %d sessions on one connection", self._player, len(self._channels))
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                f"at most {SESSIONS_PER_CONNECTION} sessions on one connection",
            )
        session = self._door.new_session(self._player, self._channel_closed)
        self._channels.add(session)
        return session

    def _channel_closed(self, session: GameSession) -> None:
        self._channels.discard(session)
        if not self._playing() and self._player is not None:
            self._arm_empty_timer()

    def _playing(self) -> bool:
        return any(session.started for session in self._channels)

    def _arm_empty_timer(self) -> None:
        """A logged-in connection with no game going is closed after a while: otherwise it
        holds a place among the connections for nothing (so does a channel opened and
        never asked for a shell)."""
        self._stop_empty_timer()
        loop = asyncio.get_running_loop()
        self._empty_timer = loop.call_later(self._door.options.session_wait, self._close_empty)

    def _close_empty(self) -> None:
        self._empty_timer = None
        if self._playing() or self._connection is None:
            return  # armed again when the last game's channel closes
        log.info(
            "%s closed: no session for %g seconds", self._player, self._door.options.session_wait
        )
        self._connection.disconnect(
            asyncssh.DISC_BY_APPLICATION, "no session was opened: connect with ssh -t"
        )

    def _stop_empty_timer(self) -> None:
        if self._empty_timer is not None:
            self._empty_timer.cancel()
            self._empty_timer = None

    # Forwarding of every kind is refused outright (asyncssh's defaults do too; this says so).

    def connection_requested(
        self, dest_host: str, dest_port: int, orig_host: str, orig_port: int
    ) -> bool:
        log.info("refused forwarding to %s:%s from %s", dest_host, dest_port, self._address)
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        log.info(
            "refused a remote forward on %s:%s from %s", listen_host, listen_port, self._address
        )
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False

    def tap_requested(self, unit: int | None) -> bool:
        return False
