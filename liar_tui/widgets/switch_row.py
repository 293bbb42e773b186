"""An option that is on or off, its name and its note in one widget: ``[✓] Free jokers``.

A checkbox and the line under it were two widgets with three styling passes between them;
this row draws both (ASCII only: ``[x] Free jokers``). Space, Enter or a click anywhere on
it switches it.

API (kept stable: the settings and setup screens use it too)::

    SwitchRow(
        label: str,        # the option's name
        value: bool = False,
        *,
        note: str = "",    # a line under the name ("" for none)
        id=None, classes=None, disabled=False, tooltip=None,
    )

- ``row.value``: on or off (setting it posts ``Changed`` when it changes, as a player's
  switch does).
- ``SwitchRow.Changed``: ``.switch_row`` (also ``.control``, so ``@on(SwitchRow.Changed,
  "#id")`` works), ``.value``.
- ``row.set_note(text, warning=False)``: another note, as a warning when ``warning``.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message

from liar_tui.widgets.form_row import FormRow, Part

MARKS = {False: ("[✓]", "[ ]"), True: ("[x]", "[ ]")}
"""The on and off marks, by whether the app draws in ASCII only."""


class SwitchRow(FormRow):
    """An on/off option with its name and note (see the module's API)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "switch", "Switch", show=False),
    ]

    class Changed(Message):
        """The switch changed (by the player or by code)."""

        def __init__(self, switch_row: SwitchRow, value: bool) -> None:
            super().__init__()
            self.switch_row = switch_row
            self.value = value

        @property
        def control(self) -> SwitchRow:
            return self.switch_row

    def __init__(
        self,
        label: str,
        value: bool = False,
        *,
        note: str = "",
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
        tooltip: str | None = None,
    ) -> None:
        super().__init__(note=note, id=id, classes=classes, disabled=disabled, tooltip=tooltip)
        self.label = label
        self._value = value

    @property
    def value(self) -> bool:
        return self._value

    @value.setter
    def value(self, value: bool) -> None:
        if value != self._value:
            self._value = value
            self.post_message(self.Changed(self, value))
            self.refresh()

    def _mark_width(self) -> int:
        return cell_len(MARKS[self.ascii_only][0])

    def first_line_width(self) -> int:
        return self._mark_width() + 1 + cell_len(self.label)

    def note_indent(self) -> int:
        return self._mark_width() + 1

    def first_line(self) -> list[Part]:
        on_mark, off_mark = MARKS[self.ascii_only]
        mark = (
            (on_mark, self.style_of("mark-on"))
            if self._value
            else (off_mark, self.style_of("mark"))
        )
        return [mark, " ", (self.label, self.style_of("cursor")) if self.has_focus else self.label]

    def action_switch(self) -> None:
        self.value = not self._value

    def on_click(self, event: events.Click) -> None:
        self.action_switch()
