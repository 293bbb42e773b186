"""The footer: the screen's shown keys drawn as one line of one widget.

Textual's ``Footer`` makes a widget per key and recomposes them all on every bindings
update (each focus change, each screen resume, each turn at a table); creating and styling
those widgets cost more than the rest of a table's first frame. This footer draws the same
line as Textual's (non-compact) footer, in the theme's footer colours, from the screen's
active bindings, and redraws only when the keys it shows change. A click on a key presses
it, as a click on Textual's footer keys does; a click on a disabled key rings the bell.

The command palette key is not drawn: Ctrl+P is told in help and on the settings screen,
and the footer keeps its room for the screen's own keys.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from itertools import groupby
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget


@dataclass(frozen=True)
class FooterItem:
    """One stretch of the footer: a key (clickable) or the description of a key group."""

    text: str
    """What is drawn, padding included."""
    kind: str
    """``key`` for a key with its description, ``group-key`` for a key of a group,
    ``group-label`` for a group's description, ``gap`` for blank space."""
    key: str = ""
    """The key a click presses (empty for labels and gaps)."""
    description: str = ""
    enabled: bool = True
    tooltip: str = ""
    key_display: str = ""
    action: str = ""
    """The binding's action, as Textual's ``FooterKey.action`` (tests ask what is offered)."""


ShownKeys = tuple[FooterItem, ...]


def _shown_bindings(screen: Screen[object]) -> list[tuple[Binding, bool, str]]:
    """The screen's shown bindings, one per action (the first, as Textual's footer picks)."""
    first_of_action: dict[str, tuple[Binding, bool, str]] = {}
    for _node, binding, enabled, tooltip in screen.active_bindings.values():
        if binding.show and binding.action not in first_of_action:
            first_of_action[binding.action] = (binding, enabled, tooltip)
    return list(first_of_action.values())


def footer_items(screen: Screen[object]) -> ShownKeys:
    """The footer's line for ``screen``, laid out as Textual's footer lays out its widgets.

    A key with its description is `` key description ``; a group of keys (two or more
    actions in a row sharing a ``Binding.Group``) is its keys then its description: keys one
    space apart each side, or run together after one space when the group is compact.
    """
    app = screen.app
    items: list[FooterItem] = []
    for group, members in groupby(_shown_bindings(screen), lambda shown: shown[0].group):
        grouped = list(members)
        if group is not None and len(grouped) > 1:
            items.extend(_group_items(app.get_key_display, group, grouped))
            continue
        for binding, enabled, tooltip in grouped:
            display = app.get_key_display(binding)
            text = f" {display} {binding.description} " if binding.description else display
            items.append(
                FooterItem(
                    text,
                    "key",
                    binding.key,
                    binding.description,
                    enabled,
                    tooltip,
                    display,
                    binding.action,
                )
            )
    return tuple(items)


def _group_items(
    key_display: Callable[[Binding], str],
    group: Binding.Group,
    grouped: list[tuple[Binding, bool, str]],
) -> Iterator[FooterItem]:
    """A group's keys then its description (Textual's ``KeyGroup`` and ``FooterLabel``)."""
    if group.compact:
        yield FooterItem(" ", "gap")
    for binding, enabled, tooltip in grouped:
        display = key_display(binding)
        if not group.compact:
            # Each key has a margin of one each side; neighbouring margins overlap.
            yield FooterItem(" ", "gap")
        yield FooterItem(
            display,
            "group-key",
            binding.key,
            group.description,
            enabled,
            tooltip or binding.description,
            display,
            binding.action,
        )
    yield FooterItem(" ", "gap")
    yield FooterItem(group.description, "group-label")
    yield FooterItem(" ", "gap")


QUIT_ACTIONS = frozenset({"quit", "app.quit"})
"""The quit key's actions: the first key a footer short of room leaves out."""


def _length(items: ShownKeys) -> int:
    """Columns the items need: the last one's closing space may fall off the edge."""
    closing = 1 if items and items[-1].text.endswith(" ") else 0
    return sum(cell_len(item.text) for item in items) - closing


