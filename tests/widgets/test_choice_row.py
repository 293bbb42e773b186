"""The choice row: one value out of a few, every option on one line of one widget."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.color import Color
from textual.geometry import Offset
from textual.widgets import Input

from liar_tui.widgets.choice_row import ChoiceRow

OPTIONS = [("500", 500), ("2000", 2000), ("custom", 0)]


class ChoiceApp(App[None]):
    def __init__(self, *, ascii_only: bool = False, disabled: bool = False) -> None:
        super().__init__()
        self.ascii_only = ascii_only
        self.disabled_row = disabled
        self.changes: list[tuple[object, int]] = []

    def compose(self) -> ComposeResult:
        yield ChoiceRow(
            OPTIONS,
            2000,
            label="Target",
            label_width=8,
            note="Points to win.",
            id="target",
            disabled=self.disabled_row,
        )
        yield Input(id="after")

    def on_choice_row_changed(self, event: ChoiceRow.Changed) -> None:
        assert event.control is self.query_one(ChoiceRow)
        self.changes.append((event.value, event.index))


def first_lines(app: App[None], count: int = 2) -> list[str]:
    return [strip.text.rstrip() for strip in app.screen._compositor.render_strips()[:count]]


async def test_it_draws_its_name_options_and_note_as_one_widget() -> None:
    app = ChoiceApp()
    async with app.run_test(size=(50, 6)):
        assert first_lines(app) == ["Target  ○ 500  ◉ 2000  ○ custom", "        Points to win."]
        assert len(app.query(ChoiceRow).first().children) == 0


async def test_ascii_marks_are_brackets() -> None:
    app = ChoiceApp(ascii_only=True)
    async with app.run_test(size=(50, 6)):
        assert first_lines(app, 1) == ["Target  ( ) 500  (*) 2000  ( ) custom"]


async def test_arrows_move_the_cursor_and_space_or_enter_choose() -> None:
    app = ChoiceApp()
    async with app.run_test(size=(50, 6)) as pilot:
        row = app.query_one(ChoiceRow)
        row.focus()
        await pilot.press("right")
        assert row.value == 2000, "moving the cursor chooses nothing"
        await pilot.press("space")
        assert (row.value, row.index) == (0, 2)
        await pilot.press("right", "enter")  # wraps round to the first
        assert row.value == 500
        await pilot.press("enter")  # the option already chosen: no change
        await pilot.pause()
        assert app.changes == [(0, 2), (500, 0)]


async def test_a_click_on_an_option_chooses_it_and_elsewhere_does_not() -> None:
    app = ChoiceApp()
    async with app.run_test(size=(50, 6)) as pilot:
        row = app.query_one(ChoiceRow)
        await pilot.click(row, offset=row.option_offset(500))
        assert row.value == 500
        assert app.focused is row
        await pilot.click(row, offset=(2, 0))  # on the name
        await pilot.click(row, offset=(20, 1))  # on the note
        assert row.value == 500
        await pilot.click(row, offset=row.option_offset(0) + Offset(7, 0))  # the last letter
        assert row.value == 0
        await pilot.pause()
        assert app.changes == [(500, 0), (0, 2)]


async def test_the_cursor_shows_only_while_the_row_has_the_focus() -> None:
    app = ChoiceApp()
    async with app.run_test(size=(50, 6)) as pilot:
        row = app.query_one(ChoiceRow)
        cursor = Color.parse(app.theme_variables["block-cursor-background"]).rich_color

        def cursor_words() -> list[str]:
            strip = app.screen._compositor.render_strips()[0]
            return [
                segment.text
                for segment in strip
                if segment.style and segment.style.bgcolor == cursor
            ]

        app.query_one("#after").focus()
        await pilot.pause()
        assert "2000" not in cursor_words()
        row.focus()
        await pilot.press("right")
        assert cursor_words() == ["custom"]


async def test_code_setting_the_value_posts_changed_and_refuses_a_stranger() -> None:
    app = ChoiceApp()
    async with app.run_test(size=(50, 6)) as pilot:
        row = app.query_one(ChoiceRow)
        row.value = 500
        await pilot.pause()
        assert app.changes == [(500, 0)]
        try:
            row.value = 7
        except ValueError as error:
            assert "7 is not one of the options" in str(error)
        else:
            raise AssertionError("a value that is no option was taken")


async def test_a_disabled_row_takes_neither_focus_nor_clicks() -> None:
    app = ChoiceApp(disabled=True)
    async with app.run_test(size=(50, 6)) as pilot:
        row = app.query_one(ChoiceRow)
        await pilot.click(row, offset=row.option_offset(500))
        assert row.value == 2000
        assert app.focused is not row
