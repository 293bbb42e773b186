"""How the player is doing: per game and per kind of opponent, games, wins, win share with
its 95% interval, streaks and the mean final score (issue 14, point 4).

Every number is the player's own: a table host's records (nobody's seat) and the games
``liar-tui import`` brought in (someone else's play) are left out. A game counts once in
its title's ``all`` line, and once in the line of each kind of opponent it had: each bot
level among its opponents, and ``people`` when any opponent was a person. A game against a
hard and an easy bot is in both lines.

One query (:func:`read_stats`) reads one small row a game, in the order the games ended,
from an index of the player's games that holds all it reads: the game's bit mask of its
kinds of opponent (``games.opponent_kinds``) and the recording seat's result (copied to the
game's row as ``player_won`` and ``player_score``); no log and no seat is read. One pass in
Python (:func:`stats_of_rows`) then counts every line. Doing it all in SQL, with a window
function numbering the runs of wins, measured ten times slower: it sorts every game once
per line. A second query reads each title's own numbers (the plugins' ``game_counts``, kept
per game in ``seat_counts``) as SQLite keeps them summed in ``count_totals``; the title's
plugin words them as :attr:`GameStats.game_lines`. The interval (:func:`wilson_interval`)
is a pure function of the counts. :func:`read_ledger` gives one title's running total of
scores for the stats screen's plot.
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass, replace
from datetime import datetime
from functools import reduce
from itertools import compress, groupby
from operator import itemgetter
from typing import TYPE_CHECKING

from liar_tui.games import registered
from liar_tui.intervals import Z_95, wilson_bounds
from liar_tui.store.history.records import OPPONENT_KINDS
from liar_tui.store.history.records import PEOPLE as PEOPLE
from liar_tui.table.seats import BotLevel

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Iterable, Mapping

    from liar_tui.store.history.store import HistoryStore

ALL = "all"
"""The line of every game of a title, whoever the opponents were."""
OPPONENT_ORDER: tuple[str, ...] = (ALL, *(level.value for level in BotLevel), PEOPLE)
"""The lines of a title in the order they are shown: all, the bot levels easiest first,
people."""


@dataclass(frozen=True)
class Interval:
    """A range of win shares, each end between 0 and 1."""

    low: float
    high: float


def wilson_interval(wins: int, games: int, z: float = Z_95) -> Interval:
    """The Wilson score interval of a win share of ``wins`` in ``games``
    (:func:`~liar_tui.intervals.wilson_bounds`). No games say nothing: the interval is all
    of [0, 1]."""
    if games == 0 and wins == 0:
        return Interval(0.0, 1.0)
    return Interval(*wilson_bounds(wins, games, z))


@dataclass(frozen=True)
class OpponentStats:
    """One line of a title's stats: the games against one kind of opponent."""

    against: str
    """:data:`ALL`, :data:`PEOPLE` or a :class:`BotLevel` 's value."""
    games: int
    wins: int
    total_score: float
    """The sum of the recording seat's final scores (points, money or lives, as the game's
    plugin reports them)."""
    longest_streak: int
    """The most wins in a row, in the order the games ended."""
    current_streak: int
    """The wins in a row since the last loss (all of them when there was none)."""

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> Interval:
        return wilson_interval(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        return self.total_score / self.games if self.games else 0.0


@dataclass(frozen=True)
class GameStats:
    """A title's stats: its ``all`` line first, then one per kind of opponent it had."""

    game: str
    lines: tuple[OpponentStats, ...]
    game_lines: tuple[tuple[str, str], ...] = ()
    """The game's own numbers as label and value text (``Points per round``, ``12.5``), in
    the order its plugin gives them: what its ``count_lines`` makes of the counts its
    ``game_counts`` summed over the player's games."""
    counts: tuple[tuple[str, int], ...] = ()
    """Those sums by name, in order of name: for readers that want the numbers."""

    @property
    def overall(self) -> OpponentStats:
        return self.lines[0]


_PLAYED = "g.recording_seat IS NOT NULL AND g.imported = 0"
"""The player's own games: the condition of the ``games_played_by_title`` index, which
SQLite uses only when a query states it as the index does."""
_RESULT_KNOWN = "g.player_won IS NOT NULL AND g.player_score IS NOT NULL"
"""A game whose result step 2 could fill in: a version-1 file that lost its recording
seat's row leaves them empty, and such a game counts for nothing rather than failing."""

# One row a game of the player's, title by title, in the order the games ended: the order
# of the ``games_played_by_title`` index, which holds every column read (no sort, no visit
# to the game's row or its seats). A game is one small number, its code: its mask of kinds
# of opponent and whether the player won (``mask * 2 + won``), and the player's score.
_STATS_QUERY = f"""
SELECT g.game, g.opponent_kinds * 2 + g.player_won, g.player_score
FROM games AS g
WHERE {_PLAYED} AND {_RESULT_KNOWN} {{game_condition}}
ORDER BY g.game, g.ended_at, g.id
"""

# Each title's own numbers, summed over the player's games: SQLite keeps the sums as the
# games are recorded (the ``count_totals`` triggers of schema step 2).
_COUNTS_QUERY = """
SELECT g.game, g.name, g.total FROM count_totals AS g WHERE g.total != 0 {game_condition}
"""

Row = tuple[str, int, float]
"""A game as :func:`read_stats` reads it: its title, its code (``mask * 2 + won``: the bit
mask of its kinds of opponent, and whether the player won) and the player's final score."""


def stats_query(game: str | None) -> tuple[str, tuple[object, ...]]:
    """The SQL of :func:`read_stats` 's lines and its parameters."""
    return _of_game(_STATS_QUERY, game)


def counts_query(game: str | None) -> tuple[str, tuple[object, ...]]:
    """The SQL of :func:`read_stats` 's sums of each title's own numbers, and its
    parameters."""
    return _of_game(_COUNTS_QUERY, game)


def _of_game(query: str, game: str | None) -> tuple[str, tuple[object, ...]]:
    condition = "AND g.game = ?" if game is not None else ""
    return query.format(game_condition=condition), (game,) if game is not None else ()


def read_stats(connection: sqlite3.Connection, game: str | None = None) -> tuple[GameStats, ...]:
    """The stats of every title in the history (only ``game`` 's when given), titles in the
    order of their ids, each title's lines in :data:`OPPONENT_ORDER`, and its own numbers
    as its plugin words them."""
    sums: dict[str, dict[str, int]] = {}
    for title, name, total in connection.execute(*counts_query(game)):
        sums.setdefault(title, {})[name] = total
    return tuple(
        replace(
            stats,
            game_lines=_game_lines(stats, sums.get(stats.game, {})),
            counts=tuple(sorted(sums.get(stats.game, {}).items())),
        )
        for stats in stats_of_rows(connection.execute(*stats_query(game)).fetchall())
    )


def _game_lines(stats: GameStats, sums: Mapping[str, int]) -> tuple[tuple[str, str], ...]:
    """The title's own numbers as its plugin words them; none for a game whose plugin is
    gone (its lines of wins still stand)."""
    plugin = registered().get(stats.game)
    return plugin.count_lines(sums, stats.overall.games) if plugin is not None else ()


def stats_of_rows(rows: Iterable[Row]) -> tuple[GameStats, ...]:
    """The stats of ``rows``, title by title, each title's games in the order they ended.

    Each title's games become two sequences, their codes as bytes and their scores, and
    each line is read from them by the bytes' own methods, which run in C: the line's games
    picked by ``translate`` to a string of wins (``1``) and losses (``0``), whose runs of
    ``1`` are the streaks, and its scores by ``compress``. Python touches each game once,
    where a fold counting every line game by game measured three times slower.
    """
    found = []
    for title, games in groupby(rows, key=itemgetter(0)):
        played = list(games)
        codes = bytes(map(itemgetter(1), played))
        scores = list(map(itemgetter(2), played))
        kinds = reduce(operator.or_, set(codes), 0) >> 1
        lines = [_line(ALL, codes, scores, None)]
        lines.extend(
            _line(kind, codes, scores, bit)
            for bit, kind in enumerate(OPPONENT_KINDS)
            if kinds >> bit & 1
        )
        found.append(GameStats(title, tuple(sorted(lines, key=_line_order))))
    return tuple(found)


def _line(against: str, codes: bytes, scores: list[float], bit: int | None) -> OpponentStats:
    """The line of the games whose mask has ``bit`` (every game for None)."""
    if bit is None:
        results = codes.translate(_RESULT)
        total = math.fsum(scores)
    else:
        results = codes.translate(_RESULT, _WITHOUT[bit])
        total = math.fsum(compress(scores, codes.translate(_HAS[bit])))
    return OpponentStats(
        against,
        games=len(results),
        wins=results.count(b"1"),
        total_score=total,
        longest_streak=max(map(len, results.split(b"0"))),
        current_streak=len(results) - len(results.rstrip(b"1")),
    )


_CODES = range(256)
_RESULT = bytes(ord("1") if code & 1 else ord("0") for code in _CODES)
"""A code to the game's result: ``1`` a win, ``0`` a loss."""
_HAS = [bytes(code >> 1 >> bit & 1 for code in _CODES) for bit in range(len(OPPONENT_KINDS))]
"""By bit: a code to 1 when its mask has the bit, else 0 (``compress`` 's selectors)."""
_WITHOUT = [
    bytes(code for code in _CODES if not code >> 1 >> bit & 1) for bit in range(len(OPPONENT_KINDS))
]
"""By bit: the codes whose mask lacks the bit, which ``translate`` deletes."""


def history_stats(store: HistoryStore, game: str | None = None) -> tuple[GameStats, ...]:
    """:func:`read_stats` of ``store`` 's file, with its handling of faults: raises
    :class:`~liar_tui.store.history.HistoryError` when the history cannot be read."""
    return store.read(lambda connection: read_stats(connection, game))


@dataclass(frozen=True)
class LeftOut:
    """The games of a history that are not the player's own, which the stats leave out."""

    hosted: int
    """A table host's records of the games it ran for others (nobody's seat)."""
    imported: int
    """Games ``liar-tui import`` brought in: someone else's play."""


def read_left_out(connection: sqlite3.Connection, game: str | None = None) -> LeftOut:
    """How many games of the history (only ``game`` 's when given) the stats leave out, and
    why: what to say instead of "no games" when those are all there is."""
    query, parameters = _of_game(
        "SELECT count(*) FILTER (WHERE g.recording_seat IS NULL), "
        "count(*) FILTER (WHERE g.recording_seat IS NOT NULL AND g.imported) "
        "FROM games AS g WHERE 1 {game_condition}",
        game,
    )
    hosted, imported = connection.execute(query, parameters).fetchone()
    return LeftOut(hosted, imported)


def history_left_out(store: HistoryStore, game: str | None = None) -> LeftOut:
    """:func:`read_left_out` of ``store`` 's file; raises as :func:`history_stats`."""
    return store.read(lambda connection: read_left_out(connection, game))


@dataclass(frozen=True)
class LedgerPoint:
    """The recording seat's running total of final scores after one game: at a money
    game, the money won or lost so far."""

    ended_at: datetime
    total: float


# The player's games of one title, oldest first, from the index the stats read; the
# running sum is added up in Python, which measured twice as fast as SQLite's window.
_LEDGER_QUERY = f"""
SELECT g.ended_at, g.player_score FROM games AS g
WHERE {_PLAYED} AND {_RESULT_KNOWN} AND g.game = ?
ORDER BY g.ended_at, g.id
"""


def read_ledger(connection: sqlite3.Connection, game: str) -> tuple[LedgerPoint, ...]:
    """The recording seat's running total of ``game`` 's final scores, one point a game in
    the order the games ended (the stats screen's plot; the screen thins them to its
    width)."""
    points = []
    total = 0.0
    for ended_at, score in connection.execute(_LEDGER_QUERY, (game,)):
        total += score
        points.append(LedgerPoint(datetime.fromisoformat(ended_at), total))
    return tuple(points)


def history_ledger(store: HistoryStore, game: str) -> tuple[LedgerPoint, ...]:
    """:func:`read_ledger` of ``store`` 's file; raises as :func:`history_stats`."""
    return store.read(lambda connection: read_ledger(connection, game))


def _line_order(line: OpponentStats) -> int:
    return OPPONENT_ORDER.index(line.against) if line.against in OPPONENT_ORDER else 99
