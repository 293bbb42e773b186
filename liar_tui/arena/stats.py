"""The arena's confidence intervals, as pure functions of the results.

Both intervals are at 95%. A win share uses the Wilson score interval, which stays inside
0 to 1 and keeps close to its stated coverage for shares near 0 or 1 and for a few hundred
games, where the textbook "p ± 1.96 standard errors" is known to undercover. Money per game
uses the normal approximation to the mean (z = 1.96, not Student's t): the arena plays
hundreds or thousands of games, where the two differ in the fourth digit, and the normal
quantile comes from the standard library.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z_95 = statistics.NormalDist().inv_cdf(0.975)
"""The two-sided 95% quantile of the standard normal distribution, 1.95996…"""


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% confidence interval; ``low`` and ``high`` are None when
    there is too little data to say anything (a mean of one game)."""

    estimate: float
    low: float | None
    high: float | None


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> Interval:
    """The share ``successes / trials`` with its Wilson score interval.

    ``successes`` may be fractional: a win shared by k seats counts 1/k to each of them,
    and the interval treats the total like a count of wins.
    """
    if trials < 1:
        raise ValueError("a share needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError("successes must be from 0 to the number of trials")
    share = successes / trials
    z_squared = z * z
    denominator = 1 + z_squared / trials
    centre = (share + z_squared / (2 * trials)) / denominator
    spread = z * math.sqrt(share * (1 - share) / trials + z_squared / (4 * trials * trials))
    spread /= denominator
    return Interval(share, max(0.0, centre - spread), min(1.0, centre + spread))


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
