"""One value out of a few, every option on one line: ``Decks  ◉ 1 deck  ○ 2 decks``.

A radio set in its place is a widget per button; this row is one widget drawn as text
(ASCII only: ``(*) 1 deck  ( ) 2 decks``), with an optional name before the options and a
note on the line under them. It is worked like a radio set: Left and Right move the cursor
(shown while the row has the focus), Space or Enter chooses the option under it, and a
click on an option chooses it.

API (kept stable: the settings and setup screens use it too)::

    ChoiceRow(
        options: Sequence[tuple[str, T]],  # (words shown, value), in order
        value: T,                          # the option chosen first; must be one of them
        *,
        label: str = "",                   # the row's name, drawn before the options
        label_width: int = 0,              # columns the name takes (0: its width + 1)
        note: str = "",                    # a line under the options ("" for none)
        id=None, classes=None, disabled=False, tooltip=None,
    )

- ``row.value`` / ``row.index``: the option chosen (setting either posts ``Changed`` when
  it changes, as a player's choice does); ``row.options`` the (words, value) pairs.
- ``ChoiceRow.Changed``: ``.choice_row`` (also ``.control``, so ``@on(ChoiceRow.Changed,
  "#id")`` works), ``.value``, ``.index``.
- ``row.set_note(text, warning=False)``: another note, as a warning when ``warning``.
- ``row.option_offset(value)``: where to click for that option (``pilot.click(row,
  offset=row.option_offset(value))``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from rich.cells import cell_len
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Offset
from textual.message import Message

from liar_tui.widgets.form_row import FormRow, Part

ChoiceValue = TypeVar("ChoiceValue")

MARKS = {False: ("◉", "○"), True: ("(*)", "( )")}
"""The chosen and the other options' marks, by whether the app draws in ASCII only."""
GAP = 2
"""Spaces between two options."""


class ChoiceRow(FormRow, Generic[ChoiceValue]):
    """One value out of a few, shown as a row of marked options (see the module's API)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Previous option", show=False),
        Binding("right", "move(1)", "Next option", show=False),
        Binding("enter,space", "choose", "Choose", show=False),
    ]

    class Changed(Message):
        """The chosen option changed (by the player or by code)."""

        def __init__(self, choice_row: ChoiceRow[Any], value: object, index: int) -> None:
            super().__init__()
            self.choice_row = choice_row
            self.value = value
            self.index = index

        @property
        def control(self) -> ChoiceRow[Any]:
            return self.choice_row

    def __init__(
        self,
        options: Sequence[tuple[str, ChoiceValue]],
        value: ChoiceValue,
        *,
        label: str = "",
        label_width: int = 0,
        note: str = "",
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
        tooltip: str | None = None,
    ) -> None:
        super().__init__(note=note, id=id, classes=classes, disabled=disabled, tooltip=tooltip)
        self._options = list(options)
        if not self._options:
            raise ValueError("a choice row needs at least one option")
        self._index = self._index_of(value)
        self.cursor = self._index
        """The option Space or Enter would choose, shown while the row has the focus."""
        self.label = label
        self.label_width = label_width or (cell_len(label) + 1 if label else 0)

    # the value --------------------------------------------------------------------------

    @property
    def options(self) -> list[tuple[str, ChoiceValue]]:
        """Every option offered, as (words, value), in order."""
        return list(self._options)

    @property
    def value(self) -> ChoiceValue:
        return self._options[self._index][1]

    @value.setter
    def value(self, value: ChoiceValue) -> None:
        self.index = self._index_of(value)

    @property
    def index(self) -> int:
        return self._index

    @index.setter
    def index(self, index: int) -> None:
        if not 0 <= index < len(self._options):
            raise IndexError(f"no option {index} in a row of {len(self._options)}")
        self.cursor = index
        if index != self._index:
            self._index = index
            self.post_message(self.Changed(self, self.value, index))
        self.refresh()

    def _index_of(self, value: ChoiceValue) -> int:
        for index, (_words, option) in enumerate(self._options):
            if option == value:
                return index
        raise ValueError(f"{value!r} is not one of the options")

    # drawing ----------------------------------------------------------------------------

    def _spans(self) -> list[tuple[int, int]]:
        """Each option's columns (start, end) on the first line: its mark, a space, its words."""
        mark_width = cell_len(MARKS[self.ascii_only][0])
        spans = []
        start = self.label_width
        for words, _value in self._options:
            end = start + mark_width + 1 + cell_len(words)
            spans.append((start, end))
            start = end + GAP
        return spans

    def first_line_width(self) -> int:
        return self._spans()[-1][1]

    def note_indent(self) -> int:
        return self.label_width

    def first_line(self) -> list[Part]:
        chosen_mark, other_mark = MARKS[self.ascii_only]
        line: list[Part] = [self.label.ljust(self.label_width)]
        for index, (words, _value) in enumerate(self._options):
            chosen = index == self._index
            line += [
                " " * GAP if index else "",
                (chosen_mark, self.style_of("mark-on"))
                if chosen
                else (other_mark, self.style_of("mark")),
                " ",
                (words, self.style_of("cursor")) if self._shows_cursor(index) else words,
            ]
        return line

    def _shows_cursor(self, index: int) -> bool:
        return self.has_focus and index == self.cursor

    def option_offset(self, value: ChoiceValue) -> Offset:
        """Where a click chooses ``value``: its mark, padding counted."""
        return self.cell_offset(self._spans()[self._index_of(value)][0])

    # working it -------------------------------------------------------------------------

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self._options)
        self.refresh()

    def action_choose(self) -> None:
        self.index = self.cursor

    def on_focus(self) -> None:
        """The cursor starts on the chosen option (the row's own refresh follows)."""
        self.cursor = self._index

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y != 0:
            return
        for index, (start, end) in enumerate(self._spans()):
            if start <= offset.x < end:
                self.index = index
