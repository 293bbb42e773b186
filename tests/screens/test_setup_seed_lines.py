"""The setup screen draws the seed's heading and note around the seed's input itself: they
must stay on the lines next to the input however many seats there are."""

from __future__ import annotations

from textual.widgets import Input

from liar_tui.screens.setup import SEED_HEADING, SetupScreen

from .menus import RecordingApp

SIZE = (100, 32)


def lines_around_the_seed(app: RecordingApp) -> tuple[str, str, str]:
    """The screen's line above the seed's input, its line, and the line under its margin,
    from the input's first column on."""
    seed = app.screen.query_one("#seed", Input)
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    x, y = seed.region.x, seed.region.y
    return lines[y - 1][x:], lines[y][x:], lines[y + 2][x:]


async def test_the_seed_heading_and_note_follow_the_input_as_seats_come_and_go() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")
        assert isinstance(app.screen, SetupScreen)
        first_row = app.screen.query_one("#seed", Input).region.y
        for key, moved in (("ctrl+n", 2), ("ctrl+n", 4), ("ctrl+r", 2)):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen.query_one("#seed", Input).region.y == first_row + moved
            heading, seed, note = lines_around_the_seed(app)
            assert heading.startswith(SEED_HEADING)
            assert seed.startswith("random")
            assert note.startswith("The same seed, seats and rules deal the same")
