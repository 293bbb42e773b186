"""The chance that a dollar-bill bid is true, seen from one seat.

A seat knows its own serial number and nothing else: every other digit in play is, as far
as it knows, uniformly random, so the unseen count of a digit is binomial with p = 1/10.
The sums are done in whole numbers and divided once, so the answer is exact to the float.
"""

from __future__ import annotations

from functools import cache
from math import comb

UNSEEN_CHANCE_DENOMINATOR = 10
"""Each unseen digit is one of ten, equally likely."""
DECIMAL_DIGITS = frozenset("0123456789")


@cache
def chances_of_at_least(unseen: int) -> tuple[float, ...]:
    """``result[k]`` is the chance that at least ``k`` of ``unseen`` random digits are a given one.

    Cached per number of unseen digits: a bot asks for the same table on every turn.
    """
    others = UNSEEN_CHANCE_DENOMINATOR - 1
    ways = [comb(unseen, k) * others ** (unseen - k) for k in range(unseen + 1)]
    total = UNSEEN_CHANCE_DENOMINATOR**unseen
    tails: list[float] = []
    tail = 0
    for k in range(unseen, -1, -1):
        tail += ways[k]
        tails.append(tail / total)
    return tuple(reversed(tails))


def probability_at_least(
    count: int, digit: int, own_serial: str, seats: int, digits_per_bill: int
) -> float:
    """The chance that ``digit`` occurs at least ``count`` times across all the bills.

    ``own_serial`` is the asking seat's bill; the other ``seats - 1`` bills of
    ``digits_per_bill`` digits each are unseen.
    """
    if not 0 <= digit <= 9:
        raise ValueError(f"a digit is from 0 to 9, not {digit}")
    if seats < 1 or len(own_serial) != digits_per_bill or not set(own_serial) <= DECIMAL_DIGITS:
        raise ValueError(f"{own_serial!r} is not a serial of {digits_per_bill} digits")
    unseen = (seats - 1) * digits_per_bill
    needed = max(0, count - own_serial.count(str(digit)))
    tails = chances_of_at_least(unseen)
    return tails[needed] if needed <= unseen else 0.0
