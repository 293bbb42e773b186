"""``liar-tui join``: sit down at a table host's lobby from this terminal.

The host is reached before the full-screen app starts, so a host that is not there is one
line on stderr in the shell the player typed in, not a screen to quit. Textual and asyncio
are imported only then: the main command line builds this parser at every start.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from liar_tui.heap import settle_after_startup
from liar_tui.net.ports import DEFAULT_PORT

if TYPE_CHECKING:
    from liar_tui.net.client import Address
    from liar_tui.net.seat_tokens import SeatTokens
    from liar_tui.store.settings import Settings

PROG = "liar-tui"
USAGE_ERROR = 2
UNREACHABLE = 1
INTERRUPTED = 130
DEFAULT_ADDRESS = f"127.0.0.1:{DEFAULT_PORT}"


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``join`` to the command line's commands (its parser class is the subparsers')."""
    join: argparse.ArgumentParser = commands.add_parser(
        "join",
        help="join a table host's lobby (liar-tui host) to play with others",
        description=(
            "Open the lobby of a table host: create a table or take a seat, start when "
            "ready, and play; bots fill the chairs nobody takes. After a dropped connection "
            "liar-tui reconnects by itself and takes the seat back."
        ),
        add_help=False,
    )
    join.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    join.add_argument(
        "address",
        nargs="?",
        metavar="HOST:PORT",
        help=f"where the table host listens (default {DEFAULT_ADDRESS})",
    )
    join.add_argument("--socket", metavar="PATH", help="the table host's Unix socket instead")
    join.add_argument("--name", help="your name at the tables (default: from the settings)")
    join.set_defaults(join_help=join.format_help)


def run(args: argparse.Namespace) -> int:
    """Join the host the parsed command line names; the exit code."""
    if args.help:
        print(args.join_help().rstrip("\n"))
        return 0
    from liar_tui.net.client import AddressError
    from liar_tui.store.settings import load_settings
    from liar_tui.table.seats import name_problem

    settings, settings_problem = load_settings()
    try:
        address = join_address(args.address, args.socket)
    except AddressError as error:
        return _usage_error(str(error).rstrip("."))
    name = settings.player_name if args.name is None else args.name
    if problem := name_problem(name, "--name"):
        return _usage_error(problem.rstrip("."))

    import asyncio

    try:
        return asyncio.run(_join(address, name.strip(), settings, settings_problem))
    except KeyboardInterrupt:
        return INTERRUPTED


def join_address(address: str | None, socket: str | None) -> Address:
    """The host to reach: ``HOST:PORT``, a socket path, or the default; AddressError if not."""
    from pathlib import Path

    from liar_tui.net.client import Address, AddressError, parse_address

    if address is not None and socket is not None:
        raise AddressError("Give HOST:PORT or --socket PATH, not both.")
    if socket is not None:
        if not socket.strip():
            raise AddressError("--socket needs the path of the table host's socket.")
        return Address(path=Path(socket))
    return parse_address(address if address is not None else DEFAULT_ADDRESS)


def _usage_error(problem: str) -> int:
    print(f"{PROG}: error: {problem}", file=sys.stderr)
    return USAGE_ERROR


async def _join(
    address: Address, name: str, settings: Settings, settings_problem: str | None
) -> int:
    from liar_tui.client_app import ClientApp
    from liar_tui.net.client import ConnectError, HostClient
    from liar_tui.net.seat_tokens import SeatTokens

    # The seats an earlier ``liar-tui join`` held at this host are asked back on connecting.
    seat_tokens = SeatTokens()
    _warn(seat_tokens)
    client = HostClient(address, name, seat_tokens=seat_tokens)
    try:
        await client.connect()
    except ConnectError as error:
        hint = " (start one with: liar-tui host)" if error.unreachable else ""
        print(f"{PROG}: {error}{hint}", file=sys.stderr)
        return UNREACHABLE
    # The first seat of a new table is the player's own: name it as the host welcomed us.
    app = ClientApp(client, replace(settings, player_name=client.name), settings_problem)
    settle_after_startup()
    try:
        await app.run_async()
    finally:
        await client.close()
        _warn(seat_tokens)
    return app.return_code or 0


def _warn(seat_tokens: SeatTokens) -> None:
    """Say on stderr why seat tokens could not be read or kept: the seats still play, but a
    later ``liar-tui join`` may not get them back."""
    if problem := seat_tokens.take_problem():
        print(f"{PROG}: warning: {problem}", file=sys.stderr)
