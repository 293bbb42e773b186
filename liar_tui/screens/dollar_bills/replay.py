"""The dollar-bill table of a replay: the recording seat's bill, the bid to beat, the play
screen's bidding and seats panels, and every bill once a game is shown, drawn read-only at
each step.

A table of bills deals game after game, so every bill a record could show face up is shown
when its game is: the bills of a show are public. (The seats' views at the record's end are
of the next deal, never played, so they are not shown.)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from liar_tui.rules.dollar_bills.game import (
    BidPlaced,
    BillsShown,
    DollarBillsView,
    GameDealt,
    Pass,
    Passed,
    PlaceBid,
)
from liar_tui.screens.dollar_bills.bill import BillFace
from liar_tui.screens.dollar_bills.panels import BidHistory, SeatsPanel, game_outcome
from liar_tui.screens.replay_table import Redrawn, ReplayFrame, ReplayTable, StepWords
from liar_tui.screens.wording import possessive, subject_verb
from liar_tui.table.table import SeatUpdate


class _Seats(SeatsPanel, Redrawn):
    """The seats, redrawn in their fixed height without a layout."""


class _Bids(BidHistory, Redrawn):
    """This game's bids, redrawn in the height their panel keeps without a layout."""


class DollarBillsReplayTable(ReplayTable):
    """The bill and the bidding in the middle, the seats beside."""

    DEFAULT_CSS = """
    DollarBillsReplayTable > Horizontal {
        height: 100%;
        align-horizontal: center;
    }
    DollarBillsReplayTable .main-column {
        width: 2fr;
        min-width: 46;
        max-width: 78;
        height: 100%;
    }
    DollarBillsReplayTable #bill {
        height: auto;
        border: round $success;
        border-title-color: $text-success;
        border-title-style: bold;
        padding: 0 0 0 1;
    }
    DollarBillsReplayTable #bid-panel, DollarBillsReplayTable #history-panel {
        height: auto;
        border: round $primary;
        border-title-style: bold;
        padding: 0 1;
    }
    DollarBillsReplayTable #history-panel {
        height: 1fr;
        min-height: 4;
        max-height: 10;
    }
    DollarBillsReplayTable #history {
        height: 100%;
    }
    DollarBillsReplayTable #seats {
        width: 1fr;
        min-width: 29;
        max-width: 42;
        border: round $accent;
        border-title-color: $text-accent;
        border-title-style: bold;
        padding: 0 0 0 1;
    }
    """

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(classes="main-column"):
                yield BillFace(self.look, id="bill")
                with Vertical(id="bid-panel"):
                    yield Redrawn(id="standing")
                    yield Redrawn(id="shown")
                with Vertical(id="history-panel"):
                    yield _Bids(self.names, self.look, id="history")
            yield _Seats(self.names, self.look, id="seats")

    def on_mount(self) -> None:
        self.query_one("#bid-panel").border_title = "Bidding"
        self.query_one("#history-panel").border_title = "This game"
        seats = self.query_one("#seats")
        seats.border_title = "Liar's Poker · bills"
        # Its height known from the seats (and its border): a step's redraw measures no table.
        seats.styles.height = len(self.names) + 6

    def show(self, frame: ReplayFrame) -> None:
        shown = next((e for e in frame.update.events if isinstance(e, BillsShown)), None)
        # A show deals the next game at the same step: at the record's end, the table is
        # the game it ends; elsewhere the deal (the record's own game may start there).
        view = self._game_shown(frame, shown) if shown is not None else frame.update.view
        serial, game = (shown.serials[self.seat], shown.game) if shown else (view.serial, view.game)
        bill = self.query_one("#bill", BillFace)
        bill.show(serial)
        owner = possessive(self.names[self.seat], capital=True)
        self.set_border_title("#bill", f"{owner} bill · game {game}")
        self.query_one("#seats", SeatsPanel).show(view, self.seat, (self.seat,))
        self.query_one("#history", BidHistory).show(view)
        self.query_one("#standing", Static).update(self._standing(view, shown))
        bills = self.query_one("#shown", Static)
        bills.display = shown is not None
        if shown is not None:
            bills.update(self._bills(shown))

    def _game_shown(self, frame: ReplayFrame, shown: BillsShown) -> DollarBillsView:
        """The game ``shown`` ends, as the show left it, where the frame keeps the step
        before (the record's last step): the view before with the pass that ended the
        bidding, the ledger and the last game's record (its outcome, above its bids) as the
        show settled them, and no seat to act (a turn no seat has). The step's own view is
        of the next deal, drawn elsewhere."""
        view: DollarBillsView = frame.update.view
        if frame.before is None:
            return view
        before: DollarBillsView = frame.before.view
        passed = [Pass(event.seat) for event in frame.update.events if isinstance(event, Passed)]
        return replace(
            before,
            turn=-1,
            turns=(*before.turns, *passed),
            passes=before.passes + len(passed),
            ledger=view.ledger,
            last_bids=view.last_bids,
            bids_held=view.bids_held,
            recent_games=view.recent_games,
        )

    def _standing(self, view: DollarBillsView, shown: BillsShown | None) -> Text:
        if shown is not None:
            line = Text("Last bid: ")
            line.append(shown.bid.text, style="bold")
            line.append(f" by {self.names[shown.bidder]}")
            return line
        if view.standing is None or view.bidder is None:
            opener = subject_verb(self.names[view.turn], "open")
            return Text(f"No bid yet: {opener} the bidding.", style="italic")
        line = Text("To beat: ")
        line.append(view.standing.text, style="bold")
        line.append(f" by {self.names[view.bidder]}")
        return line

    def _bills(self, shown: BillsShown) -> Text:
        """Every bill of the game just shown, face up."""
        text = Text("Bills shown:", style="bold")
        for seat, serial in enumerate(shown.serials):
            text.append(f"\n{self.names[seat]}: ")
            text.append(serial, style="bold")
        return text

    def deals_a_game(self, update: SeatUpdate) -> bool:
        return any(isinstance(event, GameDealt) for event in update.events)

    def played_action(self, update: SeatUpdate) -> Any | None:
        """The bid or the pass the events name."""
        for event in update.events:
            if isinstance(event, BidPlaced):
                return PlaceBid(event.seat, event.bid)
            if isinstance(event, Passed):
                return Pass(event.seat)
        return None

    def describe(self, update: SeatUpdate) -> StepWords:
        said: list[str] = []
        milestone = False
        names = self.names
        for event in update.events:
            if isinstance(event, BidPlaced):
                said.append(f"{subject_verb(names[event.seat], 'bid')} {event.bid.text}")
            elif isinstance(event, Passed):
                said.append(subject_verb(names[event.seat], "pass"))
            elif isinstance(event, BillsShown):
                milestone = True
                said.append(game_outcome(event, names))
            elif isinstance(event, GameDealt):
                said.append(
                    f"game {event.game} is dealt: {subject_verb(names[event.starter], 'open')}"
                )
        if not said:
            view: DollarBillsView = update.view
            said.append(f"game {view.game} is dealt: {subject_verb(names[view.starter], 'open')}")
        line = "; ".join(part.rstrip(".") for part in said)
        return StepWords(line[0].upper() + line[1:], milestone)
