"""How a pocket is laid out in front of its owner: by rank or by suit (``Settings.pocket_order``).

Only the picture changes: a pocket is a set of cards to the rules, so any order may be shown
and any pick sent. Liar Game's hand picker and Liar's Poker's pocket both sort with
:func:`sorted_pocket`, so a player sees one order in every game.
"""

from __future__ import annotations

from collections.abc import Iterable

from liar_tui.rules.cards import Card, Suit
from liar_tui.store.settings import PocketOrder

SUITS_SHOWN = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""Suits left to right: black and red alternate, so two suits side by side never blur."""


def _suit_place(card: Card) -> int:
    """Jokers (no suit) before every suit."""
    return -1 if card.suit is None else SUITS_SHOWN.index(card.suit)


def sorted_pocket(cards: Iterable[Card], order: PocketOrder) -> tuple[Card, ...]:
    """``cards`` as their owner sees them. By rank: jokers, then highest rank first, so pairs
    and sets sit side by side. By suit: jokers, then each suit in :data:`SUITS_SHOWN` order,
    highest first within it, so flushes and straights show. Ties keep their order."""
    if order is PocketOrder.SUIT:
        return tuple(sorted(cards, key=lambda card: (_suit_place(card), -card.rank)))
    return tuple(sorted(cards, key=lambda card: (-card.rank, _suit_place(card))))


def flipped(order: PocketOrder) -> PocketOrder:
    """The other order: what the sort key at a table turns to."""
    return PocketOrder.SUIT if order is PocketOrder.RANK else PocketOrder.RANK
