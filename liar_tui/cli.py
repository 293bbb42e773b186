"""The command line: ``liar-tui`` opens the home screen, ``liar-tui play GAME`` a table.

Parsing is pure (:func:`parse_command`) so it is tested without a terminal; the app, and
with it Textual, is imported only once there is something to show, which keeps
``--help``, ``--version`` and mistakes instant. A mistake is one line on stderr and exit
code 2, never argparse's usage dump or a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, NoReturn

from liar_tui import (
    __version__,
    exchange_command,
    history_command,
    replay_command,
    stats_command,
)
from liar_tui.arena.command import add_arena_parser, run_arena
from liar_tui.games import registered
from liar_tui.games.options import int_between, shorten
from liar_tui.heap import settle_after_startup
from liar_tui.net import host_command, join_command
from liar_tui.ssh import command as ssh_command
from liar_tui.store.settings import Settings, load_settings, name_problem
from liar_tui.table.seats import BotLevel, default_seats, seat_problems
from liar_tui.table.setup import MAX_SEED, TableSetup, random_seed

if TYPE_CHECKING:
    from liar_tui.app import LiarApp

PROG = "liar-tui"
USAGE_ERROR = 2
MOST_SEATS = max((game.max_seats for game in registered().values()), default=0)
"""Bounds --bots and --humans before the game is known; the game then checks its own."""


class UsageError(Exception):
    """A command line that cannot be run; the message is one line."""


@dataclass(frozen=True)
class OpenHome:
    """Open the home screen."""


@dataclass(frozen=True)
class StartTable:
    """Sit down at a new table at once."""

    setup: TableSetup


@dataclass(frozen=True)
class OpenReplay:
    """Open the replay of a game of history at once."""

    game_id: int


@dataclass(frozen=True)
class PrintText:
    """Print help or the version and stop."""

    text: str


@dataclass(frozen=True)
class RunTool:
    """A command with a life of its own: the arena, the history, sharing a game, the table
    host, joining one, the SSH front door. Each parses its own options and returns its exit
    code."""

    run: Callable[[argparse.Namespace], int]
    args: argparse.Namespace


Command = OpenHome | StartTable | OpenReplay | PrintText | RunTool

_TOOLS: dict[str, Callable[[argparse.Namespace], int]] = {
    "arena": run_arena,
    "export": exchange_command.run_export,
    "history": history_command.run,
    "stats": stats_command.run,
    "import": exchange_command.run_import,
    "host": host_command.run,
    "join": join_command.run,
    "ssh-serve": ssh_command.run,
}


class _Parser(argparse.ArgumentParser):
    """An argparse that raises instead of printing its usage and exiting."""

    def error(self, message: str) -> NoReturn:
        if message.startswith(_COMMAND_CHOICE):
            # argparse quotes each of the many commands, which makes the line too long.
            given, _, choices = message.removeprefix(_COMMAND_CHOICE).rpartition(" (choose from ")
            names = choices.replace("'", "")
            message = f"invalid choice: {shorten(given)} (choose from {names}"
        raise UsageError(message)


_COMMAND_CHOICE = "argument COMMAND: invalid choice: "


def _build_parser() -> tuple[_Parser, _Parser]:
    parser = _Parser(
        prog=PROG,
        description="Three bluffing card games in your terminal.",
        epilog="With no command, liar-tui opens the home screen.",
        add_help=False,
    )
    parser.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    parser.add_argument("--version", action="store_true", help="show the version and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    play = commands.add_parser(
        "play",
        help="start a table at once",
        description="Start a table at once, with the settings' rules unless told otherwise.",
        add_help=False,
    )
    play.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    play.add_argument("game", nargs="?", help=f"the game to play ({', '.join(registered())})")
    seats = play.add_argument_group("seats")
    seats.add_argument(
        "--bots",
        type=int_between(0, MOST_SEATS),
        default=3,
        metavar="N",
        help="bot seats (default 3)",
    )
    seats.add_argument(
        "--humans",
        type=int_between(0, MOST_SEATS),
        default=1,
        metavar="N",
        help="people taking turns at this keyboard (default 1)",
    )
    seats.add_argument("--name", help="the first person's name (default: from the settings)")
    seats.add_argument(
        "--level",
        choices=[level.value for level in BotLevel],
        default=BotLevel.NORMAL.value,
        help="how well the bots play (default normal)",
    )
    play.add_argument(
        "--seed",
        type=int_between(0, MAX_SEED),
        metavar="N",
        help="the shuffle's seed, to replay a game (default: random)",
    )
    for game in registered().values():
        game.add_cli_options(
            play.add_argument_group(f"{game.id} rules (default: from the settings)")
        )
    add_arena_parser(commands)
    history_command.add_parser(commands)
    stats_command.add_parser(commands)
    replay_command.add_parser(commands)
    exchange_command.add_parsers(commands)
    host_command.add_parser(commands)
    join_command.add_parser(commands)
    ssh_command.add_parser(commands)
    return parser, play


def parse_command(argv: Sequence[str], settings: Settings) -> Command:
    """What the command line asks for; raises :class:`UsageError` with a one-line reason."""
    parser, play = _build_parser()
    args = parser.parse_args(list(argv))
    if args.command is None:
        if args.help:
            return PrintText(parser.format_help())
        if args.version:
            return PrintText(f"{PROG} {__version__}")
        return OpenHome()
    if args.command in _TOOLS:
        return RunTool(_TOOLS[args.command], args)
    if args.command == "replay":
        if args.help:
            return PrintText(args.replay_help())
        if args.game_id is None:
            raise UsageError("replay needs a game's id, such as: liar-tui replay 12")
        return OpenReplay(args.game_id)
    if args.help:
        return PrintText(play.format_help())
    if args.game is None:
        raise UsageError("play needs a game, such as: liar-tui play liar-game")
    return StartTable(_play_setup(args, settings))


def _play_setup(args: argparse.Namespace, settings: Settings) -> TableSetup:
    game = registered().get(args.game)
    if game is None:
        known = ", ".join(registered())
        raise UsageError(f"unknown game {shorten(args.game)!r} (choose from {known})")
    for other in registered().values():
        given = [option for option in other.cli_options if getattr(args, option) is not None]
        if given and other is not game:
            flag = "--" + given[0].replace("_", "-")
            raise UsageError(f"{flag} is a rule of {other.id}, not of {game.id}")
    seat_count = args.humans + args.bots
    if not game.min_seats <= seat_count <= game.max_seats:
        raise UsageError(
            f"{game.title} seats {game.min_seats} to {game.max_seats} players, "
            f"not {seat_count} ({_count(args.humans, 'human')}, {_count(args.bots, 'bot')})"
        )
    name = settings.player_name if args.name is None else args.name
    if problem := name_problem(name, "--name"):
        raise UsageError(problem.rstrip("."))
    changes = {
        option: getattr(args, option)
        for option in game.cli_options
        if getattr(args, option) is not None
    }
    try:
        rules = game.rules_with_options(settings.rules_for(game.id), changes)
    except ValueError as error:
        raise UsageError(str(error)) from None
    level = BotLevel(args.level)
    seats = tuple(
        seat if seat.is_human else replace(seat, level=level)
        for seat in default_seats(args.bots, args.humans, name)
    )
    if problems := seat_problems(seats, game.min_seats, game.max_seats):
        hint = " (add --humans 1)" if args.humans == 0 else ""
        raise UsageError(problems[0].rstrip(".") + hint)
    seed = random_seed() if args.seed is None else args.seed
    return TableSetup(game.id, rules, seats, seed)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


NO_GAMES = (
    "no games are installed: install liar-tui again (pip install -e .) "
    "so that its games are registered"
)


def build_app(argv: Sequence[str]) -> LiarApp | int:
    """The app the command line asks for, or the exit code when there is nothing to show."""
    if not registered():
        print(f"{PROG}: error: {NO_GAMES}", file=sys.stderr)
        return 1
    settings, settings_problem = load_settings()
    try:
        command = parse_command(argv, settings)
    except UsageError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    if isinstance(command, PrintText):
        print(command.text.rstrip("\n"))
        return 0
    if isinstance(command, RunTool):
        return command.run(command.args)
    if isinstance(command, OpenReplay):
        return _replay_app(command.game_id, settings, settings_problem)
    from liar_tui.app import LiarApp

    start = command.setup if isinstance(command, StartTable) else None
    return LiarApp(settings=settings, settings_problem=settings_problem, start=start)


def _replay_app(game_id: int, settings: Settings, settings_problem: str | None) -> LiarApp | int:
    """The app opened at game ``game_id``'s replay; for a game that cannot be replayed, the
    sentence on stderr and exit code 2, said before Textual is imported."""
    if problem := replay_command.replay_problem(game_id):
        print(f"{PROG}: error: {problem}", file=sys.stderr)
        return USAGE_ERROR
    from liar_tui.app import LiarApp

    return LiarApp(
        settings=settings,
        settings_problem=settings_problem,
        start_screen=replay_command.replay_screen(game_id),
    )


def main(argv: list[str] | None = None) -> int:
    """Run liar-tui and return its exit code (2 for a command line that cannot be run)."""
    app = build_app(sys.argv[1:] if argv is None else argv)
    if isinstance(app, int):
        return app
    settle_after_startup()
    app.run()
    return app.return_code or 0
