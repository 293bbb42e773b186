"""The settings and hand categories of Liar's Poker with cards, as RULINGS.md decides them.

Shared by the hand evaluator, the declarations and the game, so that each reads the same
switches: which categories exist, in which order, and what is wild.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from liar_tui.rules.cards import NATURAL_RANKS, Rank, Suit

MIN_SEATS = 2
MAX_SEATS = 12
MAX_LIVES = 5
FIVE_CARD_HANDS = 5


class Category(Enum):
    """Hand categories, named as the seed names them; their order depends on the rules."""

    HIGH_CARD = "high card"
    PAIR = "pair"
    COLOR_FLUSH = "color flush"
    TWO_PAIR = "two pair"
    THREE_OF_A_KIND = "three of a kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full house"
    COLOR_STRAIGHT_FLUSH = "color straight flush"
    FOUR_OF_A_KIND = "four of a kind"
    STRAIGHT_FLUSH = "straight flush"
    FIVE_OF_A_KIND = "five of a kind"

    __hash__ = object.__hash__
    """Members are singletons, so identity hashes them; ``Enum`` would hash the name in Python,
    which the hand evaluator's table build would pay for a hundred thousand times."""


STANDARD_ORDER: tuple[Category, ...] = tuple(Category)
"""Low to high, as RULINGS.md lists them."""


class Color(Enum):
    """A card's color, which color flushes and color straight flushes go by."""

    RED = "red"
    BLACK = "black"

    @property
    def suits(self) -> tuple[Suit, Suit]:
        return _COLOR_SUITS[self]

    @staticmethod
    def of(suit: Suit) -> Color:
        return Color.RED if suit in _COLOR_SUITS[Color.RED] else Color.BLACK


_COLOR_SUITS = {
    Color.RED: (Suit.DIAMONDS, Suit.HEARTS),
    Color.BLACK: (Suit.CLUBS, Suit.SPADES),
}


@dataclass(frozen=True)
class PokerRules:
    """One round's rules: the permanent settings, or what the opener chose by dealer's choice."""

    jokers: int = 0
    """0, 1 or 2 jokers in the deck, wild in rank and suit."""
    wild_ranks: frozenset[Rank] = frozenset()
    """Named wild ranks (dealer's choice): every card of these ranks is wild like a joker."""
    color_flush: bool = True
    color_straight_flush: bool = True
    two_pair_over_trips: bool = False
    """Two pair ranks above three of a kind."""
    hand_size: int = 5
    """5, or 7 (seven-card hands: the best five count)."""
    communal_cards: int = 0
    """0, 1 or 2 face-up cards on the table that are part of the hand."""

    def order(self) -> tuple[Category, ...]:
        """The categories that exist under these rules, low to high."""
        order = [
            category
            for category in STANDARD_ORDER
            if (category is not Category.COLOR_FLUSH or self.color_flush)
            and (category is not Category.COLOR_STRAIGHT_FLUSH or self.color_straight_flush)
            and (category is not Category.FIVE_OF_A_KIND or self.has_wilds)
        ]
        if self.two_pair_over_trips:
            two_pair = order.index(Category.TWO_PAIR)
            trips = order.index(Category.THREE_OF_A_KIND)
            order[two_pair], order[trips] = order[trips], order[two_pair]
        return tuple(order)

    @property
    def has_wilds(self) -> bool:
        return self.jokers > 0 or bool(self.wild_ranks)

    def problems(self) -> list[str]:
        found: list[str] = []
        if self.jokers not in (0, 1, 2):
            found.append("Liar's Poker is played with 0, 1 or 2 jokers.")
        if self.hand_size not in (5, 7):
            found.append("Hands hold five cards, or seven with seven-card hands.")
        if self.communal_cards not in (0, 1, 2):
            found.append("There can be 0, 1 or 2 communal cards.")
        if Rank.JOKER in self.wild_ranks:
            found.append("Jokers are wild already; name natural ranks as wild.")
        elif (frozen := self.opening_problem()) is not None:
            found.append(frozen)
        return found

    def opening_problem(self) -> str | None:
        """Why some deal under these rules would leave the opener nothing to declare; None
        when every deal allows an opening.

        An opening must beat the lowest hand the deck can form (holding the face-up cards),
        so a deal where every hand is worth the same leaves no legal opening and the table
        stuck. Wilds always play as the best hand they can make, so that happens only with at
        most one natural rank: with none, or only aces, every hand is five aces; with one other
        rank, a five-card hand holding a face-up card of it is five of that rank whatever else
        it holds (a seven-card hand still has room for five wilds, which make five aces).
        ``tests/rules/liars_poker/test_openings.py`` checks this against the floors' lowest
        and highest hands of every deal.
        """
        naturals = [rank for rank in NATURAL_RANKS if rank not in self.wild_ranks]
        if not naturals:
            return "With every rank wild, no hand can open: every hand is five aces."
        if naturals == [Rank.ACE]:
            return "With every rank but aces wild, no hand can open: every hand is five aces."
        if len(naturals) == 1 and self.communal_cards and self.hand_size == FIVE_CARD_HANDS:
            only = naturals[0]
            return (
                f"With every rank but {only.plural} wild, a face-up {only.noun} would leave "
                f"no opening: every hand would be five {only.plural}."
            )
        return None


