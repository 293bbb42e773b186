"""The home screen, driven by keys and by mouse."""

from __future__ import annotations

from pathlib import Path

from liar_tui.screens.confirm import ConfirmScreen
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.settings import SettingsScreen
from liar_tui.screens.setup import SetupScreen
from liar_tui.store import paths
from liar_tui.widgets.menu import Menu

from .menus import RecordingApp, flat_text, save_a_game, screen_text

SIZE = (100, 32)


async def test_home_lists_the_games_and_opens_liar_game_setup_by_key() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Liar Game" in text
        assert "Liar's Poker (cards)" in text and "coming soon" not in text
        assert "Liar's Poker (dollar bills)" in text
        assert "Resume" not in text
        await pilot.press("1")
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)


async def test_home_opens_liar_game_setup_by_mouse() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click(Menu, offset=(6, 1))
        assert isinstance(app.screen, SetupScreen)


async def test_each_game_opens_its_own_setup() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        for key, game in (
            ("1", "liar-game"),
            ("2", "liars-poker-cards"),
            ("3", "liars-poker-bills"),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen) and app.screen.game == game
            await pilot.press("escape")


async def test_arrows_and_enter_choose_settings() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")
        assert isinstance(app.screen, SettingsScreen)


async def test_quit_ends_the_app() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_resume_is_offered_and_starts_the_saved_actions() -> None:
    setup, actions = save_a_game(rounds=2)
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Resume your unfinished game" in text
        assert "Liar Game, round 3, playing to 500" in text
        await pilot.press("r")
        assert app.started == [(setup, actions)]


async def test_resume_by_mouse() -> None:
    setup, actions = save_a_game(rounds=1)
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click(Menu, offset=(6, 1))
        assert app.started == [(setup, actions)]


async def test_resume_shows_every_seats_score_from_the_replay() -> None:
    from liar_tui.rules.liar_game import game as liar_game

    setup, actions = save_a_game(rounds=2)
    game = liar_game.replay(setup.rules, len(setup.seats), setup.seed, actions)
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        expected = " · ".join(
            f"{name} {score}" for name, score in zip(setup.names, game.scores, strict=True)
        )
        assert expected in screen_text(app)


async def test_a_corrupt_save_is_explained_and_kept_until_discarded() -> None:
    save = paths.save_path()
    save.parent.mkdir(parents=True)
    save.write_text("{not json", encoding="utf-8")
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = flat_text(app)
        assert "is damaged: it is not valid JSON" in text
        assert "so it is kept as it is (press d to discard it)." in text
        assert "Resume" not in text
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, HomeScreen)
        assert save.read_text(encoding="utf-8") == "{not json"
        await pilot.press("d")
        await pilot.click("#confirm-yes")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert not save.exists()
        assert "is damaged" not in screen_text(app)


async def test_discarding_a_good_save_takes_resume_away(isolated_dirs: dict[str, Path]) -> None:
    save_a_game(rounds=1)
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d", "y")
        await pilot.pause()
        assert "Resume" not in screen_text(app)
        await pilot.press("r")
        assert app.started == []


def test_snapshot_home(snap_compare) -> None:
    assert snap_compare(RecordingApp(), terminal_size=SIZE)


def test_snapshot_home_with_a_resumable_game(snap_compare) -> None:
    save_a_game(rounds=2)
    assert snap_compare(RecordingApp(), terminal_size=SIZE)


async def test_at_80_columns_the_footer_shows_every_key_it_offers() -> None:
    """The games' keys are in the menu beside each game; the footer keeps the rest whole."""
    save_a_game(rounds=1)
    app = RecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
    for key in (
        "r Resume",
        "s Settings",
        "h History",
        "t Stats",
        "d Discard",
        "^q Quit",
        "f1 Help",
    ):
        assert key in footer, footer
    assert footer.rstrip().endswith("f1 Help")


def test_snapshot_home_at_80_by_24_with_a_resumable_game(snap_compare) -> None:
    save_a_game(rounds=2)
    assert snap_compare(RecordingApp(), terminal_size=(80, 24))
