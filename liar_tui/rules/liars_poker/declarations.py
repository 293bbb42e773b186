"""Declarations in Liar's Poker with cards: what a speaker claims the passed hand holds.

A declaration keeps exactly the details the speaker said and nothing more, because the
floor (the worst hand a truthful speaker could hold) is computed from what was left open.
Each declaration has one canonical English text that reads back to the same declaration,
so logs, the network and the screens can all carry it as words.

Three layers, each refusing with one sentence a player can read:

- ``Declaration(...)`` refuses what cannot be said at all (a king kicker to a pair of kings,
  a straight topped by a four, six kickers);
- ``impossibility(declaration, rules)`` says why no hand under this round's rules matches
  (five of a kind without wilds, "6 high");
- ``parse_declaration(text, rules)``, in ``declaration_text``, reads typed text and names the
  word it did not follow.

This module writes the canonical text (``Declaration.text``); reading it back is
``declaration_text``'s, which builds on this module and is never imported by it.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from liar_tui.rules.cards import NATURAL_RANKS, Card, Rank, Suit
from liar_tui.rules.liars_poker.poker_hands import HandRank
from liar_tui.rules.liars_poker.rules import Category, Color, PokerRules

HAND_SIZE = 5


class DeclarationError(ValueError):
    """A declaration that cannot be made; the message is one sentence a player can read."""


GROUP_SHAPES: dict[Category, tuple[int, int]] = {
    Category.PAIR: (1, 3),
    Category.TWO_PAIR: (2, 1),
    Category.THREE_OF_A_KIND: (1, 2),
    Category.FULL_HOUSE: (2, 0),
    Category.FOUR_OF_A_KIND: (1, 1),
    Category.FIVE_OF_A_KIND: (1, 0),
}
"""For hands built of pairs and sets: how many group ranks they name, and how many kickers."""

PREFIX_CATEGORIES = frozenset({Category.HIGH_CARD, Category.FLUSH, Category.COLOR_FLUSH})
"""Hands ranked card by card, high to low, and so named by their top cards."""

STRAIGHT_CATEGORIES = frozenset(
    {Category.STRAIGHT, Category.COLOR_STRAIGHT_FLUSH, Category.STRAIGHT_FLUSH}
)
SUITED_CATEGORIES = frozenset({Category.FLUSH, Category.STRAIGHT_FLUSH})
COLORED_CATEGORIES = frozenset({Category.COLOR_FLUSH, Category.COLOR_STRAIGHT_FLUSH})
LOWEST_STRAIGHT_TOP = Rank.FIVE
WHEEL = (Rank.ACE, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)

SUIT_WORDS = {
    Suit.CLUBS: "club",
    Suit.DIAMONDS: "diamond",
    Suit.HEARTS: "heart",
    Suit.SPADES: "spade",
}
"""A suit as the canonical text names it ("spade flush"). Public because the text parser
(``declaration_text``) reads the same words back."""
_GROUP_COUNT_WORDS = {
    Category.PAIR: "pair of",
    Category.THREE_OF_A_KIND: "three",
    Category.FOUR_OF_A_KIND: "four",
    Category.FIVE_OF_A_KIND: "five",
}


@dataclass(frozen=True)
class Declaration:
    """A claim about the hand: a category plus whichever details the speaker named.

    Every detail is optional; a detail left out is what makes a declaration easy to raise.
    """

    category: Category
    groups: tuple[Rank, ...] = ()
    """Ranks of the pair or sets, biggest set first: a pair's rank; two pair's high then low
    pair (the high alone is "kings up"); the set of three; a full house's set then pair (the
    set alone is "eights full"); four or five of a kind's rank."""
    kickers: tuple[Rank, ...] = ()
    """The highest kickers beside the groups, high to low; only once every group is named."""
    high_cards: tuple[Rank, ...] = ()
    """High card, flush and color flush: the top cards, high to low ("K-10 high")."""
    top: Rank | None = None
    """A straight's highest card (a five for A-2-3-4-5)."""
    suit: Suit | None = None
    """A flush's or straight flush's suit ("spade flush")."""
    color: Color | None = None
    """A color flush's or color straight flush's color ("all red")."""
    cards: tuple[Card, ...] = ()
    """Five exact cards; ``category`` is then what those cards make (see ``of_cards``)."""

    def __post_init__(self) -> None:
        """Ranks given as numbers become ``Rank`` and cards take one order, so equal claims
        compare equal however they were built (by hand, by the parser, from the network)."""
        for name in ("groups", "kickers", "high_cards"):
            object.__setattr__(self, name, tuple(_rank(value) for value in getattr(self, name)))
        if self.top is not None:
            object.__setattr__(self, "top", _rank(self.top))
        if self.cards:
            object.__setattr__(self, "cards", _in_canonical_order(self.cards))
        problem = _unsayable(self)
        if problem is not None:
            raise DeclarationError(problem)

    @classmethod
    def of_cards(cls, cards: Iterable[Card], rules: PokerRules) -> Declaration:
        """Five exact cards, under the category they make with this round's wilds and ranking."""
        named = tuple(cards)
        if len(named) != HAND_SIZE:
            raise DeclarationError(f"Name exactly five cards, not {len(named)}.")
        return cls(category_made_by(named, rules), cards=named)

    @property
    def text(self) -> str:
        """The canonical English text; ``declaration_text.parse_declaration`` reads it back.

        Said as the hand it names is (``HandRank.describe``): "queens full of sixes", kickers
        and top cards as on the cards ("Q-6-2 kickers", "K-10 high"), so a claim and the hand
        that answers it read alike everywhere.
        """
        if self.cards:
            return ", ".join(_card_words(card) for card in self.cards)
        if self.category in GROUP_SHAPES:
            return _group_text(self)
        if self.category in STRAIGHT_CATEGORIES:
            words = [f"{self.top.noun}-high"] if self.top else []
        else:
            words = [f"{_label_run(self.high_cards)} high"] if self.high_cards else []
        if self.suit is not None:
            words.append(SUIT_WORDS[self.suit])
        if self.category is not Category.HIGH_CARD or not self.high_cards:
            words.append(self.category.value)
        text = " ".join(words)
        return f"{text}, all {self.color.value}" if self.color else text

    def __str__(self) -> str:
        return self.text


