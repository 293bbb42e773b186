"""The settings of a Liar Game table, apart from the engine.

Settings files and the command line need only these at startup; the engine's many
dataclasses (:mod:`liar_tui.rules.liar_game.game`) are imported once a table opens, which
keeps the first frame fast.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_SEATS = 2
MAX_SEATS = 8
TARGET_PRESETS = (500, 2000)
MAX_TARGET = 100_000
"""Fifty times the long game's target: a bigger one would take days, and is likelier a typo."""


@dataclass(frozen=True)
class Rules:
    """The settings of one Liar Game table; every variant is its own switch, off by default."""

    decks: int = 1
    target: int = 500
    free_jokers: bool = False
    big_combos: bool = False
    joker_sets: bool = False
    low_straight: bool = False
    low_doubling: bool = False

    @property
    def variants(self) -> tuple[str, ...]:
        """Names of the switched-on variants that need two decks."""
        return tuple(name for name in VARIANT_NAMES if getattr(self, name))

    def problems(self) -> list[str]:
        """Why these settings cannot be played, one sentence each; empty when they can."""
        found: list[str] = []
        if self.decks not in (1, 2):
            found.append("Liar Game is played with one or two decks.")
        if not 1 <= self.target <= MAX_TARGET:
            found.append(f"The target score must be from 1 to {MAX_TARGET}.")
        if self.decks == 1:
            for name in self.variants:
                found.append(
                    f"{VARIANT_TITLES[name]} needs two decks: "
                    "the variants use sets and jokers only a double deck holds."
                )
        return found

    def check(self) -> None:
        if problems := self.problems():
            raise ValueError(" ".join(problems))


VARIANT_NAMES = ("big_combos", "joker_sets", "low_straight", "low_doubling")
VARIANT_TITLES = {
    "big_combos": "Big combos",
    "joker_sets": "Joker sets",
    "low_straight": "Low straight",
    "low_doubling": "Low doubling",
}
VARIANT_SUMMARIES = {
    "big_combos": "Show 4, 5 or 6 natural cards of one rank for 4×, 5×, 6× their sum; "
    "your pocket is then renewed.",
    "joker_sets": "Three jokers score 300, four jokers 400, with no joker penalty; "
    "showing four renews your pocket.",
    "low_straight": "2-3-4 in any suits is a special hand worth 90.",
    "low_doubling": "Pairs, triples and sets of 2s, 3s or 4s are doubled again.",
}
FREE_JOKERS_SUMMARY = (
    "A joker may be any rank, not only one already in the hand (4-Joker-Joker = 84)."
)
