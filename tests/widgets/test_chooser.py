"""The chooser: a compact drop-down drawn as one widget, its list built on first opening."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from liar_tui.widgets.chooser import ChoiceList, Chooser

CHOICES = [("Red", "red"), ("Green", "green"), ("Blue", "blue")]


class ChooserApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.changes: list[object] = []

    def compose(self) -> ComposeResult:
        yield Chooser(CHOICES, "green", id="colour")

    def on_chooser_changed(self, event: Chooser.Changed) -> None:
        self.changes.append(event.value)


async def test_the_list_is_built_only_when_first_opened_and_then_kept() -> None:
    app = ChooserApp()
    async with app.run_test(size=(40, 10)) as pilot:
        chooser = app.query_one(Chooser)
        assert list(chooser.query(OptionList)) == []
        assert app.screen._compositor.render_strips()[0].text.startswith("Green         ▼")
        await pilot.press("enter")
        first_list = chooser.query_one(ChoiceList)
        assert chooser.is_open
        await pilot.press("escape")
        assert not chooser.is_open
        assert app.focused is chooser
        await pilot.press("space")
        assert list(chooser.query(ChoiceList)) == [first_list]


async def test_arrows_and_enter_choose_and_escape_keeps_the_value() -> None:
    app = ChooserApp()
    async with app.run_test(size=(40, 10)) as pilot:
        chooser = app.query_one(Chooser)
        await pilot.press("enter", "down", "enter")
        assert chooser.value == "blue"
        assert chooser.label == "Blue"
        await pilot.press("enter", "up", "up", "escape")
        assert chooser.value == "blue"
        assert app.focused is chooser
        await pilot.pause()
        assert app.changes == ["blue"]


async def test_a_click_opens_the_list_and_a_click_on_an_option_chooses_it() -> None:
    app = ChooserApp()
    async with app.run_test(size=(40, 10)) as pilot:
        chooser = app.query_one(Chooser)
        await pilot.click(Chooser)
        assert chooser.is_open
        await pilot.click(ChoiceList, offset=(2, 0))
        assert chooser.value == "red"
        assert not chooser.is_open
        await pilot.pause()
        assert app.changes == ["red"]


async def test_keys_typed_while_the_list_is_first_built_move_and_choose_in_it() -> None:
    """Down, Down, Enter typed at once: the first opens the list, the others reach the
    chooser before the list has the focus, and must still move and choose."""
    app = ChooserApp()
    async with app.run_test(size=(40, 10)) as pilot:
        for key in ("down", "down", "enter"):
            app.post_message(events.Key(key, None))
        await pilot.pause()
        await pilot.pause()
        assert app.query_one(Chooser).value == "blue"
        assert not app.query_one(Chooser).is_open


async def test_a_second_click_on_the_box_closes_its_list() -> None:
    """The press moves focus off the open list, which closes it; the click that follows must
    not open it again."""
    app = ChooserApp()
    async with app.run_test(size=(40, 10)) as pilot:
        chooser = app.query_one(Chooser)
        await pilot.click(Chooser)
        await pilot.pause()
        assert chooser.is_open
        await pilot.click(Chooser)
        await pilot.pause()
        assert not chooser.is_open
        assert app.focused is chooser


async def test_new_choices_reach_a_built_list_and_a_value_changed_with_them_is_told() -> None:
    app = ChooserApp()
    async with app.run_test(size=(40, 10)) as pilot:
        chooser = app.query_one(Chooser)
        await pilot.press("enter", "escape")
        chooser.set_choices([("Red", "red"), ("Green", "green")], "green")
        await pilot.pause()
        assert app.changes == []
        chooser.set_choices([("Cyan", "cyan"), ("Red", "red")], "red")
        await pilot.pause()
        assert app.changes == ["red"]
        assert chooser.choices == [("Cyan", "cyan"), ("Red", "red")]
        await pilot.press("enter", "up", "enter")
        assert chooser.value == "cyan"
        assert chooser.query_one(ChoiceList).option_count == 2


async def test_choices_without_the_value_are_refused_and_the_old_ones_kept() -> None:
    app = ChooserApp()
    async with app.run_test(size=(40, 10)):
        chooser = app.query_one(Chooser)
        before = chooser.choices
        with pytest.raises(ValueError, match="not one of the choices"):
            chooser.set_choices([("Cyan", "cyan")], "magenta")
        assert chooser.choices == before
