"""The one-widget footer: the shown keys, as Textual's footer lays them out; clicks press them."""

from __future__ import annotations

from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input

from liar_tui.widgets.footer import Footer

MOVE = Binding.Group("Move", compact=True)


class FooterApp(App[None]):
    """Keys of every kind a footer meets: plain, hidden, refused, grouped, a widget's own."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "press('quit')", "Quit"),
        Binding("x", "press('hidden')", "Hidden", show=False),
        Binding("d", "press('refused')", "Refused"),
        Binding("left", "press('left')", "Left", group=MOVE),
        Binding("right", "press('right')", "Right", group=MOVE),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []
        self.bells = 0

    def compose(self) -> ComposeResult:
        yield Input(id="name")
        yield Footer()

    def action_press(self, what: str) -> None:
        self.pressed.append(what)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``d`` is shown but refused, so the footer draws it dim."""
        return None if parameters == ("refused",) else True

    def bell(self) -> None:
        self.bells += 1


def footer_line(app: App[None]) -> str:
    return app.screen._compositor.render_strips()[-1].text


async def test_the_footer_shows_shown_keys_in_textuals_layout() -> None:
    app = FooterApp()
    async with app.run_test(size=(80, 6)) as pilot:
        app.set_focus(None)
        await pilot.pause()
        assert footer_line(app).startswith(" q Quit  d Refused  ←→ Move ")
        assert "Hidden" not in footer_line(app)
        refused = next(item for item in app.query_one(Footer).items if item.key == "d")
        assert not refused.enabled
        assert refused.action == "press('refused')"


async def test_the_footer_is_one_widget_whatever_its_keys() -> None:
    """Textual's footer made a widget per key and restyled each one on every rebuild."""
    app = FooterApp()
    async with app.run_test(size=(80, 6)) as pilot:
        app.set_focus(None)
        await pilot.pause()
        footer = app.query_one(Footer)
        assert len(footer.items) > 3
        assert list(footer.query("*")) == []


async def test_the_footer_follows_the_focused_widgets_keys_and_keeps_unchanged_ones() -> None:
    app = FooterApp()
    async with app.run_test(size=(80, 6)) as pilot:
        footer = app.query_one(Footer)
        app.set_focus(None)
        await pilot.pause()
        without_input = footer.items
        app.query_one(Input).focus()
        await pilot.pause()
        with_input = footer.items
        assert with_input != without_input, "keys the input types leave the footer"
        app.query_one(Input).blur()
        app.query_one(Input).focus()
        await pilot.pause()
        assert footer.items is with_input, "the same keys are not rebuilt"


async def test_a_click_on_a_key_presses_it_and_on_a_refused_key_rings_the_bell() -> None:
    app = FooterApp()
    async with app.run_test(size=(80, 6)) as pilot:
        app.set_focus(None)
        await pilot.pause()
        line = footer_line(app)
        await pilot.click(Footer, offset=(line.index("Quit"), 0))
        await pilot.click(Footer, offset=(line.index("→"), 0))
        await pilot.click(Footer, offset=(line.index("Move"), 0))  # a label, not a key
        await pilot.click(Footer, offset=(line.index("Refused"), 0))
        await pilot.pause()
        assert app.pressed == ["quit", "right"]
        assert app.bells == 1


class CrowdedApp(App[None]):
    """A table's worth of keys and, first, Ctrl+Q, as a play screen's footer has them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("s", "press('show')", "Show"),
        Binding("o", "press('sort')", "Sort"),
        Binding("escape", "press('leave')", "Leave"),
        Binding("f1", "press('help')", "Help"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield Footer()

    def action_press(self, what: str) -> None:
        self.pressed.append(what)


ROOMY = " ^q Quit  s Show  o Sort  esc Leave  f1 Help "


@pytest.mark.parametrize(
    ("width", "line"),
    [
        (len(ROOMY), ROOMY),
        (len(ROOMY) - 1, ROOMY),
        (len(ROOMY) - 2, " ^q Quit s Show o Sort esc Leave f1 Help"),
        (36, " s Show o Sort esc Leave f1 Help"),
    ],
)
async def test_a_footer_short_of_room_closes_up_then_leaves_out_quit(width: int, line: str) -> None:
    """Issue 13: a table's footer at 80 columns lost F1 Help off its end. Keys close up to
    one space apart, and then Ctrl+Q (it works everywhere; help says so) is left out; a
    click still presses the key drawn under it."""
    app = CrowdedApp()
    async with app.run_test(size=(width, 4)) as pilot:
        await pilot.pause()
        assert footer_line(app) == line.ljust(width)[:width]
        await pilot.click(Footer, offset=(line.index("f1"), 0))
        assert app.pressed == ["help"]
