"""Card pictures: faces, backs and one-line forms, in Unicode, ASCII and four colours."""

from __future__ import annotations

from dataclasses import astuple

import pytest
from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.theme import BUILTIN_THEMES

from liar_tui.rules.cards import Card, Rank, Suit, parse_card, parse_cards, shoe
from liar_tui.store.settings import CardStyle, Settings
from liar_tui.widgets.card_art import (
    CARD_HEIGHT,
    CARD_WIDTH,
    CardLook,
    CardSize,
    Ink,
    back_lines,
    face_lines,
    inline_card,
    inline_cards,
)

UNICODE = CardLook()
ASCII = CardLook(ascii_only=True)
FOUR_COLOR = CardLook(four_color=True)
JOKER = Card(Rank.JOKER)


def plain(lines: list[Text]) -> list[str]:
    return [line.plain for line in lines]


def style_at(line: Text, offset: int) -> Style:
    """The style a cell is drawn with: the line's own style under its spans."""
    styles = [line.style, *(span.style for span in line.spans if span.start <= offset < span.end)]
    return Style.combine(Style.parse(s) if isinstance(s, str) else s for s in styles)


def ink(card: Card, look: CardLook) -> str:
    """The colour of the rank printed in the card's top-left corner."""
    style = style_at(face_lines(card, look)[1], 1)
    assert style.color is not None
    return style.color.name


def test_unicode_face_has_rank_in_corners_and_suit_in_the_middle() -> None:
    assert plain(face_lines(parse_card("AS"), UNICODE)) == [
        "╭─────╮",
        "│A♠   │",
        "│  ♠  │",
        "│   A♠│",
        "╰─────╯",
    ]
    assert plain(face_lines(parse_card("10H"), UNICODE))[1:4] == ["│10♥  │", "│  ♥  │", "│  10♥│"]


def test_joker_face_says_joker() -> None:
    assert plain(face_lines(JOKER, UNICODE)) == [
        "╭─────╮",
        "│★    │",
        "│JOKER│",
        "│    ★│",
        "╰─────╯",
    ]


def test_ascii_face_is_plain_ascii() -> None:
    assert plain(face_lines(parse_card("AS"), ASCII)) == [
        "+-----+",
        "|AS   |",
        "|  S  |",
        "|   AS|",
        "+-----+",
    ]
    assert plain(face_lines(JOKER, ASCII))[2] == "|JOKER|"


def test_large_face_leaves_a_blank_row_either_side_of_the_pip() -> None:
    assert plain(face_lines(parse_card("10H"), UNICODE, size=CardSize.LARGE)) == [
        "╭───────╮",
        "│10♥    │",
        "│       │",
        "│   ♥   │",
        "│       │",
        "│    10♥│",
        "╰───────╯",
    ]
    assert plain(face_lines(JOKER, ASCII, size=CardSize.LARGE))[3] == "| JOKER |"


@pytest.mark.parametrize("look", [UNICODE, ASCII, FOUR_COLOR], ids=["unicode", "ascii", "four"])
@pytest.mark.parametrize("size", list(CardSize), ids=lambda size: size.name.lower())
def test_every_card_and_the_back_fill_the_same_box(look: CardLook, size: CardSize) -> None:
    pictures = [face_lines(card, look, size=size) for card in shoe(2)]
    pictures += [face_lines(card, look, raised=True, size=size) for card in shoe(1)]
    pictures.append(back_lines(look, size))
    for lines in pictures:
        assert len(lines) == size.height
        assert all(line.cell_len == size.width for line in lines)
    assert CardSize.NORMAL.value == (CARD_WIDTH, CARD_HEIGHT)


def test_ascii_rendering_has_no_character_outside_ascii() -> None:
    text = "".join(line.plain for card in shoe(2) for line in face_lines(card, ASCII))
    text += "".join(line.plain for line in back_lines(ASCII))
    text += inline_cards(shoe(2), ASCII).plain
    assert text.isascii()


def test_back_shows_nothing_of_any_card() -> None:
    back = "".join(plain(back_lines(UNICODE)))
    assert not any(symbol in back for symbol in "♠♥♦♣★")
    assert not any(ch.isalnum() for ch in back)


