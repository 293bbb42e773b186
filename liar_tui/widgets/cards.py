"""Card widgets: one card drawn as a card, a row of them, and the one-line form."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.app import RenderResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Static

from liar_tui.rules.cards import Card
from liar_tui.widgets.card_art import (
    CARD_HEIGHT,
    CARD_WIDTH,
    CardLook,
    CardSize,
    back_lines,
    face_lines,
    inline_cards,
)


class CardFace(Widget):
    """One card, face up (``card``) or face down (``card=None``), at the normal size unless
    a large terminal asks for a larger one (``size``)."""

    DEFAULT_CSS = f"""
    CardFace {{
        width: {CARD_WIDTH};
        height: {CARD_HEIGHT};
    }}
    """

    def __init__(
        self,
        card: Card | None,
        look: CardLook,
        *,
        raised: bool = False,
        size: CardSize = CardSize.NORMAL,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.card = card
        self.look = look
        self.raised = raised
        self.card_size = size
        if size is not CardSize.NORMAL:
            self.draw_at(size)

    def draw_at(self, size: CardSize) -> None:
        """Draw the card at ``size`` from now on: the terminal grew or shrank."""
        self.card_size = size
        self.styles.width = size.width
        self.styles.height = size.height
        self.refresh(layout=True)

    def render(self) -> RenderResult:
        lines = (
            back_lines(self.look, self.card_size)
            if self.card is None
            else face_lines(self.card, self.look, raised=self.raised, size=self.card_size)
        )
        return Text("\n").join(lines)


class CardRow(Horizontal):
    """Cards side by side with a one-cell gap, for showing a hand that cannot be changed."""

    DEFAULT_CSS = f"""
    CardRow {{
        width: auto;
        height: {CARD_HEIGHT};
    }}
    CardRow > CardFace {{
        margin-right: 1;
    }}
    """

    def __init__(
        self,
        cards: Iterable[Card | None],
        look: CardLook,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(*(CardFace(card, look) for card in cards), id=id, classes=classes)


class InlineCards(Static):
    """The compact one-line form, ``A♠ 10♥ Joker``, for lists, tables and small terminals."""

    DEFAULT_CSS = """
    InlineCards {
        width: auto;
        height: 1;
    }
    """

    def __init__(
        self,
        cards: Iterable[Card],
        look: CardLook,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(inline_cards(cards, look), id=id, classes=classes)