def _rank(value: int) -> Rank:
    try:
        return Rank(value)
    except ValueError:
        raise DeclarationError(f"{value!r} is not a card rank.") from None


def _group_text(declaration: Declaration) -> str:
    category, groups = declaration.category, declaration.groups
    if not groups:
        text = "a pair" if category is Category.PAIR else category.value
    elif category is Category.TWO_PAIR:
        shown = f"{groups[0].plural} up" if len(groups) == 1 else _over(groups)
        text = f"two pair, {shown}"
    elif category is Category.FULL_HOUSE:
        pair = f" of {groups[1].plural}" if len(groups) == 2 else ""
        text = f"full house, {groups[0].plural} full{pair}"
    else:
        text = f"{_GROUP_COUNT_WORDS[category]} {groups[0].plural}"
    if declaration.kickers:
        noun = "kicker" if len(declaration.kickers) == 1 else "kickers"
        text += f", {_label_run(declaration.kickers)} {noun}"
    return text


def _over(groups: Sequence[Rank]) -> str:
    return f"{groups[0].plural} over {groups[1].plural}"


def _label_run(ranks: Sequence[Rank]) -> str:
    return "-".join(rank.label for rank in ranks)


def _card_words(card: Card) -> str:
    if card.suit is None:
        return "joker"
    return f"{card.rank.noun} of {card.suit.name.lower()}"


def _in_canonical_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """High to low, spades first within a rank; copies renumbered, since only faces matter."""
    ordered = sorted(cards, key=lambda card: (card.rank, card.suit or Suit.SPADES), reverse=True)
    jokers = itertools.count()
    return tuple(
        Card(card.rank, card.suit, next(jokers) if card.is_joker else 0) for card in ordered
    )


# --- What can be said at all -------------------------------------------------------------


def _unsayable(declaration: Declaration) -> str | None:
    if declaration.cards:
        return _exact_cards_problem(declaration)
    checks = (
        _rank_values_problem,
        _groups_problem,
        _kickers_problem,
        _high_cards_problem,
        _top_problem,
        _suit_and_color_problem,
    )
    for check in checks:
        problem = check(declaration)
        if problem is not None:
            return problem
    return None


