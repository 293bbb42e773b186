"""The too-small screen: shown below 80×24, updated on resize, gone when big enough."""

from __future__ import annotations

from liar_tui.screens.home import HomeScreen
from liar_tui.screens.too_small import TooSmallScreen

from .menus import RecordingApp, flat_text


async def test_a_small_terminal_is_asked_to_grow_and_then_shows_home() -> None:
    app = RecordingApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = flat_text(app)
        assert "Make the window bigger" in text
        assert "liar-tui needs 80 × 24; this one is 60 × 20." in text
        await pilot.resize_terminal(70, 22)
        assert isinstance(app.screen, TooSmallScreen)
        assert "this one is 70 × 22." in flat_text(app)
        await pilot.resize_terminal(100, 32)
        assert isinstance(app.screen, HomeScreen)


async def test_shrinking_the_terminal_covers_the_screen_and_growing_restores_it() -> None:
    app = RecordingApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("1")
        setup_screen = app.screen
        await pilot.resize_terminal(100, 20)
        assert isinstance(app.screen, TooSmallScreen)
        assert "this one is 100 × 20." in flat_text(app)
        await pilot.resize_terminal(100, 32)
        assert app.screen is setup_screen


async def test_the_help_key_does_not_open_help_under_a_small_window() -> None:
    app = RecordingApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        assert isinstance(app.screen, TooSmallScreen)


def test_snapshot_too_small(snap_compare) -> None:
    assert snap_compare(RecordingApp(), terminal_size=(60, 20))
