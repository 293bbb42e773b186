"""The liar-tui application: screens on top of local tables."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.events import Resize

from liar_tui.store.settings import Settings
from liar_tui.table.setup import TableSetup

MIN_WIDTH = 80
MIN_HEIGHT = 24


class LiarApp(App[None]):
    TITLE = "liar-tui"
    CSS_PATH = "app.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1,question_mark", "help", "Help"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(
        self,
        settings: Settings | None = None,
        settings_problem: str | None = None,
        start: TableSetup | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.settings_problem = settings_problem
        self._start = start

    def on_mount(self) -> None:
        from liar_tui.screens.home import HomeScreen

        self.push_screen(HomeScreen())
        if self.settings_problem:
            self.notify(self.settings_problem, title="Settings not loaded", severity="warning")
        if self._start is not None:
            self.start_table(self._start)

    def on_resize(self, event: Resize) -> None:
        from liar_tui.screens.too_small import TooSmallScreen

        too_small = event.size.width < MIN_WIDTH or event.size.height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if too_small and not showing:
            self.push_screen(TooSmallScreen())
        elif not too_small and showing:
            self.pop_screen()

    def action_help(self) -> None:
        from liar_tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def start_table(self, setup: TableSetup) -> None:
        """Open a new table from setup and show it."""
        raise NotImplementedError
