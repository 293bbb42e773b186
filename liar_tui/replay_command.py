"""``liar-tui replay ID``: the app opened straight at the replay of one game of history.

The game is read and replayed here first, before Textual is imported: an id with no game, or
a game that cannot be replayed, is one sentence on stderr and exit code 2, and no app is
started for it.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from liar_tui.exchange_command import MAX_GAME_ID

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.screen import Screen


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``replay`` to the command line's commands."""
    replay: argparse.ArgumentParser = commands.add_parser(
        "replay",
        help="step through a finished game of your history",
        description=(
            "Open liar-tui at the replay of one finished game of your history, to step "
            "through it action by action. The numbers are liar-tui history --json's ids."
        ),
        add_help=False,
    )
    replay.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    replay.add_argument("game_id", nargs="?", type=game_number, metavar="ID", help="the game's id")
    replay.set_defaults(replay_help=replay.format_help)


def game_number(text: str) -> int:
    """``ID`` 's type: a game's id, or argparse's one-line refusal."""
    if not text.isdecimal() or not 1 <= int(text) <= MAX_GAME_ID:
        raise argparse.ArgumentTypeError(
            f"a game's id is a number from 1 to {MAX_GAME_ID}, not {text[:20]!r}"
        )
    return int(text)


def replay_problem(game_id: int) -> str | None:
    """Why game ``game_id`` cannot be replayed, in one sentence; None when it can."""
    from liar_tui.history_command import read_history
    from liar_tui.store.history import HistoryError
    from liar_tui.table.replay import ReplayProblem, no_such_game, replay_of

    try:
        record = read_history(lambda store: store.load_game(game_id), None)
        if record is None:
            return no_such_game(game_id)
        replay_of(record)
    except (HistoryError, ReplayProblem) as problem:
        return str(problem)
    return None


def replay_screen(game_id: int) -> Callable[[], Screen[Any]]:
    """What makes the replay's screen, for the app to open over home."""

    def screen() -> Screen[Any]:
        from liar_tui.screens.replay import ReplayScreen
        from liar_tui.store.history import HistoryStore, history_path

        return ReplayScreen(HistoryStore(history_path()), game_id)

    return screen
