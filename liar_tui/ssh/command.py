"""``liar-tui ssh-serve``: the command line of the SSH front door.

Only argparse is imported at the top: ``liar-tui --help`` builds this parser at every
start, and asyncssh (with the cryptography library behind it) takes a noticeable moment to
load. A mistake is one line on stderr and exit code 2, as everywhere on liar-tui's command
line; a server that cannot start (the port taken) is one line and exit code 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from liar_tui.net.arguments import count_between, port_number, seconds_up_to
from liar_tui.net.ports import DEFAULT_PORT
from liar_tui.ssh.limits import (
    DEFAULT_IDLE_TIMEOUT,
    DEFAULT_LOCKOUT_AFTER,
    DEFAULT_LOCKOUT_SECONDS,
    DEFAULT_MAX_CONNECTIONS,
    DEFAULT_MAX_SESSIONS,
    DEFAULT_PASSWORD_DELAY,
    DEFAULT_SESSION_WAIT,
    DEFAULT_SESSIONS_PER_PLAYER,
    LOGINS_PER_ADDRESS,
    LONGEST_PASSWORD_DELAY,
    MOST_COLUMNS,
    MOST_ROWS,
    PASSWORD_TRIES,
    SESSIONS_PER_CONNECTION,
    UNKNOWN_KEYS,
)

if TYPE_CHECKING:
    from liar_tui.ssh.server import SshFrontDoor

PROG = "liar-tui"
USAGE_ERROR = 2
FAILED = 1
INTERRUPTED = 130
MOST_IDLE_SECONDS = 7 * 24 * 60 * 60.0
"""A week: an idle timeout longer than that is likelier a typo than a wish."""
MOST_SESSIONS = 1000
MOST_LOCKOUT_TRIES = 1000
MOST_WAIT_SECONDS = 3600.0
"""An hour: a longer wait for a session or between passwords is likelier a typo."""


def _table_host(text: str) -> str:
    host, colon, port = text.rpartition(":")
    if not colon or not host:
        raise argparse.ArgumentTypeError(f"{text[:30]!r} is not HOST:PORT")
    port_number(port)
    return text


def add_parser(
    commands: argparse._SubParsersAction[Any],
) -> argparse.ArgumentParser:
    """Add ``ssh-serve`` to the main command line."""
    serve = commands.add_parser(
        "ssh-serve",
        help="let friends play over SSH: each session lands in the table host's lobby",
        description=(
            "Serve liar-tui over SSH: 'ssh -t -p 2222 NAME@this-host' opens the lobby of the "
            "local table host (liar-tui host) under the name filed with the key or password "
            "used. Sessions get the game and nothing else: no shell, no commands, no "
            "forwarding."
        ),
        epilog=(
            "Names: a key logs in as the name at the end of its line in the authorized keys "
            "file ('ssh-ed25519 AAAA... Ann'), and a password as the name of its line in the "
            "password file; the user name typed to ssh does not change either. "
            "Passwords: 'liar-tui ssh-serve --password-file FILE --add-password NAME' adds "
            "NAME's line (the password read without echo), creating FILE readable by you "
            "only; ssh-serve refuses a password file others may read (chmod 600 FILE fixes "
            "it). --hash-password NAME prints a line instead. "
            f"Limits: {PASSWORD_TRIES} password tries and {UNKNOWN_KEYS} unknown keys per "
            "connection; a wrong password makes "
            "the next try from that address wait (--password-delay, doubling each time), and "
            "--lockout-after wrong ones in a row lock the address out, right password or not, "
            f"for --lockout-time; {LOGINS_PER_ADDRESS} logins at once per address, "
            f"{SESSIONS_PER_CONNECTION} sessions per connection, windows at most "
            f"{MOST_COLUMNS}x{MOST_ROWS}."
        ),
        add_help=False,
    )
    serve.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    listen = serve.add_argument_group("listening")
    listen.add_argument(
        "--port", type=port_number, default=2222, metavar="N", help="the SSH port (default 2222)"
    )
    listen.add_argument(
        "--bind",
        default="0.0.0.0",
        metavar="ADDRESS",
        help="the address to listen on (default 0.0.0.0, every interface)",
    )
    listen.add_argument(
        "--host-key",
        type=Path,
        metavar="PATH",
        help="the server's private key (default: made on first start in liar-tui's data folder)",
    )
    auth = serve.add_argument_group("who may log in (at least one)")
    auth.add_argument(
        "--authorized-keys", type=Path, metavar="PATH", help="public keys allowed in, one a line"
    )
    auth.add_argument(
        "--password-file", type=Path, metavar="PATH", help="'name:hash' lines (see below)"
    )
    adding = auth.add_mutually_exclusive_group()
    adding.add_argument(
        "--add-password",
        metavar="NAME",
        help="add NAME's line to the --password-file (made private, mode 600) and exit; "
        "the password is read from the terminal",
    )
    adding.add_argument(
        "--hash-password",
        metavar="NAME",
        help="print a password file line for NAME, the password read from the terminal, and exit",
    )
    table = serve.add_argument_group("the table host sessions join").add_mutually_exclusive_group()
    table.add_argument(
        "--table-host",
        type=_table_host,
        default=f"127.0.0.1:{DEFAULT_PORT}",
        metavar="HOST:PORT",
        help=f"its address (default 127.0.0.1:{DEFAULT_PORT})",
    )
    table.add_argument("--table-socket", type=Path, metavar="PATH", help="its Unix socket")
    limits = serve.add_argument_group("limits")
    limits.add_argument(
        "--idle-timeout",
        type=seconds_up_to(MOST_IDLE_SECONDS),
        default=DEFAULT_IDLE_TIMEOUT,
        metavar="SECONDS",
        help=f"close a session after this long without input (default {DEFAULT_IDLE_TIMEOUT:g})",
    )
    limits.add_argument(
        "--max-sessions",
        type=count_between(1, MOST_SESSIONS),
        default=DEFAULT_MAX_SESSIONS,
        metavar="N",
        help=f"sessions at once; more are turned away (default {DEFAULT_MAX_SESSIONS})",
    )
    limits.add_argument(
        "--sessions-per-player",
        type=count_between(1, MOST_SESSIONS),
        default=DEFAULT_SESSIONS_PER_PLAYER,
        metavar="N",
        help="sessions, and logged-in connections, one player may hold at once "
        f"(default {DEFAULT_SESSIONS_PER_PLAYER})",
    )
    limits.add_argument(
        "--max-connections",
        type=count_between(1, MOST_SESSIONS),
        default=DEFAULT_MAX_CONNECTIONS,
        metavar="N",
        help=f"connections at once, logged in or not (default {DEFAULT_MAX_CONNECTIONS})",
    )
    limits.add_argument(
        "--session-wait",
        type=seconds_up_to(MOST_WAIT_SECONDS),
        default=DEFAULT_SESSION_WAIT,
        metavar="SECONDS",
        help="close a logged-in connection that has no session open after this long "
        f"(default {DEFAULT_SESSION_WAIT:g})",
    )
    guessing = serve.add_argument_group("password guessing")
    guessing.add_argument(
        "--password-delay",
        type=seconds_up_to(MOST_WAIT_SECONDS),
        default=DEFAULT_PASSWORD_DELAY,
        metavar="SECONDS",
        help="after a wrong password an address waits this long before its next try, twice "
        f"as long after the next (up to {LONGEST_PASSWORD_DELAY:g}; "
        f"default {DEFAULT_PASSWORD_DELAY:g})",
    )
    guessing.add_argument(
        "--lockout-after",
        type=count_between(1, MOST_LOCKOUT_TRIES),
        default=DEFAULT_LOCKOUT_AFTER,
        metavar="N",
        help=f"wrong passwords in a row that lock an address out (default {DEFAULT_LOCKOUT_AFTER})",
    )
    guessing.add_argument(
        "--lockout-time",
        type=seconds_up_to(MOST_IDLE_SECONDS),
        default=DEFAULT_LOCKOUT_SECONDS,
        metavar="SECONDS",
        help="how long a locked-out address is refused, even the right password "
        f"(default {DEFAULT_LOCKOUT_SECONDS:g})",
    )
    serve.set_defaults(ssh_serve_help=serve.format_help)
    return serve


def join_command(table_host: str, table_socket: Path | None) -> Callable[[str], list[str]]:
    """The command line of one session: ``liar-tui join`` as the player who logged in."""
    target = ["--socket", str(table_socket)] if table_socket is not None else [table_host]

    def command(player: str) -> list[str]:
        # --name=... keeps a name that starts with "-" from reading as an option.
        return [sys.executable, "-P", "-m", "liar_tui", "join", *target, f"--name={player}"]

    return command


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C or SIGTERM; the exit code."""
    if args.help:
        print(args.ssh_serve_help().rstrip("\n"))
        return 0
    if args.hash_password is not None:
        return _print_password_line(args.hash_password)
    if args.add_password is not None:
        return _add_password(args.add_password, args.password_file)
    from liar_tui.ssh.guessing import GuessingPolicy
    from liar_tui.ssh.host_key import default_host_key_path
    from liar_tui.ssh.server import SshFrontDoor, SshOptions, SshSetupError

    options = SshOptions(
        session_command=join_command(args.table_host, args.table_socket),
        host_key=args.host_key or default_host_key_path(),
        authorized_keys=args.authorized_keys,
        password_file=args.password_file,
        idle_timeout=args.idle_timeout,
        max_sessions=args.max_sessions,
        sessions_per_player=args.sessions_per_player,
        max_connections=args.max_connections,
        session_wait=args.session_wait,
        guessing=GuessingPolicy(args.password_delay, args.lockout_after, args.lockout_time),
    )
    try:
        door = SshFrontDoor(options)
    except SshSetupError as error:
        return _error(str(error), USAGE_ERROR)
    import asyncio

    table = str(args.table_socket) if args.table_socket is not None else args.table_host
    try:
        return asyncio.run(_serve(door, args.bind, args.port, table))
    except KeyboardInterrupt:  # a second Ctrl+C while closing
        return INTERRUPTED


