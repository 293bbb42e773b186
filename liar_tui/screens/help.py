"""The help screen: every game's rules in plain words, and the keys of every screen.

Each game's plugin writes its own rules (computing its numbers and examples from its rules
module), and the key lists come from each screen's ``BINDINGS``, so the help cannot drift
away from what the game does.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from liar_tui.games import registered
from liar_tui.store.settings import CardStyle
from liar_tui.widgets.footer import Footer


def keys_text(app: App[object], screens: Iterable[tuple[str, Iterable[type]]]) -> str:
    """Every described key binding as Markdown, one line per screen."""
    lines = [
        "## Keys",
        "",
        "Tab and Shift+Tab move between fields; Enter or Space presses and toggles; "
        "arrows move in lists and choices; the mouse works everywhere.",
        "",
    ]
    for where, owners in screens:
        keys = " · ".join(
            f"`{keys}` {description}" for keys, description in _described_bindings(app, owners)
        )
        lines.append(f"- **{where}**: {keys}")
    return "\n".join(lines) + "\n"


def _described_bindings(app: App[object], owners: Iterable[type]) -> list[tuple[str, str]]:
    """(keys, description) for each action, or each binding group, with all of its keys."""
    grouped: dict[str, list[str]] = {}
    for owner in owners:
        bindings: list[BindingType] = getattr(owner, "BINDINGS", [])
        for binding in Binding.make_bindings(bindings):
            description = binding.group.description if binding.group else binding.description
            if description:
                shown = app.get_key_display(binding)
                keys = grouped.setdefault(description, [])
                if shown not in keys:
                    keys.append(shown)
    return [(" / ".join(keys), description) for description, keys in grouped.items()]


def screens_with_keys(app_class: type) -> list[tuple[str, list[type]]]:
    """Every screen's name and the classes whose bindings it answers to; the app's own
    keys (``app_class``) work everywhere."""
    from liar_tui.screens.confirm import ConfirmScreen
    from liar_tui.screens.home import HomeScreen
    from liar_tui.screens.lobby import LobbyScreen
    from liar_tui.screens.lobby_new import NewTableScreen
    from liar_tui.screens.privacy import PrivacyScreen
    from liar_tui.screens.seat_editor import SeatEditor
    from liar_tui.screens.settings import SettingsScreen
    from liar_tui.screens.setup import SetupScreen

    return [
        ("Everywhere", [app_class]),
        ("Home", [HomeScreen]),
        ("Lobby (playing over the network)", [LobbyScreen, NewTableScreen]),
        ("New table", [SetupScreen, SeatEditor]),
        ("Passing the keyboard", [PrivacyScreen]),
        *(keys for game in registered().values() for keys in game.help_keys()),
        ("Settings", [SettingsScreen, SeatEditor]),
        ("Questions", [ConfirmScreen]),
        ("Help", [HelpScreen]),
    ]


class HelpScreen(ModalScreen[None]):
    """Scrollable help over whatever screen asked for it; Escape or F1 closes it.

    It has a footer of its own: the one of the screen below would offer keys that do
    nothing while help is open.
    """

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,question_mark", "close", "Close help"),
    ]

    def compose(self) -> ComposeResult:
        settings = getattr(self.app, "settings", None)
        ascii_only = settings is not None and settings.card_style is CardStyle.ASCII
        games = [game.help_text(ascii_only) for game in registered().values()]
        text = "\n".join([*games, keys_text(self.app, screens_with_keys(type(self.app)))])
        with Vertical(id="help-box"):
            with VerticalScroll(id="help-scroll"):
                yield Markdown(text, id="help-text")
            yield Static("Esc, F1 or ? closes · ↑ ↓ PgUp PgDn scroll", id="help-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-box").border_title = "Help"
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss()
