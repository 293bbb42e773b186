"""The hot-seat curtain of the dollar-bill table: the Liar Game's, worded for bills."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import Static

from liar_tui.screens.privacy import PrivacyScreen
from liar_tui.widgets.buttons import MouseButton
from liar_tui.widgets.footer import Footer


class BillPrivacyScreen(PrivacyScreen):
    """Covers the table until the named player, alone at the screen, asks to see the bill.

    It keeps the Liar Game curtain's keys, button and look; only the words change, since a
    bill is dealt once a game, not a pocket once a round.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "Show my bill"),
        Binding("escape", "leave", "Leave"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy-box"):
            yield Static(f"Game {self.round_number}", id="privacy-round", classes="muted")
            yield Static(f"Pass the keyboard to {self.player}.", id="privacy-pass", markup=False)
            yield Static(
                f"{self.player}, press Enter when only you can see the screen.",
                id="privacy-ready",
                markup=False,
            )
            with Center():
                yield MouseButton(f"I am {self.player}: show my bill", id="privacy-show")
        yield Footer()
