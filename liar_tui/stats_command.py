"""``liar-tui stats``: how you are doing, per game and per kind of opponent.

A small table per game, one line per kind of opponent: all of them, each bot level you
played, and people (a game against a hard and an easy bot counts in both lines)::

    <game title>
      against        games   wins  share   95% interval   streak now/best   mean score
      all opponents     12      5    42%    19% – 68%                 1/3        206.0
      hard bots          4      1    25%     5% – 70%                 0/1        180.5
      Points per round   18.7
      Rounds won         29 of 89 (33%)

The interval is the Wilson score interval of the win share; streaks are wins in a row in
the order the games ended; the last column is your mean final score per game, named for
what the game's own number is (``mean score`` for points, ``mean lives left``, and ``$ a
game`` for money, written as money). Under the table, the game's own numbers, as its plugin
words them. Only your own seat's games count: a table host's records and imported games
are left out (a history of only those says so).

With ``--json``, an array with one object a game, in the order the app lists the games::

    [{"game": "<game id>", "title": "<game title>",
      "lines": [{"against": "all", "games": 12, "wins": 5, "win_share": 0.4167,
                 "interval": {"low": 0.1933, "high": 0.6805},
                 "current_streak": 1, "longest_streak": 3, "mean_score": 206.0}, ...],
      "game_lines": [{"label": "Points per round", "value": "18.7"}, ...],
      "counts": {"points": 1663, "rounds": 89, ...}}]

``against`` is ``all``, a bot level (``easy``, ``normal``, ``hard``) or ``people``;
``win_share`` and the interval are fractions of 1; ``counts`` are the sums the game lines
are worded from, by the names the game's plugin gives them. Textual is never imported
here.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from liar_tui.games import registered
from liar_tui.games.plugin import Scoring
from liar_tui.history_command import (
    PROG,
    READ_ERROR,
    empty_text,
    game_argument,
    print_to_reader,
    printable,
    read_history,
    title,
)
from liar_tui.money import money_text

if TYPE_CHECKING:
    from liar_tui.store.history import HistoryStore
    from liar_tui.store.history.stats import GameStats, LeftOut, OpponentStats

JSON_SHAPE = (
    "--json prints an array with one object a game: game, title, and lines, each with "
    "against (all, a bot level or people), games, wins, win_share, interval (low, high: "
    "fractions of 1), current_streak, longest_streak and mean_score; game_lines (label, "
    "value: the game's own numbers, worded) and counts (their sums by name)."
)
STREAK_HEADING = "streak now/best"
SCORE_WIDTH = 10
"""The least width of the last column, whose name depends on the game."""


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``stats`` to the command line's commands (its parser class is the subparsers')."""
    stats: argparse.ArgumentParser = commands.add_parser(
        "stats",
        help="how you are doing, per game and per kind of opponent",
        description=(
            "Your games, wins, win share with its 95% interval (Wilson), streaks and mean "
            "final score, per game and per kind of opponent: all, each bot level, people. "
            "A game against a hard and an easy bot counts in both lines."
        ),
        epilog=JSON_SHAPE,
        add_help=False,
    )
    stats.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    stats.add_argument(
        "--game",
        type=game_argument,
        metavar="G",
        help=f"only this game ({', '.join(registered())})",
    )
    stats.add_argument("--json", action="store_true", help="print JSON instead of tables")
    stats.set_defaults(stats_help=stats.format_help)


SAY_COUNTING_FROM = 200
"""Games still to count (about 5 ms each) from which the command says why it waits."""


def counting_text(games: int) -> str:
    """Why a long wait: said once, before the counting, as it happens once for a file."""
    return (
        f"Counting {games:,} games an older liar-tui recorded (once, about a second for "
        "every two hundred) before printing the stats."
    )


def run(args: argparse.Namespace) -> int:
    """Print the stats the parsed command line asks for; the exit code."""
    if args.help:
        print(args.stats_help().rstrip("\n"))
        return 0
    from liar_tui.store.history import HistoryError, HistoryFilter
    from liar_tui.store.history.stats import LeftOut, history_left_out, history_stats

    def read(store: HistoryStore) -> tuple[tuple[GameStats, ...], LeftOut]:
        # The command ends before counting in the background would: games an older
        # liar-tui recorded are counted first, so no stats leave their numbers out.
        try:
            if (left := store.games_to_count()) >= SAY_COUNTING_FROM:
                print(f"{PROG}: {counting_text(left)}", file=sys.stderr, flush=True)
            store.finish_counting()
            not_counted = None
        except HistoryError as error:  # not written (a full disk): every other number reads
            not_counted = str(error)
        found = history_stats(store, args.game)
        if not_counted is not None and (left := store.games_to_count()):
            print(f"{PROG}: {uncounted_text(not_counted, left)}", file=sys.stderr)
        return found, LeftOut(0, 0) if found else history_left_out(store, args.game)

    nothing: tuple[tuple[GameStats, ...], LeftOut] = ((), LeftOut(0, 0))
    try:
        found, left_out = read_history(read, nothing)
    except HistoryError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return READ_ERROR
    in_order = sorted(found, key=lambda stats: _game_order(stats.game))
    if args.json:
        # Escaped, as history's: whole whatever the terminal's encoding.
        print_to_reader(lambda: print(json.dumps([stats_json(stats) for stats in in_order])))
    elif not found:
        empty = left_out_text(left_out, args.game) or empty_text(HistoryFilter(game=args.game))
        print_to_reader(lambda: print(printable(empty)))
    else:
        lines = [line for stats in in_order for line in ("", *table_lines(stats))][1:]
        print_to_reader(lambda: print("\n".join(printable(line) for line in lines)))
    return 0


