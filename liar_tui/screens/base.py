"""What a screen may ask of the app showing it, and the one typed way to ask.

Two apps show the screens: the local one (:mod:`liar_tui.app`) and the online one
(:mod:`liar_tui.client_app`), and both import screens. A screen that imported either app to
name its type would close an import loop, so screens know the app only by these protocols,
which both apps meet (a test checks it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast, runtime_checkable

from textual.screen import Screen

if TYPE_CHECKING:
    from liar_tui.net.client import HostClient
    from liar_tui.store.saves import SaveStore
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

    def save_settings(self, settings: Settings) -> bool: ...

    def start_table(self, setup: TableSetup, actions: tuple[Any, ...] = ()) -> None: ...

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

    @property
    def liar_app(self) -> LiarAppServices:
        return cast("LiarAppServices", self.app)
