"""Card pictures as styled text: faces, backs and the one-line form.

Kept apart from the widgets so the same art serves the hand picker, the reveal and the
history, and so it can be tested without running an app. Nothing here knows any rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum

from rich.style import Style
from rich.text import Text

from liar_tui.rules.cards import Card, Suit
from liar_tui.store.settings import CardStyle, Settings

CARD_WIDTH = 7
CARD_HEIGHT = 5


class CardSize(Enum):
    """How big a card is drawn: the normal size fits 80x24; a large terminal has room for
    faces that read from across the desk."""

    NORMAL = (CARD_WIDTH, CARD_HEIGHT)
    LARGE = (9, 7)

    @property
    def width(self) -> int:
        return self.value[0]

    @property
    def height(self) -> int:
        return self.value[1]

    @property
    def inner(self) -> int:
        """Cells between the card's two sides."""
        return self.width - 2


_FACE_BACKGROUND = "#fbfbf6"
_RAISED_BACKGROUND = "#fff0a0"
_FRAME = "#8a8a8a"
_RAISED_FRAME = "#b86e00"
_JOKER_ON_FACE = "#7b2cbf"
_BACK_PATTERN = "#2f4f9f"

# Ink on the white card face: the classic deck is two-colour, the four-colour deck
# gives clubs and diamonds their own so suits differ at a glance.
_TWO_COLOR_FACE = {
    Suit.SPADES: "#101010",
    Suit.CLUBS: "#101010",
    Suit.HEARTS: "#c8102e",
    Suit.DIAMONDS: "#c8102e",
}
_FOUR_COLOR_FACE = _TWO_COLOR_FACE | {Suit.CLUBS: "#0a7d32", Suit.DIAMONDS: "#1f5fbf"}


@dataclass(frozen=True)
class Ink:
    """Colours for words and one-line cards on the terminal's own background.

    A dark theme wants pale, bright ink and a light theme deep ink: each set reads at
    about 4.5:1 or better against its own kind of background. Black suits keep the
    theme's text colour, which is made to read on its background.
    """

    red_suit: str
    club: str
    diamond: str
    joker: str
    win: str
    """A winner, money won, a chosen hand."""
    loss: str
    """Money lost."""
    turn: str
    """The seat to act and the standing bid."""
    money: str
    """The digits of a dollar bill."""


DARK_INK = Ink(
    red_suit="#ff5f6d",
    club="#3fcf6f",
    diamond="#62a8ff",
    joker="#d08cff",
    win="#50c878",
    loss="#ff6b6b",
    turn="#f0c040",
    money="#9fe0a0",
)
LIGHT_INK = Ink(
    red_suit="#b00020",
    club="#0b6b2c",
    diamond="#1a56b0",
    joker="#7b2cbf",
    win="#0b6b2c",
    loss="#b00020",
    turn="#7f5200",
    money="#1f6f33",
)


def ink_for(dark: bool) -> Ink:
    """The ink that reads on a dark or on a light theme's background."""
    return DARK_INK if dark else LIGHT_INK


_ASCII_REPLACEMENTS = str.maketrans(
    {
        "×": "x",
        "−": "-",
        "—": "-",
        "–": "-",
        "…": "...",
        "→": "->",
        "★": "*",
        "✓": "+",
        "·": "-",
        "▶": ">",
    }
)


@dataclass(frozen=True)
class CardLook:
    """How cards are drawn: box drawing and suit symbols, or plain ASCII; two or four colours."""

    ascii_only: bool = False
    four_color: bool = False
    dark: bool = True
    """Whether the theme's background is dark: it picks the ink (``ink``) off the cards."""

    @classmethod
    def from_settings(cls, settings: Settings) -> CardLook:
        return cls(settings.card_style is CardStyle.ASCII, settings.four_color)

    def in_theme(self, dark: bool) -> CardLook:
        """This look for a theme of the given darkness (a widget passes its app's)."""
        return self if dark == self.dark else replace(self, dark=dark)

    @property
    def ink(self) -> Ink:
        return ink_for(self.dark)

    def text(self, words: str) -> str:
        """Words shown beside cards, with the few symbols we use spelled out in ASCII mode."""
        return words.translate(_ASCII_REPLACEMENTS) if self.ascii_only else words


