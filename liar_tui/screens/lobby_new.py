"""Which game a new online table plays: the first question before the setup screen."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from liar_tui.games import numbered
from liar_tui.widgets.menu import Menu, MenuEntry


class NewTableScreen(ModalScreen[str | None]):
    """Dismisses with the chosen game's id, or None on Escape."""

    DEFAULT_CSS = """
    NewTableScreen {
        align: center middle;
    }
    NewTableScreen #new-table-box {
        width: 72;
        max-width: 100%;
        height: auto;
        padding: 1 2;
        border: round $accent;
        background: $surface;
    }
    NewTableScreen #new-table-title {
        text-style: bold;
        margin-bottom: 1;
    }
    NewTableScreen #new-table-menu {
        height: auto;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"choose('{game.id}')", game.title) for key, game in numbered()),
        Binding("escape", "choose(None)", "Back"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="new-table-box"):
            yield Static("New table: which game?", id="new-table-title")
            yield Menu(id="new-table-menu")

    def on_mount(self) -> None:
        menu = self.query_one(Menu)
        menu.set_entries(
            [MenuEntry(game.id, key, game.title, game.summary) for key, game in numbered()]
        )
        menu.focus()

    def action_choose(self, game_id: str | None) -> None:
        self.dismiss(game_id)

    @on(Menu.Chosen)
    def _chosen(self, event: Menu.Chosen) -> None:
        self.dismiss(event.entry.id)
