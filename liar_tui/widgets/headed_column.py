"""A column of a form that draws its own heading: ``Seats`` in bold, a blank line, then its
widgets.

A ``Label`` for a column's heading is one more widget to make, style, lay out and draw; the
column draws the heading in the two lines its first child leaves free with a top margin
(the screen's CSS gives that child ``margin-top: 2``).

Textual draws every line of a container, the lines its children cover too, each through its
styles (background, padding, borders): a form's columns, scroll view and screen drew five
times as many lines as the form shows. A container that shows nothing of its own but a few
lines (a heading) draws those, and one blank line that it repeats for the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


class BlankBelowHeading(Widget):
    """A widget whose content is blank but for a heading of ``HEADING_ROWS`` lines (a
    container with no heading: 0) or the rows :meth:`drawn_rows` names. Its other lines
    between its top and bottom padding or border are the same line (background, padding
    and side borders alike): it is drawn once, as Textual draws it, and repeated.

    Name it after the Textual class it draws for (``class Column(Vertical,
    BlankBelowHeading)``): Textual takes a widget's default CSS and CSS type names from its
    first base only."""

    HEADING_ROWS = 1

    def drawn_rows(self) -> Iterable[int]:
        """The rows of the content area that show something (the rest are blank)."""
        return range(self.HEADING_ROWS)

    def render_lines(self, crop: Region) -> list[Strip]:
        gutter = self.styles.gutter
        top, bottom = gutter.top, self.outer_size.height - gutter.bottom
        drawn = {top + row for row in self.drawn_rows()}
        blank_y = next((y for y in range(top, bottom) if y not in drawn), None)
        if blank_y is None:
            return super().render_lines(crop)
        blank = self._lines(crop, blank_y, blank_y + 1)[0]
        lines: list[Strip] = []
        own_from = crop.y
        for y in range(crop.y, crop.bottom):
            if top <= y < bottom and y not in drawn:
                lines += self._lines(crop, own_from, y)
                lines.append(blank)
                own_from = y + 1
        lines += self._lines(crop, own_from, crop.bottom)
        return lines

    def _lines(self, crop: Region, start: int, stop: int) -> list[Strip]:
        """Lines ``start`` to ``stop`` (not included) drawn as Textual draws them, cut to the
        columns of ``crop``."""
        if stop <= start:
            return []
        return super().render_lines(Region(crop.x, start, crop.width, stop - start))


class FormScroll(VerticalScroll, BlankBelowHeading):
    """A form's scroll of columns, which draws nothing of its own."""

    HEADING_ROWS = 0


class PlainRow(Horizontal, BlankBelowHeading):
    """A form's row of widgets (its buttons), which draws nothing of its own."""

    HEADING_ROWS = 0


class PlainColumn(Vertical, BlankBelowHeading):
    """A form's column of widgets (an editor made of rows), which draws nothing of its own."""

    HEADING_ROWS = 0


class HeadedColumn(Vertical, BlankBelowHeading):
    """A vertical column whose first line is its heading, in bold; ``subheadings`` are more
    headings by the content row they are drawn on, in the blank lines a child's top margin
    leaves there (for rows above which every line has a fixed height). An empty heading
    draws nothing: the column is then as plain as a :class:`PlainColumn`."""

    def __init__(
        self,
        heading: str,
        *children: Widget,
        subheadings: Mapping[int, str] | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(*children, id=id)
        self.heading = heading
        self.subheadings = dict(subheadings or {})

    def drawn_rows(self) -> Iterable[int]:
        return [*([0] if self.heading else []), *self.subheadings]

    def render(self) -> Content:
        headings = {0: self.heading, **self.subheadings}
        return Content("\n").join(
            Content.styled(headings[row], "bold") if row in headings else Content()
            for row in range(max(headings) + 1)
        )
