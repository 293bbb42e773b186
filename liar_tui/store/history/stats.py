"""How the player is doing: per game and per kind of opponent, games, wins, win share with
its 95% interval, streaks and the mean final score (issue 14, point 4).

Every number is the recording seat's: a table host's records (nobody's seat) are left out.
A game counts once in its title's ``all`` line, and once in the line of each kind of
opponent it had: each bot level among its opponents, and ``people`` when any opponent was a
person. A game against a hard and an easy bot is in both lines.

One query (:func:`read_stats`) reads one small row a game, in the order the games ended,
along the index the history list reads: the recording seat's result, and a bit mask of the
kinds of opponent summed by SQLite from the seats table (no log is read). One pass in
Python (:func:`stats_of_rows`) then counts every line. Doing it all in SQL, with a window
function numbering the runs of wins, measured ten times slower: it sorts every game once
per line. The interval (:func:`wilson_interval`) is a pure function of the counts.
:func:`read_ledger` gives one title's running total of scores for the stats screen's plot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from liar_tui.table.seats import BotLevel

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Iterable

    from liar_tui.store.history.store import HistoryStore

ALL = "all"
"""The line of every game of a title, whoever the opponents were."""
PEOPLE = "people"
"""The line of the games with at least one person among the opponents."""
OPPONENT_ORDER: tuple[str, ...] = (ALL, *(level.value for level in BotLevel), PEOPLE)
"""The lines of a title in the order they are shown: all, the bot levels easiest first,
people."""

Z_95 = 1.959963984540054
"""The standard normal quantile of 0.975: a two-sided 95% interval."""


@dataclass(frozen=True)
class Interval:
    """A range of win shares, each end between 0 and 1."""

    low: float
    high: float


def wilson_interval(wins: int, games: int, z: float = Z_95) -> Interval:
    """The Wilson score interval of a win share of ``wins`` in ``games``.

    Chosen over the textbook ``p ± z·√(p(1-p)/n)`` because it stays inside [0, 1] and is
    not zero-width at 0 or n wins out of a few games, which is where a player's numbers
    start. No games say nothing: the interval is all of [0, 1].
    """
    if not 0 <= wins <= games:
        raise ValueError(f"{wins} wins cannot come from {games} games")
    if games == 0:
        return Interval(0.0, 1.0)
    share = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (share + z2 / (2 * games)) / denominator
    half = z / denominator * math.sqrt(share * (1 - share) / games + z2 / (4 * games * games))
    return Interval(max(0.0, centre - half), min(1.0, centre + half))


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

    @property
    def overall(self) -> OpponentStats:
        return self.lines[0]


_KINDS: tuple[str, ...] = (*(level.value for level in BotLevel), PEOPLE)
"""The kinds of opponent, each a bit of a game's mask: bit ``i`` is ``_KINDS[i]``."""
_KIND_BIT = " ".join(
    f"WHEN '{kind}' THEN {1 << bit}" for bit, kind in enumerate(_KINDS) if kind != PEOPLE
)

# One row a game of the recording seat, in the order the games ended (the order of the
# ``games_newest_first`` index, read backwards: no sort), with the mask of the kinds of
# opponent it had, summed from the game's own seats by their primary key.
_STATS_QUERY = f"""
SELECT g.game, s.won, s.score, (
    SELECT sum(DISTINCT CASE WHEN o.kind = 'human' THEN {1 << _KINDS.index(PEOPLE)}
                             ELSE CASE o.level {_KIND_BIT} ELSE 0 END END)
    FROM seats AS o WHERE o.game_id = g.id AND o.opponent = 1
)
FROM games AS g JOIN seats AS s ON s.game_id = g.id AND s.seat = g.recording_seat
WHERE g.recording_seat IS NOT NULL {{game_condition}}
ORDER BY g.ended_at, g.id
"""

Row = tuple[str, int, float, int | None]
"""A game as :func:`read_stats` reads it: its title, whether the recording seat won, that
seat's final score, and the mask of its kinds of opponent."""