def test_classic_deck_is_red_and_black() -> None:
    assert ink(parse_card("2H"), UNICODE) == ink(parse_card("2D"), UNICODE)
    assert ink(parse_card("2S"), UNICODE) == ink(parse_card("2C"), UNICODE)
    assert ink(parse_card("2H"), UNICODE) != ink(parse_card("2S"), UNICODE)


def test_four_color_deck_gives_every_suit_its_own_ink() -> None:
    inks = {ink(Card(Rank.TWO, suit), FOUR_COLOR) for suit in Suit}
    assert len(inks) == 4
    assert ink(parse_card("2C"), FOUR_COLOR) != ink(parse_card("2C"), UNICODE)
    assert ink(parse_card("2D"), FOUR_COLOR) != ink(parse_card("2D"), UNICODE)


def test_face_is_white_and_a_raised_card_is_not() -> None:
    card = parse_card("7C")
    flat = style_at(face_lines(card, UNICODE)[2], 0)
    raised = style_at(face_lines(card, UNICODE, raised=True)[2], 0)
    assert flat.bgcolor is not None and raised.bgcolor is not None
    assert flat.bgcolor.triplet is not None
    assert min(flat.bgcolor.triplet) > 240
    assert flat.bgcolor != raised.bgcolor


def test_one_line_form() -> None:
    cards = parse_cards("AS 10H JK")
    assert inline_cards(cards, UNICODE).plain == "A♠ 10♥ Joker"
    assert inline_cards(cards, ASCII).plain == "AS 10H Joker"


def test_look_follows_the_settings() -> None:
    settings = Settings(card_style=CardStyle.ASCII, four_color=True)
    assert CardLook.from_settings(settings) == CardLook(ascii_only=True, four_color=True)
    assert CardLook.from_settings(Settings()) == UNICODE


def test_ascii_look_spells_symbols_out() -> None:
    assert ASCII.text("2×(9+9)+7 = 43, −20 if it wins") == "2x(9+9)+7 = 43, -20 if it wins"
    assert UNICODE.text("2×(9+9)") == "2×(9+9)"


def luminance(colour: str) -> float:
    """WCAG relative luminance: 0 for black, 1 for white."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = Color.parse(colour).rgb
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(ink: str, background: str) -> float:
    """The WCAG contrast ratio of two colours: 1 for equal, 21 for black on white."""
    lighter, darker = sorted((luminance(ink), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def background_of(theme: str) -> str:
    """A theme's background, as its app paints it."""
    return BUILTIN_THEMES[theme].to_color_system().generate()["background"]


THEMES_WITH_A_BACKGROUND = sorted(
    name for name in BUILTIN_THEMES if background_of(name).startswith("#")
)
"""Textual's themes but the two ANSI ones, whose background is the terminal's own."""


@pytest.mark.parametrize("theme", THEMES_WITH_A_BACKGROUND)
def test_every_ink_off_the_card_reads_on_its_themes_background(theme: str) -> None:
    """Suits, wins, losses, the seat to act and bill digits read at 4.5:1 or better (WCAG
    AA) on the default dark and light themes, and at 4:1 (bold text) on every other."""
    ink: Ink = CardLook(dark=BUILTIN_THEMES[theme].dark).ink
    background = background_of(theme)
    minimum = 4.5 if theme in ("textual-dark", "textual-light") else 4.0
    for colour in astuple(ink):
        assert contrast(colour, background) >= minimum, colour


def test_one_line_cards_take_the_ink_of_the_theme_and_black_suits_its_text_colour() -> None:
    light, dark = CardLook(four_color=True, dark=False), CardLook(four_color=True)
    hearts, clubs, spades = parse_card("AH"), parse_card("AC"), parse_card("AS")
    assert inline_card(hearts, light).style != inline_card(hearts, dark).style
    assert inline_card(clubs, light).style != inline_card(clubs, dark).style
    assert Style.parse(str(inline_card(spades, light).style)).color is None


def test_a_look_is_put_in_a_theme_without_losing_its_choices() -> None:
    look = CardLook(ascii_only=True, four_color=True)
    assert look.in_theme(dark=False) == CardLook(ascii_only=True, four_color=True, dark=False)
    assert look.in_theme(dark=True) is look
