"""The home screen: resume the unfinished game, pick a game, or open settings, history,
stats and help.

It is the first frame the app shows, so the screens it leads to are imported only when
they are opened: startup stays close to that of a bare Textual app.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from liar_tui.games import numbered, plugin, registered
from liar_tui.screens.base import LiarScreen
from liar_tui.store.saves import SavedTable, SaveError
from liar_tui.store.settings import CardStyle
from liar_tui.widgets.footer import Footer
from liar_tui.widgets.menu import Menu, MenuEntry

if TYPE_CHECKING:
    from liar_tui.store.history import HistoryStore

NUMBER_WORDS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")


def _tagline(games: int) -> str:
    """``Three bluffing games for one terminal.``, however many games are installed."""
    count = NUMBER_WORDS[games] if games < len(NUMBER_WORDS) else str(games)
    return f"{count} bluffing game{'' if games == 1 else 's'} for one terminal."


def _summary(saved: SavedTable) -> str:
    """Where the saved game stands, replayed as the table will replay it on resuming."""
    from liar_tui.table.local import open_table

    view = open_table(saved.setup, saved.actions).view(0)
    return plugin(saved.setup.game).saved_summary(saved.setup, view)


class HomeScreen(LiarScreen[None]):
    """The first screen and the one every table returns to."""

    CSS_PATH = "home.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "resume", "Resume"),
        # Each game's key stands beside it in the menu; in the footer too they would push
        # Quit and Help off an 80-column terminal.
        *(
            Binding(key, f"choose_game('{game.id}')", game.title, show=False)
            for key, game in numbered()
        ),
        Binding("s", "settings", "Settings"),
        Binding("h", "history", "History"),
        Binding("t", "stats", "Stats"),
        Binding("d", "discard", "Discard"),
        Binding("q", "app.quit", "Quit", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._saved: SavedTable | None = None
        self._save_problem: str | None = None
        self._save_summary = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="home-body"):
            yield Static(self._title(), id="home-title")
            yield Static(_tagline(len(registered())), id="home-tagline")
            yield Static(id="save-problem", classes="error", markup=False)
            yield Menu(id="home-menu")
        yield Footer()

    def on_screen_resume(self) -> None:
        """Read the save again: a game may have been played, finished or saved meanwhile."""
        self._refresh()

    def _refresh(self) -> None:
        """Show the save as it is now; the footer is rebuilt only when what it offers
        changes, since rebuilding it costs as much as the rest of the first frame."""
        offered = self._offers()
        self._read_save()
        self.query_one("#home-title", Static).update(self._title())
        self._show_save_problem()
        self._fill_menu()
        if self._offers() != offered:
            self.refresh_bindings()

    def _title(self) -> str:
        suits = "♠ ♥ ♦ ♣" if self.liar_app.settings.card_style is CardStyle.UNICODE else ""
        return f"{suits}  L I A R - T U I  {suits}".strip()

    def _offers(self) -> tuple[bool, bool]:
        """Whether Resume and Discard are on offer: what the footer depends on."""
        return (self._saved is not None, self._saved is not None or self._save_problem is not None)

    def _read_save(self) -> None:
        self._saved = None
        self._save_problem = None
        try:
            saved = self.liar_app.saves.load()
            if saved is not None:
                self._save_summary = _summary(saved)
                self._saved = saved
        except SaveError as error:
            self._save_problem = str(error)

    def _show_save_problem(self) -> None:
        problem = self.query_one("#save-problem", Static)
        problem.display = self._save_problem is not None
        if self._save_problem is not None:
            reason = self._save_problem.rstrip(".")
            problem.update(f"{reason}, so it is kept as it is (press d to discard it).")

    def _fill_menu(self) -> None:
        entries: list[MenuEntry | None] = []
        if self._saved is not None:
            entries.append(
                MenuEntry("resume", "r", "Resume your unfinished game", self._save_summary)
            )
        if self._saved is not None or self._save_problem is not None:
            entries += [MenuEntry("discard", "d", "Discard saved game"), None]
        for key, game in numbered():
            entries.append(MenuEntry(f"game:{game.id}", key, game.title, game.summary))
        entries += [
            None,
            MenuEntry("settings", "s", "Settings"),
            MenuEntry("history", "h", "History"),
            MenuEntry("stats", "t", "Stats"),
            MenuEntry("help", "?", "Help"),
            MenuEntry("quit", "q", "Quit"),
        ]
        menu = self.query_one("#home-menu", Menu)
        menu.set_entries(entries)
        menu.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide Resume and Discard from the footer when there is nothing to resume or discard."""
        if action == "resume":
            return self._saved is not None
        if action == "discard":
            return self._saved is not None or self._save_problem is not None
        return True

    # actions --------------------------------------------------------------------------

    def action_resume(self) -> None:
        if self._saved is not None:
            saved = self._saved
            self.liar_app.start_table(saved.setup, saved.actions, saved.clock)

    def action_choose_game(self, game_id: str) -> None:
        from liar_tui.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen(game_id))

    def action_settings(self) -> None:
        from liar_tui.screens.settings import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_history(self) -> None:
        from liar_tui.screens.history import HistoryScreen

        self.app.push_screen(HistoryScreen(self._history_store()))

    def action_stats(self) -> None:
        from liar_tui.screens.stats import StatsScreen

        self.app.push_screen(StatsScreen(self._history_store()))

    def _history_store(self) -> HistoryStore:
        """The app's history, made here when no game has been recorded yet (it is made
        lazily, never on the way to this screen), and kept for the games to come."""
        store: HistoryStore | None = getattr(self.app, "history", None)
        if store is None:
            from liar_tui.store.history import HistoryStore, history_path

            store = HistoryStore(history_path())
            if hasattr(self.app, "history"):
                self.app.history = store
        return store

    def action_discard(self) -> None:
        question = "Discard the saved game? It cannot be resumed afterwards."
        from liar_tui.screens.confirm import ConfirmScreen

        self.app.push_screen(ConfirmScreen(question, "Discard", "Keep"), self._discard_answered)

    def _discard_answered(self, discard: bool | None) -> None:
        if not discard:
            return
        try:
            self.liar_app.saves.clear()
        except SaveError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self.notify("The saved game is discarded.")
        self._refresh()

    @on(Menu.Chosen, "#home-menu")
    def _menu_chosen(self, event: Menu.Chosen) -> None:
        choice = event.entry.id
        if choice.startswith("game:"):
            self.action_choose_game(choice.removeprefix("game:"))
            return
        chosen = {
            "resume": self.action_resume,
            "settings": self.action_settings,
            "history": self.action_history,
            "stats": self.action_stats,
            "help": self.liar_app.action_help,
            "discard": self.action_discard,
            "quit": self.app.exit,
        }
        chosen[choice]()
