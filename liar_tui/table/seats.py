"""Who sits in each chair, as chosen in setup and kept in the save."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class SeatKind(Enum):
    HUMAN = "human"
    """A person at this keyboard (several of them make a hot-seat game)."""
    BOT = "bot"


class BotLevel(Enum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


@dataclass(frozen=True)
class SeatConfig:
    name: str
    kind: SeatKind = SeatKind.BOT
    level: BotLevel = BotLevel.NORMAL

    @property
    def is_human(self) -> bool:
        return self.kind is SeatKind.HUMAN


BOT_NAMES = ("Ada", "Bea", "Cal", "Dex", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit")


def default_seats(bots: int = 3, humans: int = 1, you: str = "You") -> tuple[SeatConfig, ...]:
    """Humans first (the first one named ``you``), then bots with short distinct names."""
    seats = [
        SeatConfig(you if i == 0 else f"Player {i + 1}", SeatKind.HUMAN) for i in range(humans)
    ]
    seats += [SeatConfig(BOT_NAMES[i % len(BOT_NAMES)]) for i in range(bots)]
    return tuple(seats)
