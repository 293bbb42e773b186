"""``liar-tui export ID`` and ``liar-tui import FILE``: share a finished game as a file.

``export`` prints one game of the history as JSON (the format of
:mod:`liar_tui.store.history.exchange`, documented in docs/game-format.md), to be
redirected: ``liar-tui export 12 > game.json``. ``import`` reads such a file (``-`` for
standard input), checks it by replaying it through the rules and records it as a new game;
anything it refuses is one sentence on stderr, exit code 1, and nothing written. Textual is
never imported here.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from liar_tui.history_command import PROG, READ_ERROR
from liar_tui.store.messages import os_reason, shown_path

if TYPE_CHECKING:
    from liar_tui.store.history import FinishedGame, HistoryStore

REFUSED = 1
USAGE_ERROR = 2
PAGE = 500
MAX_GAME_ID = 2**63 - 1
"""SQLite's largest row id: a larger number cannot even be asked for."""
MAX_IMPORT_CHARACTERS = 16 * 1024 * 1024
"""The most of a file import reads: far more than any game liar-tui exports (a long game's
file is tens of kilobytes), and little enough that a huge file, or an endless stream on
standard input, is refused before it fills the memory."""


def add_parsers(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``export`` and ``import`` to the command line's commands."""
    export: argparse.ArgumentParser = commands.add_parser(
        "export",
        help="print one finished game as JSON, to share it",
        description=(
            "Print one finished game of your history as JSON, to share it: "
            "liar-tui export 12 > game.json. The numbers are liar-tui history --json's ids."
        ),
        epilog="The format is described in docs/game-format.md.",
        add_help=False,
    )
    export.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    export.add_argument("id", nargs="?", type=_game_number, metavar="ID", help="the game's id")
    export.set_defaults(exchange_help=export.format_help)
    import_: argparse.ArgumentParser = commands.add_parser(
        "import",
        help="check a shared game by replaying it and add it to your history",
        description=(
            "Check a game exported by liar-tui by replaying it through the rules, and add it "
            "to your history; a file that does not replay is refused with the reason."
        ),
        epilog="FILE - reads standard input. The format is described in docs/game-format.md.",
        add_help=False,
    )
    import_.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    import_.add_argument("file", nargs="?", metavar="FILE", help="the exported game (- for stdin)")
    import_.set_defaults(exchange_help=import_.format_help)


def _game_number(text: str) -> int:
    if not text.isdecimal() or not 1 <= int(text) <= MAX_GAME_ID:
        raise argparse.ArgumentTypeError(
            f"a game's id is a number from 1 to {MAX_GAME_ID}, not {text[:20]!r}"
        )
    return int(text)


def run_export(args: argparse.Namespace) -> int:
    """Print the game ``args.id`` as JSON; the exit code."""
    if args.help:
        return _help(args)
    if args.id is None:
        return _refuse("export needs a game's id, such as: liar-tui export 12", USAGE_ERROR)
    from liar_tui.store.history import HistoryError, HistoryStore, history_path

    path = history_path()
    unknown = f"There is no game {args.id} in your history (liar-tui history lists them)."
    # A history never written holds no game, and asking for one makes no file.
    if not path.exists():
        return _refuse(unknown, READ_ERROR)
    store = HistoryStore(path, count_in_background=False)
    try:
        record = store.load_game(args.id)
    except HistoryError as error:
        return _refuse(str(error), READ_ERROR)
    finally:
        _close(store)
    if record is None:
        return _refuse(unknown, READ_ERROR)
    from liar_tui.store.history.exchange import exported

    try:
        # Escaped: the JSON stays whole whatever the terminal's encoding.
        print(json.dumps(exported(record.finished)))
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def run_import(args: argparse.Namespace) -> int:
    """Check the file ``args.file`` and record its game; the exit code."""
    if args.help:
        return _help(args)
    if args.file is None:
        return _refuse("import needs a file, such as: liar-tui import game.json", USAGE_ERROR)
    from liar_tui.store.history import HistoryError, HistoryStore, NotRecorded, history_path
    from liar_tui.store.history.exchange import ImportProblem, imported

    name = "Standard input" if args.file == "-" else shown_path(Path(args.file))
    try:
        text = _read_bounded(args.file)
    except UnicodeDecodeError:
        return _refuse(f"{name} cannot be imported: it is not UTF-8 text.")
    except OSError as error:
        return _refuse(f"{name} could not be read: {os_reason(error)}.")
    if len(text) > MAX_IMPORT_CHARACTERS:
        return _refuse(
            f"{name} cannot be imported: it is larger than any game liar-tui exports "
            f"(over {MAX_IMPORT_CHARACTERS // (1024 * 1024)} MiB)."
        )
    try:
        finished = imported(text)
    except ImportProblem as problem:
        return _refuse(f"{name} cannot be imported: {problem}.")
    store = HistoryStore(history_path(), count_in_background=False)
    try:
        already = _same_game(store, finished)
        if already is not None:
            return _refuse(
                f"{name} is game {already} of your history already: nothing was imported."
            )
        result = store.record(finished, imported=True)
    except HistoryError as error:
        return _refuse(str(error), READ_ERROR)
    finally:
        _close(store)
    if isinstance(result, NotRecorded):
        return _refuse(result.reason)
    print(f"Imported as game {result.game_id} of your history.")
    return 0


def _read_bounded(file: str) -> str:
    """The text of ``file`` (standard input for ``-``), read up to one character past
    :data:`MAX_IMPORT_CHARACTERS`: enough to tell a file too large without reading it all."""
    if file == "-":
        return sys.stdin.read(MAX_IMPORT_CHARACTERS + 1)
    with open(file, encoding="utf-8") as opened:
        return opened.read(MAX_IMPORT_CHARACTERS + 1)


def _same_game(store: HistoryStore, finished: FinishedGame) -> int | None:
    """The id of a game of the history equal to ``finished`` in every way but the numbers
    counted from it, if there is one: the list's summaries are matched first, and only a
    game that ended the same instant is read whole."""
    from liar_tui.store.history import HistoryFilter
    from liar_tui.store.history.starts import last_game_alone

    where = HistoryFilter(game=finished.game)
    offset = 0
    while page := store.list_games(where, limit=PAGE, offset=offset):
        for summary in page:
            if summary.ended_at != finished.ended_at or summary.seats != finished.seats:
                continue
            record = store.load_game(summary.id)
            # The seat's own numbers are a reading of the game, which another liar-tui (or
            # one from before they were counted) may have read otherwise: not the game.
            # A deal an older liar-tui stored keeps its session's whole log: compare its
            # deal alone, as import keeps it.
            if (
                record is not None
                and last_game_alone(replace(record.finished, counts=finished.counts)) == finished
            ):
                return record.id
        offset += PAGE
    return None


def _help(args: argparse.Namespace) -> int:
    print(args.exchange_help().rstrip("\n"))
    return 0


def _refuse(sentence: str, code: int = REFUSED) -> int:
    print(f"{PROG}: error: {sentence}", file=sys.stderr)
    return code


def _close(store: HistoryStore) -> None:
    for notice in store.take_notices():
        print(f"{PROG}: {notice}", file=sys.stderr)
    store.close()
