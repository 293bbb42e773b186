"""The dollar-bill table as the people at this keyboard see it.

The screen listens to its human seats through the table, shows the bill of the person
whose turn it is in large digits, and sends bids and passes on the bus. Whatever comes
back (a refusal, a show, the next deal) arrives as a message, and the screen decides what
to show next in the loop all table screens share
(:class:`~liar_tui.screens.table_screen.TableScreen`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from liar_tui.games import plugin
from liar_tui.money import money_text
from liar_tui.rules.dollar_bills.game import DollarBillsView, Pass, PlaceBid, Settled
from liar_tui.rules.dollar_bills.odds import probability_at_least
from liar_tui.screens.dollar_bills.bid_builder import BidBuilder, chance_text
from liar_tui.screens.dollar_bills.bill import BillFace
from liar_tui.screens.dollar_bills.ledger import BillsLedgerScreen
from liar_tui.screens.dollar_bills.panels import BidHistory, SeatsPanel
from liar_tui.screens.dollar_bills.privacy import BillPrivacyScreen
from liar_tui.screens.dollar_bills.reveal import BillsRevealScreen
from liar_tui.screens.table_screen import Popup, TableScreen
from liar_tui.screens.wording import possessive, subject_verb
from liar_tui.table.table import SeatChannel, SeatUpdate
from liar_tui.widgets.footer import Footer

if TYPE_CHECKING:
    from liar_tui.table.setup import TableSetup


def saved_summary(setup: TableSetup, view: DollarBillsView) -> str:
    """One line on where the saved session stands: its game and every seat's winnings."""
    title = plugin(setup.game).title
    ledger = " · ".join(
        f"{name} {money_text(amount)}"
        for name, amount in zip(setup.names, view.ledger, strict=True)
    )
    return f"{title}, game {view.game}: {ledger}"


