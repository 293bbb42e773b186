"""The settings screen: saved to disk and reloaded, cancel changes nothing, bad files shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static
from textual.widgets._toast import Toast

from liar_tui.rules.liar_game import game as liar_game
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.seat_editor import SeatEditor
from liar_tui.screens.seat_row import SeatRow, Who
from liar_tui.screens.settings import SettingsScreen
from liar_tui.store import paths
from liar_tui.store.settings import (
    CardStyle,
    PocketOrder,
    Settings,
    load_settings,
    save_settings,
)
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.widgets.choice_row import ChoiceRow
from liar_tui.widgets.chooser import Chooser
from liar_tui.widgets.switch_row import SwitchRow
from tests.widgets.form_rows import click_option

from .menus import RecordingApp, flat_text, screen_text

SIZE = (100, 32)
GAMES = ("liar-game", "liars-poker-cards", "liars-poker-bills")


async def open_settings(app: RecordingApp, pilot) -> SettingsScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await pilot.press("s")
    assert isinstance(app.screen, SettingsScreen)
    return app.screen


async def test_settings_are_saved_to_disk_and_reloaded() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(app, pilot)
        await pilot.press("end", "ctrl+u", *"Mia")
        card_style = screen.query_one("#card-style", ChoiceRow)
        await pilot.click(card_style, offset=card_style.option_offset(CardStyle.ASCII))
        await pilot.click("#four-color")
        screen.query_one("#bot-delay", Chooser).focus()
        await pilot.press("enter", "down", "down", "enter")
        rows = list(screen.query(SeatRow))
        assert rows[0].seat_name == "Mia"
        assert rows[0].name_locked
        await click_option(pilot, "#decks", 2)
        await pilot.click("#big_combos")
        await click_option(pilot, "#target", 2000)
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, HomeScreen)
    expected = Settings(
        player_name="Mia",
        card_style=CardStyle.ASCII,
        four_color=True,
        bot_delay=1.5,
        seats=(
            SeatConfig("Mia", SeatKind.HUMAN),
            SeatConfig("Ada"),
            SeatConfig("Bea"),
            SeatConfig("Cal"),
        ),
    ).with_rules("liar-game", liar_game.Rules(decks=2, target=2000, big_combos=True))
    assert app.settings == expected
    assert load_settings() == (expected, None)

    reopened = RecordingApp(settings=expected)
    async with reopened.run_test(size=SIZE) as pilot:
        screen = await open_settings(reopened, pilot)
        assert screen.query_one("#player-name", Input).value == "Mia"
        assert screen.query_one("#four-color", SwitchRow).value
        assert screen.query_one("#bot-delay", Chooser).value == 1.5
        assert screen.query_one("#big_combos", SwitchRow).value
        assert [row.config() for row in screen.query(SeatRow)] == list(expected.seats)


async def test_cancel_changes_nothing_in_memory_or_on_disk() -> None:
    original = Settings(player_name="Ola", bot_delay=0.3)
    save_settings(original)
    on_disk = paths.settings_path().read_bytes()
    app = RecordingApp(settings=original)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(app, pilot)
        await pilot.press("end", "ctrl+u", *"Zed")
        await pilot.click("#four-color")
        screen.query(SeatRow).last().who = Who.PERSON
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("s")
        await pilot.press("ctrl+u")
        await pilot.click("#cancel")
        assert isinstance(app.screen, HomeScreen)
    assert app.settings == original
    assert paths.settings_path().read_bytes() == on_disk


async def test_settings_with_problems_are_refused_and_explained() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(app, pilot)
        await pilot.press("end", "ctrl+u")
        rows = list(screen.query(SeatRow))
        rows[2].seat_name = "ada"
        await pilot.click("#save")
        assert isinstance(app.screen, SettingsScreen)
        shown = str(screen.query_one("#settings-problems", Static).content)
        assert shown.splitlines() == [
            "• The player name must not be empty.",
            "• Two seats are called 'Ada': give each a different name.",
        ]
    assert app.settings == Settings()
    assert not paths.settings_path().exists()


async def test_the_you_seat_follows_the_player_name_and_bot_levels_are_kept() -> None:
    seats = (SeatConfig("Hal", level=BotLevel.EASY), SeatConfig("You", SeatKind.HUMAN))
    app = RecordingApp(settings=Settings(seats=seats))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(app, pilot)
        await pilot.press("end", "ctrl+u", *"Kim")
        rows = list(screen.query(SeatRow))
        assert [row.who for row in rows] == [Who.EASY_BOT, Who.YOU]
        assert rows[1].seat_name == "Kim"
        await pilot.press("ctrl+s")
    assert app.settings.seats == (seats[0], SeatConfig("Kim", SeatKind.HUMAN))


async def test_a_corrupt_settings_file_is_shown_while_the_app_runs_on_defaults() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("player_name = [broken", encoding="utf-8")
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem is not None
    app = RecordingApp(settings=settings, settings_problem=problem)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(app, pilot)
        message = str(screen.query_one("#settings-file-problem", Static).content)
        assert message == problem
        assert "it is not valid TOML" in flat_text(app)
        assert screen.query_one("#player-name", Input).value == "You"
        await pilot.press("escape")
    assert path.read_text(encoding="utf-8") == "player_name = [broken"


async def test_at_80_by_24_nothing_is_cut_off_and_a_bad_file_says_what_save_does() -> None:
    app = RecordingApp(settings_problem="The settings file was not used.")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        assert screen.has_class("-narrow")
        for widget in screen.query("#rules-liar-game ChoiceRow, #rules-liar-game SwitchRow"):
            screen.query_one("#settings-columns").scroll_to_widget(widget, animate=False)
            await pilot.pause()
            assert widget.region.right <= 80, widget
        box = screen.query_one("#settings-file-problem")
        assert box.border_subtitle == "Save replaces it with the settings below"


def test_snapshot_settings(snap_compare) -> None:
    assert snap_compare(RecordingApp(), terminal_size=SIZE, press=["s"])


async def test_every_game_s_rules_and_the_odds_switch_are_saved() -> None:
    app = RecordingApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.push_screen(SettingsScreen())
        await pilot.pause()
        screen = app.screen
        screen.query_one("#show-odds", SwitchRow).value = False
        await click_option(pilot, "#decks", 2)
        screen.query_one("#rules-game", Chooser).value = "liars-poker-bills"
        await pilot.pause()
        screen.query_one("#rules-liars-poker-bills #digits", Input).value = "6"
        await pilot.click("#rules-game")
        await pilot.click(screen.query_one("#rules-game ChoiceList"), offset=(2, 0))
        await pilot.pause()
        assert screen.query_one("#rules-liar-game").display
        assert not screen.query_one("#rules-liars-poker-bills").display
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not app.settings.show_odds
        assert app.settings.rules_for("liar-game").decks == 2
        assert app.settings.rules_for("liars-poker-bills").digits == 6
        assert load_settings()[0] == app.settings


async def test_only_the_first_game_s_rules_editor_is_built_until_another_is_chosen() -> None:
    """All three editors cost as much to build as the rest of the screen."""
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(app, pilot)
        assert [len(screen.query(f"#rules-{game}")) for game in GAMES] == [1, 0, 0]
        screen.query_one("#rules-game", Chooser).focus()
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert [len(screen.query(f"#rules-{game}")) for game in GAMES] == [1, 1, 0]


async def test_the_notice_of_a_bad_settings_file_breaks_its_path_only_after_a_slash(
    isolated_dirs: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The config folder may be deep (``XDG_CONFIG_HOME``); the notice at 80 columns must
    not cut ``settings.toml`` in two, and every entry it could not use is named."""
    deep = isolated_dirs["config"] / "a-rather-long-folder-name" / "and-another-one-deeper"
    deep.mkdir(parents=True)
    monkeypatch.setenv("LIAR_TUI_CONFIG_DIR", str(deep))
    path = paths.settings_path()
    path.write_text('player_name = "Kim"\ncolour = "red"\nbot_delay = "fast"\n')
    settings, problem = load_settings()
    assert settings == Settings(player_name="Kim")
    assert problem is not None
    app = RecordingApp(settings=settings, settings_problem=problem)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        toast = app.screen.query_one(Toast)
        lines = [line.rstrip() for line in screen_text(app).splitlines()]
        shown = [line[toast.region.x + 2 :].strip() for line in lines[toast.region.y :]]
    assert "Some settings not loaded" in shown
    first = shown.index("Some entries of the settings file") + 1
    after = next((i for i, line in enumerate(shown) if line.startswith("were not used")), 0)
    path_lines = shown[first:after]
    assert path_lines[-1].endswith("settings.toml"), shown
    assert all(line.endswith("/") for line in path_lines[:-1]), shown
    assert "".join(path_lines) == str(path)
    joined = " ".join(" ".join(shown).split())
    assert "'colour' is not a setting; bot_delay must be a number of seconds" in joined


