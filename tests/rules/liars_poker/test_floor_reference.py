"""Seven-card floors, and floors with face-up cards, against an exhaustive search of the deck.

Dealing every seven-card hand (133 million) is out of reach, so the search deals every hand
*up to what its value depends on*. A hand is its natural cards and ``w`` wilds; the evaluator
values it as the best of three parts (checked against ``hand_rank`` on random hands below):

- the **rank part**: pairs, sets and straights, which depend on the multiset ``M`` of natural
  ranks alone;
- the **suit part**: for each suit, the flush and straight flush of the set of ranks in it;
- the **color part**: for each color, the color flush and color straight flush of the
  multiset of ranks in it.

A suit or color adds nothing unless it holds ``k = 5 - w`` naturals. With ``n`` naturals and
``2k > n`` (at most two wilds in seven cards, at most four in five) only one color and one
suit can hold that many, so a hand is valued by ``M``, its one full color ``C`` with the
multiset ``A_C`` of its ranks, and its one full suit (in ``C``) with the set ``A_X``. The
search therefore takes:

1. every ``M``, whose rank part is the hand's value when some way of suiting ``M`` (the
   face-up cards keeping theirs) leaves the suit and color parts below it: every split of
   each rank between the colors is tried, and within a full color every split between its
   suits;
2. every full color ``A_C`` (at most two cards of a rank, the face-up cards of ``C`` among
   them) and in it every full suit ``A_X`` or none: their value is the hand's when some
   cards of the other color (at most ``n - k``, at most two of a rank, holding that color's
   face-up cards) give a lower rank part; the lowest rank part over those cards decides.

Every hand falls under one of the two, and nothing else is dealt, so the values found are
exactly the values of the deck's hands. With more wilds a hand has at most four naturals,
and every suit for each of them is tried. A declaration's floor by search is the lowest value
found that matches it (``matches`` reads the value's ranks, as in the five-card tests).

The parts are valued with the evaluator's own category functions (private to
``poker_hands``), so that the search is fast and on the evaluator's scale; the first test
checks that their best is ``hand_rank``'s value.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest

from liar_tui.rules.cards import NATURAL_RANKS, Card, Rank, Suit, parse_cards
from liar_tui.rules.liars_poker.declarations import Declaration, DeclarationError
from liar_tui.rules.liars_poker.floor import floor, highest_hand, lowest_hand, worst_hand
from liar_tui.rules.liars_poker.poker_hands import (
    HandRank,
    Pool,
    _best_in_one_suit,
    best_of_category,
    hand_rank,
    ranking_of,
)
from liar_tui.rules.liars_poker.rules import Category, Color, PokerRules
from tests.marks import slow_after
from tests.rules.liars_poker.test_floor import all_declarations, matches

C = Category
RANK_PART = (
    C.HIGH_CARD,
    C.PAIR,
    C.TWO_PAIR,
    C.THREE_OF_A_KIND,
    C.STRAIGHT,
    C.FULL_HOUSE,
    C.FOUR_OF_A_KIND,
    C.FIVE_OF_A_KIND,
)
SUIT_PART = (C.FLUSH, C.STRAIGHT_FLUSH)
COLOR_PART = (C.COLOR_FLUSH, C.COLOR_STRAIGHT_FLUSH)
PARTNER = {
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
}
OTHER_COLOR = {Color.RED: Color.BLACK, Color.BLACK: Color.RED}


def best(*values: HandRank | None) -> HandRank | None:
    present = [value for value in values if value is not None]
    return max(present) if present else None


class Parts:
    """The three parts of a hand's value under one set of rules, each remembered."""

    def __init__(self, rules: PokerRules) -> None:
        self.ranking = ranking_of(rules)
        order = set(rules.order())
        self.rank_part = [category for category in RANK_PART if category in order]
        self.suit_part = [category for category in SUIT_PART if category in order]
        self.color_part = [category for category in COLOR_PART if category in order]

    @functools.cache  # noqa: B019 - one Parts per rule set, kept for the whole session
    def of_ranks(self, ranks: tuple[int, ...], wilds: int) -> HandRank:
        pool = Pool([Card(Rank(rank), Suit.SPADES) for rank in ranks], wilds)
        found = (best_of_category(category, pool, self.ranking) for category in self.rank_part)
        value = best(*found)
        assert value is not None
        return value

    @functools.cache  # noqa: B019
    def of_suit(self, ranks: tuple[int, ...], wilds: int, suit: Suit) -> HandRank | None:
        """``ranks`` high to low, each once."""
        pool = Pool([], wilds)
        return best(
            *(
                _best_in_one_suit(category, list(ranks), pool, self.ranking, suit=suit)
                for category in self.suit_part
            )
        )

    @functools.cache  # noqa: B019
    def of_color(self, ranks: tuple[int, ...], wilds: int, color: Color) -> HandRank | None:
        """``ranks`` high to low, each at most twice."""
        pool = Pool([], wilds)
        return best(
            *(
                _best_in_one_suit(category, list(ranks), pool, self.ranking, color=color)
                for category in self.color_part
            )
        )

    def of_hand(self, naturals: Sequence[Card], wilds: int) -> HandRank:
        """A hand's value as the best of its parts."""
        by_suit = {suit: [] for suit in Suit}
        for card in naturals:
            by_suit[card.suit].append(int(card.rank))  # type: ignore[index]
        value = self.of_ranks(high_first(int(card.rank) for card in naturals), wilds)
        for suit, ranks in by_suit.items():
            value = best(value, self.of_suit(high_first(ranks), wilds, suit))
        for color in Color:
            ranks = by_suit[color.suits[0]] + by_suit[color.suits[1]]
            value = best(value, self.of_color(high_first(ranks), wilds, color))
        assert value is not None
        return value


