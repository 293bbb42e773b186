"""What a screen may ask of the app showing it, and the one typed way to ask.

Two apps show the screens: the local one (:mod:`liar_tui.app`) and the online one
(:mod:`liar_tui.client_app`), and both import screens. A screen that imported either app to
name its type would close an import loop, so screens know the app only by these protocols,
which both apps meet (a test checks it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast, runtime_checkable

from textual import on
from textual._context import NoActiveAppError
from textual.events import ScreenResume
from textual.screen import Screen

if TYPE_CHECKING:
    from liar_tui.net.client import HostClient
    from liar_tui.store.saves import SavedClock, SaveStore
    from liar_tui.store.settings import Settings
    from liar_tui.table.setup import TableSetup

ResultT = TypeVar("ResultT")


@runtime_checkable
class LiarAppServices(Protocol):
    """The app's settings, its save, and where a table starts and ends."""

    settings: Settings
    settings_problem: str | None
    """Why the settings file was not used, said until the settings are saved anew."""
    saves: SaveStore
    bot_pace: float
    """The share of the bot delay the bots of a local table wait."""

    def save_settings(self, settings: Settings) -> bool: ...

    def start_table(
        self, setup: TableSetup, actions: tuple[Any, ...] = (), clock: SavedClock | None = None
    ) -> None: ...

    def play_again(self, setup: TableSetup) -> None: ...

    def return_home(self) -> None: ...

    def action_help(self) -> None:
        """Open the help screen."""
        ...


@runtime_checkable
class OnlineAppServices(LiarAppServices, Protocol):
    """The online app: the same, with its connection to the table host."""

    client: HostClient


class LiarScreen(Screen[ResultT]):
    """A screen of liar-tui's own, which may ask the app for :class:`LiarAppServices`."""

    def __init__(
        self, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name, id, classes)
        self._start_at_the_breakpoints()
        self._shown_before = False

    @on(ScreenResume)
    def _first_shown_as_styled(self, event: ScreenResume) -> None:
        """Textual styles a screen's every widget again each time the screen is shown,
        in case the styles changed while it was covered; the first time, its widgets were
        styled a moment ago, as they mounted, and doing it again was as costly as the
        rest of opening the screen."""
        if not self._shown_before:
            self._shown_before = True
            event.refresh_styles = False

    def _start_at_the_breakpoints(self) -> None:
        """Take the breakpoint classes (``-narrow``, ``-wide``) for the app's size now.

        Textual sets them when the screen is first sized, after every widget on it was
        styled once, so every widget was styled twice: the settings screen's hundreds of
        widgets made that a good part of the time it took to open. Set before anything is
        mounted, Textual finds them already right and styles nothing again.
        """
        try:
            size = self.app.size
        except NoActiveAppError:  # made outside a running app: Textual sets them later
            return
        for breakpoints, length in (
            (self.HORIZONTAL_BREAKPOINTS or self.app.HORIZONTAL_BREAKPOINTS, size.width),
            (self.VERTICAL_BREAKPOINTS or self.app.VERTICAL_BREAKPOINTS, size.height),
        ):
            if breakpoints:
                reached = [(at, name) for at, name in breakpoints if length >= at]
                chosen = max(reached)[1] if reached else None
                classes = {name: name == chosen for _, name in breakpoints}
                self.update_classes(classes, update=False)

    @property
    def liar_app(self) -> LiarAppServices:
        return cast("LiarAppServices", self.app)
