"""One chair of the seat editor on one line, drawn by one widget: ``1. Bot · normal ▼ Ada ✕``.

A row of a chooser, an input and a button was four widgets (an input alone costs twice a
plain widget to make, style and lay out), and a setup screen has four to eight rows. This
row draws its number, who sits there, the name and the remove mark itself, and is worked
as the three controls were: Tab and Shift+Tab go through its parts (who, name, remove) in
that order; on "who" Enter, Space, Up or Down opens the list of who may sit there; on
"remove" Enter or Space removes the chair; a click hits the part under it. An ``Input``
is mounted over the drawn name while the name is edited, and removed when the focus leaves
it; the list of who may sit there is built the first time it opens.
"""

from __future__ import annotations

from enum import Enum
from typing import ClassVar

from rich.cells import set_cell_size
from textual import events, on
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input

from liar_tui.screens.rules_editing import VALID
from liar_tui.table.seats import MAX_NAME_LENGTH, BotLevel, SeatConfig, SeatKind
from liar_tui.widgets.chooser import ARROW, ChoiceList


class Who(Enum):
    """Who sits in a chair, as the editor offers it; "you" is simply the first person, and
    each bot level is its own choice so one list says everything about a chair.

    The values are the words of a local table. At an online table another person's chair
    is one nobody has taken yet, so :func:`who_label` calls it an open chair there."""

    YOU = "You"
    PERSON = "Person here"
    EASY_BOT = "Bot · easy"
    BOT = "Bot · normal"
    HARD_BOT = "Bot · hard"


_BOT_LEVELS = {Who.EASY_BOT: BotLevel.EASY, Who.BOT: BotLevel.NORMAL, Who.HARD_BOT: BotLevel.HARD}
_BOT_BY_LEVEL = {level: who for who, level in _BOT_LEVELS.items()}

ONLINE_PERSON = "Open chair"
"""A person's chair at a table created on a host: open for any player in the lobby."""


def who_label(who: Who, online: bool) -> str:
    """The words for a choice: at a local table a "Person here" shares this terminal; at an
    online table that chair is open for someone else to take from the lobby."""
    return ONLINE_PERSON if online and who is Who.PERSON else who.value


def who_of(seat: SeatConfig, is_first_person: bool) -> Who:
    if not seat.is_human:
        return _BOT_BY_LEVEL[seat.level]
    return Who.YOU if is_first_person else Who.PERSON


def seat_of(who: Who, name: str) -> SeatConfig:
    if who in _BOT_LEVELS:
        return SeatConfig(name, SeatKind.BOT, _BOT_LEVELS[who])
    return SeatConfig(name, SeatKind.HUMAN)


class Part(Enum):
    """The parts of a row the focus goes through, in Tab order."""

    WHO = "who"
    NAME = "name"
    REMOVE = "remove"


NUMBER_WIDTH = 3
WHO_WIDTH = 15
NAME_WIDTH = 22
REMOVE_WIDTH = 3
WHO_X = NUMBER_WIDTH
NAME_X = WHO_X + WHO_WIDTH + 1
REMOVE_X = NAME_X + NAME_WIDTH + 1
ROW_WIDTH = REMOVE_X + REMOVE_WIDTH
"""The columns of a row: ``1. ``, who (its label and `` ▼ ``), a space, the name, a space,
`` ✕ `` (45 in all, as wide as the seats column)."""

BOX = "on $surface"
FOCUSED = "on $primary 40%"
ARROW_STYLE = "$foreground 50%"
INACTIVE = "$foreground 38%"