def _tightened(item: FooterItem) -> FooterItem:
    """A key with its description without the space after it (the next key's space before
    it then parts them)."""
    if item.kind != "key" or not item.description or not item.text.endswith(" "):
        return item
    return replace(item, text=item.text[:-1])


class Footer(Widget, can_focus=False):
    """The keys the screen offers, on one line at the bottom."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "footer--key",
        "footer--description",
        "footer--hover",
    }
    DEFAULT_CSS = """
    Footer {
        dock: bottom;
        height: 1;
        width: 1fr;
        text-wrap: nowrap;
        text-overflow: clip;
        color: $footer-foreground;
        background: $footer-background;
        & > .footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .footer--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._items: ShownKeys = ()
        self._hovered: int | None = None

    @property
    def items(self) -> ShownKeys:
        """What the footer shows now, in order (gaps included)."""
        return self._items

    def on_mount(self) -> None:
        """Draw the keys on offer now, then follow the screen's changes of them."""
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Redraw when the shown keys change; not when the terminal loses focus (the
        focused widget's keys would vanish until it came back, as in Textual's footer)."""
        if not screen.app.app_focus:
            return
        items = footer_items(screen)
        if items != self._items:
            self._items = items
            self._hovered = None
            self.refresh()

    def _laid_out(self) -> ShownKeys:
        """The items as drawn at the footer's width: a line too long for it puts one space
        between keys instead of two and then leaves out the quit key (Ctrl+Q, which works
        everywhere and help tells), so that a table's keys and F1 Help still fit 80 columns
        (in words, in ASCII) before anything is cut off."""
        width = self.size.width
        if _length(self._items) <= width:
            return self._items
        tightened = tuple(_tightened(item) for item in self._items)
        if _length(tightened) <= width:
            return tightened
        return tuple(item for item in tightened if item.action not in QUIT_ACTIONS)

    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer--key")
        description_style = self.get_component_rich_style("footer--description")
        hover = Style(bgcolor=self.get_component_rich_style("footer--hover").bgcolor)
        line = Text(no_wrap=True, overflow="crop", end="")
        for index, item in enumerate(self._laid_out()):
            drawn = self._drawn(item, key_style, description_style)
            if index == self._hovered:
                drawn.stylize(hover)
            line.append_text(drawn)
        return line

    @staticmethod
    def _drawn(item: FooterItem, key_style: Style, description_style: Style) -> Text:
        """One item in the footer's colours: a key bold in the key colour, a description in
        the description colour, a disabled key dim."""
        dim = Style(dim=not item.enabled)
        if item.kind == "gap":
            return Text(item.text)
        if item.kind == "group-label":
            return Text(item.text, style=description_style)
        if item.kind == "group-key" or not item.description:
            return Text(item.text, style=key_style + dim)
        key_part = f" {item.key_display} "
        return Text.assemble(
            (key_part, key_style + dim),
            (item.text[len(key_part) :], description_style + dim),
        )

    def _item_at(self, x: int) -> int | None:
        """The index of the clickable key drawn at column ``x``, if any."""
        start = 0
        for index, item in enumerate(self._laid_out()):
            end = start + cell_len(item.text)
            if start <= x < end:
                return index if item.key else None
            start = end
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        hovered = self._item_at(event.x)
        if hovered != self._hovered:
            self._hovered = hovered
            self.tooltip = (
                self._laid_out()[hovered].tooltip or None if hovered is not None else None
            )
            self.refresh()

    def on_leave(self, _event: events.Leave) -> None:
        if self._hovered is not None:
            self._hovered = None
            self.tooltip = None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """A click on a key presses it; on a disabled key, the bell says it is not on offer."""
        index = self._item_at(event.x)
        if index is None:
            return
        item = self._laid_out()[index]
        if item.enabled:
            self.app.simulate_key(item.key)
        else:
            self.app.bell()
