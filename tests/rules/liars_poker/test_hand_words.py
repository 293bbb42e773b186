"""One wording per kind of hand, shared by a claim and the hand that answers it.

Issue 13 bug 10: the same full house read "queens full of sixes" in a declaration and
"queens over sixes" in the verdict; kickers were "nine-three" in one and "9-3" in the other,
and "sevens over threes, two kicker" left a bare "two" that read like a count.
"""

from __future__ import annotations

import pytest

from liar_tui.rules.cards import parse_cards
from liar_tui.rules.liars_poker.declaration_text import (
    declaration_words,
    hand_words,
    parse_declaration,
)
from liar_tui.rules.liars_poker.poker_hands import hand_rank
from liar_tui.rules.liars_poker.rules import PokerRules

PLAIN = PokerRules()


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("QS 7H 7C 6D 2S", "pair of sevens, Q-6-2 kickers"),
        ("7S 7H 3C 3D 2S", "two pair, sevens over threes, 2 kicker"),
        ("QS QH QC 9D 3S", "three queens, 9-3 kickers"),
        ("QS QH QC 6D 6S", "full house, queens full of sixes"),
        ("QS QH QC QD 2S", "four queens, 2 kicker"),
        ("KS 10H 8C 4D 2S", "K-10-8-4-2 high"),
        ("9S 8H 7C 6D 5S", "nine-high straight"),
    ],
)
def test_a_hand_is_said_one_way(cards: str, words: str) -> None:
    assert hand_words(hand_rank(parse_cards(cards), PLAIN)) == words


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("pair of sevens, queen-six-two kickers", "pair of sevens, Q-6-2 kickers"),
        ("two pair, sevens over threes, two kicker", "two pair, sevens over threes, 2 kicker"),
        ("three queens, nine-three kickers", "three queens, 9-3 kickers"),
        ("full house, queens over sixes", "full house, queens full of sixes"),
        ("four queens, 10 kicker", "four queens, 10 kicker"),
        ("two pair, sevens up", "two pair, sevens up"),
        ("K-10 high", "K-10 high"),
    ],
)
def test_a_claim_is_said_in_the_words_of_the_hand_it_names(typed: str, words: str) -> None:
    assert declaration_words(parse_declaration(typed, PLAIN)) == words


@pytest.mark.parametrize(
    "cards", ["QS 7H 7C 6D 2S", "7S 7H 3C 3D 2S", "QS QH QC 9D 3S", "QS QH QC 6D 6S"]
)
def test_a_whole_hand_and_the_claim_of_it_read_the_same(cards: str) -> None:
    value = hand_rank(parse_cards(cards), PLAIN)
    claim = parse_declaration(hand_words(value), PLAIN)
    assert declaration_words(claim) == hand_words(value)
