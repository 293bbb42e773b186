"""The lobby of a table host: its tables, who sits where, and the way to a seat.

Every table is a heading followed by one line per chair; the cursor moves over the chairs
only. Enter (or a click) on an open chair takes it, on your own chair of a table you left
takes it back. Once seated, ``s`` starts the table (bots fill the chairs nobody took) and
``l`` gives the seat back. What the host refuses is said in one sentence.
"""

from __future__ import annotations

from typing import ClassVar, cast

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from liar_tui.net.client import ClientEvent, ConnectError, ConnectionStatus, SeatTicket
from liar_tui.net.protocol import ChairKind, StartTable, TableSummary, TakeSeat
from liar_tui.screens.base import LiarScreen, OnlineAppServices
from liar_tui.screens.lobby_text import chair_words, table_heading
from liar_tui.widgets.footer import Footer


def chair_id(table: int, seat: int) -> str:
    return f"chair-{table}-{seat}"


def parse_chair_id(option_id: str | None) -> tuple[int, int] | None:
    if option_id is None or not option_id.startswith("chair-"):
        return None
    table, _, seat = option_id.removeprefix("chair-").partition("-")
    return int(table), int(seat)


class LobbyScreen(LiarScreen[None]):
    """The bottom screen of ``liar-tui join``: every table returns here."""

    CSS_PATH = "lobby.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "create", "New table"),
        Binding("enter", "take", "Take seat", priority=True),
        Binding("s", "start", "Start"),
        Binding("l", "leave", "Leave seat"),
        Binding("r", "retry", "Reconnect"),
        Binding("q,escape", "app.quit", "Quit", show=False),
    ]

    class HostSaid(Message):
        """Something the client heard, carried onto the screen's message queue."""

        def __init__(self, event: ClientEvent) -> None:
            super().__init__()
            self.event = event

    @property
    def online_app(self) -> OnlineAppServices:
        return cast("OnlineAppServices", self.app)

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-body"):
            yield Static(id="lobby-title")
            yield Static(id="lobby-status", markup=False)
            yield Static(id="lobby-hint", markup=False)
            yield Static("No tables yet: press n to create one.", id="lobby-empty")
            yield OptionList(id="lobby-tables")
        yield Footer()

    def on_mount(self) -> None:
        client = self.online_app.client
        self.query_one("#lobby-title", Static).update(
            Content.assemble(("Lobby", "bold"), f" · table host {client.address}")
        )
        client.listen(self._heard)
        self._redraw()
        self.query_one(OptionList).focus()

    def on_unmount(self) -> None:
        self.online_app.client.unlisten(self._heard)

    def on_screen_resume(self) -> None:
        self._redraw()

    def _heard(self, event: ClientEvent) -> None:
        self.post_message(self.HostSaid(event))

    @on(HostSaid)
    def _host_said(self) -> None:
        self._redraw()

    # drawing --------------------------------------------------------------------------

    def _waiting_ticket(self) -> SeatTicket | None:
        """Our seat at a table that has not started, if any."""
        client = self.online_app.client
        return next((t for t in client.tickets.values() if not t.started), None)

    def _redraw(self) -> None:
        client = self.online_app.client
        status = {
            ConnectionStatus.CONNECTED: f"Connected as {client.name}.",
            ConnectionStatus.RECONNECTING: "Connection lost: reconnecting…",
            ConnectionStatus.GONE: "Not connected: press r to try again.",
        }[client.status]
        status_line = self.query_one("#lobby-status", Static)
        status_line.update(status)
        status_line.set_class(client.status is not ConnectionStatus.CONNECTED, "error")
        self.query_one("#lobby-hint", Static).update(self._hint())
        tables = client.lobby.tables
        self.query_one("#lobby-empty").display = not tables
        option_list = self.query_one(OptionList)
        option_list.display = bool(tables)
        highlighted = option_list.highlighted_option
        keep = highlighted.id if highlighted is not None else None
        options: list[Option | None] = []
        for summary in tables:
            if options:
                options.append(None)
            options += self._table_options(summary)
        option_list.set_options(options)
        ids = [
            option.id
            for option in option_list.options
            if not option.disabled and option.id is not None
        ]
        if keep in ids:
            option_list.highlighted = option_list.get_option_index(keep)
        elif ids:
            option_list.highlighted = option_list.get_option_index(ids[0])
        self.refresh_bindings()

    def _hint(self) -> str:
        ticket = self._waiting_ticket()
        if ticket is not None:
            return (
                f"You sit at table {ticket.table}, seat {ticket.seat + 1}. "
                "Press s to start (bots take the open chairs) or l to leave."
            )
        if self.online_app.client.away:
            return "Your chair at a table you left is marked: press Enter on it to go back."
        return "Pick an open chair and press Enter to sit, or press n to create a table."

    def _table_options(self, summary: TableSummary) -> list[Option | None]:
        client = self.online_app.client
        heading = table_heading(summary.table, summary.game, summary.rules, summary.phase)
        options: list[Option | None] = [
            Option(Content.styled(heading, "bold"), id=f"table-{summary.table}", disabled=True)
        ]
        mine = client.tickets.get(summary.table) or client.away.get(summary.table)
        for seat, chair in enumerate(summary.seats):
            person = chair.kind is ChairKind.PERSON
            yours = mine is not None and mine.seat == seat
            line = Content.assemble(
                f"  {seat + 1:>2}  ",
                (f"{chair.name:<20}", "bold" if person else ""),
                f"  {chair_words(chair, summary.phase)}",
                ("  (you)" if yours else "", "bold"),
            )
            options.append(Option(line, id=chair_id(summary.table, seat)))
        return options

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer Start and Leave only when seated at a waiting table, Reconnect only when
        the host is gone."""
        if action in ("start", "leave"):
            return self._waiting_ticket() is not None
        if action == "retry":
            return self.online_app.client.status is ConnectionStatus.GONE
        return True

    # actions --------------------------------------------------------------------------

    def action_create(self) -> None:
        from liar_tui.screens.lobby_new import NewTableScreen

        if self._waiting_ticket() is not None:
            self.notify("You already sit at a table: press l to leave it first.", markup=False)
            return
        self.app.push_screen(NewTableScreen(), self._game_chosen)

    def _game_chosen(self, game: str | None) -> None:
        from liar_tui.screens.setup import SetupScreen

        if game is not None:
            self.app.push_screen(SetupScreen(game, online=True))

    def action_take(self) -> None:
        highlighted = self.query_one(OptionList).highlighted_option
        self._take(parse_chair_id(highlighted.id if highlighted is not None else None))

    @on(OptionList.OptionSelected)
    def _chair_clicked(self, event: OptionList.OptionSelected) -> None:
        self._take(parse_chair_id(event.option.id))

    def _take(self, chair: tuple[int, int] | None) -> None:
        """Sit on an open chair, or go back to ours at a table we left."""
        if chair is None:
            return
        client = self.online_app.client
        table, seat = chair
        away = client.away.get(table)
        if away is not None and away.seat == seat:
            client.return_to(table)
            return
        summary = next((t for t in client.lobby.tables if t.table == table), None)
        if summary is None:
            return
        if summary.seats[seat].kind is not ChairKind.OPEN:
            self.notify("That chair is not open: pick one marked open.", markup=False)
            return
        if table in client.tickets:
            self.notify("You already sit at this table.", markup=False)
            return
        if self._waiting_ticket() is not None:
            self.notify("You already sit at a table: press l to leave it first.", markup=False)
            return
        client.send(TakeSeat(table, seat))

    def action_start(self) -> None:
        ticket = self._waiting_ticket()
        if ticket is not None:
            self.online_app.client.send(StartTable(ticket.token))

    def action_leave(self) -> None:
        client = self.online_app.client
        ticket = self._waiting_ticket()
        if ticket is None:
            return
        client.leave_table(ticket.table)
        self._redraw()

    @work(exclusive=True, group="reconnect")
    async def action_retry(self) -> None:
        client = self.online_app.client
        try:
            await client.retry()
        except ConnectError as error:
            message = str(error)
            self.notify(message[:1].upper() + message[1:] + ".", severity="error", markup=False)
        self._redraw()
