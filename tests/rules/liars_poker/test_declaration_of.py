"""``declaration_of``: the most detailed true declaration of a hand's value, checked by its floor.

Without wilds the floor of that declaration is the value itself. With wilds it is too, except
for a flush whose wilds play as aces beside a natural ace: it names only its ace, so its floor
is lower (and the claim still true).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liar_tui.rules.cards import Card, Rank, parse_cards, standard_deck
from liar_tui.rules.liars_poker.declarations import Declaration, declaration_of
from liar_tui.rules.liars_poker.floor import floor
from liar_tui.rules.liars_poker.poker_hands import HandRank, hand_rank
from liar_tui.rules.liars_poker.rules import Category, PokerRules

PLAIN_RULE_SETS = {
    "plain": PokerRules(),
    "no color flushes": PokerRules(color_flush=False, color_straight_flush=False),
    "two pair over trips": PokerRules(two_pair_over_trips=True),
}
WILD_RULE_SETS = {
    "one joker": PokerRules(jokers=1),
    "two jokers": PokerRules(jokers=2),
    "twos wild": PokerRules(wild_ranks=frozenset({Rank.TWO})),
    "sevens and aces wild, a joker": PokerRules(
        jokers=1, wild_ranks=frozenset({Rank.SEVEN, Rank.ACE})
    ),
    "fives and tens wild, no color flush": PokerRules(
        wild_ranks=frozenset({Rank.FIVE, Rank.TEN}), color_flush=False
    ),
}


def hands(rules: PokerRules) -> st.SearchStrategy[list[Card]]:
    deck = standard_deck(jokers=rules.jokers)
    return st.lists(st.sampled_from(deck), min_size=5, max_size=5, unique=True)


def rules_and_hand(rule_sets: dict[str, PokerRules]) -> st.SearchStrategy[tuple]:
    return st.sampled_from(list(rule_sets.values())).flatmap(
        lambda rules: st.tuples(st.just(rules), hands(rules))
    )


def is_flush_with_wild_aces(value: HandRank) -> bool:
    return value.category is Category.FLUSH and value.ranks[0] == value.ranks[1]


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ("7S 7H 3C 3D JS", "two pair, sevens over threes, J kicker"),
        ("QS 7H 7C 6D 2S", "pair of sevens, Q-6-2 kickers"),
        ("KS 10H 8C 6D 5S", "K-10-8-6-5 high"),
        ("4S 4H 4C AD KS", "three fours, A-K kickers"),
        ("8S 8H 8C 4D 4S", "full house, eights full of fours"),
        ("9S 9H 9C 9D 2S", "four nines, 2 kicker"),
        ("AS 2H 3C 4D 5S", "five-high straight"),
        ("QD JD 9D 4D 2D", "Q-J-9-4-2 high diamond flush"),
        ("QD JH 10D 10H 2D", "Q-J-10-10-2 high color flush, all red"),
        ("9C 8S 7C 6S 5C", "nine-high color straight flush, all black"),
        ("KH QH JH 10H 9H", "king-high heart straight flush"),
    ],
)
def test_the_declaration_of_a_plain_hand_names_every_card(cards: str, text: str) -> None:
    value = hand_rank(parse_cards(cards), PokerRules())
    declaration = declaration_of(value)
    assert declaration.text == text
    assert floor(declaration, PokerRules()) == value


def test_five_of_a_kind_names_its_rank() -> None:
    rules = PokerRules(jokers=1)
    value = hand_rank(parse_cards("6S 6H 6C 6D JK"), rules)
    assert declaration_of(value) == Declaration(Category.FIVE_OF_A_KIND, groups=(Rank.SIX,))
    assert floor(declaration_of(value), rules) == value


def test_a_flush_with_a_wild_second_ace_names_only_its_ace() -> None:
    rules = PokerRules(jokers=1)
    value = hand_rank(parse_cards("JK AH QH 9H 6H"), rules)
    assert value.ranks == (Rank.ACE, Rank.ACE, Rank.QUEEN, Rank.NINE, Rank.SIX)
    declaration = declaration_of(value)
    assert declaration.text == "A high heart flush"
    assert floor(declaration, rules) < value


@given(rules_and_hand(PLAIN_RULE_SETS))
@settings(max_examples=100, deadline=None)
def test_without_wilds_the_floor_is_the_hand_value(drawn: tuple[PokerRules, list[Card]]) -> None:
    rules, hand = drawn
    value = hand_rank(hand, rules)
    assert floor(declaration_of(value), rules) == value


@given(rules_and_hand(WILD_RULE_SETS))
@settings(max_examples=100, deadline=None)
def test_with_wilds_the_floor_is_the_value_but_for_flushes_with_wild_aces(
    drawn: tuple[PokerRules, list[Card]],
) -> None:
    rules, hand = drawn
    value = hand_rank(hand, rules)
    found = floor(declaration_of(value), rules)
    if is_flush_with_wild_aces(value):
        assert found < value
        assert found.category is Category.FLUSH
    else:
        assert found == value
