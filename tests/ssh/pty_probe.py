"""A stand-in for ``liar-tui join`` in the SSH tests: it reports what its terminal looks like.

Usage: ``python pty_probe.py PID_FILE NAME``. It writes its process id to PID_FILE, prints
its name, TERM, whether it owns its terminal and the window size, prints the size again on
every SIGWINCH, and echoes each line it reads. The line ``quit`` ends it with status 3;
the line ``flood`` makes it stop reading and write output for ever.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path


def show_size(*_: object) -> None:
    """Written straight to the descriptor: a signal may land while print is busy, and print
    is not re-entrant."""
    columns, rows = os.get_terminal_size(0)
    os.write(sys.stdout.fileno(), f"size {columns}x{rows}\n".encode())


def main() -> None:
    Path(sys.argv[1]).write_text(str(os.getpid()))
    owns_terminal = os.tcgetpgrp(0) == os.getpgrp()
    print(f"name={sys.argv[2]} TERM={os.environ.get('TERM')} owns-tty={owns_terminal}", flush=True)
    signal.signal(signal.SIGWINCH, show_size)
    show_size()
    for line in sys.stdin:
        print(f"echo: {line.strip()}", flush=True)
        if line.strip() == "quit":
            sys.exit(3)
        if line.strip() == "flood":
            while True:
                os.write(sys.stdout.fileno(), b"x" * 4096)


if __name__ == "__main__":
    main()
