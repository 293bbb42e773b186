"""``liar-tui join``'s app: the same screens as solo, with a table host's lobby at the bottom.

The play screens are the solo ones, handed a :class:`~liar_tui.net.client.RemoteChannel`
instead of a local channel. What differs is around them: a new table is created on the
host (the setup screen's ``start_online_table`` becomes a CreateTable frame, private or
not, with its turn timer), every finished or left table returns to the lobby, and the
host's news (a drop, a stand-in bot, a private table's code, a lost seat, a refusal) is
said on whatever screen is showing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.message import Message
from textual.screen import Screen

from liar_tui import app as app_module
from liar_tui.app import LiarApp
from liar_tui.net.client import (
    BadHostFrame,
    ClientEvent,
    ConnectionStatus,
    HostClient,
    RemoteChannel,
    SeatReady,
    StatusChanged,
)
from liar_tui.net.protocol import (
    ChairKind,
    ChairState,
    CreateTable,
    HostError,
    LobbyState,
    SeatLost,
    TableCreated,
)
from liar_tui.screens.online_options import OnlineTableOptions
from liar_tui.store.saves import SavedClock
from liar_tui.store.settings import Settings
from liar_tui.table.setup import TableSetup

if TYPE_CHECKING:
    from liar_tui.net.client_history import SeatGame
    from liar_tui.store.history import FinishedGame


def _lobby_screen() -> Screen[Any]:
    from liar_tui.screens.lobby import LobbyScreen

    return LobbyScreen()


def leave_question(away_timeout: float) -> str:
    """What leaving an online table means: the seat waits, and a bot keeps it warm."""
    return (
        "Leave the table? Your seat is kept: after "
        f"{away_timeout:g} s away a bot plays it until you come back "
        "(Enter on your chair in the lobby)."
    )


CODE_NOTICE_SECONDS = 120
"""How long the notice with a private table's code stays: time to copy it to friends (the
lobby keeps showing it beside the table after that)."""


def code_notice(table: int, code: str) -> str:
    return (
        f"Table {table} is private: its code is {code}. Give it to the players you want "
        "there; the lobby shows it beside the table."
    )


def seat_lost_notice(lost: SeatLost) -> str:
    """The host took a seat from this connection: its reason is a sentence naming the
    table and why (the owner removed us, or the seat was resumed elsewhere)."""
    reason = lost.reason.strip()
    if not reason:
        return f"You no longer hold seat {lost.seat + 1} at table {lost.table}."
    return reason if reason.endswith((".", "!", "?")) else f"{reason}."


class ClientApp(LiarApp):
    """A :class:`LiarApp` whose tables live on a table host."""

    CSS_PATH = Path(app_module.__file__).with_name("app.tcss")
    """The solo app's styles (a relative path would be looked up beside this module)."""
    MODES: ClassVar[dict[str, str | Callable[[], Screen[Any]]]] = {"lobby": _lobby_screen}
    DEFAULT_MODE = "lobby"

    class HostSaid(Message):
        """Something the client heard, carried onto the app's message queue."""

        def __init__(self, event: ClientEvent) -> None:
            super().__init__()
            self.event = event

    def __init__(
        self,
        client: HostClient,
        settings: Settings | None = None,
        settings_problem: str | None = None,
    ) -> None:
        super().__init__(settings, settings_problem)
        self.client = client
        self._chairs: dict[tuple[int, int], ChairState] = {}
        """The people's chairs at our tables as last heard, to tell who went away or came back."""

    def on_mount(self) -> None:
        super().on_mount()
        self.client.listen(self._heard)

    def on_unmount(self) -> None:
        self.client.unlisten(self._heard)

    def _heard(self, event: ClientEvent) -> None:
        if isinstance(event, SeatReady):
            # Here, as the client makes the channel, rather than when the app reads the
            # event: the table's first updates may come before that.
            self._keep_games_of(event.channel)
        self.post_message(self.HostSaid(event))

    @on(HostSaid)
    def _host_said(self, message: HostSaid) -> None:
        event = message.event
        if isinstance(event, StatusChanged):
            self._status_changed(event.status)
        elif isinstance(event, SeatReady):
            self._show_table(event.channel)
        elif isinstance(event, TableCreated):
            if event.code:
                notice = code_notice(event.table, event.code)
                self.notify(notice, markup=False, timeout=CODE_NOTICE_SECONDS)
        elif isinstance(event, SeatLost):
            self.notify(seat_lost_notice(event), severity="warning", markup=False, timeout=15)
        elif isinstance(event, LobbyState):
            self._tell_who_is_away(event)
        elif isinstance(event, HostError):
            from liar_tui.screens.lobby_text import host_error_sentence

            self.notify(host_error_sentence(event), severity="error", markup=False)
        elif isinstance(event, BadHostFrame):
            self.notify(event.problem, severity="warning", markup=False)

    def _status_changed(self, status: ConnectionStatus) -> None:
        if status is ConnectionStatus.RECONNECTING:
            self.notify("Connection lost: reconnecting…", severity="warning", markup=False)
        elif status is ConnectionStatus.CONNECTED:
            self.notify("Reconnected.", markup=False)
        else:
            self.notify(
                f"The table host at {self.client.address} is gone: "
                "press r in the lobby to try again.",
                severity="error",
                markup=False,
                timeout=30,
            )

    def _tell_who_is_away(self, lobby: LobbyState) -> None:
        """Say when someone at our table gets a stand-in bot, or comes back from one."""
        chairs: dict[tuple[int, int], ChairState] = {}
        for summary in lobby.tables:
            ticket = self.client.tickets.get(summary.table)
            if ticket is None:
                continue
            for seat, chair in enumerate(summary.seats):
                if seat == ticket.seat or chair.kind is not ChairKind.PERSON:
                    continue
                chairs[summary.table, seat] = chair
                before = self._chairs.get((summary.table, seat))
                if before is None or before.name != chair.name:
                    continue
                if chair.stand_in and not before.stand_in:
                    self.notify(
                        f"{chair.name} has been away for {self.client.away_timeout:g} s: "
                        "a bot plays for them until they return.",
                        markup=False,
                    )
                elif before.stand_in and chair.present and not chair.stand_in:
                    self.notify(f"{chair.name} is back.", markup=False)
        self._chairs = chairs

    # tables ----------------------------------------------------------------------

    def _show_table(self, channel: RemoteChannel) -> None:
        from liar_tui.games import plugin
        from liar_tui.screens.table_screen import TableScreen

        self.return_home()
        screen = plugin(channel.setup.game).play_screen(channel)
        if isinstance(screen, TableScreen):
            screen.leave_question = leave_question(self.client.away_timeout)
        self.push_screen(screen)

    def start_table(
        self, setup: TableSetup, actions: tuple[Any, ...] = (), clock: SavedClock | None = None
    ) -> None:
        """A table started without online options: a public one with the default timer (a
        host's table keeps its own clock)."""
        self.start_online_table(setup, OnlineTableOptions())

    def start_online_table(self, setup: TableSetup, options: OnlineTableOptions) -> None:
        """The online setup screen's Start: create the table on the host and sit on its
        first person's chair; the other people's chairs are open to the lobby (to those
        with the code, at a private table)."""
        self.client.send(
            CreateTable(
                setup.game,
                setup.rules,
                setup.seats,
                private=options.private,
                turn_seconds=float(options.turn_seconds),
                seat=setup.human_seats[0] if setup.human_seats else None,
            )
        )
        self.return_home()

    def play_again(self, setup: TableSetup) -> None:
        """A finished table goes back to the lobby, to create or join another."""
        self.return_home()

    # history ---------------------------------------------------------------------

    def _keep_games_of(self, channel: RemoteChannel) -> None:
        """Record each game the channel's seat plays to its end, from what the seat is told.

        A seat taken up in a game under way missed its start: that game is not recorded,
        the next deals of a table of bills are.
        """
        from liar_tui.net.client_history import SeatRecorder

        recorder = SeatRecorder(
            channel.setup, channel.seat, self._record_seat_game, from_start=channel.from_start
        )
        channel.watch(recorder.hear)

    def _record_seat_game(self, game: SeatGame) -> None:
        """Record a game our seat heard to its end, as a local game is: only the seat's own
        updates are kept, never the host's log, which a client is not told."""

        def finished() -> FinishedGame:
            from liar_tui.table.finished import seat_record_from_updates

            return seat_record_from_updates(game.setup, game.log, game.seat, game.times)

        self.record_in_history(finished)
