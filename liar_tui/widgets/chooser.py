"""A compact drop-down of a few choices, as one widget until it is opened.

Textual's ``Select`` builds five widgets and an option list for every box, shown or not;
a setup screen's four seat boxes cost as much as the rest of the screen to build. This
chooser draws the chosen label and its arrow itself and builds its list the first time it
opens. It is worked like a compact ``Select``: Enter, Space, Up or Down (or a click) opens
the list, the arrows move, Enter or a click chooses, Escape closes it unchanged.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList

ChoiceValue = TypeVar("ChoiceValue", bound=Hashable)

ARROW = "▼"


LIST_RULES = """
    width: 1fr;
    height: auto;
    max-height: 12;
    overlay: screen;
    constrain: none inside;
    offset-y: 1;
    color: $foreground;
    border: tall $border-blurred;
    background: $surface;
    &:focus {
        background-tint: $foreground 5%;
    }
    & > .option-list--option {
        padding: 0 1;
    }
"""
"""How a chooser's opened list looks, under any widget that works as a chooser."""


class ChoiceList(OptionList):
    """The opened list, floating under its chooser; it closes when it loses the focus."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close", show=False)]

    class Closed(Message):
        """The list closed; ``index`` is the option chosen, or None when nothing was."""

        def __init__(self, index: int | None) -> None:
            super().__init__()
            self.index = index

    def action_close(self) -> None:
        self.post_message(self.Closed(None))

    def _on_blur(self, event: events.Blur) -> None:
        super()._on_blur(event)
        if self.display:
            self.post_message(self.Closed(None))

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Closed(event.option_index))


class Chooser(Widget, Generic[ChoiceValue], can_focus=True):
    """One value out of a few, shown as its label and a down arrow."""

    ALLOW_SELECT = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "press", "Open the list", show=False),
        Binding("down", "move(1)", "Open the list", show=False),
        Binding("up", "move(-1)", "Open the list", show=False),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {"chooser--arrow"}
    DEFAULT_CSS = """
    Chooser {
        height: 1;
        width: 16;
        color: $foreground;
        background: $surface;
        pointer: pointer;
        & > .chooser--arrow {
            color: $foreground 50%;
        }
        &:focus {
            background-tint: $foreground 5%;
        }
        & > ChoiceList {
            LIST_RULES
        }
    }
    """.replace("LIST_RULES", LIST_RULES)

    class Changed(Message):
        """The chosen value changed (by the player or by code)."""

        def __init__(self, chooser: Chooser[Any], value: Hashable) -> None:
            super().__init__()
            self.chooser = chooser
            self.value = value

        @property
        def control(self) -> Chooser[Any]:
            return self.chooser

    def __init__(
        self,
        choices: Sequence[tuple[str, ChoiceValue]],
        value: ChoiceValue,
        *,
        id: str | None = None,
        classes: str | None = None,
        tooltip: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._choices = list(choices)
        self._value = value
        self._index_of(value)  # refuses a value that is not a choice
        self._open_when_pressed = False
        """The list was open when the mouse went down on the box: that press moved focus off
        the list, which closed it, and the click that follows must not open it again."""
        if tooltip:
            self.tooltip = tooltip

    @property
    def value(self) -> ChoiceValue:
        return self._value

    @value.setter
    def value(self, value: ChoiceValue) -> None:
        self._index_of(value)
        if value != self._value:
            self._value = value
            self.refresh()
            self.post_message(self.Changed(self, value))

    @property
    def choices(self) -> list[tuple[str, ChoiceValue]]:
        """Every choice offered, as (label, value), in order."""
        return list(self._choices)

    def set_choices(self, choices: Sequence[tuple[str, ChoiceValue]], value: ChoiceValue) -> None:
        """Offer other choices (an open or built list shows them too) with ``value`` chosen;
        posts :class:`Changed` only when the value changes."""
        offered = list(choices)
        if all(choice != value for _label, choice in offered):
            raise ValueError(f"{value!r} is not one of the choices")
        self._choices = offered
        for choice_list in self.query(ChoiceList):
            choice_list.set_options(label for label, _value in self._choices)
        if value != self._value:
            self.value = value
        else:
            self.refresh()

    @property
    def label(self) -> str:
        """The chosen value's words, as shown."""
        return self._choices[self._index_of(self._value)][0]

    def _index_of(self, value: ChoiceValue) -> int:
        for index, (_label, choice) in enumerate(self._choices):
            if choice == value:
                return index
        raise ValueError(f"{value!r} is not one of the choices")

    def render(self) -> Text:
        """The label cut or padded to leave room for `` ▼ `` at the right, as a compact
        Select draws it."""
        room = max(0, self.content_size.width - 3)
        label = self.label
        if cell_len(label) > room:
            cut = Text(label)
            cut.truncate(room, overflow="crop")
            label = cut.plain
        line = Text(label + " " * (room - cell_len(label)), no_wrap=True, end="")
        line.append(f" {ARROW} ", style=self.get_component_rich_style("chooser--arrow"))
        return line

    @property
    def is_open(self) -> bool:
        return bool(self.query(ChoiceList)) and self.query_one(ChoiceList).display

    async def action_press(self) -> None:
        """Open the list; keys typed while it was being built reach the chooser, not the
        list, so Enter then chooses in the open list as it would in the list itself."""
        if self.is_open:
            self.query_one(ChoiceList).action_select()
        else:
            await self.action_open()

    async def action_move(self, step: int) -> None:
        """Open the list, or (typed while it was being built) move in the open list."""
        if not self.is_open:
            await self.action_open()
        elif step > 0:
            self.query_one(ChoiceList).action_cursor_down()
        else:
            self.query_one(ChoiceList).action_cursor_up()

    async def action_open(self) -> None:
        """Show the list (built the first time) with the chosen value highlighted."""
        lists = self.query(ChoiceList)
        if lists:
            choice_list = lists.first()
        else:
            choice_list = ChoiceList(*(label for label, _value in self._choices), compact=True)
            await self.mount(choice_list)
        choice_list.display = True
        choice_list.highlighted = self._index_of(self._value)
        choice_list.focus(scroll_visible=False)

    async def _on_mouse_down(self, event: events.MouseDown) -> None:
        await super()._on_mouse_down(event)
        self._open_when_pressed = self.is_open

    async def _on_click(self, event: events.Click) -> None:
        event.stop()
        if event.widget is not self:
            return  # a click in the list, which chooses by itself
        was_open, self._open_when_pressed = self._open_when_pressed, False
        if self.is_open:
            self._close(None)
        elif not was_open:
            await self.action_open()

    @on(ChoiceList.Closed)
    def _list_closed(self, event: ChoiceList.Closed) -> None:
        event.stop()
        self._close(event.index)

    def _close(self, index: int | None) -> None:
        choice_list = self.query_one(ChoiceList)
        had_focus = choice_list.has_focus
        choice_list.display = False
        if index is not None:
            self.value = self._choices[index][1]
        if had_focus:
            self.focus()
