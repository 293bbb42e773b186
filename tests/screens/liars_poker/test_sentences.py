"""Outcomes told with the names at the table: the rules record them, the screens say them."""

from __future__ import annotations

from liar_tui.rules.cards import parse_cards
from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.game import ChallengeResolved, HandStuck
from liar_tui.rules.liars_poker.poker_hands import hand_rank
from liar_tui.rules.liars_poker.rules import PokerRules
from liar_tui.screens.liars_poker.sentences import hand_phrase, stuck_verdict, verdict
from tests.screens.liars_poker.challenges import PLAIN, challenged


def bluff(lives: tuple[int, int]) -> ChallengeResolved:
    """Three of a kind declared over a pair of sevens."""
    return challenged("three of a kind", "QC 7C 7D 6S 2H", lives)


def test_a_bluff_is_told_in_one_short_line_naming_the_hand_once() -> None:
    """Issue 13 bug 10: the verdict said the hand, the claim and its floor, twice over."""
    resolved = challenged("three queens", "QC QD QS 9H 3C", lives=(2, 3))
    assert resolved.held
    assert verdict(resolved, ["Cal", "Bea"]) == "Bea loses a life: Cal's hand holds three queens."
    resolved = challenged("full house, queens full", "QC QD QS 3H 9C", lives=(2, 3))
    assert verdict(resolved, ["Cal", "Bea"]) == (
        "Cal loses a life, holding only three queens, 9-3 kickers."
    )


def test_a_full_house_and_two_pair_read_as_in_the_declaration() -> None:
    resolved = challenged("full house", "QC QD QS 6H 6C", lives=(2, 3))
    assert verdict(resolved, ["Cal", "Bea"]) == "Bea loses a life: Cal's hand holds a full house."
    resolved = challenged("three of a kind", "7C 7D 3S 3H 2C", lives=(2, 3))
    assert verdict(resolved, ["Cal", "Bea"]) == (
        "Cal loses a life, holding only two pair, sevens over threes, 2 kicker."
    )


def test_the_verdict_speaks_to_you_in_the_second_person() -> None:
    resolved = bluff(lives=(0, 3))
    assert verdict(resolved, ["You", "Bart"]) == (
        "You are out, holding only a pair of sevens, Q-6-2 kickers."
    )
    held = challenged("a pair", "QC 7C 7D 6S 2H", lives=(3, 0))
    assert verdict(held, ["You", "Bart"]) == "Bart is out: your hand holds a pair."
    assert verdict(held, ["Annie", "You"]) == "You are out: Annie's hand holds a pair."


def test_a_life_lost_is_told_with_the_verb_agreeing() -> None:
    resolved = bluff(lives=(1, 3))
    assert verdict(resolved, ["You", "Bart"]).startswith("You lose a life, holding only")
    assert verdict(resolved, ["Annie", "Bart"]).startswith("Annie loses a life, holding only")


def test_a_stuck_taker_loses_a_life() -> None:
    stuck = HandStuck(
        round=1,
        seat=1,
        declaration=parse_declaration("queen-high straight flush", PLAIN),
        communal=tuple(parse_cards("2C")),
        lives=(2, 1, 2),
    )
    assert stuck_verdict(stuck, ["Annie", "Bart", "Chrissie"]) == (
        "Bart loses a life: with the new face-up cards, "
        "no hand can beat a queen-high straight flush."
    )
    assert stuck_verdict(stuck, ["Annie", "You", "Chrissie"]).startswith("You lose a life:")


def test_a_counted_hand_takes_a_or_an() -> None:
    resolved = challenged("full house", "AC KD QS JH 10C", lives=(2, 3))
    assert verdict(resolved, ["Cal", "Bea"]) == (
        "Cal loses a life, holding only an ace-high straight."
    )


def test_a_flush_named_by_its_figures_takes_an_before_a_vowel_sound() -> None:
    """Found in play: "Cal's hand holds a A-K-9-8-2 high diamond flush"."""
    rules = PokerRules()
    assert hand_phrase(hand_rank(parse_cards("AD KD 9D 8D 2D"), rules)).startswith("an A-K-9-8-2")
    assert hand_phrase(hand_rank(parse_cards("8C 6C 5C 4C 2C"), rules)).startswith("an 8-6-5-4-2")
    assert hand_phrase(hand_rank(parse_cards("KH 9H 8H 6H 2H"), rules)).startswith("a K-9-8-6-2")
