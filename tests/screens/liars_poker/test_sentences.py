"""Outcomes told with the names at the table: the rules record them, the screens say them."""

from __future__ import annotations

from liar_tui.rules.cards import parse_cards
from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.floor import floor
from liar_tui.rules.liars_poker.game import ChallengeResolved, HandStuck
from liar_tui.rules.liars_poker.poker_hands import hand_rank
from liar_tui.rules.liars_poker.rules import PokerRules
from liar_tui.screens.liars_poker.sentences import stuck_verdict, verdict

PLAIN = PokerRules()


def bluff(lives: tuple[int, int]) -> ChallengeResolved:
    """Seat 0 declared three of a kind holding a pair of sevens; seat 1 challenged."""
    declaration = parse_declaration("three of a kind", PLAIN)
    hand = tuple(parse_cards("QC 7C 7D 6S 2H"))
    return ChallengeResolved(
        round=1,
        challenger=1,
        declarer=0,
        declaration=declaration,
        floor=floor(declaration, PLAIN),
        hand=hand,
        value=hand_rank(hand, PLAIN),
        loser=0,
        lives=lives,
    )


def test_the_verdict_speaks_to_you_in_the_second_person() -> None:
    resolved = bluff(lives=(0, 3))
    assert verdict(resolved, ["You", "Bart"]).startswith(
        "You are out: your hand, pair of sevens, Q-6-2 kickers, is worse than three of a kind"
    )
    assert verdict(resolved, ["Annie", "You"]).endswith("You were right to challenge.")
    assert verdict(resolved, ["Annie", "Bart"]).startswith("Annie is out: Annie's hand")
    assert verdict(resolved, ["Annie", "Bart"]).endswith("Bart was right to challenge.")


def test_a_life_lost_is_told_with_the_verb_agreeing() -> None:
    resolved = bluff(lives=(1, 3))
    assert verdict(resolved, ["You", "Bart"]).startswith("You lose a life: your hand")
    assert verdict(resolved, ["Annie", "Bart"]).startswith("Annie loses a life: Annie's hand")


def test_a_stuck_taker_loses_a_life() -> None:
    stuck = HandStuck(
        round=1,
        seat=1,
        declaration=parse_declaration("queen-high straight flush", PLAIN),
        communal=tuple(parse_cards("2C")),
        lives=(2, 1, 2),
    )
    assert stuck_verdict(stuck, ["Annie", "Bart", "Chrissie"]) == (
        "Bart loses a life: with the new face-up cards, no hand can beat queen-high straight flush."
    )
    assert stuck_verdict(stuck, ["Annie", "You", "Chrissie"]).startswith("You lose a life:")
