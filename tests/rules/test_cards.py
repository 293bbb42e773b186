"""Cards, shoes and their text forms: what players type and what logs and the network carry."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from liar_tui.rules.cards import (
    NATURAL_RANKS,
    Card,
    CardParseError,
    Rank,
    Suit,
    cards_text,
    parse_card,
    parse_cards,
    shoe,
    shuffled,
)

ACE_OF_SPADES = Card(Rank.ACE, Suit.SPADES)
TEN_OF_HEARTS = Card(Rank.TEN, Suit.HEARTS)
JOKER = Card(Rank.JOKER)


@pytest.mark.parametrize(
    ("card", "text", "ascii_text"),
    [
        (ACE_OF_SPADES, "A♠", "AS"),
        (TEN_OF_HEARTS, "10♥", "TH"),
        (Card(Rank.TWO, Suit.CLUBS), "2♣", "2C"),
        (Card(Rank.QUEEN, Suit.DIAMONDS), "Q♦", "QD"),
        (JOKER, "Joker", "JK"),
    ],
)
def test_card_text_both_ways(card: Card, text: str, ascii_text: str) -> None:
    assert card.text == text
    assert str(card) == text
    assert card.ascii == ascii_text
    assert parse_card(text) == card
    assert parse_card(ascii_text) == card


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AS", ACE_OF_SPADES),
        ("as", ACE_OF_SPADES),
        (" A♠ ", ACE_OF_SPADES),
        ("TH", TEN_OF_HEARTS),
        ("10H", TEN_OF_HEARTS),
        ("10♥", TEN_OF_HEARTS),
        ("JK", JOKER),
        ("Joker", JOKER),
        ("joker", JOKER),
        ("AS:1", Card(Rank.ACE, Suit.SPADES, 1)),
        ("JK:3", Card(Rank.JOKER, None, 3)),
    ],
)
def test_parse_card_accepts_every_spelling(text: str, card: Card) -> None:
    assert parse_card(text) == card


def test_parse_cards_reads_a_hand() -> None:
    assert parse_cards("AS 10H JK") == [ACE_OF_SPADES, TEN_OF_HEARTS, JOKER]
    assert parse_cards("AS, 10H,JK") == [ACE_OF_SPADES, TEN_OF_HEARTS, JOKER]


def test_parse_cards_makes_repeated_faces_distinct_copies() -> None:
    cards = parse_cards("JK JK AS AS")
    assert len(set(cards)) == 4
    assert [card.face for card in cards] == [JOKER.face] * 2 + [ACE_OF_SPADES.face] * 2


def test_cards_text_both_alphabets() -> None:
    cards = parse_cards("AS 10H JK")
    assert cards_text(cards) == "A♠ 10♥ Joker"
    assert cards_text(cards, ascii_only=True) == "AS TH JK"
    assert parse_cards(cards_text(cards)) == cards


@pytest.mark.parametrize("decks", [1, 2])
def test_every_token_of_a_shoe_round_trips(decks: int) -> None:
    for card in shoe(decks):
        assert parse_card(card.token) == card


@pytest.mark.parametrize(("decks", "size"), [(1, 54), (2, 108)])
def test_shoe_holds_every_card_once(decks: int, size: int) -> None:
    cards = shoe(decks)
    assert len(cards) == size
    assert len(set(cards)) == size
    assert len({card.token for card in cards}) == size
    faces = Counter(card.face for card in cards)
    assert faces[JOKER.face] == 2 * decks
    for suit in Suit:
        for rank in NATURAL_RANKS:
            assert faces[(rank, suit)] == decks


def test_a_shoe_needs_a_deck() -> None:
    with pytest.raises(ValueError, match="at least one deck"):
        shoe(0)


def test_a_joker_has_no_suit_and_other_cards_have_one() -> None:
    with pytest.raises(ValueError):
        Card(Rank.JOKER, Suit.SPADES)
    with pytest.raises(ValueError):
        Card(Rank.ACE)


def test_cards_sort_and_compare_by_rank_then_suit() -> None:
    cards = parse_cards("JK AS AH 2C")
    assert sorted(cards) == parse_cards("2C AH AS JK")
    assert parse_card("AH") <= parse_card("AS")
    assert parse_card("AS") >= parse_card("AH")


def test_shuffled_is_deterministic_from_its_generator() -> None:
    cards = shoe(2)
    first = shuffled(cards, random.Random(7))
    assert first == shuffled(cards, random.Random(7))
    assert first != shuffled(cards, random.Random(8))
    assert sorted(first) == sorted(cards)
    assert cards == shoe(2), "the input list is left as it was"


def test_shuffled_never_touches_the_global_generator() -> None:
    random.seed(1234)
    expected = random.random()
    random.seed(1234)
    shuffled(shoe(2), random.Random(5))
    assert random.random() == expected


@pytest.mark.parametrize("word", ["XS", "11H", "A", "AX", "J K", "", "JOKERS", "AS:1234", "AS:١"])
def test_parse_card_error_names_the_word(word: str) -> None:
    with pytest.raises(CardParseError) as error:
        parse_card(word)
    assert repr(word.strip()) in str(error.value)


def test_a_long_word_is_refused_in_a_short_message() -> None:
    with pytest.raises(CardParseError) as error:
        parse_card("JK:" + "9" * 5000)
    assert str(error.value).startswith("'JK:999")
    assert len(str(error.value)) < 80


def test_parse_cards_error_names_the_bad_word() -> None:
    with pytest.raises(CardParseError, match="'ZZ'"):
        parse_cards("AS ZZ JK")
