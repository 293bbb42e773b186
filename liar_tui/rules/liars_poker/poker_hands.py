"""What a poker hand is worth in Liar's Poker with cards, under every ranking option.

Plain five-card hands (no wild card) are valued by table look-up, as Cactus Kev's evaluator
and ``treys`` do: the product of one prime per rank names the multiset of ranks, and one table
for each suit pattern (mixed colors, one color, one suit) maps that product to a ready-made
:class:`HandRank`. Looking a hand up then costs a few multiplications and one dictionary
access, which is what the floor search and the bots need when they value hands by the
million. The tables are built lazily, on the first evaluation under a given ranking (a tenth or
two of a second), not at import: the app imports the rules at startup and most sessions
never play poker.

Hands with wild cards, and seven-card hands, are valued constructively: going down the
categories from the best, the first category that some choice of five cards and some
assignment of the wilds reaches is the hand's category, and a greedy pick of its highest ranks
gives its value. Nothing enumerates assignments, so this stays in the tens of microseconds.

A wild card may stand for any face, also one already in the hand: that is what makes five of
a kind possible, and it lets a wild flush hold two aces (``A♠ A♠ K♠ 9♠ 2♠``).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from liar_tui.rules.cards import Card, Rank, Suit
from liar_tui.rules.liars_poker.rules import Category, Color, PokerRules

HAND_CARDS = 5
"""The cards that count: a seven-card hand is valued at its best five."""

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_PRIME_OF_RANK: tuple[int, ...] = (0, 0, *_PRIMES, 0)
"""Indexed by rank value, one prime per natural rank; 0 for the joker."""
_RANK_OF_VALUE = {int(rank): rank for rank in Rank}
_HIGH_TO_LOW = tuple(range(Rank.ACE, Rank.TWO - 1, -1))
_STRAIGHT_CATEGORIES = frozenset(
    {Category.STRAIGHT, Category.COLOR_STRAIGHT_FLUSH, Category.STRAIGHT_FLUSH}
)
_SUIT_CATEGORIES = frozenset({Category.FLUSH, Category.STRAIGHT_FLUSH})
_COLOR_CATEGORIES = frozenset({Category.COLOR_FLUSH, Category.COLOR_STRAIGHT_FLUSH})
_SHAPES: dict[Category, tuple[int, ...]] = {
    Category.HIGH_CARD: (1, 1, 1, 1, 1),
    Category.PAIR: (2, 1, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.THREE_OF_A_KIND: (3, 1, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.FOUR_OF_A_KIND: (4, 1),
    Category.FIVE_OF_A_KIND: (5,),
}
"""Categories that rank-counts alone decide: sizes of the groups of equal rank, largest first."""
_CATEGORY_BY_SHAPE = {shape: category for category, shape in _SHAPES.items()}
_RANK_BITS = 4
_STRENGTH_RANK_BITS = _RANK_BITS * HAND_CARDS


@dataclass(frozen=True, order=True, slots=True)
class HandRank:
    """A hand's value: compare with ``<`` and ``==``; equal values are equally good hands.

    Only ``strength`` takes part in comparisons and hashing, so two color flushes with the same
    ranks are equal whatever their color. Values are comparable only under the same rules,
    since the ranking options move whole categories.
    """

    strength: int
    category: Category = field(compare=False)
    ranks: tuple[Rank, ...] = field(compare=False)
    """The five ranks that count, most significant first: the pair before its kickers, the
    higher pair of two before the lower, a 5-high straight as 5-4-3-2-A."""
    suit: Suit | None = field(default=None, compare=False)
    """The suit of a flush or straight flush; None for every other category."""
    color: Color | None = field(default=None, compare=False)
    """The color of a color flush or color straight flush; None for every other category."""

    def describe(self) -> str:
        """The hand in words, as the most detailed claim of it is said: "pair of sevens, Q-6-2
        kickers", "queens full of sixes", "K-Q-9-4-2 high spade flush".

        One wording for a hand and a claim (``Declaration.text``), so a refusal, a verdict
        and the history never call one full house two names; kickers are written as on the
        cards, as high cards are, so "two pair, sevens over threes, 2 kicker" has no bare
        "two" that reads like a count.
        """
        ranks = self.ranks
        top = ranks[0]
        category = self.category
        if category is Category.HIGH_CARD:
            return f"{_labels(ranks)} high"
        if category is Category.PAIR:
            return f"pair of {top.plural}, {_labels(ranks[2:])} kickers"
        if category is Category.TWO_PAIR:
            return f"two pair, {top.plural} over {ranks[2].plural}, {ranks[4].label} kicker"
        if category is Category.THREE_OF_A_KIND:
            return f"three {top.plural}, {_labels(ranks[3:])} kickers"
        if category is Category.STRAIGHT:
            return f"{top.noun}-high straight"
        if category is Category.FULL_HOUSE:
            return f"full house, {top.plural} full of {ranks[3].plural}"
        if category is Category.FOUR_OF_A_KIND:
            return f"four {top.plural}, {ranks[4].label} kicker"
        if category is Category.FIVE_OF_A_KIND:
            return f"five {top.plural}"
        if category is Category.COLOR_FLUSH:
            return f"{_labels(ranks)} high color flush, all {_color_name(self.color)}"
        if category is Category.COLOR_STRAIGHT_FLUSH:
            return f"{top.noun}-high color straight flush, all {_color_name(self.color)}"
        suit = _suit_word(self.suit)
        if category is Category.FLUSH:
            return f"{_labels(ranks)} high {suit} flush"
        return f"{top.noun}-high {suit} straight flush"

    def __str__(self) -> str:
        return self.describe()


def _labels(ranks: Iterable[Rank]) -> str:
    return "-".join(rank.label for rank in ranks)


def _color_name(color: Color | None) -> str:
    if color is None:
        raise ValueError("a color flush names its color")
    return color.value


def _suit_word(suit: Suit | None) -> str:
    """A suit as a flush is named by it: "spade flush"."""
    if suit is None:
        raise ValueError("a flush names its suit")
    return suit.name.lower().removesuffix("s")


@dataclass(frozen=True)
class Ranking:
    """One order of the categories, low to high; five of a kind is always on top.

    Five of a kind stays in the order even without wilds (no hand reaches it then), so that a
    value means the same with and without jokers.

    Public, like ``ranking_of``, ``Pool`` and ``best_of_category``, because the floor's
    seven-card search (``floor_search``) values rank patterns on this same scale without
    dealing whole hands.
    """

    order: tuple[Category, ...]

    @functools.cached_property
    def positions(self) -> dict[Category, int]:
        return {category: position for position, category in enumerate(self.order)}

    def strength(self, category: Category, ranks: Sequence[int]) -> int:
        """The category's position above one 4-bit digit per rank, most significant first.

        Comparing strengths then compares categories first and ranks in order of significance
        after; a straight counts only its top card.
        """
        packed = 0
        for rank in ranks[:1] if category in _STRAIGHT_CATEGORIES else ranks:
            packed = packed << _RANK_BITS | rank
        if category in _STRAIGHT_CATEGORIES:
            packed <<= _RANK_BITS * (HAND_CARDS - 1)
        return self.positions[category] << _STRENGTH_RANK_BITS | packed

    def value(
        self,
        category: Category,
        ranks: Sequence[int],
        suit: Suit | None = None,
        color: Color | None = None,
    ) -> HandRank:
        """A hand of ``category`` whose ranks, most significant first, are ``ranks``."""
        return HandRank(
            self.strength(category, ranks),
            category,
            tuple(_RANK_OF_VALUE[rank] for rank in ranks),
            suit,
            color,
        )


@functools.cache
def _ranking(color_flush: bool, color_straight_flush: bool, two_pair_over_trips: bool) -> Ranking:
    switches = PokerRules(
        color_flush=color_flush,
        color_straight_flush=color_straight_flush,
        two_pair_over_trips=two_pair_over_trips,
        jokers=1,
    )
    return Ranking(switches.order())


def ranking_of(rules: PokerRules) -> Ranking:
    """The order of the categories under ``rules``: one ``Ranking`` per set of switches.

    Public for the floor's seven-card search, which compares its candidate values by it.
    """
    return _ranking(rules.color_flush, rules.color_straight_flush, rules.two_pair_over_trips)


# --- Concrete five-card hands ---------------------------------------------------------------


def _straight_top(ranks: Sequence[int]) -> int | None:
    """The top card of a straight made of ``ranks`` (high to low), 5 for A-2-3-4-5; else None."""
    if len(set(ranks)) < HAND_CARDS:
        return None
    if ranks[0] - ranks[4] == HAND_CARDS - 1:
        return ranks[0]
    if tuple(ranks) == (Rank.ACE, 5, 4, 3, 2):
        return 5
    return None


def _straight_ranks(top: int) -> tuple[int, ...]:
    """The ranks of the straight topped by ``top``, high to low; the ace plays low under a 5."""
    return tuple(Rank.ACE if rank == 1 else rank for rank in range(top, top - HAND_CARDS, -1))


def _five_card_values(
    ranks: tuple[int, ...], one_color: bool, one_suit: bool, ranking: Ranking
) -> list[tuple[Category, tuple[int, ...]]]:
    """Every category a concrete hand of ``ranks`` (high to low) belongs to, with its ranks.

    A hand counts as its best category: one color and one suit say whether the color and suit
    categories are among them.
    """
    groups = sorted(
        {rank: ranks.count(rank) for rank in ranks}.items(),
        key=lambda group: (group[1], group[0]),
        reverse=True,
    )
    shape = tuple(size for _, size in groups)
    found = [(_CATEGORY_BY_SHAPE[shape], tuple(rank for rank, size in groups for _ in range(size)))]
    top = _straight_top(ranks)
    if top is not None:
        straight = _straight_ranks(top)
        found.append((Category.STRAIGHT, straight))
        if one_color:
            found.append((Category.COLOR_STRAIGHT_FLUSH, straight))
        if one_suit:
            found.append((Category.STRAIGHT_FLUSH, straight))
    if one_color:
        found.append((Category.COLOR_FLUSH, ranks))
    if one_suit:
        found.append((Category.FLUSH, ranks))
    positions = ranking.positions
    return [(category, value) for category, value in found if category in positions]


def _best_five_card_value(
    ranks: tuple[int, ...], one_color: bool, one_suit: bool, ranking: Ranking
) -> tuple[Category, tuple[int, ...]]:
    return max(
        _five_card_values(ranks, one_color, one_suit, ranking),
        key=lambda found: ranking.strength(*found),
    )


def _prime_product(ranks: Iterable[int]) -> int:
    product = 1
    for rank in ranks:
        product *= _PRIME_OF_RANK[rank]
    return product


class _ValueTables:
    """Prime product of the ranks → value, for each suit pattern of a plain five-card hand.

    Values that do not depend on the suits are shared between the tables.
    """

    __slots__ = ("by_color", "by_suit", "mixed")

    def __init__(self, ranking: Ranking) -> None:
        self.mixed: dict[int, HandRank] = {}
        color_tables: dict[Color, dict[int, HandRank]] = {color: {} for color in Color}
        self.by_suit: dict[Suit, dict[int, HandRank]] = {suit: {} for suit in Suit}
        for ranks in itertools.combinations_with_replacement(_HIGH_TO_LOW, HAND_CARDS):
            most_of_one_rank = max(ranks.count(rank) for rank in ranks)
            if most_of_one_rank > len(Suit):
                continue
            key = _prime_product(ranks)
            mixed = ranking.value(*_best_five_card_value(ranks, False, False, ranking))
            self.mixed[key] = mixed
            if most_of_one_rank <= len(Color.RED.suits):
                category, best = _best_five_card_value(ranks, True, False, ranking)
                for color, table in color_tables.items():
                    table[key] = (
                        ranking.value(category, best, color=color)
                        if category in _COLOR_CATEGORIES
                        else mixed
                    )
            if most_of_one_rank == 1:
                category, best = _best_five_card_value(ranks, True, True, ranking)
                for suit, table in self.by_suit.items():
                    table[key] = ranking.value(
                        category, best, suit=suit if category in _SUIT_CATEGORIES else None
                    )
        self.by_color = {suit: color_tables[Color.of(suit)] for suit in Suit}


@functools.cache
def _value_tables(ranking: Ranking) -> _ValueTables:
    return _ValueTables(ranking)


class _Evaluator:
    """Everything :func:`hand_rank` needs under one set of rules, gathered for speed."""

    __slots__ = ("by_color", "by_suit", "color_matters", "mixed", "primes", "ranking")

    def __init__(self, rules: PokerRules) -> None:
        self.ranking = ranking_of(rules)
        tables = _value_tables(self.ranking)
        self.mixed = tables.mixed
        self.by_color = tables.by_color
        self.by_suit = tables.by_suit
        self.color_matters = rules.color_flush or rules.color_straight_flush
        self.primes = [
            0 if rank in rules.wild_ranks else prime for rank, prime in enumerate(_PRIME_OF_RANK)
        ]
        """Indexed by rank; 0 for jokers and wild ranks, so that any wild zeroes the product."""


@functools.lru_cache(maxsize=64)
def _evaluator(rules: PokerRules) -> _Evaluator:
    return _Evaluator(rules)


_LookUp = tuple[
    PokerRules | None,
    list[int],
    dict[int, HandRank],
    dict[Suit, dict[int, HandRank]],
    dict[Suit, dict[int, HandRank]],
    bool,
]
"""What the plain five-card path reads, as one plain tuple: unpacking it is cheaper than
reading attributes, and this path is what the benchmark against treys times."""

_last_used: _LookUp = (None, [], {}, {}, {}, False)


def _remember(rules: PokerRules) -> _LookUp:
    """Keep the last rules' look-up at hand: hashing the rules would cost as much as a look-up."""
    global _last_used
    evaluator = _evaluator(rules)
    _last_used = (
        rules,
        evaluator.primes,
        evaluator.mixed,
        evaluator.by_suit,
        evaluator.by_color,
        evaluator.color_matters,
    )
    return _last_used


