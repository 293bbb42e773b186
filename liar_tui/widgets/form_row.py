"""What a form's one-widget rows share: a name, marks drawn in text, and a note line.

A radio set is a widget per button and a checkbox comes with a widget for its note; a setup
screen had some 80 widgets at 2-3 ms each to make, style and lay out. A row that draws its
name, its options and its note as lines of text is one widget, whatever it holds.
:class:`~liar_tui.widgets.choice_row.ChoiceRow` and
:class:`~liar_tui.widgets.switch_row.SwitchRow` are the two kinds.
"""

from __future__ import annotations

import textwrap

from rich.cells import cell_len
from textual.content import Content
from textual.geometry import Offset, Size
from textual.widget import Widget

Part = str | tuple[str, str]
"""A piece of a row's line: text, or text and its style (``Content.assemble``'s parts)."""

STYLES = {
    "mark": "$foreground-muted",
    "mark-on": "bold $text-success",
    "cursor": "$block-cursor-foreground on $block-cursor-background $block-cursor-text-style",
    "note": "$foreground-muted",
    "warning": "$text-warning",
}
"""How each part of a row is drawn, in the theme's colours. Written into the row's text
rather than given as component classes: Textual styles every component class of every
widget each time it styles the widget, which was three fifths of the styling of a form of
rows (a profile of the cards rules editor)."""


class FormRow(Widget, can_focus=True):
    """A focusable line (a note under it when there is one) drawn by the row itself.

    Subclasses draw the first line with :meth:`first_line` and say how wide it is with
    :meth:`first_line_width`; the note and the parts' styles are common.
    """

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    FormRow {
        width: auto;
        height: auto;
        text-wrap: nowrap;
        text-overflow: clip;
        pointer: pointer;
        &:disabled {
            color: $foreground-disabled;
        }
    }
    """

    def __init__(
        self,
        *,
        note: str = "",
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
        tooltip: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes, disabled=disabled)
        self._note = note
        self._note_warns = False
        if tooltip:
            self.tooltip = tooltip

    # the note ---------------------------------------------------------------------------

    @property
    def note(self) -> str:
        """The line under the row (empty: no line)."""
        return self._note

    @property
    def note_warns(self) -> bool:
        """Whether the note is drawn as a warning (an option turned off, and why)."""
        return self._note_warns

    def set_note(self, note: str, *, warning: bool = False) -> None:
        """Show ``note`` under the row, as a warning when ``warning``."""
        if (note, warning) != (self._note, self._note_warns):
            self._note, self._note_warns = note, warning
            self.refresh(layout=True)

    def note_indent(self) -> int:
        """The column the note starts at."""
        return 0

    # drawing ----------------------------------------------------------------------------

    @property
    def ascii_only(self) -> bool:
        """Whether the app draws in ASCII only (its marks then have ASCII shapes)."""
        return bool(getattr(self.app, "ascii_only", False))

    def first_line(self) -> list[Part]:
        """The row's own line: its name and what it sets, as it looks now."""
        raise NotImplementedError

    def first_line_width(self) -> int:
        """How many columns :meth:`first_line` takes."""
        raise NotImplementedError

    def style_of(self, part: str) -> str:
        """The style of a part (a key of :data:`STYLES`); none when disabled: all of a
        disabled row is greyed alike."""
        return "" if self.disabled else STYLES[part]

    def _note_lines(self, width: int) -> list[str]:
        """The note cut into lines at word breaks, to fit ``width`` columns after its indent."""
        return textwrap.wrap(self._note, max(8, width - self.note_indent()))

    def render(self) -> Content:
        parts = self.first_line()
        style = self.style_of("warning" if self._note_warns else "note")
        for note_line in self._note_lines(self.content_size.width):
            parts += ["\n" + " " * self.note_indent(), (note_line, style)]
        return Content.assemble(*parts)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The first line's width, or the note's up to the room there is (it wraps)."""
        note_width = self.note_indent() + cell_len(self._note) if self._note else 0
        return max(self.first_line_width(), min(note_width, container.width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1 + len(self._note_lines(width))

    def cell_offset(self, column: int) -> Offset:
        """Where a pilot clicks to hit ``column`` of the first line (padding counted)."""
        return Offset(self.gutter.left + column, self.gutter.top)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
