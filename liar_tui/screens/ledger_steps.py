"""A money game's running total as the stats screen draws it: the steps of its plot, shared
by the screen and its plot (:mod:`liar_tui.screens.stats_plot`), which is imported only once
a ledger is read, so neither needs the other."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from liar_tui.store.history.stats import LedgerPoint

MOST_STEPS = 400
"""Points of a ledger drawn at most: two a column (braille has two dots a cell) of a
200-column plot; a longer ledger is thinned to as many evenly spaced games."""


@dataclass(frozen=True)
class LedgerStep:
    """The running total after game ``number`` (counted from 1; step 0 is the $0 before
    the first game, so even one game draws a line)."""

    number: int
    ended_at: datetime | None
    total: float


def ledger_steps(points: tuple[LedgerPoint, ...], most: int = MOST_STEPS) -> list[LedgerStep]:
    """The start and at most ``most`` evenly spaced games of ``points``, the last among them."""
    last = len(points) - 1
    chosen = (
        range(len(points))
        if len(points) <= most
        else sorted({round(index * last / (most - 1)) for index in range(most)})
    )
    return [
        LedgerStep(0, None, 0.0),
        *(LedgerStep(at + 1, points[at].ended_at, points[at].total) for at in chosen),
    ]