_DIAMONDS, _HEARTS = Color.RED.suits
_CLUBS, _SPADES = Color.BLACK.suits


def hand_rank(cards: Sequence[Card], rules: PokerRules) -> HandRank:
    """The value of ``cards`` under ``rules``: five cards as they are, more at their best five.

    Jokers and cards of ``rules.wild_ranks`` are wild in rank and suit, and the hand is worth
    its best assignment. The first call under a new ranking builds its look-up tables.
    """
    last_rules, primes, mixed, by_suit, by_color, color_matters = _last_used
    if last_rules is not rules:
        last_rules, primes, mixed, by_suit, by_color, color_matters = _remember(rules)
    try:
        first, second, third, fourth, fifth = cards
    except ValueError:
        return _searched_value(cards, rules)
    key = (
        primes[first.rank]
        * primes[second.rank]
        * primes[third.rank]
        * primes[fourth.rank]
        * primes[fifth.rank]
    )
    suit = first.suit
    if not key or suit is None:  # wilds (a joker, the only card without a suit, is one)
        return _searched_value(cards, rules)
    if color_matters:
        # Colors first, as most hands mix them; and by identity, since ``Suit`` compares in
        # Python, which would cost more than all the rest.
        second_suit = second.suit
        if suit is _DIAMONDS or suit is _HEARTS:
            if not (
                (second_suit is _DIAMONDS or second_suit is _HEARTS)
                and (third.suit is _DIAMONDS or third.suit is _HEARTS)
                and (fourth.suit is _DIAMONDS or fourth.suit is _HEARTS)
                and (fifth.suit is _DIAMONDS or fifth.suit is _HEARTS)
            ):
                return mixed[key]
        elif not (
            (second_suit is _CLUBS or second_suit is _SPADES)
            and (third.suit is _CLUBS or third.suit is _SPADES)
            and (fourth.suit is _CLUBS or fourth.suit is _SPADES)
            and (fifth.suit is _CLUBS or fifth.suit is _SPADES)
        ):
            return mixed[key]
        if (
            second_suit is suit
            and third.suit is suit
            and fourth.suit is suit
            and fifth.suit is suit
        ):
            return by_suit[suit][key]
        return by_color[suit][key]
    if second.suit is suit and third.suit is suit and fourth.suit is suit and fifth.suit is suit:
        return by_suit[suit][key]
    return mixed[key]