def _face_ink(card: Card, look: CardLook) -> str:
    if card.suit is None:
        return _JOKER_ON_FACE
    palette = _FOUR_COLOR_FACE if look.four_color else _TWO_COLOR_FACE
    return palette[card.suit]


def _inline_ink(card: Card, look: CardLook) -> str | None:
    """The one-line card's colour; ``None`` (the theme's text colour) for black suits."""
    ink = look.ink
    if card.suit is None:
        return ink.joker
    if card.suit in (Suit.HEARTS, Suit.DIAMONDS):
        return ink.diamond if look.four_color and card.suit is Suit.DIAMONDS else ink.red_suit
    return ink.club if look.four_color and card.suit is Suit.CLUBS else None


def corner_label(card: Card, look: CardLook) -> str:
    """The index printed in a corner: ``A♠``, ``10♥``, ``★``; ``AS``, ``10H``, ``JK`` in ASCII."""
    if card.suit is None:
        return "JK" if look.ascii_only else "★"
    suit = card.suit.value if look.ascii_only else card.suit.symbol
    return f"{card.rank.label}{suit}"


def _pip(card: Card, look: CardLook) -> str:
    """The middle of the face: the suit, or the word JOKER across it."""
    if card.suit is None:
        return "JOKER"
    return card.suit.value if look.ascii_only else card.suit.symbol


def _frame(look: CardLook, size: CardSize) -> tuple[str, str, str]:
    """Top edge, bottom edge and side of a card."""
    inner = size.inner
    if look.ascii_only:
        edge = "+" + "-" * inner + "+"
        return edge, edge, "|"
    return "╭" + "─" * inner + "╮", "╰" + "─" * inner + "╯", "│"


def face_lines(
    card: Card, look: CardLook, raised: bool = False, size: CardSize = CardSize.NORMAL
) -> list[Text]:
    """The card's face, ``size.height`` lines of ``size.width`` cells, on a white card.

    A raised (picked) card gets a warm face and a darker frame, so the choice shows even
    where the terminal draws no colour difference between the two whites. A large card
    leaves a blank row either side of the pip, as a printed card does.
    """
    background = _RAISED_BACKGROUND if raised else _FACE_BACKGROUND
    frame_style = Style(color=_RAISED_FRAME if raised else _FRAME, bgcolor=background, bold=raised)
    ink = Style(color=_face_ink(card, look), bgcolor=background, bold=True)
    top, bottom, side = _frame(look, size)
    corner = corner_label(card, look)
    inner = size.inner
    blanks = [" " * inner] * ((size.height - 5) // 2)
    pip = _pip(card, look).center(inner)
    rows = [corner.ljust(inner), *blanks, pip, *blanks, corner.rjust(inner)]
    lines = [Text(top, style=frame_style)]
    for row in rows:
        line = Text(side, style=frame_style)
        line.append(row, style=ink)
        line.append(side, style=frame_style)
        lines.append(line)
    lines.append(Text(bottom, style=frame_style))
    return lines


def back_lines(look: CardLook, size: CardSize = CardSize.NORMAL) -> list[Text]:
    """A face-down card: the same frame, filled with a pattern that gives nothing away."""
    frame_style = Style(color=_FRAME, bgcolor=_FACE_BACKGROUND)
    pattern_style = Style(color=_BACK_PATTERN, bgcolor=_FACE_BACKGROUND)
    top, bottom, side = _frame(look, size)
    fill = ("#" if look.ascii_only else "▒") * size.inner
    lines = [Text(top, style=frame_style)]
    for _ in range(size.height - 2):
        line = Text(side, style=frame_style)
        line.append(fill, style=pattern_style)
        line.append(side, style=frame_style)
        lines.append(line)
    lines.append(Text(bottom, style=frame_style))
    return lines


def inline_card(card: Card, look: CardLook) -> Text:
    """The one-line form of a card: ``A♠``, ``10♥``, ``Joker``; ``AS``, ``10H`` in ASCII."""
    if card.suit is None:
        label = "Joker"
    else:
        suit = card.suit.value if look.ascii_only else card.suit.symbol
        label = f"{card.rank.label}{suit}"
    ink = _inline_ink(card, look)
    return Text(label, style=Style(color=ink, bold=True))


def inline_cards(cards: Iterable[Card], look: CardLook) -> Text:
    """Cards in a row for lists and tables: ``A♠ 10♥ Joker``."""
    return Text(" ").join(inline_card(card, look) for card in cards)
