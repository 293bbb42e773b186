"""Playing cards: ranks, suits, jokers, shoes of one or more decks, and their text forms.

Cards are plain frozen values so they can be compared, hashed, logged and sent over
the network. A shoe of two decks holds two of every face; ``copy`` tells them apart so
that "no card twice" stays checkable, while every rule looks only at rank and suit.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, IntEnum


@functools.total_ordering
class Suit(Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    def __lt__(self, other: object) -> bool:
        """Bridge order (clubs, diamonds, hearts, spades), only so that cards sort stably."""
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER.index(self) < _SUIT_ORDER.index(other)

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]


_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Rank(IntEnum):
    """Card ranks in rank order; the joker sorts above the ace but is never a natural rank."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def label(self) -> str:
        """The rank as printed on a card face: ``10``, ``J``, ``A``, ``Joker``."""
        return _RANK_LABELS[self]

    @property
    def ascii(self) -> str:
        """The one-letter ASCII code: ``T`` for ten, ``JK`` for the joker."""
        return _RANK_ASCII[self]

    @property
    def noun(self) -> str:
        return _RANK_NOUNS[self]

    @property
    def plural(self) -> str:
        return "sixes" if self is Rank.SIX else f"{self.noun}s"


NATURAL_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r is not Rank.JOKER)

_RANK_LABELS = {r: str(r.value) for r in NATURAL_RANKS if r <= Rank.TEN}
_RANK_LABELS.update(
    {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "Joker"}
)
_RANK_ASCII = {r: str(r.value) for r in NATURAL_RANKS if r <= Rank.NINE}
_RANK_ASCII.update({Rank.TEN: "T", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"})
_RANK_ASCII[Rank.JOKER] = "JK"
_RANK_NOUNS = {
    Rank.TWO: "two",
    Rank.THREE: "three",
    Rank.FOUR: "four",
    Rank.FIVE: "five",
    Rank.SIX: "six",
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.ACE: "ace",
    Rank.JOKER: "joker",
}


@dataclass(frozen=True, order=True)
class Card:
    """One physical card. Jokers have no suit; ``copy`` numbers identical faces in a shoe."""

    rank: Rank
    suit: Suit | None = None
    copy: int = 0

    def __post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise ValueError("a joker has no suit and every other card has one")

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def face(self) -> tuple[Rank, Suit | None]:
        """What the card shows: rank and suit, ignoring which copy it is."""
        return (self.rank, self.suit)

    @property
    def text(self) -> str:
        """Unicode text: ``A♠``, ``10♥``, ``Joker``."""
        if self.suit is None:
            return "Joker"
        return f"{self.rank.label}{self.suit.symbol}"

    @property
    def ascii(self) -> str:
        """ASCII text: ``AS``, ``TH``, ``JK``."""
        if self.suit is None:
            return "JK"
        return f"{self.rank.ascii}{self.suit.value}"

    @property
    def token(self) -> str:
        """A unique, parseable id for logs and the network: ``AS``, or ``AS:1`` for a copy."""
        return self.ascii if self.copy == 0 else f"{self.ascii}:{self.copy}"

    def __str__(self) -> str:
        return self.text


JOKERS_PER_DECK = 2


def standard_deck(copy: int = 0, jokers: int = JOKERS_PER_DECK) -> list[Card]:
    """One deck of 52 cards plus ``jokers`` jokers; jokers are numbered ``copy*jokers + i``."""
    cards = [Card(rank, suit, copy) for suit in Suit for rank in NATURAL_RANKS]
    cards += [Card(Rank.JOKER, None, copy * jokers + i) for i in range(jokers)]
    return cards


def shoe(decks: int = 1, jokers_per_deck: int = JOKERS_PER_DECK) -> list[Card]:
    """Every card of ``decks`` decks, in a fixed order (shuffle it with :func:`shuffled`)."""
    if decks < 1:
        raise ValueError("a shoe needs at least one deck")
    cards: list[Card] = []
    for copy in range(decks):
        cards += standard_deck(copy, jokers_per_deck)
    return cards


def shuffled(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    """A new list of ``cards`` in random order drawn from the table's generator."""
    result = list(cards)
    rng.shuffle(result)
    return result


class CardParseError(ValueError):
    """Text that does not name a card; the message says which word."""


_SUIT_BY_TEXT = {s.value: s for s in Suit} | {s.symbol: s for s in Suit}
_SUIT_BY_TEXT |= {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
_RANK_BY_TEXT = {r.ascii: r for r in NATURAL_RANKS} | {"10": Rank.TEN, "1": Rank.ACE}
_COPY = r"(?::([0-9]{1,3}))?"
"""A copy number: ASCII digits only, and few, since even a two-deck shoe numbers four jokers."""
_CARD_RE = re.compile(r"^(10|[2-9TJQKA1])([CDHS♣♦♥♠♤♡♢♧])" + _COPY + "$")
_JOKER_RE = re.compile(r"^(?:JK|JOKER|JKR)" + _COPY + "$")


def parse_card(text: str) -> Card:
    """Read one card: ``A♠``, ``AS``, ``10H``, ``TH``, ``Joker``, ``JK``, or a token ``AS:1``."""
    word = text.strip().upper()
    if match := _JOKER_RE.match(word):
        return Card(Rank.JOKER, None, int(match.group(1) or 0))
    if match := _CARD_RE.match(word):
        rank = _RANK_BY_TEXT[match.group(1)]
        return Card(rank, _SUIT_BY_TEXT[match.group(2)], int(match.group(3) or 0))
    typed = text.strip()
    shown = typed if len(typed) <= 12 else typed[:11] + "…"
    raise CardParseError(f"{shown!r} is not a card (try AS, 10H, TH or JK)")


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas: ``parse_cards("AS 10H JK")``.

    A face named twice without an explicit copy (``"JK JK"``) becomes two distinct copies,
    as it would be in a two-deck shoe.
    """
    cards: list[Card] = []
    for word in re.split(r"[\s,]+", text.strip()):
        if not word:
            continue
        card = parse_card(word)
        if ":" not in word:
            while card in cards:
                card = Card(card.rank, card.suit, card.copy + 1)
        cards.append(card)
    return cards


def cards_text(cards: Iterable[Card], ascii_only: bool = False) -> str:
    return " ".join(card.ascii if ascii_only else card.text for card in cards)