def _searched_value(cards: Sequence[Card], rules: PokerRules) -> HandRank:
    """The value of a hand with wilds or more than five cards, which no table holds."""
    if len(cards) < HAND_CARDS:
        raise ValueError(f"A poker hand has at least five cards, not {len(cards)}.")
    evaluator = _evaluator(rules)
    naturals = [card for card in cards if evaluator.primes[card.rank]]
    return _best_hand(naturals, len(cards) - len(naturals), evaluator.ranking)


# --- Wild cards and seven-card hands --------------------------------------------------------


class Pool:
    """The natural cards of a hand and its wilds, from which the best five are chosen.

    A wild can copy any natural card, so the best five always hold as many wilds as they can:
    ``wilds`` of them, and ``needed`` natural cards beside them.

    Public because the floor's seven-card search builds pools of ranks alone, to rule out
    values that a hand's pairs, sets and straights already beat (see ``best_of_category``).
    """

    def __init__(self, naturals: Sequence[Card], wilds: int) -> None:
        self.wilds = min(wilds, HAND_CARDS)
        self.needed = HAND_CARDS - self.wilds
        self.counts = [0] * (Rank.ACE + 1)
        self.suit_ranks: dict[Suit, list[int]] = {suit: [] for suit in Suit}
        for card in naturals:
            if card.suit is None:
                raise ValueError("A joker is always wild, never one of a hand's natural cards.")
            self.counts[card.rank] += 1
            self.suit_ranks[card.suit].append(int(card.rank))
        for ranks in self.suit_ranks.values():
            ranks.sort(reverse=True)
        self.color_ranks = {
            color: sorted(self.suit_ranks[color.suits[0]] + self.suit_ranks[color.suits[1]])[::-1]
            for color in Color
        }
        self.by_count = sorted(
            ((count, rank) for rank, count in enumerate(self.counts) if count), reverse=True
        )
        """The ranks present, the most naturals first."""

    def best_groups(self, shape: tuple[int, ...]) -> tuple[int, ...] | None:
        """The highest ranks for groups of ``shape`` (sizes, largest first) the pool can fill.

        Groups are filled from the most significant; a rank is taken when the groups still
        open can be completed. The most naturals unfilled groups can still hold is reached by
        giving the largest groups the ranks with the most naturals.
        """
        needed = self.needed
        if self._most_held(shape, ()) < needed:
            return None
        counts = self.counts
        chosen: list[int] = []
        held = 0
        for index, size in enumerate(shape):
            rest = shape[index + 1 :]
            # A rank with no natural leaves the rest as it was: one check serves them all.
            absent_fits = held + self._most_held(rest, chosen) >= needed
            for rank in _HIGH_TO_LOW:
                if rank in chosen:
                    continue
                count = counts[rank]
                if not count:
                    if absent_fits:
                        break
                    continue
                gained = min(size, count)
                if held + gained + self._most_held(rest, [*chosen, rank]) >= needed:
                    held += gained
                    break
            else:
                return None
            chosen.append(rank)
        return tuple(rank for rank, size in zip(chosen, shape, strict=True) for _ in range(size))

    def _most_held(self, shape: tuple[int, ...], taken: Sequence[int]) -> int:
        held = 0
        groups = iter(shape)
        for count, rank in self.by_count:
            if rank in taken:
                continue
            size = next(groups, 0)
            if not size:
                break
            held += min(size, count)
        return held

    def best_straight_top(self, ranks: Iterable[int]) -> int | None:
        """The top of the best straight that wilds can complete from ``ranks``, if any."""
        present = 0
        for rank in ranks:
            present |= 1 << rank
        if present & 1 << Rank.ACE:
            present |= 1 << 1  # the ace plays low too
        for top, window in _STRAIGHT_WINDOWS:
            if (present & window).bit_count() >= self.needed:
                return top
        return None

    def best_flush(self, ranks: list[int]) -> tuple[int, ...] | None:
        """Wilds become aces; the best naturals of the suit or color fill the rest."""
        if len(ranks) < self.needed:
            return None
        return (Rank.ACE,) * self.wilds + tuple(ranks[: self.needed])


