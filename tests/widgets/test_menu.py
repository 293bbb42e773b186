"""The one-widget menu: arrows and Enter, clicks on any line of an entry, wrapped details."""

from __future__ import annotations

from textual.app import App, ComposeResult

from liar_tui.widgets.footer import Footer
from liar_tui.widgets.menu import Menu, MenuEntry

ENTRIES = [
    MenuEntry("first", "1", "First", "a detail long enough to wrap onto a second line " * 2),
    None,
    MenuEntry("second", "2", "Second"),
    MenuEntry("third", "3", "Third"),
]


class MenuApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[str] = []

    def compose(self) -> ComposeResult:
        yield Menu(id="menu")
        yield Footer()

    def on_mount(self) -> None:
        menu = self.query_one(Menu)
        menu.set_entries(ENTRIES)
        menu.focus()

    def on_menu_chosen(self, event: Menu.Chosen) -> None:
        self.chosen.append(event.entry.id)


async def test_arrows_wrap_round_and_enter_chooses() -> None:
    app = MenuApp()
    async with app.run_test(size=(50, 12)) as pilot:
        await pilot.press("enter", "down", "enter", "down", "down", "enter", "up", "enter")
        assert app.chosen == ["first", "second", "first", "third"]


async def test_a_click_on_any_line_of_an_entry_chooses_it() -> None:
    app = MenuApp()
    async with app.run_test(size=(50, 12)) as pilot:
        menu = app.query_one(Menu)
        assert menu.size.height == 7, "three labels, three lines of detail, a separator"
        await pilot.click(Menu, offset=(10, 3))
        await pilot.click(Menu, offset=(10, 4))
        await pilot.click(Menu, offset=(10, 5))
        await pilot.click(Menu, offset=(10, 6))
        assert app.chosen == ["first", "second", "third"]
        assert menu.highlighted == 2


async def test_details_wrap_under_the_label_not_under_the_key() -> None:
    app = MenuApp()
    async with app.run_test(size=(50, 12)) as pilot:
        await pilot.pause()
        lines = [strip.text for strip in app.screen._compositor.render_strips()]
        assert lines[0].startswith(" 1   First")
        assert lines[1].startswith("     a detail")
        assert lines[2].startswith("     ")
