"""The poker hand evaluator: the seed's orderings, every ranking option, wilds and seven-card
hands checked against brute force, and the words it puts on a hand.

The brute force values concrete hands with a deliberately plain reference written here from
the rulings, and shares no code with the evaluator's tables or its wild-card search.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from liar_tui.rules.cards import NATURAL_RANKS, Card, Rank, Suit, parse_cards, standard_deck
from liar_tui.rules.liars_poker.poker_hands import HandRank, hand_rank
from liar_tui.rules.liars_poker.rules import Category, Color, PokerRules
from tests.marks import slow_after_rows

DECK = standard_deck(jokers=0)
JOKERS = [Card(Rank.JOKER, None, copy) for copy in range(2)]
PLAIN = PokerRules()
WITH_JOKERS = PokerRules(jokers=2)
RED = frozenset({Suit.DIAMONDS, Suit.HEARTS})

Face = tuple[int, Suit]
FACES: list[Face] = [(int(rank), suit) for suit in Suit for rank in NATURAL_RANKS]
SHAPES = {
    (1, 1, 1, 1, 1): Category.HIGH_CARD,
    (2, 1, 1, 1): Category.PAIR,
    (2, 2, 1): Category.TWO_PAIR,
    (3, 1, 1): Category.THREE_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (4, 1): Category.FOUR_OF_A_KIND,
    (5,): Category.FIVE_OF_A_KIND,
}
STRAIGHTS = {Category.STRAIGHT, Category.COLOR_STRAIGHT_FLUSH, Category.STRAIGHT_FLUSH}


def hand(text: str, rules: PokerRules = PLAIN) -> HandRank:
    return hand_rank(parse_cards(text), rules)


def every_ranking() -> list[PokerRules]:
    return [
        PokerRules(color_flush=cf, color_straight_flush=csf, two_pair_over_trips=tpot, jokers=2)
        for cf, csf, tpot in itertools.product((True, False), repeat=3)
    ]


def full_order(rules: PokerRules) -> list[Category]:
    """The rules' order, with five of a kind on top even without wilds (no hand reaches it)."""
    order = list(rules.order())
    return order if Category.FIVE_OF_A_KIND in order else [*order, Category.FIVE_OF_A_KIND]


# --- The reference: a concrete hand of five faces, valued straight from the rulings ----------


def reference_value(faces: Sequence[Face], rules: PokerRules) -> tuple[int, tuple[int, ...]]:
    """(position of the category, tie-break ranks) of five faces; a face may repeat."""
    ranks = sorted((rank for rank, _ in faces), reverse=True)
    counts = Counter(ranks)
    by_group = tuple(sorted(ranks, key=lambda rank: (counts[rank], rank), reverse=True))
    shape = tuple(sorted(counts.values(), reverse=True))
    found: list[tuple[Category, tuple[int, ...]]] = [(SHAPES[shape], by_group)]
    straight_top = None
    if len(counts) == 5 and ranks[0] - ranks[4] == 4:
        straight_top = ranks[0]
    elif set(ranks) == {14, 2, 3, 4, 5}:
        straight_top = 5
    one_suit = len({suit for _, suit in faces}) == 1
    one_color = len({suit in RED for _, suit in faces}) == 1
    if straight_top is not None:
        found.append((Category.STRAIGHT, (straight_top,)))
        if one_suit:
            found.append((Category.STRAIGHT_FLUSH, (straight_top,)))
        if one_color:
            found.append((Category.COLOR_STRAIGHT_FLUSH, (straight_top,)))
    if one_suit:
        found.append((Category.FLUSH, tuple(ranks)))
    if one_color:
        found.append((Category.COLOR_FLUSH, tuple(ranks)))
    order = full_order(rules)
    return max((order.index(category), ranks) for category, ranks in found if category in order)


def comparable(value: HandRank, rules: PokerRules) -> tuple[int, tuple[int, ...]]:
    """Our value in the reference's terms."""
    ranks = tuple(int(rank) for rank in value.ranks)
    if value.category in STRAIGHTS:
        ranks = ranks[:1]
    return (full_order(rules).index(value.category), ranks)


def brute_force(cards: Sequence[Card], rules: PokerRules) -> tuple[int, tuple[int, ...]]:
    """The best value over every face each wild could be (any of the 52, repeats allowed)."""
    naturals: list[Face] = []
    wilds = 0
    for card in cards:
        if card.rank is Rank.JOKER or card.rank in rules.wild_ranks:
            wilds += 1
        else:
            assert card.suit is not None
            naturals.append((int(card.rank), card.suit))
    return max(
        reference_value(naturals + list(assignment), rules)
        for assignment in itertools.combinations_with_replacement(FACES, wilds)
    )


