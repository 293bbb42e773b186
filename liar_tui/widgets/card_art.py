"""Card pictures as styled text: faces, backs and the one-line form.

Kept apart from the widgets so the same art serves the hand picker, the reveal and the
history, and so it can be tested without running an app. Nothing here knows any rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from liar_tui.rules.cards import Card, Suit
from liar_tui.store.settings import CardStyle, Settings

CARD_WIDTH = 7
CARD_HEIGHT = 5
_INNER = CARD_WIDTH - 2

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

# Ink on the terminal's own (dark) background, for the one-line form: black would vanish
# there, so black suits keep the terminal's default colour.
_TWO_COLOR_INLINE: dict[Suit, str | None] = {
    Suit.SPADES: None,
    Suit.CLUBS: None,
    Suit.HEARTS: "#ff5f6d",
    Suit.DIAMONDS: "#ff5f6d",
}
_FOUR_COLOR_INLINE = _TWO_COLOR_INLINE | {Suit.CLUBS: "#3fcf6f", Suit.DIAMONDS: "#62a8ff"}
_JOKER_INLINE = "#d08cff"

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

    @classmethod
    def from_settings(cls, settings: Settings) -> CardLook:
        return cls(settings.card_style is CardStyle.ASCII, settings.four_color)

    def text(self, words: str) -> str:
        """Words shown beside cards, with the few symbols we use spelled out in ASCII mode."""
        return words.translate(_ASCII_REPLACEMENTS) if self.ascii_only else words


def _face_ink(card: Card, look: CardLook) -> str:
    if card.suit is None:
        return _JOKER_ON_FACE
    palette = _FOUR_COLOR_FACE if look.four_color else _TWO_COLOR_FACE
    return palette[card.suit]


def _inline_ink(card: Card, look: CardLook) -> str | None:
    if card.suit is None:
        return _JOKER_INLINE
    palette = _FOUR_COLOR_INLINE if look.four_color else _TWO_COLOR_INLINE
    return palette[card.suit]


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


def _frame(look: CardLook) -> tuple[str, str, str]:
    """Top edge, bottom edge and side of a card."""
    if look.ascii_only:
        edge = "+" + "-" * _INNER + "+"
        return edge, edge, "|"
    return "╭" + "─" * _INNER + "╮", "╰" + "─" * _INNER + "╯", "│"


def face_lines(card: Card, look: CardLook, raised: bool = False) -> list[Text]:
    """The card's face, ``CARD_HEIGHT`` lines of ``CARD_WIDTH`` cells, on a white card.

    A raised (picked) card gets a warm face and a darker frame, so the choice shows even
    where the terminal draws no colour difference between the two whites.
    """
    background = _RAISED_BACKGROUND if raised else _FACE_BACKGROUND
    frame_style = Style(color=_RAISED_FRAME if raised else _FRAME, bgcolor=background, bold=raised)
    ink = Style(color=_face_ink(card, look), bgcolor=background, bold=True)
    top, bottom, side = _frame(look)
    corner = corner_label(card, look)
    rows = [corner.ljust(_INNER), _pip(card, look).center(_INNER), corner.rjust(_INNER)]
    lines = [Text(top, style=frame_style)]
    for row in rows:
        line = Text(side, style=frame_style)
        line.append(row, style=ink)
        line.append(side, style=frame_style)
        lines.append(line)
    lines.append(Text(bottom, style=frame_style))
    return lines


def back_lines(look: CardLook) -> list[Text]:
    """A face-down card: the same frame, filled with a pattern that gives nothing away."""
    frame_style = Style(color=_FRAME, bgcolor=_FACE_BACKGROUND)
    pattern_style = Style(color=_BACK_PATTERN, bgcolor=_FACE_BACKGROUND)
    top, bottom, side = _frame(look)
    fill = ("#" if look.ascii_only else "▒") * _INNER
    lines = [Text(top, style=frame_style)]
    for _ in range(CARD_HEIGHT - 2):
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
