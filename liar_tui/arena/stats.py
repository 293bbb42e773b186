"""The arena's confidence intervals, as pure functions of the results.

Both intervals are at 95%. A win share uses the Wilson score interval
(:mod:`liar_tui.intervals`, shared with the player's stats), which stays inside 0 to 1 and
keeps close to its stated coverage for shares near 0 or 1 and for a few hundred games,
where the textbook "p ± 1.96 standard errors" is known to undercover. Money per game
uses the normal approximation to the mean (z = 1.96, not Student's t): the arena plays
hundreds or thousands of games, where the two differ in the fourth digit, and the normal
quantile comes from the standard library.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from liar_tui.intervals import Z_95, wilson_bounds


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% confidence interval; ``low`` and ``high`` are None when
    there is too little data to say anything (a mean of one game)."""

    estimate: float
    low: float | None
    high: float | None


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> Interval:
    """The share ``successes / trials`` with its Wilson score interval; a win shared by k
    seats counts 1/k (see :func:`~liar_tui.intervals.wilson_bounds`, which raises
    ``ValueError`` for no trials)."""
    low, high = wilson_bounds(successes, trials, z)
    return Interval(successes / trials, low, high)


def mean_interval(values: Sequence[float], z: float = Z_95) -> Interval:
    """The mean with its normal-approximation interval: mean ± z · s / √n.

    ``s`` is the sample standard deviation (n − 1 in the denominator). One value gives a
    mean but no interval.
    """
    if not values:
        raise ValueError("a mean needs at least one value")
    mean = math.fsum(values) / len(values)
    if len(values) < 2:
        return Interval(mean, None, None)
    half_width = z * statistics.stdev(values, mean) / math.sqrt(len(values))
    return Interval(mean, mean - half_width, mean + half_width)


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile by the nearest-rank method: a value that really occurred.

    p99 of decision times is a tail figure; nearest rank never invents a time between two
    measured ones, and for the median of an even count it takes the lower middle value.
    """
    if not values:
        raise ValueError("a percentile needs at least one value")
    if not 0 < fraction <= 1:
        raise ValueError("the fraction must be above 0 and at most 1")
    ordered = sorted(values)
    rank = math.ceil(fraction * len(ordered))
    return ordered[rank - 1]
