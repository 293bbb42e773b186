"""The order a pocket is drawn in, by rank or by suit."""

from __future__ import annotations

from liar_tui.rules.cards import Card, Rank, Suit, parse_cards
from liar_tui.store.settings import PocketOrder
from liar_tui.widgets.pocket_order import flipped, sorted_pocket

DEALT = parse_cards("9S JK 7H 9D KC 2C 10H")


def test_by_rank_puts_jokers_first_then_highest_ranks_with_pairs_together() -> None:
    assert sorted_pocket(DEALT, PocketOrder.RANK) == tuple(parse_cards("JK KC 10H 9S 9D 7H 2C"))


def test_by_suit_groups_suits_with_colours_alternating_highest_first() -> None:
    assert sorted_pocket(DEALT, PocketOrder.SUIT) == tuple(parse_cards("JK 9S 10H 7H KC 2C 9D"))


def test_identical_faces_of_two_decks_keep_their_order() -> None:
    twins = (Card(Rank.ACE, Suit.SPADES, copy=1), Card(Rank.ACE, Suit.SPADES, copy=0))
    for order in PocketOrder:
        assert sorted_pocket(twins, order) == twins


def test_flipping_goes_from_one_order_to_the_other_and_back() -> None:
    assert flipped(PocketOrder.RANK) is PocketOrder.SUIT
    assert flipped(flipped(PocketOrder.RANK)) is PocketOrder.RANK
