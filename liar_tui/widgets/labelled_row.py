"""One line of a form: a name the row draws itself, then the widgets that set it."""

from __future__ import annotations

from textual.containers import Horizontal
from textual.content import Content
from textual.widget import Widget

AFTER_LABEL = "-after-label"
"""The class of a row's first control: the screen's CSS gives it a ``margin-left`` as wide
as the names of its rows, which leaves the row's own columns free for the name."""


class LabelledRow(Horizontal):
    """A name, then its controls, on one line.

    A ``Label`` beside the controls is one more widget to make, style, lay out and draw, and
    a settings screen had a dozen: the row draws the name under its first control's left
    margin instead, which looks the same.
    """

    DEFAULT_CSS = """
    LabelledRow {
        height: 1;
    }
    """

    def __init__(self, label: str, *controls: Widget, classes: str | None = None) -> None:
        super().__init__(*controls, classes=classes)
        self.label = label
        if controls:
            controls[0].add_class(AFTER_LABEL, update=False)

    def render(self) -> Content:
        return Content(self.label)
