"""A column of a form that draws its own heading: ``Seats`` in bold, a blank line, then its
widgets.

A ``Label`` for a column's heading is one more widget to make, style, lay out and draw; the
column draws the heading in the two lines its first child leaves free with a top margin
(the screen's CSS gives that child ``margin-top: 2``).

Textual draws every line of a container, the lines its children cover too, each through its
styles (background, padding, borders): a form's columns, scroll view and screen drew five
times as many lines as the form shows. A container that shows nothing of its own but a
heading draws it, then one blank line, and repeats that blank line for the rest.
"""

from __future__ import annotations

from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


class BlankBelowHeading(Widget):
    """A widget whose content is a heading of ``HEADING_ROWS`` lines and nothing below it
    (a container with no heading: 0): its first line below the heading is drawn as Textual
    draws it, and repeated down to its bottom padding or border (the same background,
    padding and side borders on every such line).

    Name it after the Textual class it draws for (``class Column(Vertical,
    BlankBelowHeading)``): Textual takes a widget's default CSS and CSS type names from its
    first base only."""

    HEADING_ROWS = 1

    def render_lines(self, crop: Region) -> list[Strip]:
        gutter = self.styles.gutter
        first_blank = gutter.top + self.HEADING_ROWS
        copies = range(
            max(crop.y, first_blank + 1), min(crop.bottom, self.size.height - gutter.bottom)
        )
        if not copies:
            return super().render_lines(crop)
        above = self._lines(crop, crop.y, copies.start)
        blank = self._lines(crop, first_blank, first_blank + 1)[0]
        below = self._lines(crop, copies.stop, crop.bottom)
        return [*above, *([blank] * len(copies)), *below]

    def _lines(self, crop: Region, start: int, stop: int) -> list[Strip]:
        """Lines ``start`` to ``stop`` (not included) drawn as Textual draws them, cut to the
        columns of ``crop``."""
        if stop <= start:
            return []
        return super().render_lines(Region(crop.x, start, crop.width, stop - start))


class HeadedColumn(Vertical, BlankBelowHeading):
    """A vertical column whose first line is its heading, in bold."""

    def __init__(self, heading: str, *children: Widget, id: str | None = None) -> None:
        super().__init__(*children, id=id)
        self.heading = heading

    def render(self) -> Content:
        return Content.styled(self.heading, "bold")
