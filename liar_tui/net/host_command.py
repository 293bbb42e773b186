"""``liar-tui host``: serve a lobby of tables to other terminals until stopped.

The main command line builds this parser at every start, so the host itself (asyncio
servers, the game engines) is imported only by :func:`run`. A mistake is one line on stderr
and exit code 2; Ctrl+C or SIGTERM stops the host cleanly with exit code 0.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
from typing import Any

from liar_tui.net.arguments import count_between, port_number, seconds_up_to
from liar_tui.net.ports import DEFAULT_PORT

PROG = "liar-tui"
USAGE_ERROR = 2
FAILED = 1

DEFAULT_BIND = "127.0.0.1"
MOST_AWAY_SECONDS = 24 * 60 * 60.0
"""A day: a longer wait before a bot takes over is likelier a typo than a wish."""
MOST_CONNECTIONS = 10_000
MOST_TABLES = 1_000
DEFAULT_CONNECTIONS = 64
DEFAULT_TABLES = 64
DEFAULT_IDLE_SECONDS = 300.0


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``host`` to the command line's commands (its parser class is the subparsers')."""
    host: argparse.ArgumentParser = commands.add_parser(
        "host",
        help="serve tables for people at other terminals",
        description=(
            "Serve a lobby of tables that people join with 'liar-tui join' (or over "
            "'liar-tui ssh-serve'). Bots fill the chairs nobody takes, and play for anyone "
            "away longer than the away timeout. Runs until Ctrl+C."
        ),
        add_help=False,
    )
    host.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    host.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        help=f"the TCP port to listen on (default {DEFAULT_PORT}; 0 picks a free one)",
    )
    host.add_argument(
        "--bind",
        default=DEFAULT_BIND,
        metavar="ADDRESS",
        help=f"the address to listen on (default {DEFAULT_BIND}: this machine only)",
    )
    host.add_argument(
        "--socket",
        type=pathlib.Path,
        metavar="PATH",
        help="also listen on a Unix socket at PATH, open to your user and group only",
    )
    host.add_argument(
        "--away-timeout",
        type=seconds_up_to(MOST_AWAY_SECONDS),
        metavar="SECONDS",
        help="how long a person may be gone before a bot plays for them "
        "(default: the away_timeout setting, 60)",
    )
    host.add_argument(
        "--data-dir",
        type=pathlib.Path,
        metavar="PATH",
        help="the private folder where tables are kept, so a restarted host takes them up "
        "again, and every finished game is recorded in a history "
        "(default: 'host' in liar-tui's data folder)",
    )
    host.add_argument(
        "--max-connections",
        type=count_between(1, MOST_CONNECTIONS),
        default=DEFAULT_CONNECTIONS,
        metavar="N",
        help=f"connections at once (default {DEFAULT_CONNECTIONS}; at most 8 from one "
        "address other than this machine)",
    )
    host.add_argument(
        "--max-tables",
        type=count_between(1, MOST_TABLES),
        default=DEFAULT_TABLES,
        metavar="N",
        help=f"tables waiting or playing at once (default {DEFAULT_TABLES}; at most 4 "
        "created by one connection or from one address other than this machine)",
    )
    host.add_argument(
        "--idle-timeout",
        type=seconds_up_to(MOST_AWAY_SECONDS),
        default=DEFAULT_IDLE_SECONDS,
        metavar="SECONDS",
        help=f"close a connection that sends nothing for this long while it plays no "
        f"started table (default {DEFAULT_IDLE_SECONDS:g})",
    )
    host.set_defaults(host_help=host.format_help)


def run(args: argparse.Namespace) -> int:
    """Run the host the parsed command line asks for, until stopped; the exit code."""
    if args.help:
        print(args.host_help().rstrip("\n"))
        return 0
    if args.socket is not None and not args.socket.parent.is_dir():
        print(
            f"{PROG}: error: there is no folder {args.socket.parent} for the socket",
            file=sys.stderr,
        )
        return USAGE_ERROR
    import asyncio

    from liar_tui.store.settings import load_settings

    settings, problem = load_settings()
    if problem:
        print(f"{PROG} host: {problem}", file=sys.stderr)
    away_timeout = args.away_timeout
    if away_timeout is None:
        away_timeout = settings.away_timeout
    try:
        return asyncio.run(_serve(args, away_timeout, settings.bot_delay))
    except KeyboardInterrupt:  # Ctrl+C before the signal handlers were in place
        return 0


async def _serve(args: argparse.Namespace, away_timeout: float, bot_delay: float) -> int:
    import asyncio
    import signal

    from liar_tui.net.host_journal import JournalError
    from liar_tui.net.server import HostOptions, TableHost
    from liar_tui.store.paths import data_dir

    options = HostOptions(
        away_timeout=away_timeout,
        bot_delay=bot_delay,
        max_connections=args.max_connections,
        max_tables=args.max_tables,
        idle_timeout=args.idle_timeout,
        data_dir=args.data_dir if args.data_dir is not None else data_dir() / "host",
    )
    try:
        host = TableHost(options)
        restored, problems = host.restore()
    except JournalError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return FAILED
    for problem in problems:
        print(f"{PROG} host: {problem}", file=sys.stderr)
    if restored:
        print(f"{PROG} host: took up {restored} unfinished table(s) again.", flush=True)
    where = f"[{args.bind}]" if ":" in args.bind else args.bind
    address = f"{where}:{args.port}"
    try:
        port = await host.listen_tcp(args.bind, args.port)
        address = str(args.socket)
        if args.socket is not None:
            await host.listen_unix(args.socket)
    except OSError as error:
        await host.close()
        print(f"{PROG}: error: cannot listen on {address}: {_os_reason(error)}", file=sys.stderr)
        return FAILED
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signal_number, stop.set)
    also = f" (and {args.socket})" if args.socket is not None else ""
    print(f"{PROG} host: tables on {where}:{port}{also}; Ctrl+C stops.", flush=True)
    try:
        await stop.wait()
    finally:
        for signal_number in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signal_number)
        await host.close()
    return 0


def _os_reason(error: OSError) -> str:
    """The operating system's reason in a few words, or the host's own sentence."""
    if error.strerror:
        return error.strerror[0].lower() + error.strerror[1:]
    return str(error).rstrip(".")
