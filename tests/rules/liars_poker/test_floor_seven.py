"""Floors with communal cards, against a search over every hand that holds the face-up cards.

With five-card hands and two face-up cards a hand is those two and three of the other 50 cards:
19,600 hands, few enough to value every one with ``hand_rank``. The search is exhaustive by
construction; a declaration's floor by search is the lowest value among those hands that
matches it (``matches`` from the five-card tests reads the value's ranks directly).
"""

from __future__ import annotations

import functools
import itertools
import random

import pytest

from liar_tui.rules.cards import Card, Rank, Suit, parse_cards
from liar_tui.rules.liars_poker.declarations import Declaration, DeclarationError
from liar_tui.rules.liars_poker.floor import floor, highest_hand, lowest_hand, worst_hand
from liar_tui.rules.liars_poker.poker_hands import HandRank, hand_rank
from liar_tui.rules.liars_poker.rules import PokerRules
from tests.rules.liars_poker.test_floor import all_declarations, matches

CASES = {
    "plain, K♠ and 7♥ up": (PokerRules(communal_cards=2), "KS 7H"),
    "one joker face up beside a two": (PokerRules(jokers=1, communal_cards=2), "JK 2D"),
    "twos wild, a wild two up": (
        PokerRules(jokers=2, wild_ranks=frozenset({Rank.TWO}), communal_cards=2),
        "2C JK",
    ),
    "two pair over trips, no color flush": (
        PokerRules(two_pair_over_trips=True, color_flush=False, communal_cards=2),
        "9S 9H",
    ),
}


def deck(rules: PokerRules) -> list[Card]:
    naturals = [Card(rank, suit) for rank in Rank if rank is not Rank.JOKER for suit in Suit]
    return naturals + [Card(Rank.JOKER, None, copy) for copy in range(rules.jokers)]


@functools.cache
def every_value(name: str) -> tuple[HandRank, ...]:
    rules, shown = CASES[name]
    communal = tuple(parse_cards(shown))
    rest = [card for card in deck(rules) if card not in communal]
    values = {}
    for others in itertools.combinations(rest, rules.hand_size - len(communal)):
        value = hand_rank((*communal, *others), rules)
        values[(value.strength, value.suit, value.color)] = value
    return tuple(sorted(values.values()))


@pytest.mark.slow
@pytest.mark.parametrize("name", CASES)
def test_lowest_and_highest_hand_are_the_searched_ones(name: str) -> None:
    rules, shown = CASES[name]
    communal = tuple(parse_cards(shown))
    values = every_value(name)
    assert lowest_hand(rules, communal) == values[0]
    assert highest_hand(rules, communal) == values[-1]


@pytest.mark.slow
@pytest.mark.parametrize("name", CASES)
def test_floor_equals_the_search_on_sampled_declarations(name: str) -> None:
    rules, shown = CASES[name]
    communal = tuple(parse_cards(shown))
    values = every_value(name)
    for declaration in random.Random(name).sample(all_declarations(rules), 400):
        expected = next((value for value in values if matches(value, declaration)), None)
        if expected is None:
            with pytest.raises(DeclarationError):
                floor(declaration, rules, communal)
            continue
        found = floor(declaration, rules, communal)
        assert (found.strength, found.ranks) == (expected.strength, expected.ranks), declaration
        hand = worst_hand(declaration, rules, communal)
        assert len(hand) == rules.hand_size
        assert all(card in hand for card in communal)


def test_a_declaration_against_a_face_up_card_is_refused_with_the_reason() -> None:
    rules = PokerRules(communal_cards=1)
    with pytest.raises(DeclarationError, match="face-up K♠"):
        floor(_seven_six_high(), rules, (Card(Rank.KING, Suit.SPADES),))


def _seven_six_high() -> Declaration:
    from liar_tui.rules.liars_poker.declaration_text import parse_declaration

    return parse_declaration("7-6 high", PokerRules())
