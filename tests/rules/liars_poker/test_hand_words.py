"""One wording per kind of hand, shared by a claim, the hand that answers it and the rules.

Issue 13 bug 10: the same full house read "queens full of sixes" in a declaration and
"queens over sixes" in the verdict; kickers were "nine-three" in one and "9-3" in the other,
and "sevens over threes, two kicker" left a bare "two" that read like a count. The rules' own
refusals said hands the old way after the screens had moved on, so the wording now lives in
``HandRank.describe`` and ``Declaration.text`` themselves.
"""

from __future__ import annotations

import pytest

from liar_tui.rules.cards import parse_cards
from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.declarations import declaration_of
from liar_tui.rules.liars_poker.floor import floor
from liar_tui.rules.liars_poker.game import raise_refusal
from liar_tui.rules.liars_poker.poker_hands import hand_rank
from liar_tui.rules.liars_poker.rules import PokerRules

PLAIN = PokerRules()
COLORS = PokerRules(color_flush=True, color_straight_flush=True)


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
        ("KS QS 9S 4S 2S", "K-Q-9-4-2 high spade flush"),
        ("9H 8H 7H 6H 5H", "nine-high heart straight flush"),
    ],
)
def test_a_hand_is_said_as_the_most_detailed_claim_of_it(cards: str, words: str) -> None:
    value = hand_rank(parse_cards(cards), PLAIN)
    assert value.describe() == words
    assert declaration_of(value).text == words
    assert parse_declaration(words, PLAIN) == declaration_of(value)


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("KH QD 9H 4H 2D", "K-Q-9-4-2 high color flush, all red"),
        ("9C 8S 7C 6S 5C", "nine-high color straight flush, all black"),
    ],
)
def test_a_color_flush_is_said_as_its_claim(cards: str, words: str) -> None:
    value = hand_rank(parse_cards(cards), COLORS)
    assert value.describe() == declaration_of(value).text == words


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
        ("spade flush, K-Q", "K-Q high spade flush"),
    ],
)
def test_a_claim_typed_either_way_is_said_one_way(typed: str, words: str) -> None:
    assert parse_declaration(typed, PLAIN).text == words


def test_a_refusal_names_hands_as_the_claims_do() -> None:
    standing = parse_declaration("queens full of sixes", PLAIN)
    lower = parse_declaration("full house", PLAIN)
    refusal = raise_refusal(lower, (standing, floor(standing, PLAIN)), PLAIN)
    assert refusal == (
        "Full house does not beat full house, queens full of sixes: its worst hand, "
        "full house, twos full of threes, is no better than that."
    )


def test_a_refusal_names_a_hand_said_in_full_once() -> None:
    """A claim spelled out to its last kicker is its own worst hand: the refusal says so
    once instead of repeating it as 'its worst hand'."""
    standing = parse_declaration("two pair", PLAIN)
    lower = parse_declaration("pair of queens, J-7-3 kickers", PLAIN)
    refusal = raise_refusal(lower, (standing, floor(standing, PLAIN)), PLAIN)
    assert refusal == (
        "Pair of queens, J-7-3 kickers does not beat two pair: it is no better than "
        "two pair, threes over twos, 4 kicker."
    )