def mixed_suits(ranks: Sequence[Rank]) -> list[Suit]:
    """Suits for ``ranks`` (equal ranks together) that repeat no face and mix the colors.

    Each card takes the first suit its rank has not used yet, from a rotation that starts one
    suit further each time: the first card is a club and the second always a heart.
    """
    rotation = (Suit.CLUBS, Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS)
    suits: list[Suit] = []
    for index, rank in enumerate(ranks):
        taken = {suit for other, suit in zip(ranks, suits, strict=False) if other == rank}
        preference = rotation[index:] + rotation[:index]
        suits.append(next(suit for suit in preference if suit not in taken))
    return suits


def one_color_suits(ranks: Sequence[Rank]) -> list[Suit]:
    """Red suits for ``ranks`` (none more than twice) that repeat no face and mix two suits."""
    suits = [
        Suit.HEARTS if index and ranks[index - 1] == rank else Suit.DIAMONDS
        for index, rank in enumerate(ranks)
    ]
    if Suit.HEARTS not in suits:
        suits[-1] = Suit.HEARTS
    return suits


def every_rank_multiset() -> list[tuple[Rank, ...]]:
    return [
        ranks
        for ranks in itertools.combinations_with_replacement(NATURAL_RANKS, 5)
        if max(Counter(ranks).values()) <= 4
    ]


# --- The seed's examples and the rulings ------------------------------------------------------


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("8S 8H 8D 4C 4S", "7C 7S 7D QC QH"),  # full house: the set first
        ("QH JD 9H 4H 2D", "QD TH TD 4D 2H"),  # color flush: pairs inside it ignored
        ("KS TD 4H 3C 2D", "KS 9D 8H 7C 6D"),  # the lowest "K-10 high" beats any "K-9 high"
        ("KS 7D 4H 3C 2D", "QS JD 9H 8C 7D"),  # ...and "K high" beats "Q-J high"
        ("7C 7S 3D 3H 2C", "4S 3C 3D 2H 2S"),  # sevens over threes beats 4-3-3-2-2
        ("7C 7S 3D 3H JC", "7D 7H 3C 3S 2D"),  # ...and a jack kicker beats a deuce
        ("2C 2S 3D 3H 4C", "AH KH QD JD 9H"),  # a color flush is below two pair
        ("7H 5H 4D 3D 2H", "AC AS KD QH JC"),  # ...and above a pair
        ("4C 4S 4D 2H 3C", "AC AS KD KH QC"),  # three of a kind beats two pair
        ("AS 2D 3C 4H 5S", "AC AD AH KS QC"),  # a 5-high straight beats three aces
        ("6S 2D 3C 4H 5S", "AS 2D 3C 4H 5C"),  # ...and is the lowest straight
        ("9D TH JD QH KD", "AS AD AH KC KS"),  # color straight flush over a full house
        ("AS AD AH AC 2S", "9D TH JD QH KD"),  # ...and under four of a kind
        ("9S TS JS QS KS", "AS AD AH AC KS"),  # straight flush over four of a kind
    ],
)
def test_seed_orderings(better: str, worse: str) -> None:
    assert hand(worse) < hand(better)
    assert not hand(better) < hand(worse)
    assert hand(better) != hand(worse)


def test_seven_five_four_three_two_is_the_lowest_hand_under_plain_rules() -> None:
    """Every multiset of ranks in mixed colors; one color or one suit only adds categories."""
    lowest = hand("7C 5D 4S 3H 2H")
    assert lowest.category is Category.HIGH_CARD
    above = 0
    for ranks in every_rank_multiset():
        value = hand_rank(
            [Card(r, s) for r, s in zip(ranks, mixed_suits(ranks), strict=True)], PLAIN
        )
        if sorted(ranks) == [2, 3, 4, 5, 7]:
            assert value == lowest
        else:
            assert value > lowest
            above += 1
    assert above == 6175 - 1


def test_a_hand_is_worth_its_best_category() -> None:
    both = "QH QD 9H 4H 2D"  # a pair of queens, all red
    assert hand(both).category is Category.COLOR_FLUSH
    assert hand(both, PokerRules(color_flush=False)).category is Category.PAIR
    red_straight = "9D TH JD QH KH"
    assert hand(red_straight).category is Category.COLOR_STRAIGHT_FLUSH
    assert hand(red_straight, PokerRules(color_straight_flush=False)).category is Category.STRAIGHT