def _exact_cards_problem(declaration: Declaration) -> str | None:
    if (
        declaration.groups
        or declaration.kickers
        or declaration.high_cards
        or declaration.top
        or declaration.suit
        or declaration.color
    ):
        return "Five exact cards already say everything; name no other detail with them."
    if len(declaration.cards) != HAND_SIZE:
        return f"Name exactly five cards, not {len(declaration.cards)}."
    faces = Counter(card.face for card in declaration.cards if not card.is_joker)
    for (rank, suit), times in faces.items():
        if times > 1:
            return f"The {_card_words(Card(rank, suit))} is named twice; a deck holds one."
    return None


def _rank_values_problem(declaration: Declaration) -> str | None:
    named = [*declaration.groups, *declaration.kickers, *declaration.high_cards]
    if declaration.top is not None:
        named.append(declaration.top)
    if Rank.JOKER in named:
        return "A joker is wild, not a rank; name natural ranks."
    return None


def _groups_problem(declaration: Declaration) -> str | None:
    category, groups = declaration.category, declaration.groups
    if not groups:
        return None
    if category not in GROUP_SHAPES:
        return f"A {category.value} has no pair or set to name."
    room = GROUP_SHAPES[category][0]
    if len(groups) > room:
        return f"A {category.value} names one rank, not {len(groups)}."
    if len(set(groups)) < len(groups):
        if category is Category.TWO_PAIR:
            return "The two pairs must be of different ranks."
        return "A full house's set and pair must be of different ranks."
    if category is Category.TWO_PAIR and len(groups) == 2 and groups[0] < groups[1]:
        return f"Name the higher pair first: {_over(sorted(groups, reverse=True))}."
    return None


def _kickers_problem(declaration: Declaration) -> str | None:
    category, kickers = declaration.category, declaration.kickers
    if not kickers:
        return None
    if category not in GROUP_SHAPES or GROUP_SHAPES[category][1] == 0:
        return f"A {category.value} has no kickers."
    groups_needed, room = GROUP_SHAPES[category]
    if len(declaration.groups) < groups_needed:
        return f"Name the ranks of the {category.value} before its kickers."
    if len(kickers) > room:
        return f"A {category.value} has room for {_count(room, 'kicker')}, not {len(kickers)}."
    if any(high <= low for high, low in itertools.pairwise(kickers)):
        return "Name the kickers from highest to lowest, each rank once."
    for kicker in kickers:
        if kicker in declaration.groups:
            return (
                f"A {kicker.noun} kicker would turn the {kicker.plural} into a bigger set, "
                f"not a {category.value}."
            )
    return None


def _high_cards_problem(declaration: Declaration) -> str | None:
    category, ranks = declaration.category, declaration.high_cards
    if not ranks:
        return None
    if category not in PREFIX_CATEGORIES:
        return f"A {category.value} is not named by its top cards."
    if len(ranks) > HAND_SIZE:
        return f"A hand holds five cards, not {len(ranks)}."
    if any(high < low for high, low in itertools.pairwise(ranks)):
        return "Name the cards from highest to lowest."
    counts = Counter(ranks)
    if category is Category.COLOR_FLUSH:
        if max(counts.values()) > 2 or list(counts.values()).count(2) > 1:
            return "A color flush holds at most one pair; more would make a better hand."
    elif max(counts.values()) > 1:
        return f"A {category.value} holds five different ranks; a pair would make it a pair."
    if len(counts) == HAND_SIZE and _is_straight(ranks):
        return f"{_label_run(ranks)} is a straight, not a {category.value}."
    return None


def _top_problem(declaration: Declaration) -> str | None:
    if declaration.top is None:
        return None
    if declaration.category not in STRAIGHT_CATEGORIES:
        return f"A {declaration.category.value} is not named by a top card alone."
    if declaration.top < LOWEST_STRAIGHT_TOP:
        return "The lowest straight is five-high (A-2-3-4-5); no straight tops lower."
    return None


def _suit_and_color_problem(declaration: Declaration) -> str | None:
    if declaration.suit is not None and declaration.category not in SUITED_CATEGORIES:
        return "Only a flush or a straight flush has a suit."
    if declaration.color is not None and declaration.category not in COLORED_CATEGORIES:
        return "Only a color flush or a color straight flush has a color."
    return None


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _is_straight(ranks: Sequence[Rank]) -> bool:
    """Five different ranks, high to low, that are consecutive (the ace may be low)."""
    return tuple(ranks) == WHEEL or ranks[0] - ranks[-1] == HAND_SIZE - 1


