"""A row of cards to pick from, by keys or by mouse: the base of every game's card pickers.

A picker only picks and tells: it posts messages and leaves sending an action to the screen
that owns it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import RenderResult
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from liar_tui.rules.cards import Card
from liar_tui.widgets.card_art import CARD_HEIGHT, CARD_WIDTH, CardLook, CardSize, face_lines

PICK_KEYS = Binding.Group("Pick", compact=True)
CURSOR_KEYS = Binding.Group("Move", compact=True)
"""The arrows, shown as one footer key; Space (pick at the cursor) is told in help, so the
footer keeps room for Help at 80 columns, ASCII words and seven cards included."""
_LABEL_STYLE = Style(dim=True)
_CURSOR_STYLE = Style(reverse=True, bold=True)


class PickableCard(Widget):
    """One pocket card: sits low, rises a row when picked; its number is its key."""

    DEFAULT_CSS = f"""
    PickableCard {{
        width: {CARD_WIDTH};
        height: {CARD_HEIGHT + 2};
        margin-right: 1;
    }}
    """

    picked: reactive[bool] = reactive(False)
    under_cursor: reactive[bool] = reactive(False)

    class Pressed(Message):
        """The card was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(
        self, index: int, card: Card, look: CardLook, size: CardSize = CardSize.NORMAL
    ) -> None:
        super().__init__(id=f"pick-{index + 1}")
        self.index = index
        self.card = card
        self.look = look
        self.card_size = size
        if size is not CardSize.NORMAL:
            self.draw_at(size)

    def draw_at(self, size: CardSize) -> None:
        """Draw the card at ``size`` from now on (its pick kept): the terminal was resized."""
        self.card_size = size
        self.styles.width = size.width
        self.styles.height = size.height + 2
        self.refresh(layout=True)

    def render(self) -> RenderResult:
        size = self.card_size
        face = face_lines(self.card, self.look, raised=self.picked, size=size)
        gap = Text(" " * size.width)
        lines = [*face, gap] if self.picked else [gap, *face]
        number = f"[{self.index + 1}]" if self.under_cursor else str(self.index + 1)
        style = _CURSOR_STYLE if self.under_cursor else _LABEL_STYLE
        lines.append(Text(number.center(size.width), style=style))
        return Text("\n").join(lines)

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self.index))


class CardRowPicker(Widget, can_focus=True):
    """Cards in a row, picked by their number keys, the arrows and space, or the mouse.

    Liar Game's pocket and Liar's Poker's discard pick cards alike; what the pick is for
    (the buttons, the message sent, the line under the cards) is each subclass's own, and
    each extends :meth:`_refresh_pick` to redraw that line.
    """

    cursor: reactive[int] = reactive(0)

    def __init__(
        self, cards: Sequence[Card] = (), *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._cards: tuple[Card, ...] = tuple(cards)
        self._picked: set[int] = set()
        self.card_size = CardSize.NORMAL
        """The size the cards are drawn at: the screen's choice for its room."""

    def draw_cards_at(self, size: CardSize) -> None:
        """Draw the cards at ``size``, these and the next ones laid out, picks kept."""
        self.card_size = size
        for card in self.query(PickableCard):
            card.draw_at(size)

    @property
    def selection(self) -> tuple[Card, ...]:
        return tuple(card for index, card in enumerate(self._cards) if index in self._picked)

    def action_toggle_card(self, index: int) -> None:
        if not 0 <= index < len(self._cards):
            self.app.bell()
            return
        self.cursor = index
        self._picked ^= {index}
        self._refresh_pick()

    def action_toggle_cursor(self) -> None:
        self.action_toggle_card(self.cursor)

    def action_move(self, step: int) -> None:
        if self._cards:
            self.cursor = (self.cursor + step) % len(self._cards)

    def action_clear(self) -> None:
        if self._picked:
            self._picked.clear()
            self._refresh_pick()

    @on(PickableCard.Pressed)
    def _card_clicked(self, event: PickableCard.Pressed) -> None:
        event.stop()
        self.focus()
        self.action_toggle_card(event.index)

    def watch_cursor(self, cursor: int) -> None:
        for card in self.query(PickableCard):
            card.under_cursor = card.index == cursor

    def _refresh_pick(self) -> None:
        for card in self.query(PickableCard):
            card.picked = card.index in self._picked
            card.under_cursor = card.index == self.cursor