def test_suits_and_colors_do_not_rank() -> None:
    assert (hand("QH JD 9H 4H 2D").color, hand("QC JS 9C 4S 2C").color) == (Color.RED, Color.BLACK)
    assert hand("QH JD 9H 4H 2D") == hand("QC JS 9C 4S 2C")
    assert hand("AS KS QS JS 9S") == hand("AH KH QH JH 9H")
    assert hand("5D 4H 3D 2H AD") == hand("5C 4S 3C 2S AS")
    assert len({hand("QH JD 9H 4H 2D"), hand("QC JS 9C 4S 2C"), hand("QC JD 9C 4S 2C")}) == 2


def test_color_flush_switched_off() -> None:
    rules = PokerRules(color_flush=False)
    assert Category.COLOR_FLUSH not in rules.order()
    assert hand("QH JD 9H 4H 2D", rules) == hand("QC JD 9H 4H 2D", rules)
    assert hand("QH JD 9H 4H 2D", rules) < hand("QD TH TD 4D 2H", rules)  # now the pair wins
    assert hand("9D TH JD QH KD", rules).category is Category.COLOR_STRAIGHT_FLUSH


def test_color_straight_flush_switched_off() -> None:
    for rules in (
        PokerRules(color_straight_flush=False),
        PokerRules(color_flush=False, color_straight_flush=False),
    ):
        assert hand("9D TH JD QH KD", rules) == hand("9C TH JD QH KD", rules)
        assert hand("9D TH JD QH KD", rules) < hand("2H 5H 7H 8H 9H", rules)  # a flush


def test_two_pair_over_three_of_a_kind() -> None:
    rules = PokerRules(two_pair_over_trips=True, jokers=1)
    assert hand("3C 3D 2H 2S 4C", rules) > hand("AC AD AH KS QC", rules)
    assert hand("3C 3D 2H 2S 4C") < hand("AC AD AH KS QC")
    # A wild makes either; the order decides which the hand is worth.
    assert hand("JK 7C 7D 4S 3H", rules).describe() == "two pair, sevens over fours, 3 kicker"
    assert hand("JK 7C 7D 4S 3H", WITH_JOKERS).describe() == "three sevens, 4-3 kickers"


REPRESENTATIVES = {
    Category.HIGH_CARD: ("7C 5D 4S 3H 2H", "AC KD QS JH 9H"),
    Category.PAIR: ("2C 2D 5S 4H 3H", "AC AD KS QH JH"),
    Category.COLOR_FLUSH: ("5H 4D 3H 2D 2H", "AH AD KH QD JH"),
    Category.TWO_PAIR: ("3C 3D 2S 2H 4C", "AC AD KS KH QC"),
    Category.THREE_OF_A_KIND: ("2C 2D 2S 4H 3C", "AC AD AS KH QC"),
    Category.STRAIGHT: ("AC 2D 3S 4H 5C", "AC KD QS JH TC"),
    Category.FLUSH: ("7C 5C 4C 3C 2C", "AC KC QC JC 9C"),
    Category.FULL_HOUSE: ("2C 2D 2S 3H 3C", "AC AD AS KH KC"),
    Category.COLOR_STRAIGHT_FLUSH: ("AD 2H 3D 4H 5D", "AD KH QD JH TD"),
    Category.FOUR_OF_A_KIND: ("2C 2D 2S 2H 3C", "AC AD AS AH KC"),
    Category.STRAIGHT_FLUSH: ("AS 2S 3S 4S 5S", "AS KS QS JS TS"),
    Category.FIVE_OF_A_KIND: ("2C 2D 2S 2H JK", "AC AD AS AH JK"),
}
"""The lowest and the highest hand of each category."""


@pytest.mark.parametrize("rules", every_ranking(), ids=str)
def test_categories_are_ordered_as_the_rules_say(rules: PokerRules) -> None:
    order = rules.order()
    ladder = []
    for category in order:
        lowest, highest = (hand(text, rules) for text in REPRESENTATIVES[category])
        assert lowest.category is highest.category is category
        assert lowest < highest
        ladder += [lowest, highest]
    assert ladder == sorted(ladder)
    assert len(set(ladder)) == len(ladder)


def test_every_table_entry_matches_the_reference_under_the_default_ranking() -> None:
    assert_table_matches_the_reference(PokerRules())


@pytest.mark.slow
def test_every_table_entry_matches_the_reference_under_every_ranking() -> None:
    for rules in every_ranking():
        assert_table_matches_the_reference(rules)