def _game_order(game: str) -> int:
    """Games in the order the app lists them; one whose plugin is gone, last."""
    known = list(registered())
    return known.index(game) if game in known else len(known)


# ----------------------------------------------------------------------------- wording


def against_text(against: str) -> str:
    """``all opponents``, ``hard bots``, ``people``."""
    from liar_tui.store.history.stats import ALL, PEOPLE

    if against == ALL:
        return "all opponents"
    return "people" if against == PEOPLE else f"{against} bots"


def percent(share: float) -> str:
    return f"{round(share * 100)}%"


def is_money_game(game: str) -> bool:
    """Whether ``game`` is played for money (a game whose plugin is gone is not)."""
    plugin = registered().get(game)
    return plugin is not None and plugin.scoring is Scoring.MONEY


def score_heading(game: str) -> str:
    """The last column's name: ``$ a game`` for a money game, else the mean of what the
    game's final number is (``mean score``, ``mean lives left``)."""
    if is_money_game(game):
        return "$ a game"
    plugin = registered().get(game)
    return f"mean {plugin.score_name if plugin is not None else 'score'}"


def score_cell(game: str, mean: float) -> str:
    """A line's mean final score: money as money, any other score to a tenth."""
    return money_text(mean) if is_money_game(game) else f"{mean:,.1f}"


def streak_text(line: OpponentStats) -> str:
    """The current and the longest win streak, ``1/3``, under :data:`STREAK_HEADING`."""
    return f"{line.current_streak}/{line.longest_streak}"


def uncounted_text(problem: str, left: int) -> str:
    """Why the stats leave out the numbers of the ``left`` games an older liar-tui recorded:
    ``problem``, the sentence of the file that kept them from being counted."""
    games = f"{left:,} game{'' if left == 1 else 's'}"
    return (
        f"{problem.rstrip('.')}: the stats leave out the points, bluffs and money of {games} "
        "an older liar-tui recorded."
    )


def left_out_text(left_out: LeftOut, game: str | None) -> str | None:
    """The sentence for a history whose games are none of them the player's own (a table
    host's records, imported games), saying what it holds; None when it holds none."""
    held = [
        f"{count} {noun if count == 1 else noun.replace('game', 'games')}"
        for count, noun in (
            (left_out.hosted, "game hosted at your table"),
            (left_out.imported, "imported game"),
        )
        if count
    ]
    if not held:
        return None
    games = f"{title(game)} games" if game is not None else "games"
    return (
        f"No {games} of your own to count: your history holds only {' and '.join(held)}, "
        "which the stats leave out."
    )


def table_lines(stats: GameStats) -> list[str]:
    """A game's title, the columns' names, one line per kind of opponent, then the game's
    own numbers, label and value."""
    width = max((len(label) for label, _ in stats.game_lines), default=0)
    heading = score_heading(stats.game)
    score_width = max(SCORE_WIDTH, len(heading))
    header = (
        f"  {'against':<13} {'games':>6} {'wins':>6} {'share':>6}   {'95% interval':<13} "
        f"{STREAK_HEADING:>16}   {heading:>{score_width}}"
    )
    return [
        title(stats.game),
        header,
        *(line_text(line, stats.game, score_width) for line in stats.lines),
        *(f"  {label:<{width}}   {value}" for label, value in stats.game_lines),
    ]


def line_text(line: OpponentStats, game: str, score_width: int) -> str:
    interval = line.interval
    spread = f"{percent(interval.low):>4} – {percent(interval.high):<4}"
    score = score_cell(game, line.mean_score)
    return (
        f"  {against_text(line.against):<13} {line.games:>6} {line.wins:>6} "
        f"{percent(line.win_share):>6}   {spread:<13} {streak_text(line):>16}   "
        f"{score:>{score_width}}"
    )


def stats_json(stats: GameStats) -> dict[str, Any]:
    """One game of ``--json``, in the shape the module's docstring shows."""
    return {
        "game": stats.game,
        "title": title(stats.game),
        "lines": [
            {
                "against": line.against,
                "games": line.games,
                "wins": line.wins,
                "win_share": line.win_share,
                "interval": {"low": line.interval.low, "high": line.interval.high},
                "current_streak": line.current_streak,
                "longest_streak": line.longest_streak,
                "mean_score": line.mean_score,
            }
            for line in stats.lines
        ],
        "game_lines": [{"label": label, "value": value} for label, value in stats.game_lines],
        "counts": dict(stats.counts),
    }
