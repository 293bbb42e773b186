"""What a form's one-widget rows share: a name, marks drawn in text, and a note line.

A radio set is a widget per button and a checkbox comes with a widget for its note; a rules
editor had some 80 widgets at 2-3 ms each to make, style and lay out. A row that draws its
name, its options and its note as lines of text is one widget, whatever it holds.
:class:`~liar_tui.widgets.choice_row.ChoiceRow` and
:class:`~liar_tui.widgets.switch_row.SwitchRow` are the two kinds.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Offset, Size
from textual.widget import Widget


class FormRow(Widget, can_focus=True):
    """A focusable line (a note under it when there is one) drawn by the row itself.

    Subclasses draw the first line with :meth:`first_line` and say how wide it is with
    :meth:`first_line_width`; the note and the marks' styles are common.
    """

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "form-row--mark",
        "form-row--mark-on",
        "form-row--cursor",
        "form-row--note",
        "form-row--warning",
    }
    DEFAULT_CSS = """
    FormRow {
        width: auto;
        height: auto;
        pointer: pointer;
        & > .form-row--mark {
            color: $text-muted;
        }
        & > .form-row--mark-on {
            color: $text-success;
            text-style: bold;
        }
        & > .form-row--cursor {
            color: $block-cursor-foreground;
            background: $block-cursor-background;
            text-style: $block-cursor-text-style;
        }
        & > .form-row--note {
            color: $text-muted;
        }
        & > .form-row--warning {
            color: $text-warning;
        }
        &:disabled {
            color: $text-disabled;
            & > .form-row--mark-on {
                color: $text-disabled;
            }
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

    def first_line(self) -> Text:
        raise NotImplementedError

    def first_line_width(self) -> int:
        raise NotImplementedError

    def style_of(self, component: str) -> Style:
        return self.get_component_rich_style(f"form-row--{component}", partial=True)

    def render(self) -> Text:
        line = self.first_line()
        if self._note:
            line.append("\n" + " " * self.note_indent())
            line.append(self._note, self.style_of("warning" if self._note_warns else "note"))
        line.no_wrap = True
        line.end = ""
        return line

    def get_content_width(self, container: Size, viewport: Size) -> int:
        note_width = self.note_indent() + cell_len(self._note) if self._note else 0
        return max(self.first_line_width(), note_width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 2 if self._note else 1

    def cell_offset(self, column: int) -> Offset:
        """Where a pilot clicks to hit ``column`` of the first line (padding counted)."""
        return Offset(self.gutter.left + column, self.gutter.top)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