def assert_table_matches_the_reference(rules: PokerRules) -> None:
    """Each multiset of ranks in mixed colors, in one color and in one suit."""
    for ranks in every_rank_multiset():
        patterns = [mixed_suits(ranks)]
        if max(Counter(ranks).values()) <= 2:
            patterns.append(one_color_suits(ranks))
        if len(set(ranks)) == 5:
            patterns.append([Suit.SPADES] * 5)
        for suits in patterns:
            faces = [(int(rank), suit) for rank, suit in zip(ranks, suits, strict=True)]
            cards = [Card(rank, suit) for rank, suit in zip(ranks, suits, strict=True)]
            assert comparable(hand_rank(cards, rules), rules) == reference_value(faces, rules)


# --- Random hands against the reference and brute force ---------------------------------------


@st.composite
def rankings(draw: st.DrawFn, jokers: int = 2, wild_ranks: bool = False) -> PokerRules:
    wild = draw(st.sets(st.sampled_from(NATURAL_RANKS), max_size=2)) if wild_ranks else set()
    return PokerRules(
        jokers=jokers,
        wild_ranks=frozenset(wild),
        color_flush=draw(st.booleans()),
        color_straight_flush=draw(st.booleans()),
        two_pair_over_trips=draw(st.booleans()),
    )


def cards_of(size: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(DECK), min_size=size, max_size=size, unique=True)


@given(rankings(jokers=0), cards_of(5))
def test_plain_hands_match_the_reference(rules: PokerRules, cards: list[Card]) -> None:
    faces = [(int(card.rank), card.suit) for card in cards]
    assert comparable(hand_rank(cards, rules), rules) == reference_value(faces, rules)  # type: ignore[arg-type]


@st.composite
def wild_hands(draw: st.DrawFn, size: int) -> tuple[PokerRules, list[Card]]:
    rules = draw(rankings(wild_ranks=True))
    jokers = draw(st.integers(0, 2))
    cards = draw(cards_of(size - jokers)) + JOKERS[:jokers]
    return rules, draw(st.permutations(cards))


def check_a_wild_hand_is_worth_its_best_assignment(case: tuple[PokerRules, list[Card]]) -> None:
    rules, cards = case
    wilds = sum(card.rank is Rank.JOKER or card.rank in rules.wild_ranks for card in cards)
    assume(1 <= wilds <= 2)
    assert comparable(hand_rank(cards, rules), rules) == brute_force(cards, rules)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(wild_hands(5))
def test_wild_hands_are_worth_their_best_assignment(case: tuple[PokerRules, list[Card]]) -> None:
    """A quick sample of the brute force; the slow twin below tries 150 hands."""
    check_a_wild_hand_is_worth_its_best_assignment(case)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(wild_hands(5))
def test_many_wild_hands_are_worth_their_best_assignment(
    case: tuple[PokerRules, list[Card]],
) -> None:
    check_a_wild_hand_is_worth_its_best_assignment(case)


THREE_WILDS = ("JK JK 2C 7D 9S", "JK 2C 2D 9D TD", "JK AS KS 2C 2D")
WILD_TWOS = {
    "wild twos": PokerRules(jokers=2, wild_ranks=frozenset({Rank.TWO})),
    "wild twos, no color flush": PokerRules(
        jokers=2, wild_ranks=frozenset({Rank.TWO}), color_flush=False
    ),
}


@pytest.mark.parametrize(
    ("text", "rules"),
    slow_after_rows(
        len(THREE_WILDS), [(text, rules) for rules in WILD_TWOS.values() for text in THREE_WILDS]
    ),
    ids=[f"{name}-{text}" for name in WILD_TWOS for text in THREE_WILDS],
)
def test_three_wilds_are_worth_their_best_assignment(text: str, rules: PokerRules) -> None:
    """Each hand under wild twos in the default run; without colour flushes in the slow run."""
    cards = parse_cards(text)
    assert comparable(hand_rank(cards, rules), rules) == brute_force(cards, rules)


def check_seven_cards_are_worth_their_best_five(case: tuple[PokerRules, list[Card]]) -> None:
    rules, cards = case
    best = max(hand_rank(list(five), rules) for five in itertools.combinations(cards, 5))
    value = hand_rank(cards, rules)
    assert value == best
    assert (value.category, value.ranks) == (best.category, best.ranks)


@settings(max_examples=40, deadline=None)
@given(wild_hands(7))
def test_seven_cards_are_worth_their_best_five(case: tuple[PokerRules, list[Card]]) -> None:
    """A quick sample; the slow twin below tries 150 hands."""
    check_seven_cards_are_worth_their_best_five(case)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(wild_hands(7))
