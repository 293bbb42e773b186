"""Who sits in each chair, as chosen in setup and kept in the save."""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence
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


MAX_NAME_LENGTH = 20
_UNPRINTABLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Unicode categories of control characters, invisible format characters (a zero-width
space would let "Ann" pass for Ann at an online table), lone surrogates (a client's JSON can
carry one, but no frame to anyone could) and line or paragraph separators."""


ZERO_WIDTH_JOINER = "\u200d"
_EMOJI_PARTS = frozenset({"So", "Sk", "Mn"})
"""Categories of what stands either side of a zero-width joiner inside an emoji: symbols,
skin-tone modifiers and the variation selector that asks for emoji presentation."""


def _unprintable(name: str, index: int) -> bool:
    """Whether ``name[index]`` would break a panel or hide in it. A zero-width joiner is an
    invisible format character too, but between the parts of an emoji (a family, a person
    at a laptop) it is how the emoji is written."""
    char = name[index]
    if unicodedata.category(char) not in _UNPRINTABLE_CATEGORIES:
        return False
    if char != ZERO_WIDTH_JOINER or not 0 < index < len(name) - 1:
        return True
    before = unicodedata.category(name[index - 1])
    after = unicodedata.category(name[index + 1])
    return not (before in _EMOJI_PARTS and after == "So")


def name_problem(name: str, what: str = "The player name") -> str | None:
    """Why ``name`` cannot name a seat, in one sentence; None when it can.

    A name is drawn on one short line of every table panel, so it must be short, and a
    newline, tab or escape code in it would break the screen.
    """
    if not name.strip():
        return f"{what} must not be empty."
    if len(name) > MAX_NAME_LENGTH:
        return f"{what} must be at most {MAX_NAME_LENGTH} characters."
    if any(_unprintable(name, index) for index in range(len(name))):
        return f"{what} must not hold tabs, line breaks or hidden characters."
    return None


def seat_problems(seats: Sequence[SeatConfig], min_seats: int, max_seats: int) -> list[str]:
    """Why these seats cannot sit down together, one sentence each; empty when they can.

    The setup screen, the settings (screen and file) and the command line all ask this one
    question, so a table refused by one is refused by all. A table needs a person at this
    keyboard: the screens have nobody else to show themselves to.
    """
    found: list[str] = []
    if not min_seats <= len(seats) <= max_seats:
        found.append(f"A table seats {min_seats} to {max_seats} players, not {len(seats)}.")
    for number, seat in enumerate(seats, start=1):
        if problem := name_problem(seat.name, f"The name of seat {number}"):
            found.append(problem)
    counts = Counter(seat.name.strip().casefold() for seat in seats if seat.name.strip())
    for seat in seats:
        key = seat.name.strip().casefold()
        if counts.get(key, 0) > 1:
            found.append(f"Two seats are called {seat.name.strip()!r}: give each a different name.")
            counts[key] = 0
    if seats and not any(seat.is_human for seat in seats):
        found.append("Seat at least one person (you or someone here): bots cannot play alone.")
    return found


BOT_NAMES = ("Ada", "Bea", "Cal", "Dex", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit")


def default_seats(bots: int = 3, humans: int = 1, you: str = "You") -> tuple[SeatConfig, ...]:
    """Humans first (the first one named ``you``), then bots with short distinct names.

    A bot never takes a person's name (``--name Ada``), so the scores never show two Adas.
    When several people share the keyboard, "You" would name nobody in particular
    ("Pass the keyboard to You"), so the default name becomes "Player 1".
    """
    first = "Player 1" if humans > 1 and you == "You" else you
    seats = [
        SeatConfig(first if i == 0 else f"Player {i + 1}", SeatKind.HUMAN) for i in range(humans)
    ]
    taken = {seat.name.casefold() for seat in seats}
    spare = iter(name for name in BOT_NAMES if name.casefold() not in taken)
    for _ in range(bots):
        seats.append(SeatConfig(next(spare, f"Bot {len(seats) + 1}")))
    return tuple(seats)
