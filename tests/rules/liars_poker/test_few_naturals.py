"""Floors under decks with only a few natural ranks, which ``tests/test_random_rule_sets.py``
reached and the floor search had never seen (issue 12).

With seven-card hands and only aces, twos and threes natural, the search for a flush tried
the natural cards A-A-3-2 in one suit beside a single wild: a hand no deck holds, which the
evaluator's tables cannot value (``KeyError``), so every opening crashed the table.
"""

from __future__ import annotations

from liar_tui.rules.cards import NATURAL_RANKS, Rank
from liar_tui.rules.liars_poker.declarations import Declaration, DeclarationError
from liar_tui.rules.liars_poker.floor import floor, highest_hand, lowest_hand
from liar_tui.rules.liars_poker.rules import PokerRules

ACES_TWOS_THREES = PokerRules(
    wild_ranks=frozenset(NATURAL_RANKS) - {Rank.ACE, Rank.TWO, Rank.THREE},
    color_flush=False,
    hand_size=7,
)


def test_seven_cards_of_three_natural_ranks_and_wilds_have_a_lowest_and_highest_hand() -> None:
    """Seven cards of three ranks hold a full house at least; 2-2-2-A-A is the lowest (a wild
    would make aces full), and five wilds make five aces."""
    assert ACES_TWOS_THREES.problems() == []
    assert lowest_hand(ACES_TWOS_THREES).describe() == "full house, twos full of aces"
    assert highest_hand(ACES_TWOS_THREES).describe() == "five aces"


def test_every_category_has_a_floor_or_a_reason() -> None:
    """A flush, for one, is never the best five here: three suited naturals and two wilds
    make a straight flush."""
    for category in ACES_TWOS_THREES.order():
        try:
            floor(Declaration(category), ACES_TWOS_THREES)
        except DeclarationError as refused:
            assert str(refused), f"{category.value} is refused without a reason"
