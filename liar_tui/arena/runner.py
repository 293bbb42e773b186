"""Playing an arena match: many headless games between bot levels, timed and summed up.

Every game is played on the table the app uses (:class:`~liar_tui.table.table.Table`, its
:class:`~liar_tui.table.table.Bus` and a :class:`~liar_tui.table.bot_seat.BotSeat` per
chair acting at once), so a bot measured here is the bot people play against.

Fairness and repeatability:

* The *entrants* are the bots in the order ``--seats`` lists them. In game ``i`` entrant
  ``e`` sits in chair ``(e + i) mod n``, so over every ``n`` games each entrant has sat in
  every chair once and the advantage of a chair (who starts, who speaks last) cancels.
* Game ``i`` gets its own table seed derived from the match seed and ``i`` alone, and the
  bots draw from generators derived from that table seed; the games are summed in index
  order. So a match gives the same results for any number of worker processes, here or on
  a Ray cluster (:mod:`liar_tui.arena.pool`).
* A game that runs on from deal to deal (a session, like dollar bills) has no natural end:
  here an arena "game" is the first game it scores (``completed_games()``), so N sessions
  of one deal each are independent, as the interval of a mean assumes. The session's own
  generator picks who opens that deal; the chair rotation above then spreads the openings
  evenly over the entrants.

The payoff of a game is what the state's ``returns()`` give each chair once it is scored:
a share of the win (a win shared by ``k`` seats counts ``1/k`` to each) or the money won,
as the game's plugin says. Every call of a bot's ``act`` is timed; times taken after the
arena's game is scored are dropped.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from liar_tui.arena.pool import open_pool
from liar_tui.arena.stats import Interval, mean_interval, percentile, wilson_interval
from liar_tui.bots.base import Bot
from liar_tui.games import bare_bot, plugin
from liar_tui.games.plugin import Scoring
from liar_tui.table.bot_seat import BotSeat, act_now, fail_loudly
from liar_tui.table.local import bot_rng, open_table
from liar_tui.table.seats import BotLevel, SeatConfig
from liar_tui.table.setup import MAX_SEED, TableSetup
from liar_tui.table.table import Bus, Refused, SeatUpdate, Table

GAMES_PER_CHUNK = 10
"""At most this many games go to a worker at once: enough to make sending them cheap, few
enough that the progress bar moves and an interrupted run stops soon."""


class ArenaError(Exception):
    """A game the arena could not finish, with enough said to replay it."""


@dataclass(frozen=True)
class Match:
    """What to play: a game, one bot level per entrant, how many games, from which seed."""

    game: str
    levels: tuple[BotLevel, ...]
    games: int
    seed: int
    rules: Any
    """The game's rules; :func:`default_match` uses the rules' defaults, not the settings,
    so that a match means the same on every machine."""


def default_match(game: str, levels: Sequence[BotLevel], games: int, seed: int) -> Match:
    return Match(game, tuple(levels), games, seed, plugin(game).default_rules())


@dataclass(frozen=True)
class PlayedGame:
    """One game's outcome, per entrant (not per chair)."""

    index: int
    table_seed: int
    payoffs: tuple[float, ...]
    decision_ms: tuple[tuple[float, ...], ...]


@dataclass(frozen=True)
class EntrantResult:
    entrant: int
    """The entrant's place in ``--seats``, from 0."""
    level: BotLevel
    result: Interval
    """Win share, or mean money per game, with its 95% interval."""
    decisions: int
    median_ms: float | None
    p99_ms: float | None
    """Decision times; None for an entrant that never had to decide."""


@dataclass(frozen=True)
class ArenaResult:
    game: str
    scoring: Scoring
    games: int
    seed: int
    entrants: tuple[EntrantResult, ...]


def table_seed(match_seed: int, index: int) -> int:
    """Game ``index``'s table seed: a function of the match seed and the index only."""
    return random.Random(f"arena:{match_seed}:{index}").randrange(MAX_SEED + 1)


def chair_of(entrant: int, index: int, seats: int) -> int:
    """Where an entrant sits in game ``index``: everyone moves one chair on per game."""
    return (entrant + index) % seats


class _TimedBot:
    """Passes views to a bot and times every decision while the game is still counted."""

    def __init__(self, bot: Bot, game: _GameInPlay) -> None:
        self._bot = bot
        self._game = game
        self.times_ms: list[float] = []

    def act(self, view: Any) -> Any:
        start = time.perf_counter_ns()
        action = self._bot.act(view)
        elapsed = (time.perf_counter_ns() - start) / 1e6
        if self._game.payoffs is None:
            self.times_ms.append(elapsed)
        return action


