"""The floor of a declaration: the seed's examples, and the constructive floor against a search.

The search values every hand the deck can form up to what the value depends on: the ranks of
the natural cards, how many wilds there are (all wilds play alike), and whether the naturals
share one suit (which one) or one color (which one), since those are the only suit facts
poker's categories ask about. That leaves tens of thousands of hands per rule set instead of
2.6 million, all valued by ``hand_rank``; a declaration's floor by search is then the lowest of
those values that matches every detail, checked here by reading the value's ranks directly.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest

from liar_tui.rules.cards import NATURAL_RANKS, Card, Rank, Suit, parse_cards
from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.declarations import (
    GROUP_SHAPES,
    PREFIX_CATEGORIES,
    STRAIGHT_CATEGORIES,
    Declaration,
    DeclarationError,
)
from liar_tui.rules.liars_poker.floor import floor, is_raise, lowest_hand, worst_hand
from liar_tui.rules.liars_poker.poker_hands import HandRank, hand_rank
from liar_tui.rules.liars_poker.rules import Category, Color, PokerRules
from tests.marks import slow_after

R = Rank
C = Category
PLAIN = PokerRules()
RULE_SETS = {
    "plain": PLAIN,
    "one joker": PokerRules(jokers=1),
    "two jokers": PokerRules(jokers=2),
    "twos wild": PokerRules(wild_ranks=frozenset({R.TWO})),
    "sevens and aces wild, a joker": PokerRules(jokers=1, wild_ranks=frozenset({R.SEVEN, R.ACE})),
    "no color flushes": PokerRules(color_flush=False, color_straight_flush=False),
    "no color straight flush, two jokers": PokerRules(jokers=2, color_straight_flush=False),
    "two pair over trips, one joker": PokerRules(jokers=1, two_pair_over_trips=True),
    "fives and tens wild, no color flush": PokerRules(
        wild_ranks=frozenset({R.FIVE, R.TEN}), color_flush=False
    ),
}


def said(text: str, rules: PokerRules = PLAIN) -> Declaration:
    return parse_declaration(text, rules)


def ranks_of(value: HandRank) -> tuple[int, ...]:
    return tuple(int(rank) for rank in value.ranks)


# --- The seed's examples -------------------------------------------------------------------


def test_annie_bart_chrissie_dirk_each_raise() -> None:
    annie = said("two pairs")
    bart = said("two pair, sevens over threes")
    chrissie = said("sevens over threes with a jack kicker")
    dirk = said("three of a kind")
    assert ranks_of(floor(annie, PLAIN)) == (3, 3, 2, 2, 4)  # the seed's 4-3-3-2-2
    assert ranks_of(floor(bart, PLAIN)) == (7, 7, 3, 3, 2)
    assert is_raise(annie, None, PLAIN)
    assert is_raise(bart, annie, PLAIN)
    assert is_raise(chrissie, bart, PLAIN)
    assert is_raise(dirk, chrissie, PLAIN)


def test_dirks_reveal_is_below_his_floor() -> None:
    reveal = hand_rank(parse_cards("QS 7H 7D 6C 2S"), PLAIN)
    assert reveal < floor(said("three of a kind"), PLAIN)


def test_threes_over_twos_is_the_only_two_pair_that_does_not_raise_two_pairs() -> None:
    two_pairs = said("two pairs")
    assert not is_raise(said("threes over twos"), two_pairs, PLAIN)
    for high, low in itertools.combinations(sorted(NATURAL_RANKS, reverse=True), 2):
        named = Declaration(C.TWO_PAIR, groups=(high, low))
        assert is_raise(named, two_pairs, PLAIN) == ((high, low) != (R.THREE, R.TWO))


def test_any_three_of_a_kind_beats_any_two_pair() -> None:
    best_two_pair = Declaration(C.TWO_PAIR, groups=(R.ACE, R.KING), kickers=(R.QUEEN,))
    assert is_raise(said("three of a kind"), best_two_pair, PLAIN)


def test_the_lowest_hand_and_the_lowest_opening() -> None:
    assert ranks_of(lowest_hand(PLAIN)) == (7, 5, 4, 3, 2)
    assert lowest_hand(PLAIN).category is C.HIGH_CARD
    assert is_raise(said("7-6 high"), None, PLAIN)
    assert not is_raise(said("7-5 high"), None, PLAIN)
    assert not is_raise(said("high card"), None, PLAIN)


def test_king_ten_high_raises_king_high_and_queen_jack_high_does_not() -> None:
    assert is_raise(said("K-10 high"), said("king high"), PLAIN)
    assert not is_raise(said("Q-J high"), said("K-10 high"), PLAIN)


def test_a_suit_or_a_color_narrows_but_does_not_rank() -> None:
    assert floor(said("spade flush"), PLAIN) == floor(said("flush"), PLAIN)
    assert floor(said("spade flush"), PLAIN).suit is Suit.SPADES
    assert floor(said("color flush, all black"), PLAIN) == floor(said("color flush"), PLAIN)
    assert not is_raise(said("heart flush"), said("spade flush"), PLAIN)


def test_color_flushes_rank_card_by_card_pairs_ignored() -> None:
    assert is_raise(said("Q-J-9-4-2 all red"), said("Q-10-10-4-2 all red"), PLAIN)
    assert ranks_of(floor(said("color flush"), PLAIN)) == (5, 4, 3, 2, 2)


def test_lowest_hand_follows_the_rules() -> None:
    twos_wild = RULE_SETS["twos wild"]
    assert ranks_of(lowest_hand(twos_wild)) == (8, 6, 5, 4, 3)
    assert lowest_hand(PokerRules(jokers=2)) == lowest_hand(PLAIN)


@pytest.mark.parametrize(
    ("text", "rules", "reason"),
    [
        ("6 high", PLAIN, "straight"),
        ("pair of kings, king kicker", PLAIN, "bigger set"),
        ("five of a kind", PLAIN, "needs jokers"),
        ("pair of sevens", PokerRules(wild_ranks=frozenset({R.SEVEN})), "sevens are wild"),
        ("three twos", PokerRules(jokers=2, wild_ranks=frozenset({R.TWO})), "twos are wild"),
        ("five kings", PokerRules(wild_ranks=frozenset({R.KING})), "No hand"),
        ("color flush", PokerRules(color_flush=False), "switched off"),
    ],
)
def test_declarations_no_hand_matches_are_refused_with_the_reason(
    text: str, rules: PokerRules, reason: str
) -> None:
    with pytest.raises(DeclarationError, match=reason):
        floor(said(text, rules), rules)


def test_five_aces_of_wild_aces_need_five_wilds() -> None:
    five_aces = Declaration(C.FIVE_OF_A_KIND, groups=(R.ACE,))
    one_joker_aces_wild = PokerRules(jokers=1, wild_ranks=frozenset({R.ACE}))
    assert floor(five_aces, one_joker_aces_wild).category is C.FIVE_OF_A_KIND
    with pytest.raises(DeclarationError):
        floor(five_aces, PokerRules(jokers=0, wild_ranks=frozenset({R.ACE})))


def test_exact_cards_are_their_own_floor() -> None:
    rules = PokerRules(jokers=1)
    exact = said("AS JD TD 7H JK", rules)
    assert floor(exact, rules) == hand_rank(exact.cards, rules)


def test_a_truthful_joker_is_held_to_what_the_hand_really_is() -> None:
    """A joker beside 6-5-4-3 is a straight, so no hand of "pair of sixes, 5-4-3" holds one."""
    rules = PokerRules(jokers=1)
    hand = worst_hand(Declaration(C.PAIR, groups=(R.SIX,), kickers=(5, 4, 3)), rules)
    assert not any(card.is_joker for card in hand)


def test_seven_card_hands_raise_the_lowest_hand_and_refuse_the_lowest_openings() -> None:
    seven = PokerRules(hand_size=7)
    assert ranks_of(lowest_hand(seven)) == (9, 8, 7, 5, 4)
    with pytest.raises(DeclarationError, match="seven-card"):
        floor(said("7-6 high"), seven)


# --- Against the search -------------------------------------------------------------------


def suit_patterns(ranks: Sequence[Rank]) -> Iterator[list[Suit]]:
    """Suits for natural cards of ``ranks`` (low to high): one suit, one color, both colors."""
    distinct = len(set(ranks)) == len(ranks)
    if distinct:
        for suit in Suit:
            yield [suit] * len(ranks)
    if len(ranks) < 2:
        return
    counts = Counter(ranks)
    seen: Counter[Rank] = Counter()
    occurrence = []
    for rank in ranks:
        occurrence.append(seen[rank])
        seen[rank] += 1
    if max(counts.values()) <= 2:
        for color in Color:
            suits = [color.suits[at] for at in occurrence]
            if distinct:
                suits[-1] = color.suits[1]
            yield suits
    order = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    suits = [order[at] for at in occurrence]
    if distinct:
        suits[-1] = Suit.DIAMONDS
    yield suits


@functools.cache
def every_value(rules: PokerRules) -> dict[Category, list[HandRank]]:
    """Every value a hand of the deck can have, by category, low to high, each suit apart."""
    naturals = [rank for rank in NATURAL_RANKS if rank not in rules.wild_ranks]
    wilds = [Card(R.JOKER, None, copy) for copy in range(rules.jokers)]
    wilds += [Card(rank, suit) for rank in rules.wild_ranks for suit in Suit]
    found: dict[tuple[int, Suit | None, Color | None], HandRank] = {}
    for wild_count in range(min(5, len(wilds)) + 1):
        for ranks in itertools.combinations_with_replacement(naturals, 5 - wild_count):
            if max(Counter(ranks).values(), default=0) > 4:
                continue
            for suits in suit_patterns(ranks):
                hand = [Card(rank, suit) for rank, suit in zip(ranks, suits, strict=True)]
                value = hand_rank([*hand, *wilds[:wild_count]], rules)
                found[(value.strength, value.suit, value.color)] = value
    by_category: dict[Category, list[HandRank]] = {}
    for value in sorted(found.values()):
        by_category.setdefault(value.category, []).append(value)
    return by_category


GROUP_SIZES = {
    C.PAIR: (2,),
    C.TWO_PAIR: (2, 2),
    C.THREE_OF_A_KIND: (3,),
    C.FULL_HOUSE: (3, 2),
    C.FOUR_OF_A_KIND: (4,),
    C.FIVE_OF_A_KIND: (5,),
}


def matches(value: HandRank, declaration: Declaration) -> bool:
    """Whether a hand worth ``value`` is what ``declaration`` says, detail by detail."""
    if value.category is not declaration.category:
        return False
    if declaration.suit is not None and value.suit is not declaration.suit:
        return False
    if declaration.color is not None and value.color is not declaration.color:
        return False
    ranks = value.ranks
    if declaration.category in GROUP_SIZES:
        sizes = GROUP_SIZES[declaration.category]
        starts = [sum(sizes[:at]) for at in range(len(sizes))]
        groups = tuple(ranks[start] for start in starts)
        kickers = ranks[sum(sizes) :]
        return (
            groups[: len(declaration.groups)] == declaration.groups
            and kickers[: len(declaration.kickers)] == declaration.kickers
        )
    if declaration.category in STRAIGHT_CATEGORIES:
        return declaration.top is None or ranks[0] == declaration.top
    return ranks[: len(declaration.high_cards)] == declaration.high_cards


def first_rank_named(declaration: Declaration) -> Rank | None:
    """The most significant rank the declaration names, which a matching value leads with."""
    named = (*declaration.groups, *declaration.high_cards)
    return named[0] if named else declaration.top


@functools.cache
def values_by_first_rank(rules: PokerRules) -> dict[tuple[Category, Rank], list[HandRank]]:
    by_first: dict[tuple[Category, Rank], list[HandRank]] = {}
    for category, values in every_value(rules).items():
        for value in values:
            by_first.setdefault((category, value.ranks[0]), []).append(value)
    return by_first


def searched_floor(declaration: Declaration, rules: PokerRules) -> HandRank | None:
    first = first_rank_named(declaration)
    candidates = (
        every_value(rules).get(declaration.category, [])
        if first is None
        else values_by_first_rank(rules).get((declaration.category, first), [])
    )
    return next((value for value in candidates if matches(value, declaration)), None)


@functools.cache
def every_declaration() -> tuple[Declaration, ...]:
    """Every declaration that can be said, of any category, possible or not."""
    high_first = sorted(NATURAL_RANKS, reverse=True)
    said: list[Declaration] = []
    for category in Category:
        for details in _details(category, high_first):
            try:
                said.append(Declaration(category, **details))  # type: ignore[arg-type]
            except DeclarationError:
                continue
    return tuple(said)


def _details(category: Category, high_first: list[Rank]) -> Iterator[dict[str, object]]:
    if category in GROUP_SHAPES:
        group_room, kicker_room = GROUP_SHAPES[category]
        for count in range(group_room + 1):
            for groups in itertools.permutations(high_first, count):
                yield {"groups": groups}
                if count == group_room:
                    for kicker_count in range(1, kicker_room + 1):
                        for kickers in itertools.combinations(high_first, kicker_count):
                            yield {"groups": groups, "kickers": kickers}
    elif category in PREFIX_CATEGORIES:
        runs = (
            itertools.combinations_with_replacement(high_first, length)
            if category is C.COLOR_FLUSH
            else itertools.combinations(high_first, length)
            for length in range(6)
        )
        for run in itertools.chain.from_iterable(runs):
            yield from _colored_or_suited(category, {"high_cards": run})
    else:
        for top in [None, *(rank for rank in high_first if rank >= R.FIVE)]:
            yield from _colored_or_suited(category, {"top": top})


def _colored_or_suited(category: Category, details: dict[str, object]) -> Iterator[dict]:
    yield details
    if category in (C.FLUSH, C.STRAIGHT_FLUSH):
        for suit in Suit:
            yield {**details, "suit": suit}
    if category in (C.COLOR_FLUSH, C.COLOR_STRAIGHT_FLUSH):
        for color in Color:
            yield {**details, "color": color}


def all_declarations(rules: PokerRules) -> list[Declaration]:
    """Every declaration of a category ``rules`` has."""
    categories = set(rules.order())
    return [
        declaration for declaration in every_declaration() if declaration.category in categories
    ]


def assert_floor_is_the_searched_floor(declaration: Declaration, rules: PokerRules) -> None:
    expected = searched_floor(declaration, rules)
    if expected is None:
        with pytest.raises(DeclarationError):
            floor(declaration, rules)
        return
    found = floor(declaration, rules)
    assert (found.strength, found.ranks) == (expected.strength, expected.ranks), declaration.text
    assert matches(found, declaration), declaration.text


SAMPLE_PER_RULE_SET = 1000
QUICK_RULE_SETS = (
    "plain",
    "sevens and aces wild, a joker",
    "two pair over trips, one joker",
    "no color flushes",
)
"""The rule sets the default run checks: no wilds; wild ranks beside a joker; another
order of the categories; the colour flushes switched off. Each rule set's cost is its
search of every hand, so the other five are checked, in every test below, in the slow run."""
RULE_SET_MATRIX = slow_after(
    len(QUICK_RULE_SETS),
    [*QUICK_RULE_SETS, *(name for name in RULE_SETS if name not in QUICK_RULE_SETS)],
)


@pytest.mark.parametrize("name", RULE_SET_MATRIX)
def test_floor_equals_the_search_on_sampled_declarations(name: str) -> None:
    rules = RULE_SETS[name]
    declarations = all_declarations(rules)
    sample = random.Random(f"floor {name}").sample(declarations, SAMPLE_PER_RULE_SET)
    for declaration in sample:
        assert_floor_is_the_searched_floor(declaration, rules)


@pytest.mark.parametrize("name", RULE_SET_MATRIX)
def test_bare_categories_and_every_top_and_group_match_the_search(name: str) -> None:
    """The short declarations players open with, all of them, under each rule set."""
    rules = RULE_SETS[name]
    for declaration in all_declarations(rules):
        if len(declaration.high_cards) <= 1 and not declaration.kickers:
            assert_floor_is_the_searched_floor(declaration, rules)


@pytest.mark.parametrize("name", RULE_SET_MATRIX)
def test_lowest_hand_is_the_lowest_value_of_any_hand(name: str) -> None:
    rules = RULE_SETS[name]
    lowest = min(values[0] for values in every_value(rules).values())
    assert lowest_hand(rules) == lowest


@pytest.mark.parametrize("name", RULE_SET_MATRIX)
def test_the_worst_hand_is_one_the_deck_can_deal(name: str) -> None:
    rules = RULE_SETS[name]
    deck = Counter(card.face for card in _deck(rules))
    for declaration in random.Random(name).sample(all_declarations(rules), 300):
        try:
            hand = worst_hand(declaration, rules)
        except DeclarationError:
            continue
        held = Counter(card.face for card in hand)
        assert all(deck[face] >= times for face, times in held.items()), declaration.text


def _deck(rules: PokerRules) -> list[Card]:
    naturals = [Card(rank, suit) for rank in NATURAL_RANKS for suit in Suit]
    return naturals + [Card(R.JOKER, None, copy) for copy in range(rules.jokers)]
