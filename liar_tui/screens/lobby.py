"""The lobby of a table host: its tables, who sits where, and the way to a seat.

Every table is a heading (and a line of details: private, turn timer, votes) followed by
one line per chair; the cursor moves over the chairs only. Enter (or a click) on an open
chair takes it (asking for the code at a private table), on your own chair of a table you
left takes it back. Once seated, ``s`` starts the table if you own it (bots fill the chairs
nobody took) or is your vote to start if not, ``x`` lets the owner remove a player, and
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
from liar_tui.net.protocol import (
    ChairKind,
    RemoveSeat,
    Seated,
    StartTable,
    TableCreated,
    TableSummary,
    TakeSeat,
)
from liar_tui.screens.base import LiarScreen, OnlineAppServices
from liar_tui.screens.lobby_text import chair_words, table_details, table_heading
from liar_tui.widgets.card_art import CardLook
from liar_tui.widgets.footer import Footer

OWNER_MARK = "★"
"""Beside the owner's name (an asterisk when the settings ask for ASCII)."""


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
        Binding("s", "vote", "Vote to start"),
        Binding("x", "remove", "Remove player"),
        Binding("l", "leave", "Leave seat"),
        Binding("r", "retry", "Reconnect"),
        Binding("q,escape", "app.quit", "Quit", show=False),
    ]

    class HostSaid(Message):
        """Something the client heard, carried onto the screen's message queue."""

        def __init__(self, event: ClientEvent) -> None:
            super().__init__()
            self.event = event

    def __init__(self) -> None:
        super().__init__()
        self._codes: dict[int, str] = {}
        """Codes of private tables we created or sat at, shown beside them."""
        self._code_tried: tuple[int, str] | None = None
        """The code sent with our last TakeSeat at a private table, kept once it seats us."""

    @property
    def online_app(self) -> OnlineAppServices:
        return cast("OnlineAppServices", self.app)

    @property
    def look(self) -> CardLook:
        return CardLook.from_settings(self.liar_app.settings).in_theme(self.app.current_theme.dark)

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
            Content.assemble(("Lobby", "bold"), self.look.text(f" · table host {client.address}"))
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
    def _host_said(self, message: HostSaid) -> None:
        event = message.event
        if isinstance(event, TableCreated) and event.code:
            self._codes[event.table] = event.code
        elif isinstance(event, Seated) and self._code_tried is not None:
            table, code = self._code_tried
            if table == event.table:
                self._codes[table] = code
                self._code_tried = None
        self._redraw()

    # drawing --------------------------------------------------------------------------

    def _waiting_ticket(self) -> SeatTicket | None:
        """Our seat at a table that has not started, if any."""
        client = self.online_app.client
        return next((t for t in client.tickets.values() if not t.started), None)

    def _summary(self, table: int) -> TableSummary | None:
        return next((t for t in self.online_app.client.lobby.tables if t.table == table), None)

    def _owned_ticket(self) -> SeatTicket | None:
        """Our seat at a waiting table we own: the owner starts it and may remove players."""
        ticket = self._waiting_ticket()
        if ticket is None:
            return None
        summary = self._summary(ticket.table)
        owns = summary is not None and summary.owner == ticket.seat
        return ticket if owns else None

    def _voted(self, ticket: SeatTicket) -> bool:
        summary = self._summary(ticket.table)
        if summary is None or ticket.seat >= len(summary.seats):
            return False
        return summary.seats[ticket.seat].ready

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
        waiting = self._waiting_ticket()
        ours = chair_id(waiting.table, waiting.seat) if waiting is not None else None
        if keep in ids:
            option_list.highlighted = option_list.get_option_index(keep)
        elif ours in ids:
            # Our own table first: its owner picks whom to remove from there.
            option_list.highlighted = option_list.get_option_index(ours)
        elif ids:
            option_list.highlighted = option_list.get_option_index(ids[0])
        self.refresh_bindings()

    def _hint(self) -> str:
        ticket = self._waiting_ticket()
        if ticket is not None and self._owned_ticket() is not None:
            return (
                f"You own table {ticket.table} (seat {ticket.seat + 1}). Press s to start it "
                "(bots take the open chairs), x to remove a player, or l to leave."
            )
        if ticket is not None and self._voted(ticket):
            return (
                f"You voted to start table {ticket.table}: it starts when its owner starts "
                "it or everyone seated has voted. Press l to leave."
            )
        if ticket is not None:
            return (
                f"You sit at table {ticket.table}, seat {ticket.seat + 1}. Press s to vote "
                "to start (its owner may start it at once) or l to leave."
            )
        if self.online_app.client.away:
            return "Your chair at a table you left is marked: press Enter on it to go back."
        return "Pick an open chair and press Enter to sit, or press n to create a table."

    def _table_options(self, summary: TableSummary) -> list[Option | None]:
        client = self.online_app.client
        look = self.look
        heading = table_heading(summary.table, summary.game, summary.rules, summary.phase)
        options: list[Option | None] = [
            Option(
                Content.styled(look.text(heading), "bold"),
                id=f"table-{summary.table}",
                disabled=True,
            )
        ]
        details = table_details(summary, self._codes.get(summary.table, ""))
        if details:
            options.append(
                Option(
                    Content.styled(f"      {look.text(details)}", "italic"),
                    id=f"details-{summary.table}",
                    disabled=True,
                )
            )
        mine = client.tickets.get(summary.table) or client.away.get(summary.table)
        mark = look.text(OWNER_MARK)
        for seat, chair in enumerate(summary.seats):
            person = chair.kind is ChairKind.PERSON
            yours = mine is not None and mine.seat == seat
            owner = person and summary.owner == seat
            line = Content.assemble(
                f"  {seat + 1:>2}  ",
                (f"{mark if owner else ' '} ", "bold $warning"),
                (f"{chair.name:<20}", "bold" if person else ""),
                f"  {chair_words(chair, summary.phase, owner)}",
                ("  (you)" if yours else "", "bold"),
            )
            options.append(Option(line, id=chair_id(summary.table, seat)))
        return options

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer Leave only when seated at a waiting table, Start and Remove only to its
        owner and Vote to start to everyone else there, Reconnect only when the host is
        gone."""
        if action in ("start", "remove"):
            return self._owned_ticket() is not None
        if action == "vote":
            return self._waiting_ticket() is not None and self._owned_ticket() is None
        if action == "leave":
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
        summary = self._summary(table)
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
        known = self._codes.get(table, "")
        if summary.private and not known:
            from liar_tui.screens.table_code import TableCodeScreen

            def code_typed(code: str | None) -> None:
                if code is not None:
                    self._code_tried = (table, code)
                    client.send(TakeSeat(table, seat, code))

            self.app.push_screen(TableCodeScreen(table, seat), code_typed)
            return
        client.send(TakeSeat(table, seat, known))

    def action_start(self) -> None:
        """The owner starts the table; bots take the chairs still open."""
        ticket = self._owned_ticket()
        if ticket is not None:
            self.online_app.client.send(StartTable(ticket.token))

    def action_vote(self) -> None:
        """Anyone else seated votes to start: it starts once every person seated has."""
        ticket = self._waiting_ticket()
        if ticket is None:
            return
        if self._voted(ticket):
            self.notify(
                "You already voted to start: it starts when its owner starts it "
                "or everyone seated has voted.",
                markup=False,
            )
            return
        self.online_app.client.send(StartTable(ticket.token))

    def action_remove(self) -> None:
        """The owner removes the person on the highlighted chair, after a yes."""
        ticket = self._owned_ticket()
        if ticket is None:
            return
        highlighted = self.query_one(OptionList).highlighted_option
        chair = parse_chair_id(highlighted.id if highlighted is not None else None)
        summary = self._summary(ticket.table)
        if chair is None or chair[0] != ticket.table or summary is None:
            self.notify(
                f"Put the cursor on a player at your table {ticket.table}, then press x.",
                markup=False,
            )
            return
        seat = chair[1]
        if seat == ticket.seat:
            self.notify("That is your own chair: press l to leave the table.", markup=False)
            return
        person = summary.seats[seat]
        if person.kind is not ChairKind.PERSON:
            self.notify(
                "Nobody sits in that chair: only a seated player can be removed.", markup=False
            )
            return
        from liar_tui.screens.confirm import ConfirmScreen

        def answered(remove: bool | None) -> None:
            still_owned = self._owned_ticket()
            if remove and still_owned is not None and still_owned.token == ticket.token:
                self.online_app.client.send(RemoveSeat(ticket.token, seat))

        question = (
            f"Remove {person.name} from seat {seat + 1} of table {ticket.table}? "
            "Their chair opens again."
        )
        self.app.push_screen(ConfirmScreen(question, "Remove", "Keep"), answered)

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