async def _serve(door: SshFrontDoor, bind: str, port: int, table: str) -> int:
    import asyncio
    import logging
    import signal

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)
    try:
        try:
            bound = await door.listen(bind, port)
        except OSError as error:
            return _error(f"cannot listen on {bind}:{port}: {error.strerror or error}", FAILED)
        print(f"liar-tui ssh-serve listening on {bind}:{bound}", flush=True)
        print(f"host key fingerprint: {door.fingerprint}", flush=True)
        print(f"sessions join the table host at {table}", flush=True)
        print(f"friends connect with: ssh -p {bound} NAME@this-host (Ctrl+C stops)", flush=True)
        await stop.wait()
    finally:
        for number in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(number)
        await door.close()
    print("liar-tui ssh-serve stopped.", flush=True)
    return 0


def _print_password_line(name: str) -> int:
    from liar_tui.ssh.passwords import hash_password

    password = _new_password(name)
    if isinstance(password, int):
        return password
    print(f"{name}:{hash_password(password)}")
    return 0


def _add_password(name: str, path: Path | None) -> int:
    from liar_tui.ssh.passwords import PasswordFileError, add_password

    if path is None:
        return _error("--add-password needs --password-file FILE", USAGE_ERROR)
    password = _new_password(name)
    if isinstance(password, int):
        return password
    try:
        add_password(path, name, password)
    except PasswordFileError as error:
        return _error(str(error), FAILED)
    print(f"added {name} to {path}")
    return 0


def _new_password(name: str) -> str | int:
    """The password for ``name``'s new line, or the exit code of why there is none."""
    from liar_tui.ssh.passwords import MAX_PASSWORD_LENGTH
    from liar_tui.table.seats import name_problem

    if problem := name_problem(name, "The name"):
        return _error(problem.rstrip("."), USAGE_ERROR)
    try:
        password = _read_password()
    except KeyboardInterrupt:
        return INTERRUPTED
    except (EOFError, ValueError) as error:
        return _error(str(error) or "no password was given", USAGE_ERROR)
    if not password:
        return _error("the password must not be empty", USAGE_ERROR)
    if len(password) > MAX_PASSWORD_LENGTH:
        return _error(f"the password must be at most {MAX_PASSWORD_LENGTH} characters", USAGE_ERROR)
    return password


def _read_password() -> str:
    """From the terminal without echo (typed twice), or one line from a pipe."""
    if not sys.stdin.isatty():
        line = sys.stdin.readline()
        if not line:
            raise EOFError("no password on standard input")
        return line.rstrip("\r\n")
    import getpass

    password = getpass.getpass("Password: ")
    if getpass.getpass("Again: ") != password:
        raise ValueError("the two passwords differ")
    return password


def _error(message: str, code: int) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return code