async def test_the_turn_bell_and_the_pocket_order_are_saved_and_the_theme_shown() -> None:
    app = RecordingApp(settings=Settings(theme="textual-light"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        assert "textual-light" in str(screen.query_one("#theme-name", Static).visual)
        bell = screen.query_one("#turn-bell", SwitchRow)
        assert not bell.value
        bell.value = True
        screen.query_one("#pocket-order", ChoiceRow).value = PocketOrder.SUIT
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert app.settings == Settings(
        theme="textual-light", turn_bell=True, pocket_order=PocketOrder.SUIT
    )
    assert load_settings()[0] == app.settings


async def test_the_seats_below_the_first_screenful_are_built_after_the_first_frame() -> None:
    """The first frame comes sooner without them; Save still reads them once built."""
    app = RecordingApp()
    seat_editors_at_paint: list[int] = []
    display = app._display

    def record(screen, renderable) -> None:  # type: ignore[no-untyped-def]
        if isinstance(screen, SettingsScreen):
            seat_editors_at_paint.append(len(screen.query(SeatEditor)))
        display(screen, renderable)

    app._display = record  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(app, pilot)
        await pilot.pause()
        assert seat_editors_at_paint[0] == 0
        assert seat_editors_at_paint[-1] == 1
        screen.query(SeatRow).last().who = Who.PERSON
        await pilot.press("ctrl+s")
    assert app.settings.seats[-1].kind is SeatKind.HUMAN
