"""A challenge as the rules resolve it, built from words, for the tests that show or say it."""

from __future__ import annotations

from liar_tui.rules.cards import parse_cards
from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.floor import floor
from liar_tui.rules.liars_poker.game import ChallengeResolved
from liar_tui.rules.liars_poker.poker_hands import hand_rank
from liar_tui.rules.liars_poker.rules import PokerRules

PLAIN = PokerRules()


def challenged(
    declared: str, cards: str, lives: tuple[int, ...], round: int = 1
) -> ChallengeResolved:
    """Seat 0 declared ``declared`` holding ``cards`` and seat 1 challenged; the loser is
    the one the plain rules say, and ``lives`` are the lives after the challenge."""
    declaration = parse_declaration(declared, PLAIN)
    hand = tuple(parse_cards(cards))
    value = hand_rank(hand, PLAIN)
    held = value >= floor(declaration, PLAIN)
    return ChallengeResolved(
        round=round,
        challenger=1,
        declarer=0,
        declaration=declaration,
        floor=floor(declaration, PLAIN),
        hand=hand,
        value=value,
        loser=1 if held else 0,
        lives=lives,
    )
