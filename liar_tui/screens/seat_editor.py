"""The seat editor shared by the setup and settings screens: who sits where, and their names.

Both screens edit the same thing (a tuple of :class:`SeatConfig`), so they share one widget
and one set of checks instead of two copies that could drift apart.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Button, Input

from liar_tui.screens.rules_editing import VALID, made_unstyled
from liar_tui.table.seats import (
    BOT_NAMES,
    MAX_NAME_LENGTH,
    BotLevel,
    SeatConfig,
    SeatKind,
    name_problem,
    seat_problems,
)
from liar_tui.widgets.chooser import Chooser


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


class SeatRow(Horizontal):
    """One chair: its number, who sits in it, their name, and a button to take it away.

    The row draws the number itself, under the chooser's left margin: a Label for it was
    one more widget per chair to make, style, lay out and draw.
    """

    def __init__(
        self, seat: SeatConfig, who: Who, number: int, name_locked: bool, online: bool = False
    ) -> None:
        super().__init__(classes="seat-row")
        self._seat = seat
        self._who = who
        self._number = number
        self._name_locked = name_locked
        self._online = online

    def compose(self) -> ComposeResult:
        widgets = made_unstyled(self._widgets)
        name = next(widget for widget in widgets if isinstance(widget, Input))
        name.value = self._seat.name  # with the app running (see made_unstyled)
        yield from widgets

    def render(self) -> Content:
        return Content(f"{self._number}.")

    def _widgets(self) -> Iterator[Widget]:
        # A chooser, not a Select: four Selects cost as much as the rest of setup to build.
        yield Chooser(
            [(who_label(who, self._online), who) for who in Who],
            self._who,
            classes="seat-who",
        )
        yield Input(
            placeholder="name",
            max_length=MAX_NAME_LENGTH,
            compact=True,
            classes=f"seat-name {VALID}",
            disabled=self._name_locked and self._who is Who.YOU,
        )
        yield Button("✕", compact=True, classes="seat-remove", tooltip="Remove this seat")

    @property
    def who_chooser(self) -> Chooser[Who]:
        chooser: Chooser[Who] = self.query_one(".seat-who", Chooser)
        return chooser

    @property
    def who(self) -> Who:
        return self.who_chooser.value

    @who.setter
    def who(self, who: Who) -> None:
        self.who_chooser.value = who

    @property
    def name_input(self) -> Input:
        return self.query_one(".seat-name", Input)

    def renumber(self, number: int) -> None:
        self._number = number
        self.refresh()

    def config(self) -> SeatConfig:
        return seat_of(self.who, self.name_input.value.strip())


class SeatEditor(Vertical):
    """Add, remove, rename and recast seats; the first "You" row is the player's own chair.

    With ``locked_you_name`` (the settings screen) the "You" row shows the player name from
    elsewhere on the screen instead of its own, so the two can never disagree. With
    ``online`` (a table created on a host) the other people's chairs are called open chairs.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+n", "add_seat", "Add seat"),
        Binding("ctrl+r", "remove_seat", "Remove seat"),
    ]

    DEFAULT_CSS = """
    SeatEditor {
        height: auto;
    }
    SeatEditor .seat-row {
        height: 1;
        margin-bottom: 1;
    }
    SeatEditor .seat-who {
        width: 15;
        margin: 0 1 0 3;  /* the row draws the chair's number in the three columns */
    }
    SeatEditor .seat-name {
        width: 22;
        margin-right: 1;
    }
    SeatEditor .seat-remove {
        min-width: 3;
        width: 3;
    }
    SeatEditor #seat-add {
        margin-top: 0;
    }
    """

    def __init__(
        self,
        seats: tuple[SeatConfig, ...],
        *,
        min_seats: int,
        max_seats: int,
        locked_you_name: str | None = None,
        online: bool = False,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.min_seats = min_seats
        self.max_seats = max_seats
        self._locked_you_name = locked_you_name
        self._online = online
        self._initial = _fit(seats, min_seats, max_seats)

    def compose(self) -> ComposeResult:
        yield from made_unstyled(self._widgets)

    def _widgets(self) -> Iterator[Widget]:
        first_person = next((i for i, seat in enumerate(self._initial) if seat.is_human), None)
        for number, seat in enumerate(self._initial, start=1):
            who = who_of(seat, number - 1 == first_person)
            if who is Who.YOU and self._locked_you_name is not None:
                seat = SeatConfig(self._locked_you_name, seat.kind, seat.level)
            yield SeatRow(seat, who, number, self._locked_you_name is not None, self._online)
        yield Button("+ Add seat", id="seat-add", compact=True)

    def on_mount(self) -> None:
        self._update_buttons()

    # reading --------------------------------------------------------------------------

    @property
    def rows(self) -> list[SeatRow]:
        return list(self.query(SeatRow))

    @property
    def seats(self) -> tuple[SeatConfig, ...]:
        return tuple(row.config() for row in self.rows)

    def problems(self) -> list[str]:
        found = seat_problems(self.seats, self.min_seats, self.max_seats)
        if self._locked_you_name is None:
            return found
        # A locked "You" row shows the player name, which its screen checks and reports.
        locked = {
            name_problem(row.name_input.value, f"The name of seat {number}")
            for number, row in enumerate(self.rows, start=1)
            if row.who is Who.YOU
        }
        return [problem for problem in found if problem not in locked]

    # changing -------------------------------------------------------------------------

    def set_you_name(self, name: str) -> None:
        """Show ``name`` in the locked "You" row (the settings screen's player name)."""
        self._locked_you_name = name
        for row in self.rows:
            if row.who is Who.YOU:
                row.name_input.value = name

    async def action_add_seat(self) -> None:
        rows = self.rows
        if len(rows) >= self.max_seats:
            self.notify(f"A table seats at most {self.max_seats} players.", severity="warning")
            return
        taken = {row.name_input.value.strip().casefold() for row in rows}
        name = next((n for n in BOT_NAMES if n.casefold() not in taken), f"Bot {len(rows) + 1}")
        row = SeatRow(SeatConfig(name), Who.BOT, len(rows) + 1, self._name_locked, self._online)
        await self.mount(row, before=self.query_one("#seat-add"))
        self._update_buttons()

    async def action_remove_seat(self) -> None:
        """Remove the seat holding the focus, or the last one from the "Add seat" button."""
        rows = self.rows
        focused = self.screen.focused
        row = next((r for r in rows if focused is not None and focused in r.walk_children()), None)
        await self._remove(row or rows[-1])

    @property
    def _name_locked(self) -> bool:
        return self._locked_you_name is not None

    async def _remove(self, row: SeatRow) -> None:
        rows = self.rows
        if len(rows) <= self.min_seats:
            self.notify(f"A table needs at least {self.min_seats} players.", severity="warning")
            return
        was_you = row.who is Who.YOU
        await row.remove()
        remaining = [r for r in rows if r is not row]
        for number, other in enumerate(remaining, start=1):
            other.renumber(number)
        if was_you:
            first_person = next((r for r in remaining if r.who is Who.PERSON), None)
            if first_person is not None:
                first_person.who = Who.YOU
        self._update_buttons()

    def _update_buttons(self) -> None:
        rows = self.rows
        self.query_one("#seat-add", Button).disabled = len(rows) >= self.max_seats
        for row in rows:
            row.query_one(".seat-remove", Button).disabled = len(rows) <= self.min_seats

    @on(Button.Pressed, "#seat-add")
    async def _add_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        await self.action_add_seat()

    @on(Button.Pressed, ".seat-remove")
    async def _remove_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        row = next(r for r in self.rows if event.button in r.walk_children())
        await self._remove(row)

    @on(Chooser.Changed, ".seat-who")
    def _who_changed(self, event: Chooser.Changed) -> None:
        """Only one chair is "You": choosing it elsewhere makes the old one a person here."""
        event.stop()
        changed = next(r for r in self.rows if event.chooser in r.walk_children())
        if changed.who is Who.YOU:
            for row in self.rows:
                if row is not changed and row.who is Who.YOU:
                    row.who = Who.PERSON
            if self._locked_you_name is not None:
                changed.name_input.value = self._locked_you_name
        for row in self.rows:
            row.name_input.disabled = self._name_locked and row.who is Who.YOU


def _fit(seats: tuple[SeatConfig, ...], min_seats: int, max_seats: int) -> tuple[SeatConfig, ...]:
    """Defaults cut or padded to what this game seats, with fresh bot names for new chairs."""
    fitted = list(seats[:max_seats])
    taken = {seat.name.casefold() for seat in fitted}
    spare = iter(name for name in BOT_NAMES if name.casefold() not in taken)
    while len(fitted) < min_seats:
        fitted.append(SeatConfig(next(spare, f"Bot {len(fitted) + 1}")))
    return tuple(fitted)