def high_first(ranks: Iterator[int] | Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(ranks, reverse=True))


def multisets(ranks: Sequence[int], size: int, room: dict[int, int]) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` of ``ranks``, each at most ``room[rank]`` times."""
    if size == 0:
        yield ()
        return
    if not ranks:
        return
    first, rest = ranks[0], ranks[1:]
    for times in range(min(room.get(first, 0), size), -1, -1):
        for tail in multisets(rest, size - times, room):
            yield (first,) * times + tail


class Search:
    """Every value a hand of ``rules.hand_size`` cards holding ``communal`` can have."""

    def __init__(self, rules: PokerRules, communal: Sequence[Card]) -> None:
        self.rules = rules
        self.parts = Parts(rules)
        self.naturals = [int(rank) for rank in NATURAL_RANKS if rank not in rules.wild_ranks]
        is_wild = [card.is_joker or card.rank in rules.wild_ranks for card in communal]
        self.up_wilds = sum(is_wild)
        self.up = [card for card, wild in zip(communal, is_wild, strict=True) if not wild]
        self.deck_wilds = rules.jokers + len(Suit) * len(rules.wild_ranks)
        self.found: dict[tuple[int, Suit | None, Color | None], HandRank] = {}

    def values(self) -> list[HandRank]:
        size = self.rules.hand_size
        for wilds in range(self.up_wilds, min(size, self.deck_wilds) + 1):
            naturals = size - wilds
            if naturals < len(self.up):
                continue
            if 2 * (5 - wilds) > naturals:
                self._rank_values(wilds, naturals)
                for color in Color:
                    self._full_color_values(wilds, naturals, color)
            else:
                self._every_suit(wilds, naturals)
        return sorted(self.found.values())

    def _keep(self, value: HandRank) -> None:
        self.found[(value.strength, value.suit, value.color)] = value

    def _hands_of_ranks(self, naturals: int) -> Iterator[tuple[int, ...]]:
        up = Counter(int(card.rank) for card in self.up)
        room = {rank: len(Suit) - up[rank] for rank in self.naturals}
        for free in multisets(self.naturals, naturals - len(self.up), room):
            yield high_first([*free, *up.elements()])

    # --- 1. The rank part -----------------------------------------------------------------

    def _rank_values(self, wilds: int, naturals: int) -> None:
        for ranks in self._hands_of_ranks(naturals):
            value = self.parts.of_ranks(ranks, wilds)
            if self._suits_stay_below(ranks, wilds, value):
                self._keep(value)

    def _suits_stay_below(self, ranks: tuple[int, ...], wilds: int, value: HandRank) -> bool:
        counts = Counter(ranks)
        up_by_color = {color: Counter() for color in Color}
        for card in self.up:
            up_by_color[Color.of(card.suit)][int(card.rank)] += 1  # type: ignore[arg-type]
        choices = []
        for rank, count in counts.items():
            low = max(up_by_color[Color.RED][rank], count - 2)
            high = min(2, count - up_by_color[Color.BLACK][rank])
            choices.append([(rank, red) for red in range(low, high + 1)])
        need = 5 - wilds
        for split in itertools.product(*choices):
            red = high_first([rank for rank, times in split for _ in range(times)])
            black = high_first([rank for rank, times in split for _ in range(counts[rank] - times)])
            full = [
                (color, held)
                for color, held in zip(Color, (red, black), strict=True)
                if len(held) >= need
            ]
            if not full:
                return True
            (color, held), *_ = full
            color_value = self.parts.of_color(held, wilds, color)
            suit_value = min(
                (
                    None if suit is None else self.parts.of_suit(suited, wilds, suit)
                    for suit, suited in self._suit_splits(held, color, need)
                ),
                key=lambda found: (found is not None, found),
            )
            top = best(color_value, suit_value)
            if top is None or top < value:
                return True
        return False

    # --- 2. A full color -------------------------------------------------------------------

    def _full_color_values(self, wilds: int, naturals: int, color: Color) -> None:
        need = 5 - wilds
        up_here = Counter(int(c.rank) for c in self.up if Color.of(c.suit) is color)  # type: ignore[arg-type]
        up_there = Counter(int(c.rank) for c in self.up if Color.of(c.suit) is not color)  # type: ignore[arg-type]
        for size in range(need, naturals + 1):
            room_here = {rank: 2 - up_here[rank] for rank in self.naturals}
            for free in multisets(self.naturals, size - sum(up_here.values()), room_here):
                held = high_first([*free, *up_here.elements()])
                lowest = self._lowest_rank_part(held, wilds, naturals - size, up_there)
                if lowest is None:
                    continue
                color_value = self.parts.of_color(held, wilds, color)
                for suit, suited in self._suit_splits(held, color, need):
                    suit_value = None if suit is None else self.parts.of_suit(suited, wilds, suit)
                    value = best(color_value, suit_value)
                    if value is not None and value > lowest:
                        self._keep(value)

    def _lowest_rank_part(
        self, held: tuple[int, ...], wilds: int, others: int, up_there: Counter[int]
    ) -> HandRank | None:
        if others < sum(up_there.values()):
            return None
        room = {rank: 2 - up_there[rank] for rank in self.naturals}
        found = [
            self.parts.of_ranks(high_first([*held, *free, *up_there.elements()]), wilds)
            for free in multisets(self.naturals, others - sum(up_there.values()), room)
        ]
        return min(found, default=None)

    def _suit_splits(
        self, held: tuple[int, ...], color: Color, need: int
    ) -> Iterator[tuple[Suit | None, tuple[int, ...]]]:
        """Each full suit ``held``'s cards can have (its ranks), and (None, ()) when they can
        be split with neither suit full; the face-up cards keep their suits."""
        counts = Counter(held)
        both = [rank for rank, count in counts.items() if count == 2]
        once = [rank for rank, count in counts.items() if count == 1]
        up_suit = {int(c.rank): c.suit for c in self.up if Color.of(c.suit) is color}  # type: ignore[arg-type]
        neither_full = False
        for suit in color.suits:
            fixed_in = [rank for rank in once if up_suit.get(rank) is suit]
            fixed_out = [rank for rank in once if up_suit.get(rank) is PARTNER[suit]]
            open_ranks = [rank for rank in once if rank not in fixed_in and rank not in fixed_out]
            for chosen in range(len(open_ranks) + 1):
                for extra in itertools.combinations(open_ranks, chosen):
                    in_suit = len(both) + len(fixed_in) + chosen
                    if in_suit >= need:
                        yield suit, high_first([*both, *fixed_in, *extra])
                    elif len(held) - in_suit < need:
                        neither_full = True
        if neither_full:
            yield None, ()

    # --- More wilds: every suit for every natural --------------------------------------------

    def _every_suit(self, wilds: int, naturals: int) -> None:
        for ranks in self._hands_of_ranks(naturals):
            counts = Counter(ranks)
            choices = []
            for rank, count in counts.items():
                up_suits = {card.suit for card in self.up if card.rank == rank}
                others = [suit for suit in Suit if suit not in up_suits]
                choices.append(
                    [
                        [Card(Rank(rank), suit) for suit in (*up_suits, *extra)]  # type: ignore[arg-type]
                        for extra in itertools.combinations(others, count - len(up_suits))
                    ]
                )
            for cards in itertools.product(*choices):
                self._keep(self.parts.of_hand([card for group in cards for card in group], wilds))


# --- The cases ---------------------------------------------------------------------------------

SEVEN = 7
CASES = {
    "seven cards, plain": (PokerRules(hand_size=SEVEN), ""),
    "seven cards, one joker": (PokerRules(hand_size=SEVEN, jokers=1), ""),
    "seven cards, two jokers": (PokerRules(hand_size=SEVEN, jokers=2), ""),
    "seven cards, twos wild": (PokerRules(hand_size=SEVEN, wild_ranks=frozenset({Rank.TWO})), ""),
    "seven cards, no color flushes": (
        PokerRules(hand_size=SEVEN, color_flush=False, color_straight_flush=False),
        "",
    ),
    "seven cards, two pair over trips, a joker": (
        PokerRules(hand_size=SEVEN, two_pair_over_trips=True, jokers=1),
        "",
    ),
    "seven cards, K♠ and 7♥ up": (PokerRules(hand_size=SEVEN, communal_cards=2), "KS 7H"),
    "seven cards, a joker up beside the 2♦": (
        PokerRules(hand_size=SEVEN, jokers=1, communal_cards=2),
        "JK 2D",
    ),
    "seven cards, 9♠ 9♥ up, no color flush, two pair over trips": (
        PokerRules(hand_size=SEVEN, communal_cards=2, color_flush=False, two_pair_over_trips=True),
        "9S 9H",
    ),
    "seven cards, fives wild, two jokers, the 5♣ up": (
        PokerRules(hand_size=SEVEN, jokers=2, wild_ranks=frozenset({Rank.FIVE}), communal_cards=1),
        "5C",
    ),
    "seven cards, the A♦ up": (PokerRules(hand_size=SEVEN, communal_cards=1), "AD"),
    "five cards, Q♥ and J♥ up, one joker": (PokerRules(jokers=1, communal_cards=2), "QH JH"),
}
FAST = (
    "seven cards, K♠ and 7♥ up",
    "seven cards, a joker up beside the 2♦",
    "five cards, Q♥ and J♥ up, one joker",
)
"""Cases the default suite runs: two face-up cards leave few hands to deal."""
SLOW = tuple(name for name in CASES if name not in FAST)
QUICK_FIRST = (FAST[2], FAST[1], FAST[0])
"""FAST, cheapest first: the five-card case, then the seven-card case with a joker up."""


def case(name: str) -> tuple[PokerRules, tuple[Card, ...]]:
    rules, shown = CASES[name]
    return rules, tuple(parse_cards(shown))


@functools.cache
def searched_values(name: str) -> tuple[HandRank, ...]:
    return tuple(Search(*case(name)).values())


@functools.cache
def searched_by_category(name: str) -> dict[Category, list[HandRank]]:
    by_category: dict[Category, list[HandRank]] = {}
    for value in searched_values(name):
        by_category.setdefault(value.category, []).append(value)
    return by_category


def assert_floor_is_the_searched_floor(name: str, declaration: Declaration) -> None:
    rules, communal = case(name)
    candidates = searched_by_category(name).get(declaration.category, [])
    expected = next((value for value in candidates if matches(value, declaration)), None)
    if expected is None:
        with pytest.raises(DeclarationError):
            floor(declaration, rules, communal)
        return
    found = floor(declaration, rules, communal)
    assert (found.strength, found.ranks) == (expected.strength, expected.ranks), declaration.text
    assert matches(found, declaration), declaration.text
    hand = worst_hand(declaration, rules, communal)
    assert len(hand) == rules.hand_size, declaration.text
    assert all(card in hand for card in communal), declaration.text
    assert hand_rank(hand, rules) == found, declaration.text


def check_case(name: str, sample: int | None) -> None:
    rules, communal = case(name)
    values = searched_values(name)
    assert lowest_hand(rules, communal) == values[0]
    assert highest_hand(rules, communal) == values[-1]
    declarations = all_declarations(rules)
    if sample is not None:
        declarations = random.Random(name).sample(declarations, sample)
    for declaration in declarations:
        assert_floor_is_the_searched_floor(name, declaration)


@pytest.mark.parametrize("seed", slow_after(1, range(4)))
def test_a_hand_is_worth_the_best_of_its_parts(seed: int) -> None:
    """The search's premise, on random hands of every size the rules allow."""
    rng = random.Random(seed)
    for name in CASES:
        rules = CASES[name][0]
        parts = Parts(rules)
        deck = [Card(rank, suit) for rank in NATURAL_RANKS for suit in Suit]
        deck += [Card(Rank.JOKER, None, copy) for copy in range(rules.jokers)]
        for _ in range(300):
            hand = rng.sample(deck, rules.hand_size)
            wilds = [c for c in hand if c.is_joker or c.rank in rules.wild_ranks]
            naturals = [c for c in hand if c not in wilds]
            assert parts.of_hand(naturals, len(wilds)) == hand_rank(hand, rules), hand


@pytest.mark.parametrize("name", slow_after(1, QUICK_FIRST))
def test_floor_equals_the_search_with_two_cards_up(name: str) -> None:
    """The default run takes the five-card case with a joker among the cards up; the
    seven-card ones (each builds its own search, about twenty seconds) run in the slow run."""
    check_case(name, 300)


@pytest.mark.slow
@pytest.mark.parametrize("name", FAST)
def test_floor_equals_the_search_with_two_cards_up_on_a_larger_sample(name: str) -> None:
    check_case(name, 1500)


@pytest.mark.slow
@pytest.mark.parametrize("name", SLOW)
def test_floor_equals_the_search_for_seven_card_hands(name: str) -> None:
    check_case(name, 3000)