class SeatRow(Widget, can_focus=True):
    """One chair: its number, who sits in it, their name, and a mark to take it away."""

    ALLOW_SELECT = False
    FOCUS_ON_CLICK = False  # a click focuses the part it hits (see _on_click)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "step(1)", "Next", show=False),
        Binding("shift+tab", "step(-1)", "Previous", show=False),
        Binding("enter,space", "press", "Open the list", show=False),
        Binding("down", "move(1)", "Open the list", show=False),
        Binding("up", "move(-1)", "Open the list", show=False),
    ]
    DEFAULT_CSS = f"""
    SeatRow {{
        width: {ROW_WIDTH};
        height: 1;
        pointer: pointer;
        & > Input {{
            position: absolute;
            offset-x: {NAME_X};
            width: {NAME_WIDTH};
        }}
        & > ChoiceList {{
            position: absolute;
            offset: {WHO_X} 1;
            width: {WHO_WIDTH};
            height: auto;
            max-height: 12;
            overlay: screen;
            constrain: none inside;
            color: $foreground;
            border: tall $border-blurred;
            background: $surface;
            &:focus {{
                background-tint: $foreground 5%;
            }}
            & > .option-list--option {{
                padding: 0 1;
            }}
        }}
    }}
    """

    class WhoChanged(Message):
        """Who sits in the chair changed (by the player or by code)."""

        def __init__(self, row: SeatRow) -> None:
            super().__init__()
            self.row = row

    class RemovePressed(Message):
        """The player asked to take this chair away."""

        def __init__(self, row: SeatRow) -> None:
            super().__init__()
            self.row = row

    def __init__(
        self,
        seat: SeatConfig,
        who: Who,
        number: int,
        *,
        name_locked: bool = False,
        online: bool = False,
    ) -> None:
        super().__init__()
        self._who = who
        self._typed_name = seat.name
        self._number = number
        self._name_locked = name_locked
        self._online = online
        self._removable = True
        self._part = Part.WHO
        self._editor: Input | None = None
        self._part_asked_for = False
        """The focus is coming because a part was asked for (a click, a key, a call), not
        from elsewhere on the screen by Tab, which decides the part by its direction."""

    # what it holds ----------------------------------------------------------------------

    @property
    def number(self) -> int:
        return self._number

    def renumber(self, number: int) -> None:
        self._number = number
        self.refresh()

    @property
    def who(self) -> Who:
        return self._who

    @who.setter
    def who(self, who: Who) -> None:
        if who is not self._who:
            self._who = who
            self.refresh()
            self.post_message(self.WhoChanged(self))

    @property
    def who_label(self) -> str:
        """Who sits here, in the words shown."""
        return who_label(self._who, self._online)

    @property
    def seat_name(self) -> str:
        """The name as typed (while it is being edited, as the input holds it now)."""
        return self._editor.value if self._editor is not None else self._typed_name

    @seat_name.setter
    def seat_name(self, name: str) -> None:
        self._typed_name = name
        if self._editor is not None:
            self._editor.value = name
        self.refresh()

    @property
    def name_locked(self) -> bool:
        """The name is shown, not edited (the settings screen's "You" row: the player name)."""
        return self._name_locked

    @name_locked.setter
    def name_locked(self, locked: bool) -> None:
        self._name_locked = locked
        if self._editor is not None:
            self._editor.disabled = locked
        self.refresh()

    @property
    def removable(self) -> bool:
        """Whether the ✕ takes the chair away (not at the game's fewest seats)."""
        return self._removable

    @removable.setter
    def removable(self, removable: bool) -> None:
        self._removable = removable
        self.refresh()

    def config(self) -> SeatConfig:
        return seat_of(self._who, self.seat_name.strip())

    @property
    def name_input(self) -> Input:
        """The input that edits the name, mounted over the drawn name when not there yet
        (for code that types a name in; a player gets it by Tab or a click)."""
        return self._edit_name()

    @property
    def focused_part(self) -> Part | None:
        """The part that has the focus (the name while its input has it), or None."""
        if self._editor is not None and self._editor.has_focus:
            return Part.NAME
        return self._part if self.has_focus else None

    # drawing ----------------------------------------------------------------------------

    def render(self) -> Content:
        focused = self.focused_part
        who = set_cell_size(self.who_label, WHO_WIDTH - 3)
        name = self.seat_name if not self._editor else ""
        name_style = INACTIVE if self._name_locked or not name else ""
        return Content.assemble(
            f"{self._number}.".ljust(NUMBER_WIDTH),
            (who, self._box_style(Part.WHO, focused)),
            (f" {ARROW} ", f"{ARROW_STYLE} {self._box_style(Part.WHO, focused)}"),
            " ",
            (
                set_cell_size(name or "name", NAME_WIDTH),
                f"{name_style} {self._box_style(Part.NAME, focused)}",
            ),
            " ",
            (
                " ✕ ",
                f"{'' if self._removable else INACTIVE} {self._box_style(Part.REMOVE, focused)}",
            ),
        )

    @staticmethod
    def _box_style(part: Part, focused: Part | None) -> str:
        return FOCUSED if part is focused else BOX

    # the focus through the parts --------------------------------------------------------

    def _parts(self) -> list[Part]:
        """The parts Tab stops at: the name not when locked, ✕ not when it removes nothing."""
        return [
            Part.WHO,
            *([] if self._name_locked else [Part.NAME]),
            *([Part.REMOVE] if self._removable else []),
        ]

    def focus_arrived(self, backward: bool) -> None:
        """The focus came to the row from elsewhere: the part asked for, else the first
        part, or the last when it came backward (Shift+Tab)."""
        if self._part_asked_for:
            self._part_asked_for = False
            return
        parts = self._parts()
        self.focus_part(parts[-1] if backward else parts[0])

    def focus_part(self, part: Part) -> None:
        """Give ``part`` the focus (the name's input, for the name)."""
        self._part = part
        if part is Part.NAME:
            self._edit_name().focus()
        elif not self.has_focus:
            self._part_asked_for = True
            self.focus()
        self.refresh()

    def action_step(self, step: int) -> None:
        """The next (or previous) part, or past the row to the next (or previous) control."""
        parts = self._parts()
        here = self._part if self._part in parts else Part.WHO
        index = parts.index(here) + step
        if 0 <= index < len(parts):
            self.focus_part(parts[index])
            return
        chain = self.screen.focus_chain
        mine = set(self.walk_children(with_self=True))
        place = chain.index(self) if self in chain else 0
        others = [widget for widget in chain if widget not in mine]
        if not others:
            return
        before = [widget for widget in chain[:place] if widget not in mine]
        after = [widget for widget in chain[place:] if widget not in mine]
        if step > 0:
            (after or others)[0].focus()
        else:
            (before or others)[-1].focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The row's keys act only on the row itself: typed in the name, or in the open
        list, they are the input's or the list's; Up and Down open the list only from
        "who" (elsewhere they scroll the form, as they did on the input and the button)."""
        if action == "press":
            return self.has_focus
        if action == "move":
            return self.has_focus and self._part is Part.WHO
        return True

    async def action_press(self) -> None:
        if self._part is Part.REMOVE:
            self.post_message(self.RemovePressed(self))
        elif self._list_open:
            self.query_one(ChoiceList).action_select()
        else:
            await self._open_list()

    async def action_move(self, step: int) -> None:
        """Open the list, or (typed while it was being built) move in the open list."""
        if not self._list_open:
            await self._open_list()
        elif step > 0:
            self.query_one(ChoiceList).action_cursor_down()
        else:
            self.query_one(ChoiceList).action_cursor_up()

    def on_focus(self) -> None:
        self._part_asked_for = False
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    # the mouse --------------------------------------------------------------------------

    def _part_at(self, x: int) -> Part | None:
        if WHO_X <= x < WHO_X + WHO_WIDTH:
            return Part.WHO
        if NAME_X <= x < NAME_X + NAME_WIDTH:
            return Part.NAME
        if REMOVE_X <= x < REMOVE_X + REMOVE_WIDTH:
            return Part.REMOVE
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The ✕ says what it does when the mouse rests on it."""
        over_remove = self._part_at(event.x) is Part.REMOVE
        self.tooltip = "Remove this seat" if over_remove else None

    async def _on_click(self, event: events.Click) -> None:
        event.stop()
        if event.widget is not self:
            return  # a click in the list or the name's input, which work by themselves
        part = self._part_at(event.x)
        if part is Part.WHO:
            if self._list_open:
                self._close_list(None)
                self.focus_part(Part.WHO)
            else:
                await self._open_list()
        elif part is Part.NAME and not self._name_locked:
            self.focus_part(Part.NAME)
        elif part is Part.REMOVE:
            self.post_message(self.RemovePressed(self))
        elif part is None:
            self.focus_part(Part.WHO)

    # the list of who may sit here -------------------------------------------------------

    @property
    def _list_open(self) -> bool:
        lists = self.query(ChoiceList)
        return bool(lists) and lists.first().display

    async def _open_list(self) -> None:
        """Show the list (built the first time) with who sits here highlighted; the row's
        part is "who" from now on, so Tab in the list goes on to the name."""
        self._part = Part.WHO
        lists = self.query(ChoiceList)
        if lists:
            choice_list = lists.first()
        else:
            labels = (who_label(who, self._online) for who in Who)
            choice_list = ChoiceList(*labels, compact=True)
            await self.mount(choice_list)
        choice_list.display = True
        choice_list.highlighted = list(Who).index(self._who)
        choice_list.focus(scroll_visible=False)

    @on(ChoiceList.Closed)
    def _list_closed(self, event: ChoiceList.Closed) -> None:
        event.stop()
        self._close_list(event.index)

    def _close_list(self, index: int | None) -> None:
        choice_list = self.query_one(ChoiceList)
        had_focus = choice_list.has_focus
        choice_list.display = False
        if index is not None:
            self.who = list(Who)[index]
        if had_focus:
            self._part = Part.WHO
            self.focus()

    # the name's input -------------------------------------------------------------------

    def _edit_name(self) -> Input:
        """The input over the drawn name, mounted the first time the name is edited."""
        if self._editor is None:
            self._editor = Input(
                placeholder="name",
                max_length=MAX_NAME_LENGTH,
                compact=True,
                classes=VALID,
                disabled=self._name_locked,
            )
            self.mount(self._editor)
            self._editor.value = self._typed_name
            self.refresh()
        return self._editor

    @on(events.DescendantBlur)
    def _name_left(self, event: events.DescendantBlur) -> None:
        """The name is drawn again once the focus leaves its input, which goes away."""
        editor = self._editor
        if editor is None or event.widget is not editor or self.screen.focused is editor:
            return
        self._typed_name = editor.value
        self._editor = None
        editor.remove()
        self.refresh()
