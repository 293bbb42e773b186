"""One SSH session: its own ``liar-tui join`` in a pty, bytes passed both ways.

The session refuses everything but an interactive terminal: an exec request (``ssh host
some-command``), a session without a pty (``ssh -T``) and subsystems (SFTP) get a one-line
message, never a shell. Both directions are non-blocking with back-pressure: a slow
client pauses reading the child's output, a child that stops reading pauses the client.
A client that closes its channel while the child is still drawing ends the child, quietly:
the output has nowhere to go.

The player name is the one the login was made with (see :mod:`liar_tui.ssh.server`), not
whatever user name the client typed.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

import asyncssh

from liar_tui.ssh.pty_child import FALLBACK_SIZE, PtyChild, clamped_size

log = logging.getLogger("liar_tui.ssh")

DEFAULT_TERM = "xterm-256color"
TERM_NAME = re.compile(r"[A-Za-z0-9._+-]{1,64}")
READ_CHUNK = 64 * 1024
INPUT_BACKLOG = 64 * 1024
"""Bytes of client input held for a child that is not reading before the client is paused."""
REFUSED = 1

NEEDS_TERMINAL = "liar-tui needs a terminal: connect with ssh -t"
NO_COMMANDS = "liar-tui offers only its lobby: connect without a command."
TERMINAL_RESET = (
    b"\x1b[0m\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"
    b"\x1b[?2004l\x1b[?1004l\x1b[?25h\x1b[?1049l"
)
"""Leaves the alternate screen and turns mouse reporting off, as the app would on a clean
exit: a hung-up child cannot, and the person's terminal would stay unusable."""


class SessionRoom(Protocol):
    """Where sessions take and give back one of the server's limited places."""

    def enter(self, session: GameSession) -> str | None:
        """None when ``session`` has its place, else why not in one sentence."""
        ...

    def leave(self, session: GameSession) -> None: ...


@dataclass(frozen=True)
class SessionPolicy:
    """What every session of one server runs, and for how long it may sit idle."""

    command: Callable[[str], list[str]]
    idle_timeout: float
    env: Mapping[str, str]


