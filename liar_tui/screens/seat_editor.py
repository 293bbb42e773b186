"""The seat editor shared by the setup and settings screens: who sits where, and their names.

Both screens edit the same thing (a tuple of :class:`SeatConfig`), so they share one widget
and one set of checks instead of two copies that could drift apart.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Button

from liar_tui.screens.rules_editing import made_unstyled
from liar_tui.screens.seat_row import SeatRow, Who, who_of
from liar_tui.table.seats import BOT_NAMES, SeatConfig, name_problem, seat_problems
from liar_tui.widgets.headed_column import PlainColumn


class SeatEditor(PlainColumn):
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
    SeatEditor SeatRow {
        margin-bottom: 1;
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
            yield self._row(seat, who, number)
        yield Button("+ Add seat", id="seat-add", compact=True)

    def _row(self, seat: SeatConfig, who: Who, number: int) -> SeatRow:
        locked = self._name_locked and who is Who.YOU
        return SeatRow(seat, who, number, name_locked=locked, online=self._online)

    def on_mount(self) -> None:
        self._update_buttons()
        self.watch(self.screen, "focused", self._focus_moved, init=False)

    def _focus_moved(self, old: Widget | None, new: Widget | None) -> None:
        """A row the focus comes to from elsewhere starts at its first part, or at its last
        when the focus came backward (from further down the screen, by Shift+Tab)."""
        if not isinstance(new, SeatRow) or new.parent is not self:
            return
        if old is not None and old in new.walk_children(with_self=True):
            return  # moving between the row's own parts
        chain = self.screen.focus_chain
        backward = old in chain and new in chain and chain.index(old) > chain.index(new)
        new.focus_arrived(backward)

    # reading --------------------------------------------------------------------------

    @property
    def rows(self) -> list[SeatRow]:
        return list(self.query_children(SeatRow))

    @property
    def seats(self) -> tuple[SeatConfig, ...]:
        return tuple(row.config() for row in self.rows)

    def problems(self) -> list[str]:
        found = seat_problems(self.seats, self.min_seats, self.max_seats)
        if self._locked_you_name is None:
            return found
        # A locked "You" row shows the player name, which its screen checks and reports.
        locked = {
            name_problem(row.seat_name, f"The name of seat {number}")
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
                row.seat_name = name

    async def action_add_seat(self) -> None:
        rows = self.rows
        if len(rows) >= self.max_seats:
            self.notify(f"A table seats at most {self.max_seats} players.", severity="warning")
            return
        taken = {row.seat_name.strip().casefold() for row in rows}
        name = next((n for n in BOT_NAMES if n.casefold() not in taken), f"Bot {len(rows) + 1}")
        row = self._row(SeatConfig(name), Who.BOT, len(rows) + 1)
        await self.mount(row, before=self.query_one("#seat-add"))
        self._update_buttons()

    async def action_remove_seat(self) -> None:
        """Remove the seat holding the focus, or the last one from the "Add seat" button."""
        rows = self.rows
        focused = self.screen.focused
        row = next((r for r in rows if focused in r.walk_children(with_self=True)), None)
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
            row.removable = len(rows) > self.min_seats

    @on(Button.Pressed, "#seat-add")
    async def _add_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        await self.action_add_seat()

    @on(SeatRow.RemovePressed)
    async def _remove_pressed(self, event: SeatRow.RemovePressed) -> None:
        event.stop()
        await self._remove(event.row)

    @on(SeatRow.WhoChanged)
    def _who_changed(self, event: SeatRow.WhoChanged) -> None:
        """Only one chair is "You": choosing it elsewhere makes the old one a person here."""
        event.stop()
        changed = event.row
        if changed.who is Who.YOU:
            for row in self.rows:
                if row is not changed and row.who is Who.YOU:
                    row.who = Who.PERSON
            if self._locked_you_name is not None:
                changed.seat_name = self._locked_you_name
        for row in self.rows:
            row.name_locked = self._name_locked and row.who is Who.YOU


def _fit(seats: tuple[SeatConfig, ...], min_seats: int, max_seats: int) -> tuple[SeatConfig, ...]:
    """Defaults cut or padded to what this game seats, with fresh bot names for new chairs."""
    fitted = list(seats[:max_seats])
    taken = {seat.name.casefold() for seat in fitted}
    spare = iter(name for name in BOT_NAMES if name.casefold() not in taken)
    while len(fitted) < min_seats:
        fitted.append(SeatConfig(next(spare, f"Bot {len(fitted) + 1}")))
    return tuple(fitted)
