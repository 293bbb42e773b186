"""Everything needed to start a table, or to rebuild it from its saved action log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from liar_tui.table.seats import SeatConfig


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
