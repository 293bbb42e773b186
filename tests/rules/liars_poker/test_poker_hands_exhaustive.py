"""Every one of the 2,598,960 five-card hands, against treys and against the reference.

Slow (about a minute on two cores): run with ``pytest -m slow``.
"""

from __future__ import annotations

import itertools

import pytest

from liar_tui.rules.cards import Card, standard_deck
from liar_tui.rules.liars_poker.poker_hands import hand_rank
from liar_tui.rules.liars_poker.rules import PokerRules
from tests.rules.liars_poker.test_poker_hands import comparable, reference_value

pytestmark = pytest.mark.slow

DECK = standard_deck(jokers=0)
ALL_HANDS = 2_598_960
TREYS_CLASSES = 7462
"""Distinct values of five-card hands in standard poker, as treys numbers them."""


def every_hand() -> itertools.combinations[tuple[Card, ...]]:
    return itertools.combinations(DECK, 5)


def test_without_color_categories_every_hand_is_ordered_as_treys_orders_it() -> None:
    """Same classes of equal hands, in the same order (treys numbers the best hand 1)."""
    from treys import Card as TreysCard
    from treys import Evaluator

    rules = PokerRules(color_flush=False, color_straight_flush=False)
    treys = Evaluator()
    treys_card = {
        card: TreysCard.new(card.rank.ascii + card.suit.value.lower())  # type: ignore[union-attr]
        for card in DECK
    }
    treys_by_ours: dict[int, int] = {}
    ours_by_treys: dict[int, int] = {}
    hands = 0
    for cards in every_hand():
        ours = hand_rank(cards, rules).strength
        theirs = treys.evaluate([treys_card[card] for card in cards], [])
        assert treys_by_ours.setdefault(ours, theirs) == theirs, cards
        assert ours_by_treys.setdefault(theirs, ours) == ours, cards
        hands += 1
    assert hands == ALL_HANDS
    assert len(treys_by_ours) == TREYS_CLASSES
    ours_low_to_high = sorted(treys_by_ours)
    assert [treys_by_ours[ours] for ours in ours_low_to_high] == sorted(ours_by_treys, reverse=True)


def test_under_the_default_rules_every_hand_matches_the_reference() -> None:
    rules = PokerRules()
    lowest = None
    for cards in every_hand():
        value = hand_rank(cards, rules)
        faces = [(int(card.rank), card.suit) for card in cards]
        assert comparable(value, rules) == reference_value(faces, rules), cards  # type: ignore[arg-type]
        if lowest is None or value < lowest:
            lowest = value
    assert lowest is not None
    assert lowest.describe() == "7-5-4-3-2 high"
