"""Everything needed to start a table, or to rebuild it from its saved action log."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from liar_tui.table.seats import SeatConfig

MAX_SEED = 2**63 - 1
"""Seeds run from 0 to here: Python's generator treats -n as n, so a negative seed would only
be a second name for the same game, and every reader of a save holds a signed 64-bit int."""

RANDOM_SEEDS = 2**31
"""Seeds drawn for a table stay below this: ten digits at most, easy to note and type again."""


def random_seed() -> int:
    """A fresh seed from the operating system, for a table whose seed nobody chose."""
    return random.SystemRandom().randrange(RANDOM_SEEDS)


@dataclass(frozen=True)
class TableSetup:
    game: str
    """The game's id, as in :mod:`liar_tui.games` (``liar-game``)."""
    rules: Any
    seats: tuple[SeatConfig, ...]
    seed: int

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if seat.is_human)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)