# --- What no hand under the round's rules matches ----------------------------------------


def impossibility(declaration: Declaration, rules: PokerRules) -> str | None:
    """Why no hand under ``rules`` matches the declaration, or None when some hand does.

    This looks at five-card hands; with seven-card hands or communal cards the floor, which
    searches the hands the table can actually form, has the last word.
    """
    if declaration.category not in rules.order():
        return _missing_category_reason(declaration.category)
    if declaration.cards:
        return _exact_cards_impossibility(declaration, rules)
    if declaration.category in PREFIX_CATEGORIES and declaration.high_cards:
        return _prefix_impossibility(declaration.category, declaration.high_cards)
    if declaration.category is Category.TWO_PAIR and declaration.groups[:1] == (Rank.TWO,):
        return "Two pair cannot be twos up: no pair ranks below the twos."
    if declaration.kickers:
        return _kickers_impossibility(declaration)
    return None


def _missing_category_reason(category: Category) -> str:
    if category is Category.FIVE_OF_A_KIND:
        return "Five of a kind needs jokers or wild cards, and this round has none."
    return f"{category.value.capitalize()}es are switched off this round."


def _exact_cards_impossibility(declaration: Declaration, rules: PokerRules) -> str | None:
    jokers = sum(card.is_joker for card in declaration.cards)
    if jokers > rules.jokers:
        return f"This round is played with {_count(rules.jokers, 'joker')}, not {jokers}."
    made = category_made_by(declaration.cards, rules)
    if made is not declaration.category:
        claimed = with_article(declaration.category)
        return f"Those five cards make {with_article(made)}, not {claimed}."
    return None


def with_article(category: Category) -> str:
    """The category as a sentence names it: "a flush", "high card".

    Public because the text parser (``declaration_text``) words its refusals the same way.
    """
    return f"a {category.value}" if category is not Category.HIGH_CARD else "high card"


def _prefix_impossibility(category: Category, prefix: tuple[Rank, ...]) -> str | None:
    pair_allowed = category is Category.COLOR_FLUSH
    if prefix in _possible_prefixes(pair_allowed):
        return None
    named = "No high-card hand" if category is Category.HIGH_CARD else f"No {category.value}"
    lowest = prefix[-1]
    below = [rank for rank in NATURAL_RANKS if rank < lowest]
    fill = HAND_SIZE - len(prefix)
    if pair_allowed:
        return (
            f"{named} is {_label_run(prefix)} high: the ranks below the {lowest.label} "
            "cannot complete it without a second pair."
        )
    if len(below) < fill:
        return (
            f"{named} is {_label_run(prefix)} high: there are too few ranks below the "
            f"{lowest.label} to make five different ones."
        )
    only = (*prefix, *sorted(below, reverse=True)[:fill])
    return (
        f"{named} is {_label_run(prefix)} high: the only five different ranks that fit, "
        f"{_label_run(only)}, form a straight."
    )


@functools.cache
def _possible_prefixes(pair_allowed: bool) -> frozenset[tuple[Rank, ...]]:
    """Every leading run of every shape: a set lookup instead of a scan per declaration."""
    shapes = _prefix_shapes(pair_allowed)
    return frozenset(shape[:length] for shape in shapes for length in range(HAND_SIZE + 1))


@functools.cache
def _prefix_shapes(pair_allowed: bool) -> frozenset[tuple[Rank, ...]]:
    """Every rank pattern, high to low, that a high-card hand or flush (or color flush) has."""
    high_first = sorted(NATURAL_RANKS, reverse=True)
    shapes = {
        ranks for ranks in itertools.combinations(high_first, HAND_SIZE) if not _is_straight(ranks)
    }
    if pair_allowed:
        for pair in NATURAL_RANKS:
            others = [rank for rank in high_first if rank != pair]
            for singles in itertools.combinations(others, HAND_SIZE - 2):
                shapes.add(tuple(sorted((pair, pair, *singles), reverse=True)))
    return frozenset(shapes)


