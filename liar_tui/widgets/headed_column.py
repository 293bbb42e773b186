"""A column of a form that draws its own heading: ``Seats`` in bold, a blank line, then its
widgets.

A ``Label`` for a column's heading is one more widget to make, style, lay out and draw; the
column draws the heading in the two lines its first child leaves free with a top margin
(the screen's CSS gives that child ``margin-top: 2``).
"""

from __future__ import annotations

from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget


class HeadedColumn(Vertical):
    """A vertical column whose first line is its heading, in bold."""

    def __init__(self, heading: str, *children: Widget, id: str | None = None) -> None:
        super().__init__(*children, id=id)
        self.heading = heading

    def render(self) -> Content:
        return Content.styled(self.heading, "bold")
