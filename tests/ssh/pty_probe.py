"""A stand-in for ``liar-tui join`` in the SSH tests: it reports what its terminal looks like.

Usage: ``python pty_probe.py PID_FILE NAME``. It writes its process id to PID_FILE, prints
its name, TERM, whether it owns its terminal and the window size, prints the size again on
every SIGWINCH, and echoes each line it reads. The line ``quit`` ends it with status 3;
the line ``flood`` makes it stop reading and write output for ever.

It waits for input in ``select`` with a short timeout rather than in a blocking read: a
signal that lands after Python last looked for signals but before the read starts would
otherwise wait for the next line of input, and a test waiting for the new size would hang.
"""

from __future__ import annotations

import os
import select
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

SIGNAL_CHECK_SECONDS = 0.1


def show_size(*_: object) -> None:
    """Written straight to the descriptor: a signal may land while print is busy, and print
    is not re-entrant."""
    columns, rows = os.get_terminal_size(0)
    os.write(sys.stdout.fileno(), f"size {columns}x{rows}\n".encode())


def lines_read() -> Iterator[str]:
    """Each line the terminal sends, as it comes; returns at the end of input."""
    pending = b""
    while True:
        readable, _, _ = select.select([0], [], [], SIGNAL_CHECK_SECONDS)
        if not readable:
            continue  # back in Python, so a pending signal's handler runs
        chunk = os.read(0, 4096)
        if not chunk:
            return
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            yield line.decode(errors="replace").strip()


def main() -> None:
    Path(sys.argv[1]).write_text(str(os.getpid()))
    owns_terminal = os.tcgetpgrp(0) == os.getpgrp()
    print(f"name={sys.argv[2]} TERM={os.environ.get('TERM')} owns-tty={owns_terminal}", flush=True)
    signal.signal(signal.SIGWINCH, show_size)
    show_size()
    for line in lines_read():
        print(f"echo: {line}", flush=True)
        if line == "quit":
            sys.exit(3)
        if line == "flood":
            while True:
                os.write(sys.stdout.fileno(), b"x" * 4096)


if __name__ == "__main__":
    main()
