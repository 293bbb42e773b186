"""A chooser with its name before it and its note under it, as one widget:

    Discard    any number    ▼
               Most cards a taker may throw away.

A :class:`~liar_tui.widgets.labelled_row.LabelledRow` around a
:class:`~liar_tui.widgets.chooser.Chooser`, and a ``Static`` for the note, were three widgets
for one option of a form; this row draws all three as text and is worked as the chooser
was: Enter, Space, Up or Down opens the list under the box, a click on the box opens it,
a click on the name or the note only focuses the row.

It is a :class:`~liar_tui.widgets.form_row.FormRow` first (Textual takes CSS type names
and default CSS from the first base only), so a screen's ``Chooser:focus`` colour, meant
for a bare box, does not fill the whole row: the row colours its box itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import set_cell_size
from textual import events
from textual.color import Color
from textual.content import Content
from textual.geometry import Offset

from liar_tui.widgets.chooser import ARROW, LIST_RULES, ChoiceValue, Chooser
from liar_tui.widgets.form_row import FormRow, Part

BOX = "on $surface"
ARROW_STYLE = "$foreground 50%"


class ChooserRow(FormRow, Chooser[ChoiceValue]):
    """A name in ``label_width`` columns, a box ``box_width`` wide, and a note under them."""

    DEFAULT_CSS: ClassVar[str] = """
    ChooserRow > ChoiceList {
        LIST_RULES
    }
    """.replace("LIST_RULES", LIST_RULES)

    def __init__(
        self,
        choices: Sequence[tuple[str, ChoiceValue]],
        value: ChoiceValue,
        *,
        label: str,
        label_width: int,
        box_width: int,
        note: str = "",
        id: str | None = None,
    ) -> None:
        # The chooser's making, not the form row's: both end in Widget's, which runs once.
        Chooser.__init__(self, choices, value, id=id)
        self._note = note
        self._note_warns = False
        self.label_text = label
        self.label_width = label_width
        self.box_width = box_width

    # drawing ----------------------------------------------------------------------------

    def render(self) -> Content:  # type: ignore[override]  # the chooser's is Rich Text
        """Drawn as a form row is: the first line, then the note."""
        return FormRow.render(self)

    def first_line_width(self) -> int:
        return self.label_width + self.box_width

    def note_indent(self) -> int:
        return self.label_width

    def style_of(self, part: str) -> str:
        """The note in the theme's muted text colour (``$text-muted``), which the ``Static``
        under a chooser had: usually "auto 60%", a contrast colour no text style can name."""
        if part != "note" or self.disabled:
            return super().style_of(part)
        muted = self.app.theme_variables.get("text-muted", "auto 60%").split()
        if muted[0] != "auto":
            return " ".join(muted)
        alpha = float(muted[1].rstrip("%")) / 100 if len(muted) > 1 else 1.0
        return self.background_colors[1].get_contrast_text(alpha).hex

    def _box_style(self) -> str:
        """The box's background: the surface, or (focused) the screens' focus colour for a
        chooser, tinted as a focused chooser is."""
        if not self.has_focus:
            return BOX
        colours = self.app.theme_variables
        focused = Color.parse(colours["primary"]).multiply_alpha(0.4)
        tint = Color.parse(colours["foreground"]).multiply_alpha(0.05)
        return f"on {focused.tint(tint).hex}"

    def first_line(self) -> list[Part]:
        box = self._box_style()
        arrow = f" {ARROW} "
        return [
            self.label_text.ljust(self.label_width),
            (set_cell_size(self.label, self.box_width - len(arrow)), box),
            (arrow, f"{ARROW_STYLE} {box}"),
        ]

    def box_offset(self) -> Offset:
        """Where a click opens the list: the box's first column, padding counted."""
        return self.cell_offset(self.label_width)

    # working it -------------------------------------------------------------------------

    async def action_open(self) -> None:
        """The list opens under the box, as wide as the box."""
        await super().action_open()
        for choice_list in self.children:
            choice_list.styles.margin = (0, 0, 0, self.label_width)
            choice_list.styles.width = self.box_width

    def _on_box(self, event: events.Click) -> bool:
        offset = event.get_content_offset(self)
        return (
            offset is not None
            and offset.y == 0
            and self.label_width <= offset.x < self.label_width + self.box_width
        )

    async def _on_click(self, event: events.Click) -> None:
        """A click off the box (on the name or the note) opens nothing, as it did when
        they were widgets of their own."""
        if event.widget is self and not self._on_box(event):
            event.stop()
            event.prevent_default()
            self._open_when_pressed = False
