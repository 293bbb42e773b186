"""``liar-tui arena``: the command line of the bot arena.

The options are checked before a single game is played; a mistake is one line on stderr
and exit code 2, as everywhere else on liar-tui's command line. Rich and the game engines
are imported only once there is a match to play, since the main command line builds this
parser at every start. The progress bar goes to stderr and only when stderr is a terminal,
so ``--json`` output piped to a script, or a log of a long run, holds nothing but the
result.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from liar_tui.arena.pool import PoolUnavailable, add_pool_arguments, count_at_least_one
from liar_tui.games import plugin, registered
from liar_tui.games.options import shorten
from liar_tui.table.seats import BotLevel
from liar_tui.table.setup import MAX_SEED

PROG = "liar-tui"
USAGE_ERROR = 2
FAILED = 1
INTERRUPTED = 130
"""What a shell reports for a program stopped by Ctrl-C."""
DEFAULT_GAMES = 2000
DEFAULT_SEED = 1
"""A fixed seed by default, so running the same command twice compares the same games."""


def _seed(text: str) -> int:
    shown = text if len(text) <= 30 else text[:27] + "..."
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown!r} is not a whole number") from None
    if not 0 <= number <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"must be from 0 to {MAX_SEED}, not {shown}")
    return number


def parse_levels(text: str) -> tuple[BotLevel, ...]:
    """``hard,normal,normal`` as bot levels, one per seat; a one-line reason if not."""
    known = ", ".join(level.value for level in BotLevel)
    levels = []
    for word in text.split(","):
        name = word.strip().lower()
        try:
            levels.append(BotLevel(name))
        except ValueError:
            shown = name if len(name) <= 20 else name[:17] + "..."
            raise argparse.ArgumentTypeError(
                f"unknown bot level {shown!r} (choose from {known})"
            ) from None
    return tuple(levels)


def default_levels(game: str) -> tuple[BotLevel, ...]:
    """One hard bot against normal ones, at as many seats as the game's arena has."""
    seats = plugin(game).arena_seats
    return (BotLevel.HARD, *[BotLevel.NORMAL] * (seats - 1))


def add_arena_parser(
    subparsers: argparse._SubParsersAction[Any],
) -> argparse.ArgumentParser:
    """Add ``arena`` to the command line's commands (its parser class is the subparsers')."""
    arena: argparse.ArgumentParser = subparsers.add_parser(
        "arena",
        help="play bots against each other and measure them",
        description=(
            "Play many headless games between bot levels and print each seat's win share "
            "(or money per game, at a game played for money) with its 95% interval, and each bot's "
            "decision times. Seats change chairs every game, so no seat keeps a good chair."
        ),
        add_help=False,
    )
    arena.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    arena.add_argument("game", nargs="?", help=f"the game to play ({', '.join(registered())})")
    arena.add_argument(
        "--seats",
        type=parse_levels,
        metavar="LEVELS",
        help="one bot level per seat, comma-separated (easy, normal, hard); "
        f"default {_default_levels_words()}",
    )
    arena.add_argument(
        "--games",
        type=count_at_least_one,
        default=DEFAULT_GAMES,
        metavar="N",
        help=f"games to play (default {DEFAULT_GAMES}{_game_words()})",
    )
    arena.add_argument(
        "--seed",
        type=_seed,
        default=DEFAULT_SEED,
        metavar="N",
        help=f"the match's seed; every game's shuffle follows from it (default {DEFAULT_SEED})",
    )
    add_pool_arguments(arena)
    arena.add_argument("--json", action="store_true", help="print the result as JSON")
    arena.set_defaults(arena_help=arena.format_help)
    return arena


def _default_levels_words() -> str:
    """``hard,normal,normal,normal (hard,normal,normal at liars-poker-bills)``."""
    by_levels: dict[str, list[str]] = {}
    for game in registered():
        levels = ",".join(level.value for level in default_levels(game))
        by_levels.setdefault(levels, []).append(game)
    if not by_levels:
        return "one level per seat"
    (usual, _), *others = sorted(by_levels.items(), key=lambda item: -len(item[1]))
    exceptions = [f"{levels} at {', '.join(games)}" for levels, games in others]
    return usual + (f" ({'; '.join(exceptions)})" if exceptions else "")


def _game_words() -> str:
    """``; at liars-poker-bills, one deal each``: what a game is where it is not a whole one."""
    return "".join(
        f"; at {game.id}, {game.arena_game_words}"
        for game in registered().values()
        if game.arena_game_words
    )


def arena_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the options that argparse cannot see alone; None when nothing."""
    if args.game is None:
        return "arena needs a game, such as: liar-tui arena liar-game"
    game = registered().get(args.game)
    if game is None:
        return f"unknown game {shorten(args.game)!r} (choose from {', '.join(registered())})"
    seats = len(args.seats) if args.seats is not None else len(default_levels(game.id))
    if not game.min_seats <= seats <= game.max_seats:
        return f"{game.title} seats {game.min_seats} to {game.max_seats} players, not {seats}"
    return None


def run_arena(args: argparse.Namespace) -> int:
    """Run the arena the parsed command line asks for; the exit code."""
    if args.help:
        print(args.arena_help().rstrip("\n"))
        return 0
    if problem := arena_problem(args):
        print(f"{PROG}: error: {problem}", file=sys.stderr)
        return USAGE_ERROR
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    from liar_tui.arena.report import result_json, result_table
    from liar_tui.arena.runner import ArenaError, default_match, run_match

    levels = args.seats if args.seats is not None else default_levels(args.game)
    match = default_match(args.game, levels, args.games, args.seed)
    progress_console = Console(stderr=True)
    try:
        if progress_console.is_terminal:
            with Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=progress_console,
                transient=True,
            ) as progress:
                task = progress.add_task(plugin(args.game).title, total=args.games)
                result = run_match(
                    match, args.jobs, lambda done: progress.advance(task, done), args.ray
                )
        else:
            result = run_match(match, args.jobs, ray_address=args.ray)
    except PoolUnavailable as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except ArenaError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return FAILED
    except KeyboardInterrupt:
        print(f"{PROG}: arena stopped before the end; nothing to report.", file=sys.stderr)
        return INTERRUPTED
    if args.json:
        print(result_json(result))
    else:
        Console().print(result_table(result))
    return 0