class _GameInPlay:
    """Listens to the table until it has scored its first game, and keeps what each chair got."""

    def __init__(self, table: Table) -> None:
        self._table = table
        self.payoffs: tuple[float, ...] | None = None

    def __call__(self, update: SeatUpdate | Refused) -> None:
        if self.payoffs is not None or isinstance(update, Refused):
            return
        if self._table.completed_games():
            self.payoffs = self._table.returns()
            self._table.close()


def play_game(match: Match, index: int) -> PlayedGame:
    """Play game ``index`` of the match to its end; :class:`ArenaError` if it cannot end."""
    seats = len(match.levels)
    entrant_in_chair = {chair_of(e, index, seats): e for e in range(seats)}
    levels = [match.levels[entrant_in_chair[chair]] for chair in range(seats)]
    seed = table_seed(match.seed, index)
    setup = TableSetup(
        match.game,
        match.rules,
        tuple(SeatConfig(f"Bot {chair + 1}", level=level) for chair, level in enumerate(levels)),
        seed,
    )
    table = open_table(setup)
    bus = Bus(table)
    in_play = _GameInPlay(table)
    table.subscribe(0, in_play)
    timed = [
        _TimedBot(bare_bot(match.game, level, bot_rng(setup, chair)), in_play)
        for chair, level in enumerate(levels)
    ]
    try:
        for chair, bot in enumerate(timed):
            table.subscribe(chair, BotSeat(chair, bot, bus, act_now, fail_loudly))
    except RuntimeError as error:
        raise ArenaError(f"game {index + 1} (table seed {seed}): {error}") from error
    if in_play.payoffs is None:
        raise ArenaError(f"game {index + 1} (table seed {seed}) stopped before its end")
    by_entrant = [entrant_in_chair[chair] for chair in range(seats)]
    payoffs = [0.0] * seats
    times: list[tuple[float, ...]] = [()] * seats
    for chair, entrant in enumerate(by_entrant):
        payoffs[entrant] = in_play.payoffs[chair]
        times[entrant] = tuple(timed[chair].times_ms)
    return PlayedGame(index, seed, tuple(payoffs), tuple(times))


def play_games(match: Match, indices: Sequence[int]) -> list[PlayedGame]:
    return [play_game(match, index) for index in indices]


def _chunks(games: int, jobs: int | None) -> Iterator[range]:
    """Games cut into chunks: one game each in this process (the progress bar moves every
    game), a few per worker's turn elsewhere (see :data:`GAMES_PER_CHUNK`)."""
    size = 1 if jobs == 1 else max(1, min(GAMES_PER_CHUNK, games // ((jobs or 1) * 4)))
    for start in range(0, games, size):
        yield range(start, min(games, start + size))


def run_match(
    match: Match,
    jobs: int | None = 1,
    on_progress: Callable[[int], None] | None = None,
    ray_address: str | None = None,
) -> ArenaResult:
    """Play every game of the match in ``jobs`` workers and sum the results up.

    ``on_progress`` hears how many games have just finished. ``jobs=1`` plays in this
    process, more in as many worker processes, and ``ray_address`` on a Ray cluster (with
    ``jobs=None``, on every CPU of it): see :func:`~liar_tui.arena.pool.open_pool`, and its
    :class:`~liar_tui.arena.pool.PoolUnavailable` when that cannot be had. The results are
    the same either way, since the games are summed in index order.
    """
    if jobs is None and ray_address is None:
        jobs = 1
    played: list[PlayedGame] = []
    with open_pool(jobs, ray_address) as pool:
        for chunk in pool.imap_unordered(partial(play_games, match), _chunks(match.games, jobs)):
            played += chunk
            if on_progress is not None:
                on_progress(len(chunk))
    played.sort(key=lambda game: game.index)
    return summarize(match, played)


def summarize(match: Match, played: Sequence[PlayedGame]) -> ArenaResult:
    """Each entrant's result with its interval, and its decision times, over ``played``."""
    scoring = plugin(match.game).scoring
    entrants = []
    for entrant, level in enumerate(match.levels):
        payoffs = [game.payoffs[entrant] for game in played]
        if scoring is Scoring.WIN_SHARE:
            result = wilson_interval(math.fsum(payoffs), len(payoffs))
        else:
            result = mean_interval(payoffs)
        times = [ms for game in played for ms in game.decision_ms[entrant]]
        median = percentile(times, 0.5) if times else None
        p99 = percentile(times, 0.99) if times else None
        entrants.append(EntrantResult(entrant, level, result, len(times), median, p99))
    return ArenaResult(match.game, scoring, len(played), match.seed, tuple(entrants))