_STRAIGHT_WINDOWS = tuple(
    (top, sum(1 << rank for rank in range(top - HAND_CARDS + 1, top + 1)))
    for top in range(Rank.ACE, Rank.FIVE - 1, -1)
)
"""Each straight's top card, and its ranks as bits (the ace low in bit 1), best first."""


def _best_hand(naturals: Sequence[Card], wilds: int, ranking: Ranking) -> HandRank:
    pool = Pool(naturals, wilds)
    for category in reversed(ranking.order):
        value = best_of_category(category, pool, ranking)
        if value is not None:
            return value
    raise AssertionError("every hand of five cards has a high card")


def best_of_category(category: Category, pool: Pool, ranking: Ranking) -> HandRank | None:
    """The best value of ``category`` the pool can make, or None if it cannot make one.

    Public because the floor's seven-card search asks it of pools of ranks alone, so that it
    judges a hand's ranks exactly as ``hand_rank`` would.
    """
    if category in _SHAPES:
        ranks = pool.best_groups(_SHAPES[category])
        return None if ranks is None else ranking.value(category, ranks)
    if category is Category.STRAIGHT:
        top = pool.best_straight_top(rank for _, rank in pool.by_count)
        return None if top is None else ranking.value(category, _straight_ranks(top))
    best: HandRank | None = None
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        for suit in reversed(Suit):
            value = _best_in_one_suit(category, pool.suit_ranks[suit], pool, ranking, suit=suit)
            if value is not None and (best is None or best < value):
                best = value
    else:
        for color in Color:
            value = _best_in_one_suit(category, pool.color_ranks[color], pool, ranking, color=color)
            if value is not None and (best is None or best < value):
                best = value
    return best


def _best_in_one_suit(
    category: Category,
    ranks: list[int],
    pool: Pool,
    ranking: Ranking,
    suit: Suit | None = None,
    color: Color | None = None,
) -> HandRank | None:
    """The best flush or straight flush of a suit or color, the naturals of it being ``ranks``."""
    if category in _STRAIGHT_CATEGORIES:
        top = pool.best_straight_top(ranks)
        if top is None:
            return None
        return ranking.value(category, _straight_ranks(top), suit, color)
    flush = pool.best_flush(ranks)
    return None if flush is None else ranking.value(category, flush, suit, color)
