"""The settings of a dollar-bill table, apart from the game so the settings file loads fast.

The settings screen and file need only these; the session itself is imported when a table
opens.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_SEATS = 2
MAX_SEATS = 10
MIN_DIGITS = 4
MAX_DIGITS = 12
MAX_STAKE = 1000
"""A thousand dollars a seat: a bigger stake at a friendly table is likelier a typo."""

DIGIT_ORDER = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)
"""Low to high: zero counts as ten, so it is the highest digit to bid."""


def digit_rank(digit: int) -> int:
    """Where a digit stands when bids are compared: zero counts as ten."""
    return 10 if digit == 0 else digit


@dataclass(frozen=True)
class Rules:
    """The settings of one dollar-bill table."""

    digits: int = 8
    """Digits in every serial number."""
    stake: int = 1
    """Dollars the bidder wins from, or pays to, every other seat."""

    def problems(self) -> list[str]:
        """Why these settings cannot be played, one sentence each; empty when they can."""
        found: list[str] = []
        if type(self.digits) is not int or not MIN_DIGITS <= self.digits <= MAX_DIGITS:
            found.append(f"A serial number has from {MIN_DIGITS} to {MAX_DIGITS} digits.")
        if type(self.stake) is not int or not 1 <= self.stake <= MAX_STAKE:
            found.append(f"The stake must be from 1 to {MAX_STAKE} dollars.")
        return found

    def check(self) -> None:
        if problems := self.problems():
            raise ValueError(" ".join(problems))
