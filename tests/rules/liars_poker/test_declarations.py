"""Declarations of Liar's Poker with cards: the seed's phrasings, canonical text, refusals.

The round trip (declaration → canonical text → the same declaration) is what lets logs, the
network and screens carry declarations as words; the fuzz test keeps typed nonsense from ever
raising anything a screen would not expect.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import assume, given, reject, settings
from hypothesis import strategies as st

from liar_tui.rules.cards import NATURAL_RANKS, Card, Rank, Suit, parse_cards
from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.declarations import (
    GROUP_SHAPES,
    PREFIX_CATEGORIES,
    Declaration,
    DeclarationError,
    category_made_by,
    impossibility,
)
from liar_tui.rules.liars_poker.rules import Category, Color, PokerRules

R = Rank
C = Category
PLAIN = PokerRules()
TWO_JOKERS = PokerRules(jokers=2)
SEED_CARDS = (
    Card(R.ACE, Suit.CLUBS),
    Card(R.JACK, Suit.DIAMONDS),
    Card(R.TEN, Suit.DIAMONDS),
    Card(R.SEVEN, Suit.HEARTS),
    Card(R.THREE, Suit.CLUBS),
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


SEED_PHRASINGS: list[tuple[str, Declaration]] = [
    ("Three of a kind.", Declaration(C.THREE_OF_A_KIND)),
    ("Spade flush.", Declaration(C.FLUSH, suit=Suit.SPADES)),
    ("Queens over fours.", Declaration(C.TWO_PAIR, groups=(R.QUEEN, R.FOUR))),
    (
        "Queens over fours with a nine kicker",
        Declaration(C.TWO_PAIR, groups=(R.QUEEN, R.FOUR), kickers=(R.NINE,)),
    ),
    (
        "Queens over fours with a nine backer",
        Declaration(C.TWO_PAIR, groups=(R.QUEEN, R.FOUR), kickers=(R.NINE,)),
    ),
    (
        "Ace of clubs, jack of diamonds, ten of diamonds, seven of hearts, three of clubs",
        Declaration(C.HIGH_CARD, cards=SEED_CARDS),
    ),
    ("AS JD TD 7H 3C", Declaration(C.HIGH_CARD, cards=cards("AS JD TD 7H 3C"))),
    ("A♠ J♦ 10♦ 7♥ 3♣", Declaration(C.HIGH_CARD, cards=cards("AS JD TD 7H 3C"))),
    ("K-10 high", Declaration(C.HIGH_CARD, high_cards=(R.KING, R.TEN))),
    ("7-6 high", Declaration(C.HIGH_CARD, high_cards=(R.SEVEN, R.SIX))),
    ("king-ten high", Declaration(C.HIGH_CARD, high_cards=(R.KING, R.TEN))),
    ("king high", Declaration(C.HIGH_CARD, high_cards=(R.KING,))),
    ("A high", Declaration(C.HIGH_CARD, high_cards=(R.ACE,))),
    ("seven five four three two high", Declaration(C.HIGH_CARD, high_cards=(7, 5, 4, 3, 2))),
    (
        "three fours and an ace-king",
        Declaration(C.THREE_OF_A_KIND, groups=(R.FOUR,), kickers=(R.ACE, R.KING)),
    ),
    ("two pair, sevens over threes", Declaration(C.TWO_PAIR, groups=(R.SEVEN, R.THREE))),
    (
        "sevens over threes with a jack kicker",
        Declaration(C.TWO_PAIR, groups=(R.SEVEN, R.THREE), kickers=(R.JACK,)),
    ),
    (
        "Q-J-9-4-2 all red",
        Declaration(C.COLOR_FLUSH, high_cards=(12, 11, 9, 4, 2), color=Color.RED),
    ),
    (
        "Q-10-10-4-2, all red",
        Declaration(C.COLOR_FLUSH, high_cards=(12, 10, 10, 4, 2), color=Color.RED),
    ),
    ("two pairs", Declaration(C.TWO_PAIR)),
    ("full house, eights over fours", Declaration(C.FULL_HOUSE, groups=(R.EIGHT, R.FOUR))),
    ("eights full of fours", Declaration(C.FULL_HOUSE, groups=(R.EIGHT, R.FOUR))),
    ("eights full", Declaration(C.FULL_HOUSE, groups=(R.EIGHT,))),
    ("king-high straight", Declaration(C.STRAIGHT, top=R.KING)),
    ("straight to the king", Declaration(C.STRAIGHT, top=R.KING)),
    ("5-high straight", Declaration(C.STRAIGHT, top=R.FIVE)),
    ("pair of sevens", Declaration(C.PAIR, groups=(R.SEVEN,))),
    (
        "pair of sevens with a queen, six and two",
        Declaration(C.PAIR, groups=(R.SEVEN,), kickers=(R.QUEEN, R.SIX, R.TWO)),
    ),
    ("a pair", Declaration(C.PAIR)),
    ("one pair", Declaration(C.PAIR)),
    ("four jacks", Declaration(C.FOUR_OF_A_KIND, groups=(R.JACK,))),
    (
        "four jacks with an A kicker",
        Declaration(C.FOUR_OF_A_KIND, groups=(R.JACK,), kickers=(R.ACE,)),
    ),
    ("five aces", Declaration(C.FIVE_OF_A_KIND, groups=(R.ACE,))),
    ("five of a kind", Declaration(C.FIVE_OF_A_KIND)),
    ("straight flush", Declaration(C.STRAIGHT_FLUSH)),
    ("royal flush", Declaration(C.STRAIGHT_FLUSH, top=R.ACE)),
    ("heart straight flush", Declaration(C.STRAIGHT_FLUSH, suit=Suit.HEARTS)),
    ("color flush", Declaration(C.COLOR_FLUSH)),
    ("Colour flush", Declaration(C.COLOR_FLUSH)),
    ("color straight flush, all black", Declaration(C.COLOR_STRAIGHT_FLUSH, color=Color.BLACK)),
    ("all black", Declaration(C.COLOR_FLUSH, color=Color.BLACK)),
    ("high card", Declaration(C.HIGH_CARD)),
    ("K-10 high flush in hearts", Declaration(C.FLUSH, high_cards=(13, 10), suit=Suit.HEARTS)),
    ("KK", Declaration(C.PAIR, groups=(R.KING,))),
    ("777", Declaration(C.THREE_OF_A_KIND, groups=(R.SEVEN,))),
    ("7s over 3s", Declaration(C.TWO_PAIR, groups=(R.SEVEN, R.THREE))),
    ("7's over 3's", Declaration(C.TWO_PAIR, groups=(R.SEVEN, R.THREE))),
    ("threes over sevens", Declaration(C.TWO_PAIR, groups=(R.SEVEN, R.THREE))),
    ("two pair, kings up", Declaration(C.TWO_PAIR, groups=(R.KING,))),
    ("trips", Declaration(C.THREE_OF_A_KIND)),
    ("trip kings", Declaration(C.THREE_OF_A_KIND, groups=(R.KING,))),
    ("quads", Declaration(C.FOUR_OF_A_KIND)),
    ("boat", Declaration(C.FULL_HOUSE)),
    ("QUEENS   OVER FOURS!!!", Declaration(C.TWO_PAIR, groups=(R.QUEEN, R.FOUR))),
    ("three threes", Declaration(C.THREE_OF_A_KIND, groups=(R.THREE,))),
    ("two kings", Declaration(C.PAIR, groups=(R.KING,))),
]


@pytest.mark.parametrize(("text", "expected"), SEED_PHRASINGS, ids=[t for t, _ in SEED_PHRASINGS])
def test_the_seeds_phrasings_read_as_meant(text: str, expected: Declaration) -> None:
    assert parse_declaration(text, TWO_JOKERS) == expected


@pytest.mark.parametrize(
    ("declaration", "text"),
    [
        (
            Declaration(C.TWO_PAIR, groups=(R.SEVEN, R.THREE), kickers=(R.JACK,)),
            "two pair, sevens over threes, J kicker",
        ),
        (
            Declaration(C.THREE_OF_A_KIND, groups=(R.FOUR,), kickers=(R.ACE, R.KING)),
            "three fours, A-K kickers",
        ),
        (Declaration(C.HIGH_CARD, high_cards=(R.SEVEN, R.SIX)), "7-6 high"),
        (Declaration(C.FLUSH, suit=Suit.SPADES), "spade flush"),
        (
            Declaration(C.COLOR_FLUSH, high_cards=(12, 11, 9, 4, 2), color=Color.RED),
            "Q-J-9-4-2 high color flush, all red",
        ),
        (Declaration(C.FULL_HOUSE, groups=(R.EIGHT, R.FOUR)), "full house, eights full of fours"),
        (Declaration(C.STRAIGHT, top=R.KING), "king-high straight"),
        (Declaration(C.PAIR), "a pair"),
        (Declaration(C.FIVE_OF_A_KIND, groups=(R.SIX,)), "five sixes"),
        (
            Declaration(C.HIGH_CARD, cards=SEED_CARDS),
            "ace of clubs, jack of diamonds, ten of diamonds, seven of hearts, three of clubs",
        ),
    ],
)
def test_canonical_text(declaration: Declaration, text: str) -> None:
    assert declaration.text == text
    assert parse_declaration(text, TWO_JOKERS) == declaration


def test_exact_cards_are_the_same_declaration_in_any_order() -> None:
    shuffled = parse_declaration("3c, 7h, td, jd, as", PLAIN)
    assert shuffled == parse_declaration("AS JD TD 7H 3C", PLAIN)
    assert shuffled.cards[0] == Card(R.ACE, Suit.SPADES)


@pytest.mark.parametrize(
    ("text", "rules", "category"),
    [
        ("AS JD TD 7H 3C", PLAIN, C.HIGH_CARD),
        ("AS JD TD 7H 3C", PokerRules(wild_ranks=frozenset({R.SEVEN})), C.PAIR),
        ("AH JD TD 7H 3D", PLAIN, C.COLOR_FLUSH),
        ("AH JD TD 7H 3D", PokerRules(color_flush=False), C.HIGH_CARD),
        ("9H 8D 7H 6D 5H", PLAIN, C.COLOR_STRAIGHT_FLUSH),
        ("9H 8D 7H 6D 5H", PokerRules(color_straight_flush=False), C.STRAIGHT),
        ("KS KH 7C 3D JK", TWO_JOKERS, C.THREE_OF_A_KIND),
        ("KS KH 7C 3D JK", PokerRules(jokers=1, two_pair_over_trips=True), C.TWO_PAIR),
        ("AS AH AD 5C 5H", PLAIN, C.FULL_HOUSE),
        ("AS AH AD KC QH", PokerRules(two_pair_over_trips=True), C.THREE_OF_A_KIND),
        ("AS AH AD AC JK", TWO_JOKERS, C.FIVE_OF_A_KIND),
        ("JK JK 2C 3C 4C", TWO_JOKERS, C.STRAIGHT_FLUSH),
        ("AS 2D 3C 4H 5S", PLAIN, C.STRAIGHT),
    ],
)
def test_exact_cards_claim_what_they_make(text: str, rules: PokerRules, category: C) -> None:
    declaration = parse_declaration(text, rules)
    assert declaration.category is category
    assert category_made_by(declaration.cards, rules) is category


@pytest.mark.parametrize(
    ("details", "reason"),
    [
        (
            {"category": C.PAIR, "groups": (R.KING,), "kickers": (R.KING,)},
            "A king kicker would turn the kings into a bigger set",
        ),
        ({"category": C.PAIR, "kickers": (R.NINE,)}, "Name the ranks of the pair before"),
        (
            {"category": C.PAIR, "groups": (R.KING,), "kickers": (9, 8, 7, 6)},
            "room for 3 kickers, not 4",
        ),
        ({"category": C.TWO_PAIR, "groups": (R.SEVEN, R.SEVEN)}, "different ranks"),
        ({"category": C.TWO_PAIR, "groups": (R.THREE, R.SEVEN)}, "sevens over threes"),
        ({"category": C.FULL_HOUSE, "groups": (R.EIGHT, R.EIGHT)}, "different ranks"),
        ({"category": C.FULL_HOUSE, "groups": (8, 4), "kickers": (R.ACE,)}, "no kickers"),
        ({"category": C.THREE_OF_A_KIND, "groups": (4,), "kickers": (13, 14)}, "highest"),
        ({"category": C.STRAIGHT, "top": R.FOUR}, "five-high"),
        ({"category": C.FLUSH, "top": R.KING}, "not named by a top card"),
        ({"category": C.HIGH_CARD, "high_cards": (6, 5, 4, 3, 2)}, "6-5-4-3-2 is a straight"),
        ({"category": C.HIGH_CARD, "high_cards": (14, 5, 4, 3, 2)}, "A-5-4-3-2 is a straight"),
        ({"category": C.FLUSH, "high_cards": (10, 9, 8, 7, 6)}, "is a straight, not a flush"),
        ({"category": C.HIGH_CARD, "high_cards": (13, 13)}, "would make it a pair"),
        ({"category": C.HIGH_CARD, "high_cards": (10, 13)}, "highest to lowest"),
        ({"category": C.HIGH_CARD, "high_cards": (14, 13, 12, 11, 9, 8)}, "five cards, not 6"),
        ({"category": C.COLOR_FLUSH, "high_cards": (12, 10, 10, 4, 4)}, "at most one pair"),
        ({"category": C.PAIR, "high_cards": (R.KING,)}, "not named by its top cards"),
        ({"category": C.PAIR, "suit": Suit.SPADES}, "Only a flush or a straight flush"),
        ({"category": C.FLUSH, "color": Color.RED}, "Only a color flush"),
        ({"category": C.STRAIGHT, "groups": (R.KING,)}, "no pair or set"),
        ({"category": C.PAIR, "groups": (R.JOKER,)}, "joker is wild"),
        ({"category": C.HIGH_CARD, "cards": SEED_CARDS[:4]}, "five cards, not 4"),
        ({"category": C.HIGH_CARD, "cards": SEED_CARDS, "top": R.ACE}, "already say everything"),
        (
            {"category": C.PAIR, "cards": (*SEED_CARDS[:4], SEED_CARDS[0])},
            "ace of clubs is named twice",
        ),
    ],
)
def test_what_cannot_be_said_is_refused_with_a_reason(details: dict, reason: str) -> None:
    with pytest.raises(DeclarationError, match=reason):
        Declaration(**details)


@pytest.mark.parametrize(
    ("text", "rules", "reason"),
    [
        ("6 high", PLAIN, "the only five different ranks that fit, 6-5-4-3-2, form a straight"),
        ("A-5-4-3 high", PLAIN, "A-5-4-3-2, form a straight"),
        ("3 high", PLAIN, "too few ranks below the 3"),
        ("6 high flush", PLAIN, "No flush is 6 high"),
        ("4 high color flush", PLAIN, "without a second pair"),
        ("pair of kings with a king kicker", PLAIN, "turn the kings into a bigger set"),
        ("five aces", PLAIN, "Five of a kind needs jokers or wild cards"),
        ("five of a kind", PLAIN, "Five of a kind needs jokers or wild cards"),
        ("Q-J-9-4-2 all red", PokerRules(color_flush=False), "Color flushes are switched off"),
        (
            "color straight flush",
            PokerRules(color_straight_flush=False),
            "Color straight flushes are switched off",
        ),
        ("two pair, twos up", PLAIN, "twos up"),
        ("pair of threes with a two kicker", PLAIN, "there are none"),
        ("pair of twos with a four kicker", PLAIN, "there are only 1"),
        ("JK AS KS QS JS", PLAIN, "played with 0 jokers, not 1"),
        ("JK JK AS KS QS", PokerRules(jokers=1), "played with 1 joker, not 2"),
    ],
)
def test_impossible_declarations_say_why(text: str, rules: PokerRules, reason: str) -> None:
    with pytest.raises(DeclarationError, match=reason):
        parse_declaration(text, rules)


def test_possible_under_wilds_and_matching_categories() -> None:
    assert impossibility(Declaration(C.FIVE_OF_A_KIND), PokerRules(jokers=1)) is None
    wild_twos = PokerRules(wild_ranks=frozenset({R.TWO}))
    assert impossibility(Declaration(C.FIVE_OF_A_KIND, groups=(R.ACE,)), wild_twos) is None
    assert impossibility(Declaration(C.HIGH_CARD, high_cards=(7, 6)), PLAIN) is None
    assert impossibility(Declaration(C.COLOR_FLUSH, high_cards=(R.FIVE,)), PLAIN) is None
    mislabelled = Declaration(C.FLUSH, cards=SEED_CARDS)
    assert impossibility(mislabelled, PLAIN) == "Those five cards make high card, not a flush."


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("pair of sevens with a banana kicker", "banana"),
        ("Queens over fours with a nine kicker (or backer)", "or"),
        ("pair of sevens, ace-king kickers, nine", "nine"),
        ("TEN OF RUBIES", "RUBIES"),
        ("sevens over", "over"),
        ("kicker", "kicker"),
        ("pair flush", "flush"),
        ("full house, kings up", "kings"),
        ("spade two pair", "spade"),
        ("ace of clubs, jack of diamonds, ten of rubies", "ten of rubies"),
        ("six sevens", "six sevens"),
        ("red black", "black"),
        ("über pair", "über"),
    ],
)
def test_errors_name_the_word_not_understood(text: str, word: str) -> None:
    with pytest.raises(DeclarationError) as refused:
        parse_declaration(text, TWO_JOKERS)
    assert repr(word) in str(refused.value)


@pytest.mark.parametrize("text", ["", "   ", "...", "with the"])
def test_saying_nothing_asks_for_a_hand(text: str) -> None:
    with pytest.raises(DeclarationError, match="Name a hand"):
        parse_declaration(text, PLAIN)


def test_too_few_exact_cards() -> None:
    with pytest.raises(DeclarationError, match="Name exactly five cards, not 2"):
        parse_declaration("JD TD", PLAIN)


# --- Properties ---------------------------------------------------------------------------

RANKS = st.sampled_from(NATURAL_RANKS)
STRAIGHT_TOPS = st.sampled_from([rank for rank in NATURAL_RANKS if rank >= R.FIVE])
RULES = st.builds(
    PokerRules,
    jokers=st.integers(0, 2),
    wild_ranks=st.frozensets(RANKS, max_size=2),
    color_flush=st.booleans(),
    color_straight_flush=st.booleans(),
    two_pair_over_trips=st.booleans(),
)


def high_to_low(ranks: list[Rank]) -> tuple[Rank, ...]:
    return tuple(sorted(ranks, reverse=True))


@st.composite
def named_declarations(draw: st.DrawFn, rules: PokerRules) -> Declaration:
    """Any declaration by category and details that some hand under ``rules`` matches."""
    category = draw(st.sampled_from(rules.order()))
    details: dict[str, object] = {}
    if category in GROUP_SHAPES:
        group_room, kicker_room = GROUP_SHAPES[category]
        groups = draw(st.lists(RANKS, unique=True, max_size=group_room))
        if category is C.TWO_PAIR:
            groups = list(high_to_low(groups))
        details["groups"] = tuple(groups)
        if len(groups) == group_room and kicker_room:
            others = RANKS.filter(lambda rank: rank not in groups)
            details["kickers"] = high_to_low(
                draw(st.lists(others, unique=True, max_size=kicker_room))
            )
    elif category in PREFIX_CATEGORIES:
        ranks = draw(st.lists(RANKS, unique=True, max_size=5))
        if category is C.COLOR_FLUSH and ranks and draw(st.booleans()):
            ranks = [*ranks, draw(st.sampled_from(ranks))][-5:]
        details["high_cards"] = high_to_low(ranks)
    else:
        details["top"] = draw(st.none() | STRAIGHT_TOPS)
    if category in (C.FLUSH, C.STRAIGHT_FLUSH):
        details["suit"] = draw(st.none() | st.sampled_from(Suit))
    if category in (C.COLOR_FLUSH, C.COLOR_STRAIGHT_FLUSH):
        details["color"] = draw(st.none() | st.sampled_from(Color))
    try:
        declaration = Declaration(category, **details)  # type: ignore[arg-type]
    except DeclarationError:
        reject()
    if impossibility(declaration, rules) is not None:
        reject()
    return declaration


@st.composite
def exact_declarations(draw: st.DrawFn, rules: PokerRules) -> Declaration:
    faces = [Card(rank, suit) for rank in NATURAL_RANKS for suit in Suit]
    faces += [Card(R.JOKER, None, copy) for copy in range(rules.jokers)]
    hand = draw(st.lists(st.sampled_from(faces), min_size=5, max_size=5, unique=True))
    return Declaration.of_cards(hand, rules)


def check_canonical_text_reads_back(data: st.DataObject) -> None:
    rules = data.draw(RULES, label="rules")
    declaration = data.draw(
        st.one_of(named_declarations(rules), exact_declarations(rules)), label="declaration"
    )
    assert parse_declaration(declaration.text, rules) == declaration


@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_canonical_text_reads_back_to_the_same_declaration(data: st.DataObject) -> None:
    """A quick sample; the slow twin below tries 500 declarations."""
    check_canonical_text_reads_back(data)


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(data=st.data())
def test_many_canonical_texts_read_back_to_the_same_declaration(data: st.DataObject) -> None:
    check_canonical_text_reads_back(data)


def category_of_natural_faces(faces: list[tuple[Rank, Suit]], rules: PokerRules) -> Category:
    """The category of five plain faces (repeats allowed, as wild cards may repeat a face)."""
    counts = [*sorted(Counter(rank for rank, _ in faces).values(), reverse=True), 0]
    ranks = sorted({rank for rank, _ in faces}, reverse=True)
    straight = len(ranks) == 5 and (ranks[0] - ranks[4] == 4 or ranks == [14, 5, 4, 3, 2])
    suited = len({suit for _, suit in faces}) == 1
    colored = len({Color.of(suit) for _, suit in faces}) == 1
    holds = {
        C.HIGH_CARD: True,
        C.PAIR: counts[0] >= 2,
        C.COLOR_FLUSH: colored,
        C.TWO_PAIR: counts[0] >= 2 and counts[1] >= 2,
        C.THREE_OF_A_KIND: counts[0] >= 3,
        C.STRAIGHT: straight,
        C.FLUSH: suited,
        C.FULL_HOUSE: counts[0] >= 3 and counts[1] >= 2,
        C.COLOR_STRAIGHT_FLUSH: straight and colored,
        C.FOUR_OF_A_KIND: counts[0] >= 4,
        C.STRAIGHT_FLUSH: straight and suited,
        C.FIVE_OF_A_KIND: counts[0] >= 5,
    }
    return [category for category in rules.order() if holds[category]][-1]


def check_exact_cards_category_is_the_best_over_every_wild_assignment(
    data: st.DataObject,
) -> None:
    rules = data.draw(RULES, label="rules")
    hand = data.draw(exact_declarations(rules), label="hand").cards
    wild = [card.is_joker or card.rank in rules.wild_ranks for card in hand]
    assume(sum(wild) <= 2)
    naturals = [card.face for card, is_wild in zip(hand, wild, strict=True) if not is_wild]
    every_face = [(rank, suit) for rank in NATURAL_RANKS for suit in Suit]
    order = rules.order()
    best = max(
        (
            category_of_natural_faces([*naturals, *chosen], rules)
            for chosen in itertools.product(every_face, repeat=sum(wild))
        ),
        key=order.index,
    )
    assert category_made_by(hand, rules) is best


@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_exact_cards_category_equals_the_best_over_every_wild_assignment(
    data: st.DataObject,
) -> None:
    """A quick sample; the slow twin below tries 60 hands."""
    check_exact_cards_category_is_the_best_over_every_wild_assignment(data)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_many_exact_cards_categories_equal_the_best_over_every_wild_assignment(
    data: st.DataObject,
) -> None:
    check_exact_cards_category_is_the_best_over_every_wild_assignment(data)


VOCABULARY_TEXT = """
a an the with and of all to in over up full house boat high card kind pair pairs
kicker kickers backer straight flush royal color colour trips set quads one
two three four five six seven eight nine ten jack queen king ace deuce
twos sevens sixes queens aces 7s 10s as ks kk 777 AAAAA K-10 Q-J-9-4-2
ace-king king-high red black spade spades hearts clubs ♠ ♦ A♠ AS JD TD 7H JK
joker 1 10 0 -- , . ! ? ' ’ — ( ) ß İ ٣ ½ 🂡
"""
VOCABULARY = [*VOCABULARY_TEXT.split(), "\x00", "\t", "\n"]


def check_any_text_reads_or_is_refused(text: str, rules: PokerRules) -> None:
    try:
        declaration = parse_declaration(text, rules)
    except DeclarationError as refusal:
        assert str(refusal).strip()
        return
    assert impossibility(declaration, rules) is None
    assert parse_declaration(declaration.text, rules) == declaration


ANY_TEXT = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(VOCABULARY) | st.text(max_size=3), max_size=10).map(" ".join),
    st.lists(st.sampled_from(VOCABULARY), max_size=8).map("".join),
)


@settings(max_examples=200, deadline=None)
@given(text=ANY_TEXT, rules=RULES)
def test_any_text_reads_or_is_refused_with_a_declaration_error(
    text: str, rules: PokerRules
) -> None:
    """A quick sample; the slow twin below tries 600 texts."""
    check_any_text_reads_or_is_refused(text, rules)


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(text=ANY_TEXT, rules=RULES)
def test_many_texts_read_or_are_refused_with_a_declaration_error(
    text: str, rules: PokerRules
) -> None:
    check_any_text_reads_or_is_refused(text, rules)
