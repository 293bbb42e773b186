"""The code of a private table, asked for in a small modal before taking one of its chairs."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from liar_tui.widgets.footer import Footer

MAX_CODE_LENGTH = 32
"""Far longer than any code a host gives; only there so a paste cannot fill the screen."""


class TableCodeScreen(ModalScreen[str | None]):
    """Dismisses with the code typed (stripped), or None on Escape or Cancel; the host
    says whether the code is right."""

    DEFAULT_CSS = """
    TableCodeScreen {
        align: center middle;
    }
    TableCodeScreen #code-box {
        width: 60;
        max-width: 100%;
        height: auto;
        padding: 1 2;
        border: round $accent;
        background: $surface;
    }
    TableCodeScreen #code-question {
        margin-bottom: 1;
    }
    TableCodeScreen #code-input {
        margin-bottom: 1;
    }
    TableCodeScreen #code-problem {
        color: $error;
        display: none;
        margin-bottom: 1;
    }
    TableCodeScreen #code-buttons {
        height: auto;
    }
    TableCodeScreen #code-buttons Button {
        margin-right: 2;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Take the chair", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, table: int, seat: int) -> None:
        super().__init__()
        self._table = table
        self._seat = seat

    def compose(self) -> ComposeResult:
        with Vertical(id="code-box"):
            yield Static(
                f"Table {self._table} is private. Type the code its owner gave you "
                f"to take seat {self._seat + 1}.",
                id="code-question",
                markup=False,
            )
            yield Input(placeholder="code", max_length=MAX_CODE_LENGTH, id="code-input")
            yield Static("Type the code first.", id="code-problem", markup=False)
            with Horizontal(id="code-buttons"):
                yield Button("Take the chair (Enter)", variant="primary", id="code-submit")
                yield Button("Cancel (Esc)", id="code-cancel")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#code-box").border_title = "Private table"
        self.query_one(Input).focus()

    def action_submit(self) -> None:
        code = self.query_one(Input).value.strip()
        if not code:
            self.query_one("#code-problem").display = True
            return
        self.dismiss(code)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_submit()

    @on(Button.Pressed, "#code-submit")
    def _submit_pressed(self) -> None:
        self.action_submit()

    @on(Button.Pressed, "#code-cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()
