"""The hot-seat curtain: nothing of anyone's pocket shows until the next player says so."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from liar_tui.widgets.buttons import MouseButton
from liar_tui.widgets.footer import Footer


class PrivacyScreen(Screen[bool]):
    """A full, opaque screen between two players at one keyboard.

    Dismisses with True when the named player is ready, False when someone asks to leave
    the table instead (the play screen then asks to confirm).
    """

    CSS_PATH = Path(__file__).with_name("privacy.tcss")
    """Beside this module, also for subclasses in a game's own folder (Textual reads a relative
    path beside the subclass)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "Show my cards"),
        Binding("escape", "leave", "Leave"),
    ]

    def __init__(self, player: str, round_number: int) -> None:
        super().__init__()
        self.player = player
        self.round_number = round_number

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy-box"):
            yield Static(f"Round {self.round_number}", id="privacy-round", classes="muted")
            yield Static(f"Pass the keyboard to {self.player}.", id="privacy-pass", markup=False)
            yield Static(
                f"{self.player}, press Enter when only you can see the screen.",
                id="privacy-ready",
                markup=False,
            )
            with Center():
                yield MouseButton(f"I am {self.player}: show my cards", id="privacy-show")
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed, "#privacy-show")
    def _show_pressed(self) -> None:
        self.dismiss(True)