class DollarBillsPlayScreen(TableScreen[DollarBillsView, tuple[int, int, int]]):
    """One dollar-bill table: your bill, the bid builder, the bidding so far, the seats."""

    LEAVE_QUESTION: ClassVar[str] = (
        "Leave the table? The game is saved after every bid and pass, "
        "so you can resume it from the home screen."
    )

    CSS_PATH = "play.tcss"
    AUTO_FOCUS = ""
    """Nothing takes the focus when the table opens: the bid builder, the only widget
    that can, is built and focused when a person's turn first shows it (see
    :meth:`_builder`), so the table's first frame waits for neither."""
    ACTING_PANEL: ClassVar[str] = "#bid-panel"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "ledger", "Ledger"),
        Binding("h", "coach", "Coach"),
        Binding("escape", "leave", "Leave"),
    ]

    def __init__(self, channel: SeatChannel) -> None:
        super().__init__(channel)
        self._face_up: int | None = None
        """The seat whose bill is on screen, if any."""

    # layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        look = self.look
        with Horizontal(id="table-area"):
            with Vertical(id="main-column"):
                yield BillFace(look, id="bill")
                with Vertical(id="bid-panel"):
                    yield Static("", id="standing")
                    yield Static("", id="waiting")
                with VerticalScroll(id="history-panel", can_focus=False):
                    yield BidHistory(self.names, look, id="history")
            yield SeatsPanel(self.names, look, id="seats")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#bill").border_title = "Your bill"
        self.query_one("#bid-panel").border_title = "Bidding"
        self.query_one("#history-panel").border_title = "This game"
        self.query_one("#seats").border_title = "Liar's Poker · bills"

    # table updates --------------------------------------------------------------------

    def _refusal_title(self, action: Any) -> str:
        return "Pass refused" if isinstance(action, Pass) else "Bid refused"

    def _read_events(self, update: SeatUpdate, before: DollarBillsView | None) -> Iterable[Popup]:
        """The show of the bills at the end of every game; its screen can leave the table."""
        if any(isinstance(event, Settled) for event in update.events):
            record = update.view.recent_games[-1]
            screen = partial(BillsRevealScreen, record, self.names, self.look, self.action_ledger)
            yield Popup(screen, closed=self._leave_answered)

    def _turn_key(self, seat: int) -> tuple[int, int, int]:
        """(seat, game, turns so far): every bid or pass is a new turn."""
        view = self._views[seat]
        return (seat, view.game, len(view.turns))

    def _privacy_key(self, seat: int) -> tuple[int, int]:
        """(seat, game): a bill is private to its holder for the whole game."""
        return (seat, self._views[seat].game)

    def _privacy_screen(self, seat: int) -> BillPrivacyScreen:
        return BillPrivacyScreen(self.names[seat], self._views[seat].game)

    # drawing --------------------------------------------------------------------------

    def _redraw_panels(self) -> None:
        view = self._public_view()
        self.query_one("#seats", SeatsPanel).show(view, self._face_up, self.humans)
        self.query_one("#history", BidHistory).show(view)
        self.query_one("#history-panel", VerticalScroll).scroll_end(animate=False)
        self._show_standing()

    def _show_bill(self, seat: int | None) -> None:
        """Turn ``seat``'s bill face up, or every bill face down when ``seat`` is None."""
        self._face_up = seat
        bill = self.query_one("#bill", BillFace)
        if seat is None:
            bill.turn_over(self._public_view().rules.digits)
            bill.border_title = "Bills face down"
            return
        bill.show(self._views[seat].serial)
        name = self.names[seat]
        owner = f"{possessive(name, capital=True)} bill" if self.hot_seat else "Your bill"
        bill.border_title = Content(f"{owner} · game {self._views[seat].game}")

    def _show_standing(self) -> None:
        """The bid to beat, by whom, and how likely it is from the bill on screen."""
        view = self._public_view()
        standing = self.query_one("#standing", Static)
        if view.standing is None or view.bidder is None:
            opener = subject_verb(self.names[view.turn], "open")
            standing.update(Text(f"No bid yet: {opener} the bidding.", style="italic"))
            return
        line = Text("To beat: ")
        line.append(view.standing.text, style="bold")
        line.append(f" by {self.names[view.bidder]}")
        if self._face_up is not None and self.liar_app.settings.show_odds:
            own = self._views[self._face_up]
            chance = probability_at_least(
                view.standing.count, view.standing.digit, own.serial, own.seats, own.rules.digits
            )
            line.append(f" · {chance_text(chance)}", style="dim")
        standing.update(line)

    async def _show_turn(self, seat: int) -> None:
        self._coach_retire_stale()
        view = self._views[seat]
        self._show_bill(seat)
        builder = await self._builder()
        builder.display = True
        self.query_one("#waiting", Static).display = False
        builder.start_turn(view.standing, view.max_count, view.serial, view.seats)
        name = self.names[seat]
        whose = possessive(name) if self.hot_seat else "your"
        verb = "open" if view.standing is None else "raise or pass"
        self.query_one("#bid-panel").border_title = Content(f"It is {whose} turn: {verb}")
        builder.focus()
        self._redraw_panels()

    async def _builder(self) -> BidBuilder:
        """The bid builder, built the first time a person's turn needs it: a table opens
        (and bots play) without it, and its widgets are the bulk of the table's."""
        found = self.query("#builder").results(BidBuilder)
        builder = next(found, None)
        if builder is None:
            builder = BidBuilder(self.liar_app.settings.show_odds, id="builder")
            await self.query_one("#bid-panel").mount(builder, after="#standing")
        return builder

    def _show_waiting(self, headline: str | None = None) -> None:
        """Hide the builder; say whom the table waits for. One person keeps the bill in view."""
        self._showing = None
        self._coach_retire_stale()
        self._show_bill(None if self.hot_seat else self.humans[0])
        for builder in self.query("#builder"):
            builder.display = False
        waiting = self.query_one("#waiting", Static)
        waiting.display = True
        self.query_one("#bid-panel").border_title = "Bidding"
        view = self._public_view()
        if headline is not None:
            waiting.update(Text(headline, style="bold"))
        else:
            waiting.update(Text(f"Waiting for {self.names[view.turn]}…", style="italic"))
        self._redraw_panels()

    # player actions -------------------------------------------------------------------

    @on(BidBuilder.Submitted)
    def _bid_submitted(self, event: BidBuilder.Submitted) -> None:
        if self._showing is not None:
            self._send(PlaceBid(self._showing[0], event.bid))

    @on(BidBuilder.PassChosen)
    def _pass_chosen(self) -> None:
        if self._showing is not None:
            self._send(Pass(self._showing[0]))

    def action_ledger(self) -> None:
        if not self._views:
            return
        view = self._public_view()
        self.app.push_screen(BillsLedgerScreen(self.names, view, self.look))
