"""``liar-tui history``: the finished games of the history file, newest first.

One line a game (when it ended, the game, and each seat with its place and final number,
the recording seat first), or with ``--json`` an array of objects, newest first::

    [{"id": 12, "game": "<game id>", "title": "<game title>",
      "started_at": "2026-12-02T01:00:00+00:00", "ended_at": "2026-12-02T01:10:00+00:00",
      "duration_seconds": 600.0, "visibility": "complete", "recording_seat": 0,
      "imported": false,
      "seats": [{"name": "You", "kind": "human", "level": null, "place": 2, "won": false,
                 "score": 206.0, "recording": true}, ...]}, ...]

Times in the JSON are ISO 8601 in UTC; the lines show local time. A game brought in by
``liar-tui import`` is marked ``, imported`` after its title (``"imported": true``). The
wording of a game's line (:func:`when_text`, :func:`seat_text`, :func:`game_title_text`) is
shared with the History screen. Textual is never imported here: the command prints and
stops.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from liar_tui.games import registered
from liar_tui.games.options import shorten
from liar_tui.games.plugin import Scoring
from liar_tui.money import money_text
from liar_tui.table.seats import BotLevel

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from liar_tui.store.history import GameSummary, HistoryFilter, HistoryStore, SeatResult

PROG = "liar-tui"
READ_ERROR = 1
PAGE = 500
"""Games read from the file at a time: the whole history is printed, a page at a time."""
SEPARATOR = " · "
Read = TypeVar("Read")


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``history`` to the command line's commands (its parser class is the subparsers')."""
    history: argparse.ArgumentParser = commands.add_parser(
        "history",
        help="list the games you have finished, newest first",
        description=(
            "List the finished games of your history, newest first: when each ended, the "
            "game, and each seat with its place and final score (yours first)."
        ),
        epilog=(
            "--json prints an array of objects, newest first: id, game, title, started_at "
            "and ended_at (ISO 8601, UTC), duration_seconds, visibility, recording_seat, "
            "imported, and seats (name, kind, level, place, won, score, recording)."
        ),
        add_help=False,
    )
    history.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    history.add_argument(
        "--game",
        type=game_argument,
        metavar="G",
        help=f"only the games of this game ({', '.join(registered())})",
    )
    history.add_argument(
        "--opponent",
        metavar="NAME_OR_LEVEL",
        help=(
            "only the games against this opponent: a name, or a bot level "
            f"({', '.join(level.value for level in BotLevel)})"
        ),
    )
    history.add_argument("--json", action="store_true", help="print JSON instead of lines")
    history.set_defaults(history_help=history.format_help)


def game_argument(text: str) -> str:
    """``--game`` 's type: a registered game's id, or argparse's one-line refusal naming the
    games there are (shared by ``history`` and ``stats``)."""
    if text not in registered():
        known = ", ".join(registered())
        raise argparse.ArgumentTypeError(f"unknown game {shorten(text)!r} (choose from {known})")
    return text


def chosen_filter(game: str | None, opponent: str | None) -> HistoryFilter:
    """The filter for ``--game`` and ``--opponent``: a level's name picks that level's bots,
    any other text the opponents of that name."""
    from liar_tui.store.history import HistoryFilter

    levels = {level.value: level for level in BotLevel}
    if opponent is not None and opponent.lower() in levels:
        return HistoryFilter(game=game, opponent_level=levels[opponent.lower()])
    return HistoryFilter(game=game, opponent_name=opponent)


def run(args: argparse.Namespace) -> int:
    """Print the history the parsed command line asks for; the exit code."""
    if args.help:
        print(args.history_help().rstrip("\n"))
        return 0
    from liar_tui.store.history import HistoryError

    where = chosen_filter(args.game, args.opponent)
    try:
        summaries: list[GameSummary] = read_history(
            lambda store: list(_all_games(store, where)), []
        )
    except HistoryError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return READ_ERROR
    print_to_reader(lambda: _print_games(summaries, where, as_json=args.json))
    return 0


def read_history(read: Callable[[HistoryStore], Read], nothing: Read) -> Read:
    """What ``read`` reads from the user's history; ``nothing`` when there is no history
    file yet, for a history never written is an empty one: reading it makes no file and no
    folder. The store's notices (a damaged file moved aside) go to stderr. Raises
    :class:`~liar_tui.store.history.HistoryError` when the history cannot be read."""
    from liar_tui.store.history import HistoryStore, history_path

    path = history_path()
    if not path.exists():
        return nothing
    # The stats count what an older liar-tui left uncounted themselves (finish_counting).
    store = HistoryStore(path, count_in_background=False)
    try:
        return read(store)
    finally:
        for notice in store.take_notices():
            print(f"{PROG}: {notice}", file=sys.stderr)
        store.close()


