"""Themes: Textual's own, chosen from the command palette, kept in the settings file and
applied when the app starts; a name the app does not have is named and the default used."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from liar_tui.app import LiarApp
from liar_tui.store import paths
from liar_tui.store.settings import Settings, file_problem, load_settings, settings_problems
from tests.marks import slow_after

from .screens.menus import RecordingApp, screen_text


def test_a_theme_the_app_does_not_have_is_named_and_the_default_used(tmp_path: Path) -> None:
    assert settings_problems(Settings(theme="textual-light")) == []
    assert settings_problems(Settings(theme="mauve")) == [
        "There is no theme called 'mauve'; choose one with Ctrl+P, Change theme."
    ]
    assert file_problem(Settings(theme="mauve")) == "theme must be a theme's name, not 'mauve'."
    path = tmp_path / "settings.toml"
    path.write_text('theme = "mauve"\nplayer_name = "Kim"\n', encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings(player_name="Kim")
    assert problem is not None and problem.endswith("theme must be a theme's name, not 'mauve'.")


async def test_the_saved_theme_is_applied_at_start_up() -> None:
    app = LiarApp(settings=Settings(theme="textual-light"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "textual-light"
    assert not paths.settings_path().exists()


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_a_theme_chosen_from_the_command_palette_is_saved() -> None:
    app = RecordingApp(settings=Settings(player_name="Kim"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"change theme")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause(0.3)
        await pilot.press(*"textual-light")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == "textual-light"
        assert "^p" not in screen_text(app).splitlines()[-1]
    assert app.settings == Settings(player_name="Kim", theme="textual-light")
    assert load_settings() == (Settings(theme="textual-light"), None), "only the theme written"


@pytest.mark.parametrize(
    "keys", slow_after(1, [[], ["s"], ["1"]]), ids=["home", "settings", "setup"]
)
def test_snapshot_in_a_light_theme(snap_compare, keys: list[str]) -> None:  # type: ignore[no-untyped-def]
    """The home screen in the default run; the setup and settings screens, which take the
    same theme from the app, in the slow run (the play screens' light looks are slow too)."""
    app = RecordingApp(settings=Settings(theme="textual-light", four_color=True))
    assert snap_compare(app, terminal_size=(80, 24), press=keys)


async def test_a_chosen_theme_changes_only_the_files_theme_entry(tmp_path: Path) -> None:
    """The file keeps what this run could not use (a misspelt key) and what this run does not
    hold (the saved name, where an online run plays under another)."""
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('player_name = "Kim"\ncolour = "red"\n', encoding="utf-8")
    settings, problem = load_settings()
    app = LiarApp(settings=replace(settings, player_name="Zed"), settings_problem=problem)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.theme = "textual-light"
        await pilot.pause()
        assert app.settings.theme == "textual-light"
        assert app.settings_problem == problem, "the file's problem is still said"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data == {"player_name": "Kim", "colour": "red", "theme": "textual-light"}
