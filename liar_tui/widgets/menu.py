"""A keyboard-and-mouse menu drawn as one piece of text.

The home screen is the app's first frame. Textual's ``OptionList`` costs about as much
to bring up as the rest of that screen together, so the home menu is this single widget
instead: arrows and Enter, a click on any line of an entry, and a key per entry shown
beside it (the screen binds those keys).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

KEY_COLUMN = 4
"""The entry's key, then space up to the label; details are indented to the label."""


@dataclass(frozen=True)
class MenuEntry:
    id: str
    key: str
    label: str
    detail: str = ""


class Menu(Widget, can_focus=True):
    """Entries (``None`` draws a separator line); posts :class:`Menu.Chosen`."""

    DEFAULT_CSS = """
    Menu {
        height: auto;
        text-wrap: nowrap;
        text-overflow: clip;
        padding: 0 1;
        background: $surface;
    }
    Menu > .menu--highlight {
        background: $block-cursor-blurred-background;
    }
    Menu:focus > .menu--highlight {
        color: $block-cursor-foreground;
        background: $block-cursor-background;
    }
    Menu > .menu--separator {
        color: $foreground 15%;
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"menu--highlight", "menu--separator"}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("enter", "choose", "Choose", show=False),
    ]

    highlighted: reactive[int] = reactive(0)

    class Chosen(Message):
        """An entry was chosen by Enter or by a click."""

        def __init__(self, menu: Menu, entry: MenuEntry) -> None:
            super().__init__()
            self.menu = menu
            self.entry = entry

        @property
        def control(self) -> Menu:
            return self.menu

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._entries: list[MenuEntry | None] = []
        self._line_owner: list[int | None] = []
        """For each drawn line, the index of the entry it belongs to (None: a separator)."""

    @property
    def entries(self) -> tuple[MenuEntry, ...]:
        return tuple(entry for entry in self._entries if entry is not None)

    def set_entries(self, entries: Sequence[MenuEntry | None]) -> None:
        self._entries = list(entries)
        self.highlighted = 0
        self.refresh(layout=True)

    def render(self) -> Text:
        width = max(self.content_region.width, KEY_COLUMN + 10)
        highlight = self.get_component_rich_style("menu--highlight")
        separator = self.get_component_rich_style("menu--separator")
        text = Text(no_wrap=True, overflow="crop")
        self._line_owner = []
        choosable = [i for i, entry in enumerate(self._entries) if entry is not None]
        current = choosable[self.highlighted] if choosable else None
        for index, entry in enumerate(self._entries):
            if entry is None:
                self._add_line(text, Text("─" * width, style=separator), None)
                continue
            base = highlight if index == current else Style()
            head = Text(entry.key.ljust(KEY_COLUMN), style=base + Style(bold=True))
            head.append(entry.label, style=base + Style(bold=True))
            head.pad_right(width - head.cell_len)
            head.stylize(base)
            self._add_line(text, head, choosable.index(index))
            for line in textwrap.wrap(entry.detail, width - KEY_COLUMN):
                detail = Text(" " * KEY_COLUMN + line, style=base + Style(dim=True))
                detail.pad_right(width - detail.cell_len)
                detail.stylize(base)
                self._add_line(text, detail, choosable.index(index))
        return text

    def _add_line(self, text: Text, line: Text, owner: int | None) -> None:
        if self._line_owner:
            text.append("\n")
        text.append_text(line)
        self._line_owner.append(owner)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        lines = 0
        for entry in self._entries:
            lines += 1
            if entry is not None:
                lines += len(textwrap.wrap(entry.detail, max(width, KEY_COLUMN + 10) - KEY_COLUMN))
        return lines

    def watch_highlighted(self) -> None:
        self.refresh()

    def action_move(self, step: int) -> None:
        count = len(self.entries)
        if count:
            self.highlighted = (self.highlighted + step) % count

    def action_choose(self) -> None:
        if self.entries:
            self.post_message(self.Chosen(self, self.entries[self.highlighted]))

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not 0 <= offset.y < len(self._line_owner):
            return
        if (owner := self._line_owner[offset.y]) is not None:
            self.highlighted = owner
            self.action_choose()
