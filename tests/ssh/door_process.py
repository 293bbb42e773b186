"""``liar-tui ssh-serve`` as a real process whose sessions run the pty probe.

Usage: ``python -m tests.ssh.door_process PID_FILE [ssh-serve options]``. Everything is the
real command line and the real server but the session command: the probe (see
``pty_probe.py``) stands in for ``liar-tui join``, so a test reads what a session's child
sees without a table host.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from liar_tui.ssh import command
from tests.ssh.support import probe_command


def main() -> int:
    pid_file = Path(sys.argv[1])
    command.join_command = lambda table_host, table_socket: probe_command(pid_file)
    parser = argparse.ArgumentParser(prog="liar-tui")
    command.add_parser(parser.add_subparsers(dest="command"))
    return command.run(parser.parse_args(["ssh-serve", *sys.argv[2:]]))


if __name__ == "__main__":
    sys.exit(main())
