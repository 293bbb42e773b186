"""Themes: Textual's own, chosen from the command palette, kept in the settings file and
applied when the app starts; a name the app does not have is named and the default used."""

from __future__ import annotations

from pathlib import Path

import pytest

from liar_tui.app import LiarApp
from liar_tui.store import paths
from liar_tui.store.settings import Settings, file_problem, load_settings, settings_problems

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
    assert load_settings() == (app.settings, None)


@pytest.mark.parametrize("keys", [["s"], ["1"], []], ids=["settings", "setup", "home"])
def test_snapshot_in_a_light_theme(snap_compare, keys: list[str]) -> None:  # type: ignore[no-untyped-def]
    app = RecordingApp(settings=Settings(theme="textual-light", four_color=True))
    assert snap_compare(app, terminal_size=(80, 24), press=keys)
