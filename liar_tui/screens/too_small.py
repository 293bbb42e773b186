"""Shown instead of everything else while the terminal is smaller than the app needs."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24
"""The smallest terminal every screen is laid out for."""


def too_small_text(size: Size) -> str:
    return (
        "[b]Make the window bigger[/b]\n\n"
        f"liar-tui needs {MIN_WIDTH} × {MIN_HEIGHT}; "
        f"this one is {size.width} × {size.height}."
    )


class TooSmallScreen(Screen[None]):
    """The app pushes this below the minimum size and pops it when the terminal grows."""

    CSS_PATH = "too_small.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1,question_mark", "wait_for_resize", show=False),
    ]
    """Help would open under a too-small window and break the app's resize bookkeeping."""

    def compose(self) -> ComposeResult:
        yield Static(too_small_text(self.app.size), id="too-small-message")

    def on_resize(self, event: Resize) -> None:
        self.query_one("#too-small-message", Static).update(too_small_text(event.size))

    def action_wait_for_resize(self) -> None:
        """Swallow the help key: the only thing to do here is to resize the terminal."""
