"""The labelled chooser: a chooser that draws its name before its box, its list under the box."""

from __future__ import annotations

from textual.app import App, ComposeResult

from liar_tui.widgets.chooser import ChoiceList
from liar_tui.widgets.labelled_chooser import LabelledChooser

CHOICES = [("Red", "red"), ("Green", "green"), ("Blue", "blue")]


class LabelledApp(App[None]):
    CSS = "LabelledChooser { width: 24; }"

    def compose(self) -> ComposeResult:
        yield LabelledChooser(CHOICES, "green", label="Colour", label_width=8, id="colour")


async def test_the_name_comes_first_and_the_list_opens_under_the_box() -> None:
    app = LabelledApp()
    async with app.run_test(size=(40, 10)) as pilot:
        chooser = app.query_one(LabelledChooser)
        first_line = app.screen._compositor.render_strips()[0].text
        assert first_line.startswith("Colour  Green         ▼ ")
        await pilot.click(chooser, offset=(1, 0))  # on the name
        choice_list = chooser.query_one(ChoiceList)
        assert chooser.is_open
        assert choice_list.region.x == chooser.region.x + 8
        await pilot.press("down", "enter")
        assert chooser.value == "blue"
        assert app.focused is chooser
