"""A chooser that draws its name before its box: ``Bot delay  0.6 s        ▼``.

A :class:`~liar_tui.widgets.labelled_row.LabelledRow` around a chooser is two widgets to
make, style and lay out for one line of a form; this is one. It is worked as a chooser is
(a click on the name opens the list too, as a click on a form label would).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import set_cell_size
from textual.content import Content

from liar_tui.widgets.chooser import ARROW, ChoiceValue, Chooser

BOX = "on $surface"
FOCUSED_BOX = "on $primary 40%"
ARROW_STYLE = "$foreground 50%"


class LabelledChooser(Chooser[ChoiceValue]):
    """A chooser with its name in the first ``label_width`` columns; the box, and the list
    that opens under it, take the rest of its width."""

    DEFAULT_CSS: ClassVar[str] = """
    LabelledChooser, LabelledChooser:focus {
        background: transparent;
        background-tint: transparent;
    }
    """

    def __init__(
        self,
        choices: Sequence[tuple[str, ChoiceValue]],
        value: ChoiceValue,
        *,
        label: str,
        label_width: int,
        id: str | None = None,
    ) -> None:
        super().__init__(choices, value, id=id)
        self.label_text = label
        self.label_width = label_width

    def render(self) -> Content:  # type: ignore[override]
        box = FOCUSED_BOX if self.has_focus else BOX
        room = max(0, self.content_size.width - self.label_width - 3)
        return Content.assemble(
            set_cell_size(self.label_text, self.label_width),
            (set_cell_size(self.label, room), box),
            (f" {ARROW} ", f"{ARROW_STYLE} {box}"),
        )

    async def action_open(self) -> None:
        """The list opens under the box, not under the name."""
        await super().action_open()
        for choice_list in self.children:
            choice_list.styles.margin = (0, 0, 0, self.label_width)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
