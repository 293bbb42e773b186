"""ASCII only: with that card style, no character past ASCII reaches the terminal, on any
screen, in any widget (borders, toggles, scrollbars, notices), and keys are named in words."""

from __future__ import annotations

from typing import ClassVar

import pytest
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen

from liar_tui.app import LiarApp
from liar_tui.ascii_only import ascii_text
from liar_tui.games import plugin
from liar_tui.screens.confirm import ConfirmScreen
from liar_tui.screens.help import HelpScreen
from liar_tui.screens.settings import SettingsScreen
from liar_tui.screens.setup import SetupScreen
from liar_tui.store.settings import CardStyle, Settings
from liar_tui.table.seats import default_seats
from liar_tui.table.setup import TableSetup
from liar_tui.widgets.choice_row import ChoiceRow
from liar_tui.widgets.footer import Footer

from .screens.menus import RecordingApp, save_a_game, screen_text

ASCII = Settings(card_style=CardStyle.ASCII, player_name="Zoë")


def not_ascii(app: LiarApp) -> list[str]:
    """The lines on the terminal that hold a character past ASCII."""
    return [line for line in screen_text(app).splitlines() if not line.isascii()]


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_every_menu_screen_is_ascii_only_in_ascii_mode() -> None:
    save_a_game(rounds=1)
    app = RecordingApp(settings=ASCII, settings_problem="The settings file was not used.")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert "Settings not loaded" in screen_text(app)
        assert not_ascii(app) == []
        for keys, screen in (
            (["d"], ConfirmScreen),
            (["escape", "1"], SetupScreen),
            (["escape", "s"], SettingsScreen),
            (["f1"], HelpScreen),
        ):
            await pilot.press(*keys)
            await pilot.pause()
            assert isinstance(app.screen, screen)
            assert not_ascii(app) == [], screen


async def test_choosing_ascii_in_settings_turns_the_whole_app_ascii_and_back() -> None:
    app = RecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not_ascii(app) != []
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#card-style", ChoiceRow).value = CardStyle.ASCII
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.settings.card_style is CardStyle.ASCII
        assert not_ascii(app) == []


@pytest.mark.parametrize(
    ("binding", "unicode", "words"),
    [
        (Binding("enter", "x", "Play"), "⏎", "enter"),
        (Binding("left", "x", "Move"), "←", "left"),
        (Binding("left", "x", "Move", key_display="←→"), "←→", "left/right"),
        (Binding("ctrl+q", "x", "Quit"), "^q", "^q"),
        (Binding("backspace", "x", "Undo"), "⌫", "backspace"),
    ],
)
async def test_keys_are_named_in_words_in_ascii_mode(
    binding: Binding, unicode: str, words: str
) -> None:
    assert LiarApp().get_key_display(binding) == unicode
    assert LiarApp(settings=ASCII).get_key_display(binding) == words


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("╭─╮│╰╯", "+-+|++"),
        ("▐●▌ ▐X▌ ▼ ✕", "|*| |X| v x"),
        ("Zoë · 9♠ …", "Zoe - 9S ."),
        ("Ann 🎲", "Ann ??"),
        ("🔎 Search…", ">  Search."),
        ("e\u0301", "e"),
    ],
)
def test_each_character_becomes_ascii_of_the_same_width(text: str, shown: str) -> None:
    from rich.cells import cell_len

    assert ascii_text(text) == shown
    assert cell_len(ascii_text(text)) == cell_len(text)


@pytest.mark.parametrize("game", ["liar-game", "liars-poker-cards", "liars-poker-bills"])
async def test_each_game_s_table_is_ascii_only_in_ascii_mode(game: str) -> None:
    """The play screens are not this app's menus, and need no code of their own for it."""
    seats = default_seats(bots=2, you="Zoë")
    setup = TableSetup(game, plugin(game).default_rules(), seats, seed=3)
    app = LiarApp(settings=Settings(card_style=CardStyle.ASCII, bot_delay=0, seats=seats))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.start_table(setup)
        for _ in range(5):
            await pilot.pause()
        assert app.table is not None
        assert not_ascii(app) == [], type(app.screen).__name__


class GroupedKeysScreen(Screen[None]):
    """Keys grouped under one description, as the card pickers show them."""

    MOVE = Binding.Group("Move", compact=True)
    PICK = Binding.Group("Pick", compact=True)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move", "Left", group=MOVE),
        Binding("right", "move_on", "Right", group=MOVE),
        Binding("1", "pick", "One", group=PICK),
        Binding("2", "pick_two", "Two", group=PICK),
    ]

    def compose(self) -> ComposeResult:
        yield Footer()


@pytest.mark.parametrize(
    ("card_style", "keys"),
    [(CardStyle.ASCII, "left/right Move  12 Pick"), (CardStyle.UNICODE, "←→ Move  12 Pick")],
)
async def test_grouped_keys_in_words_are_told_apart(card_style: CardStyle, keys: str) -> None:
    app = LiarApp(settings=Settings(card_style=card_style))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(GroupedKeysScreen())
        await pilot.pause()
        assert keys in screen_text(app).splitlines()[-1]


@pytest.mark.slow  # the settings screen's text is checked for ASCII in the default run above
def test_snapshot_settings_in_ascii_at_80_by_24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(RecordingApp(settings=ASCII), terminal_size=(80, 24), press=["s"])
