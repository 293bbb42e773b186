"""The help screen: every game's rules in plain words, and the keys of every screen.

Each game's plugin writes its own rules (computing its numbers and examples from its rules
module), and the key lists come from each screen's ``BINDINGS``, so the help cannot drift
away from what the game does.

Help opens where the player is: over a table or a game's setup, the keys of the screen
underneath come first, then that game's rules, then the other games and every screen's keys.

It opens fast every time: the text is built once (per game and per key style) and each
section is laid out once per width; each section is one widget, not a widget per
paragraph, so that mounting and focusing the help does not restyle hundreds of nodes.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from rich.markdown import Markdown
from rich.style import Style
from rich.theme import Theme
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from liar_tui.games import registered
from liar_tui.store.settings import CardStyle
from liar_tui.widgets.footer import Footer

THIS_SCREEN = "help-this-screen"
ALL_KEYS = "help-keys"
MAX_LAID_OUT = 64


def section_id(game_id: str) -> str:
    """The id of a game's rules section in the help screen."""
    return f"help-{game_id}"


class MarkdownSection(Widget):
    """One section of help: Markdown that Rich lays out once per text, width and style, and
    that every help screen after draws from those lines, a line at a time.

    A ``Static`` would lay out and convert every line of the section again at each opening,
    though only a screenful shows: tens of milliseconds, where the screen must open in a
    hundred.
    """

    DEFAULT_CSS = """
    MarkdownSection {
        height: auto;
    }
    """

    _laid_out: ClassVar[dict[tuple[str, int, Style, str], list[Strip]]] = {}

    def __init__(self, text: str, *, id: str) -> None:
        super().__init__(id=id)
        self.text = text

    def _lines(self, width: int) -> list[Strip]:
        base = self.visual_style.rich_style
        key = (self.text, width, base, self.app.theme)
        lines = self._laid_out.get(key)
        if lines is None:
            if len(self._laid_out) >= MAX_LAID_OUT:
                self._laid_out.clear()  # widths of a terminal resized again and again
            console = self.app.console
            with console.use_theme(self._rich_theme()):
                rendered = console.render_lines(
                    Markdown(self.text), console.options.update_width(width), pad=False
                )
            lines = [Strip(line).extend_cell_length(width).apply_style(base) for line in rendered]
            self._laid_out[key] = lines
        return lines

    def _rich_theme(self) -> Theme:
        """Rich's Markdown styles in the app's theme colours, as Textual's own Markdown
        widget has them: Rich's defaults (cyan on black code) glare on a light theme."""
        variables = self.app.get_css_variables()
        dark = self.app.current_theme.dark

        def colour(name: str) -> str | None:
            return Color.parse(variables[name]).rich_color.name if name in variables else None

        code = colour("text-warning" if dark else "text-error")
        return Theme(
            {
                "markdown.code": Style(color=code, bold=True),
                "markdown.h2": Style(color=colour("markdown-h2-color"), bold=True),
                "markdown.item.bullet": Style(color=colour("text-primary"), bold=True),
            }
        )

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        lines = self._lines(width)
        return lines[y] if y < len(lines) else Strip.blank(width, self.visual_style.rich_style)


def keys_text(app: App[Any], screens: Iterable[tuple[str, Iterable[type]]]) -> str:
    """Every described key binding as Markdown, one line per screen."""
    lines = [
        "## Keys",
        "",
        "Tab and Shift+Tab move between fields; Enter or Space presses and toggles; "
        "arrows move in lists and choices; the mouse works everywhere.",
        "",
    ]
    for where, owners in screens:
        bindings = (
            binding
            for owner in owners
            for binding in Binding.make_bindings(getattr(owner, "BINDINGS", []))
        )
        keys = " · ".join(
            f"`{keys}` {description}" for keys, description in described_bindings(app, bindings)
        )
        if type(app) in owners:
            # The command palette's key: the footers leave it out to keep their room.
            keys += " · `Ctrl+P` change the theme"
        lines.append(f"- **{where}**: {keys}")
    return "\n".join(lines) + "\n"


def this_screen_keys_text(app: App[Any], screen: Screen[Any]) -> str:
    """The keys the screen under the help answers now, as Markdown, one per line: those its
    footer shows, and every key of a group it shows as one (``1``-``9`` pick a card); not
    the editing and scrolling keys every text box and list has."""
    bindings = (
        active.binding
        for active in screen.active_bindings.values()
        if active.enabled and (active.binding.show or active.binding.group is not None)
    )
    lines = ["## Keys on this screen", ""]
    lines += [
        f"- `{keys}` {description}" for keys, description in described_bindings(app, bindings)
    ]
    return "\n".join(lines) + "\n"