def test_many_seven_card_hands_are_worth_their_best_five(
    case: tuple[PokerRules, list[Card]],
) -> None:
    check_seven_cards_are_worth_their_best_five(case)


@given(rankings(wild_ranks=True), st.integers(6, 9), st.data())
def test_more_cards_never_make_a_hand_worse(
    rules: PokerRules, size: int, data: st.DataObject
) -> None:
    cards = data.draw(cards_of(size))
    assert hand_rank(cards, rules) >= hand_rank(cards[:-1], rules)


# --- Wilds ----------------------------------------------------------------------------------


def test_wild_ranks_are_wild_without_jokers() -> None:
    rules = PokerRules(wild_ranks=frozenset({Rank.TWO}))
    assert Category.FIVE_OF_A_KIND in rules.order()
    assert hand("2C 2D AS AH AD", rules).describe() == "five aces"
    assert hand("2C 7D 7H 3S 3C", rules).describe() == "full house, sevens full of threes"
    assert hand("2C 7D 7H 3S 3C") < hand("2C 7D 7H 3S 3C", rules)


def test_a_wild_may_copy_a_card_already_in_the_hand() -> None:
    """That is what makes five of a kind; in a flush it makes a second ace."""
    assert hand("AS AH AD AC JK", WITH_JOKERS).category is Category.FIVE_OF_A_KIND
    assert hand("AS KS 9S 2S JK", WITH_JOKERS).describe() == "A-A-K-9-2 high spade flush"
    assert hand("JK JK AS KS QS", WITH_JOKERS).describe() == "ace-high spade straight flush"


def test_five_wilds_are_five_aces() -> None:
    rules = PokerRules(jokers=2, wild_ranks=frozenset({Rank.TWO}))
    assert hand("JK JK 2C 2D 2H", rules).describe() == "five aces"
    assert hand("JK JK 2C 2D 2H 3S 4S", rules).describe() == "five aces"


# --- Words ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("KS TD 7H 4C 2D", "K-10-7-4-2 high"),
        ("7S 7D QH 6C 2D", "pair of sevens, Q-6-2 kickers"),
        ("6S 6D QH 7C 2D", "pair of sixes, Q-7-2 kickers"),
        ("QH JD 9H 4H 2D", "Q-J-9-4-2 high color flush, all red"),
        ("QS TC TS 4S 2C", "Q-10-10-4-2 high color flush, all black"),
        ("7S 7D 3H 3C JD", "two pair, sevens over threes, J kicker"),
        ("4S 4D 4H AC KD", "three fours, A-K kickers"),
        ("9S TD JH QC KD", "king-high straight"),
        ("AS 2D 3H 4C 5D", "five-high straight"),
        ("AH JH 9H 4H 2H", "A-J-9-4-2 high heart flush"),
        ("8S 8D 8H 4C 4D", "full house, eights full of fours"),
        ("9D TH JD QH KD", "king-high color straight flush, all red"),
        ("7S 7D 7H 7C KD", "four sevens, K kicker"),
        ("AC 2C 3C 4C 5C", "five-high club straight flush"),
    ],
)
def test_describe(text: str, words: str) -> None:
    assert hand(text).describe() == words
    assert str(hand(text)) == words


def test_seven_card_hands_name_their_best_five() -> None:
    rules = PokerRules(hand_size=7)
    assert hand("7C 7D 7H 5S 3H 3C 2D", rules).describe() == "full house, sevens full of threes"
    assert hand("AH 2C 9H 4H 8D 2H JH", rules).describe() == "A-J-9-4-2 high heart flush"


def test_fewer_than_five_cards_are_refused() -> None:
    with pytest.raises(ValueError, match="at least five cards"):
        hand("AS KS QS JS")


def test_the_tables_are_built_on_first_use_not_at_import() -> None:
    """The app imports the rules at startup, where a table build would slow the first frame."""
    probe = (
        "import json\n"
        "from liar_tui.rules.liars_poker import poker_hands\n"
        "from liar_tui.rules.cards import parse_cards\n"
        "from liar_tui.rules.liars_poker.rules import PokerRules\n"
        "built = poker_hands._value_tables.cache_info\n"
        "before = built().currsize\n"
        "poker_hands.hand_rank(parse_cards('AS KD 7H 4C 2D'), PokerRules())\n"
        "print(json.dumps([before, built().currsize]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert json.loads(result.stdout) == [0, 1]
