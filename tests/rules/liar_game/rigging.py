"""Helpers that set a Liar Game table up for an example, without breaking its invariants."""

from __future__ import annotations

from collections import Counter

from liar_tui.rules.cards import Card, parse_cards, shoe
from liar_tui.rules.liar_game.game import LiarGame, ShowHand


def rig(game: LiarGame, pockets: list[str]) -> None:
    """Give each seat the six named cards, taking them from wherever they lie.

    Every other card goes back to the deck (its old order first), so the table still holds
    exactly its shoe: examples test rules, not a hand-made state that could never happen.
    """
    pool = list(game.deck) + list(game.discards) + [c for p in game.pockets for c in p]
    new_pockets: list[list[Card]] = []
    for text in pockets:
        pocket = []
        for wanted in parse_cards(text):
            card = next(card for card in pool if card.face == wanted.face)
            pool.remove(card)
            pocket.append(card)
        assert len(pocket) == 6, "a rigged pocket names six cards"
        new_pockets.append(pocket)
    game.pockets = new_pockets
    game.deck = pool
    game.discards = []
    game.seen_since_shuffle = []


def show(game: LiarGame, seat: int, text: str) -> ShowHand:
    """The action of ``seat`` showing the named faces from its own pocket."""
    pocket = list(game.pockets[seat])
    cards = []
    for wanted in parse_cards(text):
        card = next(card for card in pocket if card.face == wanted.face)
        pocket.remove(card)
        cards.append(card)
    return ShowHand(seat, tuple(cards))


def holds_its_shoe(game: LiarGame) -> bool:
    """Pockets, deck and discards together are the shoe, every card exactly once."""
    return Counter(game.all_cards()) == Counter(shoe(game.rules.decks))
