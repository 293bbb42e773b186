"""The discard picker of Liar's Poker: choose the cards to throw away, by keys or by mouse.

Like the Liar Game's hand picker it only picks and tells: it posts
:class:`DiscardPicker.Submitted` and leaves sending the discard to its screen. The line under
the cards says at once what a pick would do, or why the round's rules refuse it, so that a
refused discard is explained before it is sent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button, Static

from liar_tui.rules.cards import Card
from liar_tui.widgets.buttons import MouseButton
from liar_tui.widgets.card_art import CardLook, inline_cards
from liar_tui.widgets.card_row_picker import CURSOR_KEYS, PICK_KEYS, CardRowPicker, PickableCard

MAX_CARDS = 9
"""Seven hidden cards, or five and two communal ones: a key 1-9 for each."""


@dataclass(frozen=True)
class DiscardRules:
    """What this draw allows: the round's discard limit and "discard at least one"."""

    limit: int | None = None
    at_least_one: bool = False
    communal: int = 0
    """How many of the cards, counted from the end, lie face up on the table."""

    def refusal(self, count: int) -> str | None:
        """Why discarding ``count`` cards is not allowed now; None when it is."""
        if self.limit is not None and count > self.limit:
            plural = "" if self.limit == 1 else "s"
            return f"Discard at most {self.limit} card{plural} at a time this round."
        if self.at_least_one and count == 0:
            return "Discard at least one card this round."
        return None


class DiscardPicker(CardRowPicker):
    """The hand held, laid out as cards: pick the ones to throw away, then draw."""

    DEFAULT_CSS = """
    DiscardPicker {
        height: auto;
        width: 100%;
    }
    DiscardPicker > #discard-cards {
        height: auto;
        width: auto;
    }
    DiscardPicker.-tight PickableCard {
        margin-right: 0;
    }
    DiscardPicker > #discard-status {
        height: auto;
    }
    DiscardPicker > #discard-buttons {
        height: auto;
        width: auto;
        margin-top: 1;
    }
    DiscardPicker > #discard-buttons > Button {
        margin-right: 2;
    }
    DiscardPicker:focus > #discard-cards {
        background: $boost;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(n), f"toggle_card({n - 1})", f"Pick card {n}", group=PICK_KEYS)
            for n in range(1, MAX_CARDS + 1)
        ),
        Binding("left", "move(-1)", "Previous card", group=CURSOR_KEYS),
        Binding("right", "move(1)", "Next card", group=CURSOR_KEYS),
        Binding("space", "toggle_cursor", "Pick/unpick the card at the cursor", show=False),
        Binding("enter", "submit", "Draw"),
        Binding("c,backspace", "clear", "Clear", show=False),
    ]

    class Submitted(Message):
        """The player asked to discard the picked cards (the table decides if they may)."""

        def __init__(self, picker: DiscardPicker, cards: tuple[Card, ...]) -> None:
            super().__init__()
            self.picker = picker
            self.cards = cards

        @property
        def control(self) -> DiscardPicker:
            return self.picker

    def __init__(
        self, look: CardLook, *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.look = look
        self._limits = DiscardRules()

    @property
    def cards(self) -> tuple[Card, ...]:
        return self._cards

    def compose(self) -> ComposeResult:
        yield Horizontal(id="discard-cards")
        yield Static(id="discard-status")
        with Horizontal(id="discard-buttons"):
            yield MouseButton(
                "Discard & draw (Enter)", id="discard-draw", variant="primary", compact=True
            )
            yield MouseButton("Clear (c)", id="discard-clear", compact=True)

    async def show_hand(self, cards: Sequence[Card], rules: DiscardRules) -> None:
        """Lay out a hand with nothing picked; communal cards, if discardable, come last."""
        self._cards = tuple(cards)[:MAX_CARDS]
        self._limits = rules
        self._picked.clear()
        row = self.query_one("#discard-cards", Horizontal)
        await row.remove_children()
        await row.mount_all(
            PickableCard(i, card, self.look, self.card_size) for i, card in enumerate(self._cards)
        )
        self.set_class(len(self._cards) > 6, "-tight")
        self.cursor = 0
        self._refresh_pick()
        self.refresh_bindings()

    # actions --------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys of cards on the table show in the footer."""
        if action == "toggle_card" and parameters:
            index = parameters[0]
            return isinstance(index, int) and index < len(self._cards)
        return True

    def action_submit(self) -> None:
        self.post_message(self.Submitted(self, self.selection))

    @on(Button.Pressed, "#discard-draw")
    def _draw_clicked(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_submit()

    @on(Button.Pressed, "#discard-clear")
    def _clear_clicked(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_clear()

    # drawing --------------------------------------------------------------------------

    def _refresh_pick(self) -> None:
        super()._refresh_pick()
        self.query_one("#discard-status", Static).update(self.status_text())

    def status_text(self) -> Text:
        """What the pick would do, or why the rules refuse it."""
        picked = self.selection
        line = Text()
        if self._limits.communal:
            first = len(self._cards) - self._limits.communal + 1
            where = f"{first}" if self._limits.communal == 1 else f"{first}-{len(self._cards)}"
            line.append(self.look.text(f"{where}: on the table, replaced face up.\n"), style="dim")
        refusal = self._limits.refusal(len(picked))
        if refusal is not None:
            if picked:
                line.append_text(inline_cards(picked, self.look))
                line.append("  ")
            line.append(refusal, style="italic #ff8080")
            return line
        if not picked:
            line.append("Nothing picked: keep every card and draw none.")
            return line
        line.append("Throw away ")
        line.append_text(inline_cards(picked, self.look))
        plural = "" if len(picked) == 1 else "s"
        line.append(f" and draw {len(picked)} new card{plural}.")
        return line