def described_bindings(app: App[Any], bindings: Iterable[Binding]) -> list[tuple[str, str]]:
    """(keys, description) for each action, or each binding group, with all of its keys."""
    grouped: dict[str, list[str]] = {}
    for binding in bindings:
        description = binding.group.description if binding.group else binding.description
        if description:
            shown = app.get_key_display(binding)
            keys = grouped.setdefault(description, [])
            if shown not in keys:
                keys.append(shown)
    return [(_key_list(keys), description) for description, keys in grouped.items()]


def _key_list(keys: list[str]) -> str:
    """``esc / f1 / ?``; with ``or`` where one of the keys is the slash itself (``o or /``)."""
    return (" or " if "/" in keys else " / ").join(keys)


def screens_with_keys(app_class: type) -> list[tuple[str, list[type]]]:
    """Every screen's name and the classes whose bindings it answers to; the app's own
    keys (``app_class``) work everywhere."""
    from liar_tui.screens.confirm import ConfirmScreen
    from liar_tui.screens.history import HistoryScreen
    from liar_tui.screens.home import HomeScreen
    from liar_tui.screens.lobby import LobbyScreen
    from liar_tui.screens.lobby_new import NewTableScreen
    from liar_tui.screens.privacy import PrivacyScreen
    from liar_tui.screens.replay import ReplayScreen
    from liar_tui.screens.seat_editor import SeatEditor
    from liar_tui.screens.settings import SettingsScreen
    from liar_tui.screens.setup import SetupScreen
    from liar_tui.screens.stats import StatsScreen

    return [
        ("Everywhere", [app_class]),
        ("Home", [HomeScreen]),
        ("History of your games", [HistoryScreen]),
        ("Replay of a game", [ReplayScreen]),
        ("Stats", [StatsScreen]),
        ("Lobby (playing over the network)", [LobbyScreen, NewTableScreen]),
        ("New table", [SetupScreen, SeatEditor]),
        ("Passing the keyboard", [PrivacyScreen]),
        *(keys for game in registered().values() for keys in game.help_keys()),
        ("Settings", [SettingsScreen, SeatEditor]),
        ("Questions", [ConfirmScreen]),
        ("Help", [HelpScreen]),
    ]


@functools.cache
def game_rules_text(game_id: str, ascii_only: bool) -> str:
    """A game's rules section, written once per run and card style."""
    return registered()[game_id].help_text(ascii_only)


_ALL_KEYS_TEXTS: dict[tuple[type, bool], str] = {}


def all_keys_text(app: App[Any], ascii_only: bool) -> str:
    """Every screen's keys, written once per kind of app and key style (ASCII mode names
    keys in words)."""
    key = (type(app), ascii_only)
    if key not in _ALL_KEYS_TEXTS:
        _ALL_KEYS_TEXTS[key] = keys_text(app, screens_with_keys(type(app)))
    return _ALL_KEYS_TEXTS[key]


def game_shown_by(screens: Iterable[Screen[Any]]) -> str | None:
    """The game of the first of ``screens`` (top first) that belongs to one: a table or a
    new table's setup, under whatever popup or question covers it."""
    from liar_tui.screens.setup import SetupScreen
    from liar_tui.screens.table_screen import TableScreen

    for screen in screens:
        if isinstance(screen, TableScreen):
            return screen.setup.game
        if isinstance(screen, SetupScreen):
            return screen.game
    return None


class HelpScreen(ModalScreen[None]):
    """Scrollable help over whatever screen asked for it; Escape or F1 closes it.

    It reads where the player is from the screens under it, so whoever opens it needs to
    say nothing: the keys of the screen just under it come first, then the rules of the
    game of the first screen down the stack that has one. Over the home screen help opens
    at the top of the whole manual (the home screen's keys are in its menu and footer).

    It has a footer of its own: the one of the screen below would offer keys that do
    nothing while help is open.
    """

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,question_mark", "close", "Close help"),
    ]

    def _screens_below(self) -> list[Screen[Any]]:
        """The app's screens under this one, top first."""
        stack = self.app.screen_stack
        below = stack[: stack.index(self)] if self in stack else stack
        return list(reversed(below))

    def sections(self) -> Iterator[tuple[str, str]]:
        """(id, Markdown) of each section, in the order shown."""
        settings = getattr(self.app, "settings", None)
        ascii_only = settings is not None and settings.card_style is CardStyle.ASCII
        below = self._screens_below()
        if below and below[0] is not self.app.screen_stack[0]:
            yield THIS_SCREEN, this_screen_keys_text(self.app, below[0])
        game_id = game_shown_by(below)
        games = list(registered())
        if game_id in games:
            games.remove(game_id)
            games.insert(0, game_id)
        for game in games:
            yield section_id(game), game_rules_text(game, ascii_only)
        yield ALL_KEYS, all_keys_text(self.app, ascii_only)

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            with VerticalScroll(id="help-scroll"):
                for section, text in self.sections():
                    yield MarkdownSection(text, id=section)
            yield Static("Esc, F1 or ? closes · ↑ ↓ PgUp PgDn scroll", id="help-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-box").border_title = "Help"
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss()
