"""The switch row: an on/off option, its name and its note in one widget."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.color import Color
from textual.widgets import Input

from liar_tui.widgets.switch_row import SwitchRow


class SwitchApp(App[None]):
    def __init__(self, *, ascii_only: bool = False) -> None:
        super().__init__()
        self.ascii_only = ascii_only
        self.changes: list[bool] = []

    def compose(self) -> ComposeResult:
        yield SwitchRow("Free jokers", True, note="Jokers are dealt free.", id="free")
        yield Input(id="after")

    def on_switch_row_changed(self, event: SwitchRow.Changed) -> None:
        assert event.control is self.query_one(SwitchRow)
        self.changes.append(event.value)


def first_lines(app: App[None], count: int = 2) -> list[str]:
    return [strip.text.rstrip() for strip in app.screen._compositor.render_strips()[:count]]


async def test_it_draws_its_mark_name_and_note() -> None:
    app = SwitchApp()
    async with app.run_test(size=(40, 6)) as pilot:
        assert first_lines(app) == ["[✓] Free jokers", "    Jokers are dealt free."]
        app.query_one(SwitchRow).set_note("Off: no jokers.", warning=True)
        await pilot.pause()
        assert first_lines(app)[1] == "    Off: no jokers."


async def test_ascii_marks() -> None:
    app = SwitchApp(ascii_only=True)
    async with app.run_test(size=(40, 6)) as pilot:
        app.query_one(SwitchRow).value = False
        await pilot.pause()
        assert first_lines(app, 1) == ["[ ] Free jokers"]
        app.query_one(SwitchRow).value = True
        await pilot.pause()
        assert first_lines(app, 1) == ["[x] Free jokers"]


async def test_space_enter_and_clicks_switch_it() -> None:
    app = SwitchApp()
    async with app.run_test(size=(40, 6)) as pilot:
        switch = app.query_one(SwitchRow)
        switch.focus()
        await pilot.press("space")
        assert not switch.value
        await pilot.press("enter")
        assert switch.value
        await pilot.click(switch, offset=(8, 0))
        await pilot.click(switch, offset=(8, 1))  # the note is part of the option
        await pilot.pause()
        assert app.changes == [False, True, False, True]


async def test_the_focus_shows_on_the_name() -> None:
    app = SwitchApp()
    async with app.run_test(size=(40, 6)) as pilot:
        switch = app.query_one(SwitchRow)
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
        assert cursor_words() == []
        switch.focus()
        await pilot.pause()
        assert cursor_words() == ["Free jokers"]
