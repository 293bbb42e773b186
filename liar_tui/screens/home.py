"""The home screen: resume the unfinished game, pick a game, or open settings and help.

It is the first frame the app shows, so the screens it leads to are imported only when
they are opened: startup stays close to that of a bare Textual app.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from liar_tui.games import GAMES, GameInfo
from liar_tui.store.saves import SavedTable, SaveError
from liar_tui.store.settings import CardStyle

if TYPE_CHECKING:
    from liar_tui.app import LiarApp

GAME_KEYS = ("1", "2", "3")
"""The key that picks each game, in the order of :data:`GAMES`."""


def describe_saved(saved: SavedTable) -> str:
    """One line on where the saved game stands: its game, round, and every seat's score.

    The scores come from replaying the save, as the table itself will when it resumes.
    """
    from liar_tui.table.local import open_table

    view: Any = open_table(saved.setup, saved.actions).view(0)
    title = GAMES[saved.setup.game].title
    scores = " · ".join(
        f"{name} {score}" for name, score in zip(saved.setup.names, view.scores, strict=True)
    )
    return f"{title}, round {view.round}, playing to {saved.setup.rules.target}: {scores}"


def menu_entry(key: str, label: str, detail: str = "", muted: bool = False) -> Table:
    """A menu line: its key in a column of its own, the label, and a muted detail below."""
    entry = Table.grid(padding=(0, 2))
    entry.add_column(width=1)
    entry.add_column(ratio=1)
    text = Text(label, style="bold dim" if muted else "bold")
    if detail:
        text.append("\n" + detail, style="dim")
    entry.add_row(Text(key, style="bold"), text)
    return entry


def coming_soon(info: GameInfo) -> str:
    playable = " and ".join(game.title for game in GAMES.values() if game.available)
    return f"{info.title} is coming soon: this version plays only {playable}."


class HomeScreen(Screen[None]):
    """The first screen and the one every table returns to."""

    CSS_PATH = "home.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "resume", "Resume"),
        *(
            Binding(key, f"choose_game('{game_id}')", info.title, show=info.available)
            for key, (game_id, info) in zip(GAME_KEYS, GAMES.items(), strict=True)
        ),
        Binding("s", "settings", "Settings"),
        Binding("d", "discard", "Discard saved game"),
        Binding("q", "app.quit", "Quit", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._saved: SavedTable | None = None
        self._save_problem: str | None = None
        self._save_summary = ""

    @property
    def liar_app(self) -> LiarApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="home-body"):
            yield Static(id="home-title")
            yield Static("Three bluffing games for one terminal.", id="home-tagline")
            yield Static(id="save-problem", classes="error")
            yield OptionList(id="home-menu")
            yield Static(id="home-status")
        yield Footer()

    def on_screen_resume(self) -> None:
        """Read the save again: a game may have been played, finished or saved meanwhile."""
        self._refresh()

    def _refresh(self) -> None:
        suits = "♠ ♥ ♦ ♣" if self.liar_app.settings.card_style is CardStyle.UNICODE else ""
        title = "L I A R - T U I"
        self.query_one("#home-title", Static).update(f"{suits}  {title}  {suits}".strip())
        self._read_save()
        self._fill_menu()
        self.refresh_bindings()

    def _read_save(self) -> None:
        self._saved = None
        self._save_problem = None
        try:
            saved = self.liar_app.saves.load()
            if saved is not None:
                self._save_summary = describe_saved(saved)
                self._saved = saved
        except SaveError as error:
            self._save_problem = str(error)
        problem = self.query_one("#save-problem", Static)
        problem.display = self._save_problem is not None
        if self._save_problem is not None:
            reason = self._save_problem.rstrip(".")
            problem.update(f"{reason}, so it is kept as it is (press d to discard it).")

    def _fill_menu(self) -> None:
        menu = self.query_one("#home-menu", OptionList)
        options: list[Option | None] = []
        if self._saved is not None:
            resume = menu_entry("r", "Resume your unfinished game", self._save_summary)
            options.append(Option(resume, id="resume"))
        if self._saved is not None or self._save_problem is not None:
            options.append(Option(menu_entry("d", "Discard saved game"), id="discard"))
            options.append(None)
        for key, (game_id, info) in zip(GAME_KEYS, GAMES.items(), strict=True):
            label = info.title if info.available else f"{info.title} · coming soon"
            entry = menu_entry(key, label, info.summary, muted=not info.available)
            options.append(Option(entry, id=f"game:{game_id}"))
        options.append(None)
        options.append(Option(menu_entry("s", "Settings"), id="settings"))
        options.append(Option(menu_entry("?", "Help"), id="help"))
        options.append(Option(menu_entry("q", "Quit"), id="quit"))
        menu.set_options(options)
        menu.highlighted = 0
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
            self.liar_app.start_table(self._saved.setup, self._saved.actions)

    def action_choose_game(self, game_id: str) -> None:
        info = GAMES[game_id]
        status = self.query_one("#home-status", Static)
        if not info.available:
            status.update(coming_soon(info))
            return
        status.update("")
        from liar_tui.screens.setup import LiarGameSetupScreen

        self.app.push_screen(LiarGameSetupScreen())

    def action_settings(self) -> None:
        from liar_tui.screens.settings import SettingsScreen

        self.app.push_screen(SettingsScreen())

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
            self.notify(str(error), severity="error")
            return
        self.notify("The saved game is discarded.")
        self._refresh()

    @on(OptionList.OptionSelected, "#home-menu")
    def _menu_chosen(self, event: OptionList.OptionSelected) -> None:
        choice = event.option_id or ""
        if choice.startswith("game:"):
            self.action_choose_game(choice.removeprefix("game:"))
            return
        chosen = {
            "resume": self.action_resume,
            "settings": self.action_settings,
            "help": self.liar_app.action_help,
            "discard": self.action_discard,
            "quit": self.app.exit,
        }
        chosen[choice]()