def stats_query(game: str | None) -> tuple[str, tuple[object, ...]]:
    """The SQL of :func:`read_stats` and its parameters."""
    condition = "AND g.game = ?" if game is not None else ""
    return _STATS_QUERY.format(game_condition=condition), (game,) if game is not None else ()


def read_stats(connection: sqlite3.Connection, game: str | None = None) -> tuple[GameStats, ...]:
    """The stats of every title in the history (only ``game`` 's when given), titles in the
    order of their ids, each title's lines in :data:`OPPONENT_ORDER`."""
    return stats_of_rows(connection.execute(*stats_query(game)))


def stats_of_rows(rows: Iterable[Row]) -> tuple[GameStats, ...]:
    """The stats of ``rows``, games in the order they ended: one pass, a few integers kept
    per line (games, wins, score, longest and current streak)."""
    lines: dict[tuple[str, str], list[float]] = {}
    # The tallies a game adds to, by its title and mask: found once per mask, not per game.
    tallies_of: dict[tuple[str, int | None], tuple[list[float], ...]] = {}
    for title, won, score, mask in rows:
        tallies = tallies_of.get((title, mask))
        if tallies is None:
            kinds = (ALL, *(kind for bit, kind in enumerate(_KINDS) if (mask or 0) >> bit & 1))
            tallies = tallies_of[title, mask] = tuple(
                lines.setdefault((title, kind), [0, 0, 0.0, 0, 0]) for kind in kinds
            )
        for tally in tallies:
            tally[0] += 1
            tally[2] += score
            if won:
                tally[1] += 1
                tally[4] += 1
                if tally[4] > tally[3]:
                    tally[3] = tally[4]
            else:
                tally[4] = 0
    titles: dict[str, list[OpponentStats]] = {}
    for (title, kind), (games, wins, total, longest, current) in lines.items():
        titles.setdefault(title, []).append(
            OpponentStats(kind, int(games), int(wins), total, int(longest), int(current))
        )
    return tuple(
        GameStats(title, tuple(sorted(found, key=_line_order)))
        for title, found in sorted(titles.items())
    )


def history_stats(store: HistoryStore, game: str | None = None) -> tuple[GameStats, ...]:
    """:func:`read_stats` of ``store`` 's file, with its handling of faults: raises
    :class:`~liar_tui.store.history.HistoryError` when the history cannot be read."""
    return store.read(lambda connection: read_stats(connection, game))


@dataclass(frozen=True)
class LedgerPoint:
    """The recording seat's running total of final scores after one game: at a money
    game, the money won or lost so far."""

    ended_at: datetime
    total: float


# The running sum along the index the list reads, oldest first: SQLite adds it up.
_LEDGER_QUERY = """
SELECT g.ended_at, sum(s.score) OVER (ORDER BY g.ended_at, g.id)
FROM games AS g JOIN seats AS s ON s.game_id = g.id AND s.seat = g.recording_seat
WHERE g.game = ?
ORDER BY g.ended_at, g.id
"""


def read_ledger(connection: sqlite3.Connection, game: str) -> tuple[LedgerPoint, ...]:
    """The recording seat's running total of ``game`` 's final scores, one point a game in
    the order the games ended (the stats screen's plot; the screen thins them to its
    width)."""
    return tuple(
        LedgerPoint(datetime.fromisoformat(ended_at), total)
        for ended_at, total in connection.execute(_LEDGER_QUERY, (game,))
    )


def history_ledger(store: HistoryStore, game: str) -> tuple[LedgerPoint, ...]:
    """:func:`read_ledger` of ``store`` 's file; raises as :func:`history_stats`."""
    return store.read(lambda connection: read_ledger(connection, game))


def _line_order(line: OpponentStats) -> int:
    return OPPONENT_ORDER.index(line.against) if line.against in OPPONENT_ORDER else 99