# --- The game's settings -------------------------------------------------------------------

DEFAULT_LIVES = 1
"""The original "you're out"; the seed's "with lives" variant plays with three."""


class Chip(Enum):
    """The three chips of the "with chips" variant, each played once per game."""

    SKIP = "skip"
    """Pass the decision, unseen, to the next seat."""
    FLIP = "flip"
    """After improving the hand, reverse the direction of play."""
    DOUBLE_DIP = "double dip"
    """After discarding and drawing, discard and draw again."""


@dataclass(frozen=True)
class RoundRules:
    """How one round is played: the hand's ranking and size, and the discard options.

    These are the permanent settings, which the opener may change for one round under
    dealer's choice (everything here but the jokers, which are part of the deck).
    """

    poker: PokerRules = PokerRules()
    discard_limit: int | None = None
    """The most cards a taker may discard at once; None for the whole hand."""
    must_discard: bool = False
    """A taker discards at least one card."""
    draw_twice: bool = False
    """A taker discards and draws twice (the second time may be no cards)."""
    communal_discardable: bool = False
    """A taker may discard a communal card; its replacement is dealt face up."""

    @property
    def pocket_size(self) -> int:
        """The hidden cards of the hand, beside the communal cards face up on the table."""
        return self.poker.hand_size - self.poker.communal_cards

    def problems(self) -> list[str]:
        found = self.poker.problems()
        limit = self.discard_limit
        if limit is not None and (type(limit) is not int or not 1 <= limit <= self.poker.hand_size):
            found.append(f"The discard limit must be from 1 to {self.poker.hand_size} cards.")
        if self.communal_discardable and not self.poker.communal_cards:
            found.append("Communal cards can be discarded only when there are some.")
        return found


@dataclass(frozen=True)
class LiarsPokerRules:
    """The settings of a Liar's Poker table, chosen in setup and kept for the whole game."""

    lives: int = DEFAULT_LIVES
    chips: bool = False
    """Each seat gets one Skip, one Flip and one Double Dip chip per game."""
    dealers_choice: bool = False
    """The opener of each round may change the round rules for that round."""
    round: RoundRules = RoundRules()
    """The round rules every round starts from."""

    def problems(self) -> list[str]:
        found: list[str] = []
        if type(self.lives) is not int or not 1 <= self.lives <= MAX_LIVES:
            found.append(f"Each player has 1 to {MAX_LIVES} lives.")
        return found + self.round.problems()

    def choice_problem(self, chosen: RoundRules) -> str | None:
        """Why the opener may not play a round under ``chosen``; None when they may."""
        if not self.dealers_choice:
            return "This table plays without dealer's choice."
        if chosen.poker.jokers != self.round.poker.jokers:
            return "The jokers are part of the deck: dealer's choice cannot change them."
        problems = chosen.problems()
        return problems[0] if problems else None
