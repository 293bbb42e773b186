"""A child process on its own pseudo-terminal, as a login shell would get one.

The child must own its terminal (a new session with the pty as its controlling tty), or
Ctrl+C, SIGWINCH on a resize and the hang-up when the terminal goes away would not reach
it. Python's ``subprocess`` has no option for the controlling tty and ``preexec_fn`` is
unsafe in a threaded program, so a tiny Python trampoline calls ``os.login_tty`` in the
child and then execs the real command under the same process id.

The trampoline also gives the child the default signal handling: an ignored signal stays
ignored across exec, so a server started under ``nohup`` (SIGHUP ignored) would pass that
on, the hang-up at the end of a session would not end the child, and every session would
end killed (status 137) after the grace period.

The window size is clamped: a terminal app keeps a screen buffer (and often more) per
cell, so a client claiming a 10000 x 10000 window made its child grow past a gigabyte.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import sys
import termios
from collections.abc import Mapping, Sequence

from liar_tui.ssh.limits import MOST_COLUMNS, MOST_ROWS

HANG_UP_GRACE = 2.0
"""Seconds a child gets to exit after SIGHUP before it is killed."""
FALLBACK_SIZE = (80, 24)

_LOGIN_TTY = """\
import os, signal, sys
for number in (signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGTERM, signal.SIGPIPE):
    signal.signal(number, signal.SIG_DFL)
signal.pthread_sigmask(signal.SIG_SETMASK, ())
os.login_tty(0)
try:
    os.execvp(sys.argv[1], sys.argv[1:])
except OSError as error:
    print(f"cannot start {sys.argv[1]}: {error.strerror}", file=sys.stderr)
    os._exit(127)
"""


def clamped_size(columns: int, rows: int) -> tuple[int, int]:
    """The window size a child is given for the size a client asked for."""
    return max(1, min(columns, MOST_COLUMNS)), max(1, min(rows, MOST_ROWS))


def set_window_size(descriptor: int, columns: int, rows: int) -> None:
    """Tell the terminal its size; the kernel sends the child SIGWINCH when it changes."""
    columns, rows = clamped_size(columns, rows)
    packed = struct.pack("HHHH", rows, columns, 0, 0)
    fcntl.ioctl(descriptor, termios.TIOCSWINSZ, packed)


class PtyChild:
    """A running child and the master side of its terminal (non-blocking)."""

    def __init__(self, master: int, process: asyncio.subprocess.Process) -> None:
        self.master = master
        self.process = process
        self._kill_timer: asyncio.TimerHandle | None = None

    @classmethod
    async def spawn(
        cls, command: Sequence[str], env: Mapping[str, str], size: tuple[int, int]
    ) -> PtyChild:
        """Start ``command`` on a new pty of ``size`` (columns, rows); raises OSError."""
        master, slave = os.openpty()
        try:
            set_window_size(master, *size)
            os.set_blocking(master, False)
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-I",
                "-S",
                "-c",
                _LOGIN_TTY,
                *command,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=dict(env),
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        return cls(master, process)

    @property
    def running(self) -> bool:
        return self.process.returncode is None

    def resize(self, columns: int, rows: int) -> None:
        with contextlib.suppress(OSError):  # the child may have closed its side already
            set_window_size(self.master, columns, rows)

    def hang_up(self) -> None:
        """SIGHUP to the child's whole session, then SIGKILL if it lingers."""
        if not self.running or self._kill_timer is not None:
            return
        self._signal(signal.SIGHUP)
        loop = asyncio.get_running_loop()
        self._kill_timer = loop.call_later(HANG_UP_GRACE, self._signal, signal.SIGKILL)

    async def wait(self) -> int:
        """The exit status as a shell reports it (128 + the signal for a killed child)."""
        code = await self.process.wait()
        if self._kill_timer is not None:
            self._kill_timer.cancel()
        return code if code >= 0 else 128 - code

    def close_terminal(self) -> None:
        """Close the master side; safe to call twice."""
        if self.master >= 0:
            os.close(self.master)
            self.master = -1

    def _signal(self, number: signal.Signals) -> None:
        if not self.running:
            return
        try:
            os.killpg(self.process.pid, number)  # the child leads its own process group
        except ProcessLookupError:
            # It has not reached os.login_tty yet, so it still sits in our group.
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(number)