def print_to_reader(write: Callable[[], None]) -> None:
    """Run ``write``, which prints to stdout, and flush it; a reader that stops early
    (``| head``) ends it quietly."""
    try:
        write()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader wants no more. Standard output leads nowhere from here on, so that
        # Python's flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _print_games(summaries: list[GameSummary], where: HistoryFilter, *, as_json: bool) -> None:
    if as_json:
        # Escaped: the JSON stays whole whatever the terminal's encoding, and every reader
        # of JSON reads the escapes back.
        print(json.dumps([game_json(summary) for summary in summaries]))
    elif not summaries:
        print(printable(empty_text(where)))
    else:
        for summary in summaries:
            print(printable(game_line(summary)))


def printable(text: str) -> str:
    """``text`` as standard output can take it: where its encoding has no room for some
    character (a C locale's ASCII), ASCII look-alikes as the app's ASCII mode draws them."""
    encoding = sys.stdout.encoding or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        from liar_tui.ascii_only import ascii_text

        return ascii_text(text).encode(encoding, errors="replace").decode(encoding)
    return text


def _all_games(store: HistoryStore, where: HistoryFilter) -> Iterator[GameSummary]:
    offset = 0
    while True:
        page = store.list_games(where, limit=PAGE, offset=offset)
        yield from page
        if len(page) < PAGE:
            return
        offset += PAGE


# ----------------------------------------------------------------------------- wording


def title(game: str) -> str:
    """A game's title; its id for a game this liar-tui no longer has."""
    plugin = registered().get(game)
    return plugin.title if plugin is not None else game


def when_text(moment: datetime) -> str:
    """``2026-12-02 01:10`` in local time: to the minute, which tells games apart."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def ordinal(place: int) -> str:
    if place % 100 in (11, 12, 13):
        return f"{place}th"
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th') }"


def score_text(score: float) -> str:
    """A final score as the game shows it: whole numbers without a point."""
    return str(int(score)) if score == int(score) else f"{score:g}"


def seat_text(seat: SeatResult, game: str) -> str:
    """``Ada 1st (525)``; at a game played for money ``Ada 1st (+$3)``."""
    return f"{seat.name} {ordinal(seat.place)} ({score_words(game, seat.score)})"


def score_words(game: str, score: float) -> str:
    """A seat's final score as ``game`` counts it: money as money."""
    plugin = registered().get(game)
    money = plugin is not None and plugin.scoring is Scoring.MONEY
    return money_text(score) if money else score_text(score)


def seats_in_order(summary: GameSummary) -> tuple[SeatResult, ...]:
    """The recording seat first, then the others by place (in seat order where they tie)."""
    if summary.recording_seat is None:
        return tuple(sorted(summary.seats, key=lambda seat: seat.place))
    others = sorted(summary.opponents, key=lambda seat: seat.place)
    return (summary.seats[summary.recording_seat], *others)


IMPORTED_MARK = ", imported"
"""After the title of a game ``liar-tui import`` brought in: someone else's play, which the
stats leave out."""


def game_title_text(summary: GameSummary) -> str:
    """The game's title, marked when the game was imported: ``<game title>, imported``."""
    return title(summary.game) + (IMPORTED_MARK if summary.imported else "")


def game_line(summary: GameSummary) -> str:
    """``#12  2026-12-02 01:10  <game title>  You 2nd (206) · Ada 1st (525) · Bea 3rd (90)``:
    the id ``replay`` and ``export`` take, the title marked ``, imported`` for a game brought
    in by ``liar-tui import``, money as money."""
    seats = SEPARATOR.join(seat_text(seat, summary.game) for seat in seats_in_order(summary))
    return f"#{summary.id}  {when_text(summary.ended_at)}  {game_title_text(summary)}  {seats}"


def empty_text(where: HistoryFilter) -> str:
    """The one sentence for a history with no game ``where`` picks."""
    narrowed = ""
    if where.game is not None:
        narrowed += f" of {title(where.game)}"
    if where.opponent_level is not None:
        narrowed += f" against {where.opponent_level.value} bots"
    elif where.opponent_name is not None:
        narrowed += f" against {where.opponent_name}"
    if narrowed:
        return f"No finished games{narrowed} in your history."
    return "No finished games in your history yet: each game is recorded when it ends."


def game_json(summary: GameSummary) -> dict[str, Any]:
    """One game of ``--json``, in the shape the module's docstring shows."""
    return {
        "id": summary.id,
        "game": summary.game,
        "title": title(summary.game),
        "started_at": summary.started_at.isoformat(),
        "ended_at": summary.ended_at.isoformat(),
        "duration_seconds": summary.duration.total_seconds(),
        "visibility": summary.visibility.value,
        "recording_seat": summary.recording_seat,
        "imported": summary.imported,
        "seats": [
            {
                "name": seat.name,
                "kind": seat.kind.value,
                "level": seat.level.value if seat.level is not None else None,
                "place": seat.place,
                "won": seat.won,
                "score": seat.score,
                "recording": number == summary.recording_seat,
            }
            for number, seat in enumerate(summary.seats)
        ],
    }
