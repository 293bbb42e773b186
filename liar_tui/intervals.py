"""The Wilson score interval of a share, shared by the arena's reports and the player's
stats: one formula, each caller wrapping it in its own result.

Chosen over the textbook ``p ± z·√(p(1-p)/n)`` because it stays inside [0, 1], is not
zero-width at 0 or n wins, and keeps close to its stated coverage for shares near 0 or 1
and for a few games, where the textbook interval is known to undercover: a player's numbers
start with a few games, and an arena's best bots win nearly all of theirs.
"""

from __future__ import annotations

import math

Z_95 = 1.959963984540054
"""The standard normal quantile of 0.975: a two-sided 95% interval."""


def wilson_bounds(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The low and high ends of the Wilson score interval of ``successes / trials``.

    ``successes`` may be fractional: a win shared by k seats counts 1/k to each of them,
    and the interval treats the total like a count of wins. Raises ``ValueError`` for a
    count no trials could give, and for no trials at all (whose interval each caller
    decides for itself).
    """
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes:g} wins cannot come from {trials} games")
    if trials < 1:
        raise ValueError("a share needs at least one game")
    share = successes / trials
    z_squared = z * z
    denominator = 1 + z_squared / trials
    centre = (share + z_squared / (2 * trials)) / denominator
    spread = z * math.sqrt(share * (1 - share) / trials + z_squared / (4 * trials * trials))
    spread /= denominator
    # At no wins the low end is 0, and at all wins the high end 1, exactly: rounding would
    # otherwise leave them a hair inside, a share of 0 shown above its own interval.
    low = 0.0 if successes == 0 else max(0.0, centre - spread)
    high = 1.0 if successes == trials else min(1.0, centre + spread)
    return low, high