class GameSession(asyncssh.SSHServerSession[bytes]):
    """An SSH channel bridged to a child process in a pseudo-terminal."""

    def __init__(
        self,
        player: str,
        policy: SessionPolicy,
        room: SessionRoom,
        on_closed: Callable[[GameSession], None],
    ) -> None:
        self.player = player
        self._policy = policy
        self._room = room
        self._on_closed = on_closed
        self._chan: asyncssh.SSHServerChannel[bytes] | None = None
        self._term: str | None = None
        self._size = FALLBACK_SIZE
        self._command: str | None = None
        self._child: PtyChild | None = None
        self._task: asyncio.Task[None] | None = None
        self._pending_input = bytearray()
        self._reading_output = False
        self._writing_input = False
        self._lost = False
        self._farewell: bytes | None = None
        self._idle_timer: asyncio.TimerHandle | None = None
        self._last_input = 0.0
        self.finished = asyncio.Event()

    # asyncssh callbacks, in the order a session goes through them

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object
    ) -> bool:
        # TERM names a terminfo entry; anything else (a NUL byte, a path) is not one.
        known = term_type is not None and TERM_NAME.fullmatch(term_type) is not None
        self._term = term_type if known else DEFAULT_TERM
        self._size = _size_or_fallback(term_size[0], term_size[1], FALLBACK_SIZE)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self._command = command  # accepted only to answer it with a message
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("%s asked for the %r subsystem: refused", self.player, subsystem)
        return False

    def session_started(self) -> None:
        refusal = self._refusal()
        if refusal is not None:
            log.info("%s refused: %s", self.player, refusal)
            self._refuse(refusal)
            return
        if (refusal := self._room.enter(self)) is not None:
            self._refuse(refusal)
            return
        self._task = asyncio.ensure_future(self._run())

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self._child is None or self._child.master < 0:
            return
        self._last_input = asyncio.get_running_loop().time()
        self._pending_input += data
        self._flush_input()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._size = _size_or_fallback(width, height, self._size)
        if self._child is not None:
            self._child.resize(*self._size)

    def pause_writing(self) -> None:
        self._stop_reading_output()

    def resume_writing(self) -> None:
        self._start_reading_output()

    def break_received(self, msec: int) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._client_gone()
        if self._child is None and self._task is None:
            self._room.leave(self)
            self.finished.set()
        self._on_closed(self)

    def _client_gone(self) -> None:
        """The client cannot hear any more (channel closed or connection lost): end the child."""
        self._lost = True
        self._stop_idle_timer()
        if self._child is not None:
            self._stop_reading_output()
            self._stop_writing_input()
            self._child.hang_up()

    # the server's side

    @property
    def started(self) -> bool:
        """Whether the game was started (it may have ended since); a channel opened and
        never asked for a shell, or refused, was not."""
        return self._task is not None

    def end(self, message: str) -> None:
        """Stop the child and close the session with ``message`` (idle, or shutting down)."""
        if self._lost or self._farewell is not None:
            return
        self._farewell = TERMINAL_RESET + f"\r\n{message}\r\n".encode()
        if self._child is not None:
            self._child.hang_up()
        elif self._task is None and self._chan is not None:
            self._chan.close()  # not started yet, or refused and on its way out

    # the child

    async def _run(self) -> None:
        assert self._chan is not None
        command = self._policy.command(self.player)
        env = {**self._policy.env, "TERM": self._term or DEFAULT_TERM}
        try:
            try:
                self._child = await PtyChild.spawn(command, env, self._size)
            except OSError as error:
                log.warning("%s: cannot start %s: %s", self.player, command[0], error.strerror)
                if not self._lost:
                    self._refuse("liar-tui could not start a game for you: try again later.")
                return
            log.info("%s started a session (pid %d)", self.player, self._child.process.pid)
            if self._lost or self._farewell is not None:
                self._child.hang_up()
            else:
                self._start_reading_output()
                self._last_input = asyncio.get_running_loop().time()
                self._arm_idle_timer()
            status = await self._child.wait()
            log.info("%s's session ended with status %d", self.player, status)
            self._finish(status)
        finally:
            self._room.leave(self)
            self.finished.set()

    def _finish(self, status: int) -> None:
        assert self._child is not None and self._chan is not None
        self._stop_idle_timer()
        self._stop_writing_input()
        if not self._lost:
            self._drain_output()
        self._stop_reading_output()
        self._child.close_terminal()
        if self._lost:
            return
        if self._farewell is not None:
            self._send(self._farewell)
            status = 0
        self._chan.exit(status)

    def _refusal(self) -> str | None:
        if self._command is not None:
            return NO_COMMANDS
        if self._term is None:
            return NEEDS_TERMINAL
        return None

    def _refuse(self, message: str) -> None:
        assert self._chan is not None
        self._chan.write_stderr(f"{message}\r\n".encode())
        self._chan.exit(REFUSED)

    # output: child -> client

    def _start_reading_output(self) -> None:
        if self._reading_output or self._child is None or self._child.master < 0 or self._lost:
            return
        asyncio.get_running_loop().add_reader(self._child.master, self._read_output)
        self._reading_output = True

    def _stop_reading_output(self) -> None:
        if self._reading_output and self._child is not None:
            asyncio.get_running_loop().remove_reader(self._child.master)
        self._reading_output = False

    def _read_output(self) -> None:
        assert self._child is not None and self._chan is not None
        try:
            data = os.read(self._child.master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: every process has closed the terminal
            data = b""
        if not data:
            self._stop_reading_output()
            return
        self._send(data)

    def _send(self, data: bytes) -> None:
        """Pass output on; a channel the client already closed ends the session instead of
        raising BrokenPipeError into the event loop's log."""
        assert self._chan is not None
        try:
            self._chan.write(data)
        except BrokenPipeError:
            self._client_gone()

    def _drain_output(self) -> None:
        """Pass on what the child wrote just before it exited."""
        assert self._child is not None and self._chan is not None
        while True:
            try:
                data = os.read(self._child.master, READ_CHUNK)
            except OSError:
                return
            if not data or self._lost:
                return
            self._send(data)

    # input: client -> child

    def _flush_input(self) -> None:
        assert self._child is not None and self._chan is not None
        while self._pending_input:
            try:
                written = os.write(self._child.master, self._pending_input)
            except BlockingIOError:
                break
            except OSError:  # the child is gone; its exit closes the session
                self._pending_input.clear()
                break
            del self._pending_input[:written]
        if self._pending_input:
            if not self._writing_input:
                asyncio.get_running_loop().add_writer(self._child.master, self._flush_input)
                self._writing_input = True
            if len(self._pending_input) > INPUT_BACKLOG:
                self._chan.pause_reading()
        else:
            self._stop_writing_input()

    def _stop_writing_input(self) -> None:
        if self._writing_input and self._child is not None:
            asyncio.get_running_loop().remove_writer(self._child.master)
            self._writing_input = False
            if not self._lost and self._chan is not None:
                self._chan.resume_reading()

    # idle timeout

    def _arm_idle_timer(self) -> None:
        loop = asyncio.get_running_loop()
        self._idle_timer = loop.call_at(
            self._last_input + self._policy.idle_timeout, self._check_idle
        )

    def _check_idle(self) -> None:
        loop = asyncio.get_running_loop()
        if loop.time() - self._last_input < self._policy.idle_timeout:
            self._arm_idle_timer()  # there was input since; wait from the latest
            return
        self._idle_timer = None
        log.info("%s idle for %g seconds: closing", self.player, self._policy.idle_timeout)
        minutes = self._policy.idle_timeout / 60
        shown = f"{minutes:g} minutes" if minutes >= 1 else f"{self._policy.idle_timeout:g} seconds"
        self.end(f"liar-tui closed this session after {shown} without input.")

    def _stop_idle_timer(self) -> None:
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None


def _size_or_fallback(width: int, height: int, fallback: tuple[int, int]) -> tuple[int, int]:
    """A client may send 0 x 0 (size unknown); keep the last known size then. A huge size is
    clamped (see :func:`liar_tui.ssh.pty_child.clamped_size`)."""
    return clamped_size(width, height) if width > 0 and height > 0 else fallback
