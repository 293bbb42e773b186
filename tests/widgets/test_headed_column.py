"""Containers that draw one blank line and repeat it draw exactly what Textual would draw."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Region
from textual.widgets import Static

from liar_tui.widgets.headed_column import HeadedColumn

CSS = """
#headed, #textual {
    width: 30;
    height: 9;
    padding: 1 2 1 3;
    border: round $accent;
    background: $surface;
    background-tint: $foreground 5%;
}
"""


class DrawnByTextual(Vertical):
    """A heading drawn as a HeadedColumn draws it, every line through Textual's styles."""

    def render(self) -> Content:
        return Content.styled("Seats", "bold")


class TwoColumnsApp(App[None]):
    CSS = CSS

    def compose(self) -> ComposeResult:
        yield HeadedColumn("Seats", Static("child", id="child"), id="headed")
        yield DrawnByTextual(id="textual")


async def test_a_headed_column_draws_every_line_as_textual_does() -> None:
    """Borders, padding, the heading and the blank lines below it, whole and cropped."""
    app = TwoColumnsApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        headed = app.query_one("#headed", HeadedColumn)
        textual = app.query_one("#textual", DrawnByTextual)
        for crop in (Region(0, 0, 30, 9), Region(0, 3, 30, 5), Region(4, 1, 20, 7)):
            drawn = headed.render_lines(crop)
            expected = textual.render_lines(crop)
            assert [list(strip) for strip in drawn] == [list(strip) for strip in expected]
        assert "Seats" in headed.render_lines(Region(0, 2, 30, 1))[0].text