def _kickers_impossibility(declaration: Declaration) -> str | None:
    room = GROUP_SHAPES[declaration.category][1]
    lowest = declaration.kickers[-1]
    free = [rank for rank in NATURAL_RANKS if rank < lowest and rank not in declaration.groups]
    needed = room - len(declaration.kickers)
    if len(free) >= needed:
        return None
    available = f"only {len(free)}" if free else "none"
    return (
        f"No such hand: the other {_count(needed, 'kicker')} would need different ranks "
        f"below the {lowest.noun}, besides the "
        f"{' and '.join(rank.plural for rank in declaration.groups)}, and there are {available}."
    )


def category_made_by(cards: Sequence[Card], rules: PokerRules) -> Category:
    """The best category five cards make, wild cards (jokers, wild ranks) at their best.

    Exact-card declarations need it to know what they claim; categories strictly outrank one
    another, so the best is the highest the cards can form under this round's order.
    """
    naturals = [card for card in cards if not card.is_joker and card.rank not in rules.wild_ranks]
    wild = len(cards) - len(naturals)
    counts = [*sorted(Counter(card.rank for card in naturals).values(), reverse=True), 0, 0]
    ranks = {card.rank for card in naturals}
    straight = len(ranks) == len(naturals) and any(ranks <= window for window in _windows())
    suited = len({card.suit for card in naturals}) <= 1
    colored = len({Color.of(card.suit) for card in naturals if card.suit}) <= 1
    formable = {
        Category.HIGH_CARD: True,
        Category.PAIR: counts[0] + wild >= 2,
        Category.COLOR_FLUSH: colored,
        Category.TWO_PAIR: min(counts[0], 2) + min(counts[1], 2) + wild >= 4,
        Category.THREE_OF_A_KIND: counts[0] + wild >= 3,
        Category.STRAIGHT: straight,
        Category.FLUSH: suited,
        Category.FULL_HOUSE: min(counts[0], 3) + min(counts[1], 2) + wild >= 5,
        Category.COLOR_STRAIGHT_FLUSH: straight and colored,
        Category.FOUR_OF_A_KIND: counts[0] + wild >= 4,
        Category.STRAIGHT_FLUSH: straight and suited,
        Category.FIVE_OF_A_KIND: counts[0] + wild >= 5,
    }
    return [category for category in rules.order() if formable[category]][-1]


@functools.cache
def _windows() -> tuple[frozenset[Rank], ...]:
    """The rank sets of every straight, the ace-low wheel included."""
    windows = [frozenset(WHEEL)]
    for top in range(Rank.SIX, Rank.ACE + 1):
        windows.append(frozenset(Rank(top - step) for step in range(HAND_SIZE)))
    return tuple(windows)


# --- What a known hand can say of itself -------------------------------------------------


def declaration_of(value: HandRank) -> Declaration:
    """The most detailed declaration a hand worth ``value`` can truthfully make.

    Bots that tell the truth and the builder's "the truth" key need it. Without wilds its
    floor is ``value`` itself, and with wilds too, but for one kind of hand: a flush whose
    wilds play as aces beside a natural ace (``A-A-Q-9-6``). No declaration says a flush's
    rank twice, and naming each rank once (``A-Q-9-6 high``) can name a hand the deck cannot
    form (when the ranks below are wild), so that flush names only its ace ("ace-high spade
    flush"): true, but with a lower floor.
    """
    category, ranks = value.category, value.ranks
    if category in STRAIGHT_CATEGORIES:
        return Declaration(category, top=ranks[0], suit=value.suit, color=value.color)
    if category in PREFIX_CATEGORIES:
        named = ranks
        if category is not Category.COLOR_FLUSH and ranks[0] == ranks[1]:
            named = ranks[:1]
        return Declaration(category, high_cards=named, suit=value.suit, color=value.color)
    kicker_count = GROUP_SHAPES[category][1]
    return Declaration(
        category,
        groups=tuple(ranks[at] for at in _GROUP_STARTS[category]),
        kickers=ranks[HAND_SIZE - kicker_count :] if kicker_count else (),
    )


_GROUP_STARTS: dict[Category, tuple[int, ...]] = {
    Category.PAIR: (0,),
    Category.TWO_PAIR: (0, 2),
    Category.THREE_OF_A_KIND: (0,),
    Category.FULL_HOUSE: (0, 3),
    Category.FOUR_OF_A_KIND: (0,),
    Category.FIVE_OF_A_KIND: (0,),
}
"""Where each named group's rank sits in a hand value's ranks, which lists the groups first."""
