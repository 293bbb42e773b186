"""The hand picker: choose the cards to show from a six-card pocket, by keys or by mouse.

The pocket is laid out by rank or by suit (the player's ``pocket_order`` setting), and ``o``
flips the order for the rest of the game; the rules never see the order. It only picks and
tells: it posts :class:`HandPicker.SelectionChanged` and
:class:`HandPicker.Submitted`, and leaves sending the hand to the screen that owns it. The
value line under the cards comes straight from the rules' own functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button, Static

from liar_tui.rules.cards import Card
from liar_tui.rules.liar_game.game import Rules, score_hand, why_not_a_hand
from liar_tui.screens.base import LiarAppServices
from liar_tui.store.settings import PocketOrder
from liar_tui.widgets.buttons import MouseButton
from liar_tui.widgets.card_art import CardLook, inline_cards
from liar_tui.widgets.card_row_picker import CURSOR_KEYS, PICK_KEYS, CardRowPicker, PickableCard
from liar_tui.widgets.pocket_order import flipped, sorted_pocket


class HandPicker(CardRowPicker):
    """A pocket laid out as cards; pick some, read their value, show them."""

    DEFAULT_CSS = """
    HandPicker {
        height: auto;
        width: 100%;
    }
    HandPicker > #pocket {
        height: auto;
        width: auto;
    }
    HandPicker > #hand-value {
        height: auto;
        margin-top: 1;
    }
    HandPicker > #picker-buttons {
        height: auto;
        width: auto;
        margin-top: 1;
    }
    HandPicker > #picker-buttons > Button {
        min-width: 0;
        margin-right: 2;
    }
    HandPicker:focus > #pocket {
        background: $boost;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(n), f"toggle_card({n - 1})", f"Pick card {n}", group=PICK_KEYS)
            for n in range(1, 7)
        ),
        Binding("left", "move(-1)", "Previous card", group=CURSOR_KEYS),
        Binding("right", "move(1)", "Next card", group=CURSOR_KEYS),
        Binding("space", "toggle_cursor", "Pick/unpick the card at the cursor", show=False),
        Binding("enter", "submit", "Show"),
        Binding("o", "sort", "Sort", show=False),
        Binding("c,backspace", "clear", "Clear", show=False),
    ]
    """Space, Sort and Clear are left out of the footer, which has no room for them beside
    the table's keys at 80 columns (as Liar's Poker leaves out its Sort); the number keys
    pick too, Clear's button names its key, and the help lists every key."""

    class SelectionChanged(Message):
        """The picked cards changed; ``cards`` are in pocket order."""

        def __init__(self, picker: HandPicker, cards: tuple[Card, ...]) -> None:
            super().__init__()
            self.picker = picker
            self.cards = cards

        @property
        def control(self) -> HandPicker:
            return self.picker

    class Submitted(Message):
        """The player asked to show the picked cards (legal or not: the table decides)."""

        def __init__(self, picker: HandPicker, cards: tuple[Card, ...]) -> None:
            super().__init__()
            self.picker = picker
            self.cards = cards

        @property
        def control(self) -> HandPicker:
            return self.picker

    def __init__(
        self,
        rules: Rules,
        look: CardLook,
        pocket: Sequence[Card] = (),
        *,
        order: PocketOrder | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """``order`` lays the pocket out; left out, the app's setting does, and in an app
        without settings (a test's) the cards stay as given and no sort is offered."""
        super().__init__(pocket, id=id, classes=classes)
        self.rules = rules
        self.look = look
        self.order = order

    @property
    def pocket(self) -> tuple[Card, ...]:
        """The pocket in the order it is drawn: the number keys pick from this."""
        return self._cards

    def compose(self) -> ComposeResult:
        if self.order is None and isinstance(self.app, LiarAppServices):
            self.order = self.app.settings.pocket_order
        self._cards = self._laid_out(self._cards)
        with Horizontal(id="pocket"):
            yield from self._card_widgets()
        yield Static(self._value_text(), id="hand-value")
        with Horizontal(id="picker-buttons"):
            yield MouseButton("Show hand (Enter)", id="show-hand", variant="primary", compact=True)
            yield MouseButton("Clear (c)", id="clear-pick", compact=True)
            sort = MouseButton(self._order_label(), id="sort-pocket", compact=True)
            sort.display = self.order is not None
            sort.tooltip = "Sort the pocket by rank or by suit for this game (o)"
            yield sort

    def _laid_out(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        return tuple(cards) if self.order is None else sorted_pocket(cards, self.order)

    def _order_label(self) -> str:
        """The order the pocket is in now, on the button that flips it."""
        return "By suit (o)" if self.order is PocketOrder.SUIT else "By rank (o)"

    def _card_widgets(self) -> list[PickableCard]:
        return [PickableCard(i, card, self.look) for i, card in enumerate(self._cards)]

    async def show_pocket(self, pocket: Sequence[Card]) -> None:
        """Lay out a new pocket with nothing picked (a new round, or another player's turn)."""
        self._cards = self._laid_out(pocket)
        self._picked.clear()
        row = self.query_one("#pocket", Horizontal)
        await row.remove_children()
        await row.mount_all(self._card_widgets())
        self.cursor = 0
        self._refresh_pick(announce=False)

    # actions --------------------------------------------------------------------------

    def action_submit(self) -> None:
        self.post_message(self.Submitted(self, self.selection))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Sorting is offered only where there is an order to flip."""
        return self.order is not None if action == "sort" else True

    def action_sort(self) -> None:
        """Flip between by rank and by suit for this game; picked cards stay picked and the
        cursor stays on its card."""
        if self.order is None:
            return
        self.order = flipped(self.order)
        picked = [self._cards[index] for index in self._picked]
        under_cursor = self._cards[self.cursor] if self._cards else None
        self._cards = sorted_pocket(self._cards, self.order)
        for widget in self.query(PickableCard):
            widget.card = self._cards[widget.index]
            widget.refresh()
        self._picked = {self._cards.index(card) for card in picked}
        if under_cursor is not None:
            self.cursor = self._cards.index(under_cursor)
        self.query_one("#sort-pocket", Button).label = self._order_label()
        self._refresh_pick()

    @on(Button.Pressed, "#sort-pocket")
    def _sort_clicked(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_sort()

    @on(Button.Pressed, "#show-hand")
    def _show_clicked(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_submit()

    @on(Button.Pressed, "#clear-pick")
    def _clear_clicked(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_clear()

    # drawing --------------------------------------------------------------------------

    def _refresh_pick(self, announce: bool = True) -> None:
        super()._refresh_pick()
        self.query_one("#hand-value", Static).update(self._value_text())
        if announce:
            self.post_message(self.SelectionChanged(self, self.selection))

    def _value_text(self) -> Text:
        """The picked cards, then their value and breakdown or why they are not a hand yet."""
        cards = self.selection
        reason = why_not_a_hand(cards, self.rules)
        line = Text()
        if cards:
            look = self.look.in_theme(self.app.current_theme.dark)
            line.append_text(inline_cards(cards, look))
            line.append("  ")
        if reason is not None:
            line.append(self.look.text(reason), style="italic")
            return line
        score = score_hand(cards, self.rules)
        line.append(self.look.text(f"{score.describe()}: "))
        line.append(self.look.text(score.breakdown()), style="bold")
        return line
