"""The SSH server of ``liar-tui ssh-serve``: who may come in, and what they get.

Authentication is by an authorized_keys file (any key in it may log in under any name:
the name is the player name, not an account) or by a password file (see
:mod:`liar_tui.ssh.passwords`), and nothing else: no host-based, no GSS, no empty
passwords. After login a session gets the game and only the game (see
:mod:`liar_tui.ssh.session`); every kind of forwarding is refused, since the front door
must not become a way into the machine's network.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from liar_tui import __version__
from liar_tui.ssh.host_key import HostKeyError, load_or_create_host_key
from liar_tui.ssh.passwords import PasswordFileError, ScryptHash, check_password
from liar_tui.ssh.passwords import read_password_file as _read_password_file
from liar_tui.ssh.session import GameSession, SessionPolicy
from liar_tui.ssh.watched_file import WatchedFile

log = logging.getLogger("liar_tui.ssh")

DEFAULT_SSH_PORT = 2222
DEFAULT_IDLE_TIMEOUT = 1800.0
DEFAULT_MAX_SESSIONS = 16
LOGIN_GRACE = 30.0
"""Seconds a connection has to authenticate, so half-open logins do not pile up."""
KEEPALIVE_INTERVAL = 30.0
"""A client silent this long is pinged; three missed pings end its session."""
PASSWORD_CHECKS_AT_ONCE = 2
"""scrypt is costly on purpose; a crowd guessing passwords must not starve the games."""
CLOSE_WAIT = 5.0


class SshSetupError(Exception):
    """The server cannot start as asked; the message is one line."""


@dataclass(frozen=True)
class SshOptions:
    """How one front door runs; see ``liar-tui ssh-serve --help`` for each."""

    session_command: Callable[[str], list[str]]
    """The command line of a session, given the SSH user name."""
    host_key: Path
    authorized_keys: Path | None = None
    password_file: Path | None = None
    idle_timeout: float = DEFAULT_IDLE_TIMEOUT
    max_sessions: int = DEFAULT_MAX_SESSIONS
    login_timeout: float = LOGIN_GRACE


SESSION_VARIABLES = ("PATH", "HOME", "USER", "LOGNAME", "LANG", "TZ", "TMPDIR")
"""What a session's app may know of ssh-serve's environment; besides these only liar-tui's
own (LIAR_TUI_*: where its settings and data live) and the locale (LC_*)."""


def session_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """The environment every session's app starts with. Its owner's agent socket, tokens
    and the like stay out of reach of the friends who log in."""
    return {
        name: value
        for name, value in environ.items()
        if name in SESSION_VARIABLES or name.startswith(("LIAR_TUI_", "LC_"))
    }


def read_authorized_keys(path: Path) -> asyncssh.SSHAuthorizedKeys:
    try:
        return asyncssh.read_authorized_keys(str(path))
    except OSError as error:
        raise OSError(f"cannot read the authorized keys file {path}: {error.strerror}") from None
    except ValueError as error:  # asyncssh.KeyImportError is a ValueError
        raise ValueError(f"the authorized keys file {path} cannot be used: {error}") from None


class SshFrontDoor:
    """An asyncssh server whose every session is a game; listen, then close."""

    def __init__(self, options: SshOptions) -> None:
        """Load the host key and the credentials; raises :class:`SshSetupError`."""
        if options.authorized_keys is None and options.password_file is None:
            raise SshSetupError("give --authorized-keys or --password-file")
        if options.max_sessions < 1 or options.idle_timeout <= 0:
            raise SshSetupError("the session limit and the idle timeout must be above zero")
        self.options = options
        try:
            self._host_key = load_or_create_host_key(options.host_key)
            self._authorized_keys = (
                None
                if options.authorized_keys is None
                else WatchedFile(
                    options.authorized_keys, read_authorized_keys, asyncssh.SSHAuthorizedKeys()
                )
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
        self._sessions: set[GameSession] = set()
        self._password_checks: asyncio.Semaphore | None = None

    @property
    def fingerprint(self) -> str:
        """The host key's SHA256 fingerprint, as ``ssh`` shows it on a first visit."""
        return self._host_key.get_fingerprint("sha256")

    @property
    def session_count(self) -> int:
        return len(self._sessions)

    async def listen(self, bind: str = "0.0.0.0", port: int = DEFAULT_SSH_PORT) -> int:
        """Start accepting connections; the bound port (port 0 picks a free one)."""
        self._password_checks = asyncio.Semaphore(PASSWORD_CHECKS_AT_ONCE)
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
            public_key_auth=self._authorized_keys is not None,
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

    def enter(self, session: GameSession) -> bool:
        if len(self._sessions) >= self.options.max_sessions:
            log.info("%s refused: %d sessions already", session.username, len(self._sessions))
            return False
        self._sessions.add(session)
        return True

    def leave(self, session: GameSession) -> None:
        self._sessions.discard(session)

    # what each connection asks of the door

    def connected(self, connection: asyncssh.SSHServerConnection) -> None:
        self._connections.add(connection)

    def disconnected(self, connection: asyncssh.SSHServerConnection) -> None:
        self._connections.discard(connection)

    def authorized_keys(self) -> asyncssh.SSHAuthorizedKeys | None:
        return None if self._authorized_keys is None else self._authorized_keys.current()

    def passwords(self) -> dict[str, ScryptHash] | None:
        return None if self._passwords is None else self._passwords.current()

    async def check_password(self, username: str, password: str) -> bool:
        hashes = self.passwords()
        if hashes is None or self._password_checks is None:
            return False
        async with self._password_checks:
            return await asyncio.to_thread(check_password, hashes, username, password)

    def new_session(self, username: str) -> GameSession:
        return GameSession(username, self._policy, self)


class _Doorkeeper(asyncssh.SSHServer):
    """One connection's view of the door: its login, then its sessions."""

    def __init__(self, door: SshFrontDoor) -> None:
        self._door = door
        self._connection: asyncssh.SSHServerConnection | None = None
        self._peer = "?"

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._connection = conn
        peer = conn.get_extra_info("peername")
        self._peer = str(peer[0]) if peer else "?"
        self._door.connected(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._connection is not None:
            self._door.disconnected(self._connection)

    def begin_auth(self, username: str) -> bool:
        keys = self._door.authorized_keys()
        if keys is not None and self._connection is not None:
            self._connection.set_authorized_keys(keys)
        return True  # nobody gets in without a key or a password

    def auth_completed(self) -> None:
        assert self._connection is not None
        username = self._connection.get_extra_info("username")
        log.info("%s logged in from %s", username, self._peer)

    def password_auth_supported(self) -> bool:
        return self._door.passwords() is not None

    async def validate_password(self, username: str, password: str) -> bool:
        accepted = await self._door.check_password(username, password)
        if not accepted:
            log.info("wrong password for %r from %s", username, self._peer)
        return accepted

    # Forwarding of every kind is refused outright (asyncssh's defaults do too; this says so).

    def connection_requested(
        self, dest_host: str, dest_port: int, orig_host: str, orig_port: int
    ) -> bool:
        log.info("refused forwarding to %s:%s from %s", dest_host, dest_port, self._peer)
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        log.info("refused a remote forward on %s:%s from %s", listen_host, listen_port, self._peer)
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False

    def tap_requested(self, unit: int | None) -> bool:
        return False

    def session_requested(self) -> GameSession:
        assert self._connection is not None
        return self._door.new_session(self._connection.get_extra_info("username"))
