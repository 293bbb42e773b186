"""Rules under which some deal leaves no legal opening are refused before a table starts.

An opening must beat the lowest hand the deck can form, so a deal where every hand is worth
the same freezes the table: the opener has nothing to declare (issue 12, finding 6: every
rank but aces wild). ``PokerRules.opening_problem`` decides this from the natural ranks
alone, so the rules editor can ask it on every change; here it is checked against the truth,
the floors' lowest and highest hand of every deal the table can make.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from liar_tui.games import plugin
from liar_tui.rules.cards import NATURAL_RANKS, Card, Rank, Suit
from liar_tui.rules.liars_poker.floor import highest_hand, lowest_hand
from liar_tui.rules.liars_poker.floor_search import Deck
from liar_tui.rules.liars_poker.game import LiarsPokerGame
from liar_tui.rules.liars_poker.rules import LiarsPokerRules, PokerRules, RoundRules

ALL_BUT_ACES_WILD = frozenset(NATURAL_RANKS) - {Rank.ACE}
"""The issue's rule set: five aces are the only hand, so every opening could be beaten by it."""
REPRESENTATIVE_SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES)
"""Beside hearts, a card of the same suit, of the same color and of the other color: every way
two face-up cards can relate, which is all a hand's value can see of their suits."""


def poker(naturals: tuple[Rank, ...], hand_size: int = 5, communal: int = 0) -> PokerRules:
    wild = frozenset(NATURAL_RANKS) - set(naturals)
    return PokerRules(jokers=1, wild_ranks=wild, hand_size=hand_size, communal_cards=communal)


def described(rules: PokerRules) -> str:
    """A test id: the natural ranks, the hand's size and the face-up cards."""
    naturals = "".join(rank.ascii for rank in NATURAL_RANKS if rank not in rules.wild_ranks)
    return f"naturals={naturals or '-'},hand={rules.hand_size},communal={rules.communal_cards}"


def deals(rules: PokerRules) -> Iterator[tuple[Card, ...]]:
    """Every set of face-up cards the table can deal, up to what a hand's value sees.

    Wild cards are all alike (any of them plays as any face), so two stand for them all;
    natural cards are told apart by rank and by how their suits relate.
    """
    deck = Deck.of(rules)
    cards = [*deck.wilds[:2]]
    cards += [Card(rank, suit) for rank in deck.naturals for suit in REPRESENTATIVE_SUITS]
    return itertools.combinations(cards, rules.communal_cards)


def deal_without_opening(rules: PokerRules) -> tuple[Card, ...] | None:
    """Face-up cards under which no declaration beats the lowest hand; None if every deal has
    an opening."""
    for communal in deals(rules):
        if highest_hand(rules, communal) <= lowest_hand(rules, communal):
            return communal
    return None


def test_the_issues_rules_are_refused_everywhere_a_table_can_start() -> None:
    """Issue 12, finding 6: the host, the settings file and the engine all refuse them."""
    frozen = LiarsPokerRules(round=RoundRules(poker=PokerRules(wild_ranks=ALL_BUT_ACES_WILD)))
    reason = "With every rank but aces wild, no hand can open: every hand is five aces."
    assert plugin("liars-poker-cards").rules_problems(frozen) == [reason]
    assert plugin("liars-poker-cards").settings_problem(frozen) is not None
    with pytest.raises(ValueError, match="no hand can open"):
        LiarsPokerGame(frozen, seats=3, seed=1)


def test_dealers_choice_cannot_choose_rules_without_an_opening() -> None:
    table = LiarsPokerRules(dealers_choice=True)
    chosen = RoundRules(poker=PokerRules(wild_ranks=frozenset(NATURAL_RANKS)))
    assert table.choice_problem(chosen) == (
        "With every rank wild, no hand can open: every hand is five aces."
    )


def test_a_single_natural_rank_with_face_up_cards_names_the_deal_that_freezes() -> None:
    rules = poker((Rank.KING,), communal=1)
    assert rules.problems() == [
        "With every rank but kings wild, a face-up king would leave no opening: "
        "every hand would be five kings."
    ]
    assert deal_without_opening(rules) == (Card(Rank.KING, Suit.HEARTS),)


@pytest.mark.parametrize(
    "rules",
    [
        poker((Rank.ACE,)),
        poker((), communal=2),
        poker((Rank.TWO,)),
        poker((Rank.KING,), hand_size=7),
        poker((Rank.ACE, Rank.TWO)),
    ],
    ids=described,
)
def test_the_refusal_agrees_with_the_floors_on_quick_cases(rules: PokerRules) -> None:
    assert (rules.opening_problem() is not None) == (deal_without_opening(rules) is not None)


NATURALS_AT_THE_EDGE = [
    (),
    (Rank.ACE,),
    (Rank.KING,),
    (Rank.TWO,),
    (Rank.ACE, Rank.KING),
    (Rank.TWO, Rank.THREE),
    (Rank.SEVEN, Rank.NINE, Rank.JACK),
]
"""No natural rank, one (the ace, a high one, the lowest), and two or three: the refusal's
boundary lies between one natural rank and two."""
BOUNDARY = [
    poker(naturals, hand_size, communal)
    for naturals in NATURALS_AT_THE_EDGE
    for hand_size in (5, 7)
    for communal in (0, 1, 2)
    if naturals or hand_size == 5  # every card wild leaves seven-card hands nothing to build on
]


@pytest.mark.slow
@pytest.mark.parametrize("rules", BOUNDARY, ids=described)
def test_the_refusal_agrees_with_the_floors_at_its_boundary(rules: PokerRules) -> None:
    """Every deal searched: refused exactly when some deal leaves no opening."""
    assert (rules.opening_problem() is not None) == (deal_without_opening(rules) is not None)
