"""The show: every bill face up with the bid's digit picked out, the count, who pays whom.

It also closes a game: the session has dealt the next one already, so going on is
"play again", and leaving loses nothing (the next game is saved).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from liar_tui.rules.dollar_bills.game import BillsShown, GameRecord, Settled
from liar_tui.screens.dollar_bills.bill import serial_line
from liar_tui.screens.dollar_bills.panels import count_phrase, money_text
from liar_tui.screens.wording import names_joined, subject_verb
from liar_tui.table.seats import MAX_NAME_LENGTH
from liar_tui.widgets.buttons import MouseButton
from liar_tui.widgets.card_art import CardLook
from liar_tui.widgets.footer import Footer


def reveal_headline(shown: BillsShown, names: Sequence[str]) -> str:
    """``Ada bid Three 7s. The bills hold four 7s: the bid holds.``"""
    found = count_phrase(shown.count, shown.bid.digit)
    verdict = "the bid holds" if shown.held else "the bid fails"
    return f"{names[shown.bidder]} bid {shown.bid.text}. The bills hold {found}: {verdict}."


def payments_sentence(settled: Settled, names: Sequence[str]) -> str:
    """``Ada wins $1 from each of Bea and Cal.`` or ``You pay $1 to each of Ada and Bea.``"""
    bidder = names[settled.bidder]
    others = [name for seat, name in enumerate(names) if seat != settled.bidder]
    each = "each of " if len(others) > 1 else ""
    stake = abs(settled.amounts[(settled.bidder + 1) % len(names)])
    if settled.held:
        return f"{subject_verb(bidder, 'win')} ${stake} from {each}{names_joined(others)}."
    return f"{subject_verb(bidder, 'pay')} ${stake} to {each}{names_joined(others)}."


def reveal_table(record: GameRecord, names: Sequence[str], look: CardLook) -> Table:
    """One row a seat: the serial with the digit picked out, how many it holds, the money."""
    shown, settled = record.shown, record.settled
    digit = shown.bid.digit
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim")
    table.add_column("Seat", no_wrap=True, overflow="ellipsis", max_width=MAX_NAME_LENGTH)
    table.add_column("Serial", no_wrap=True)
    table.add_column(f"{digit}s", justify="right", no_wrap=True)
    table.add_column("Game", justify="right", no_wrap=True)
    table.add_column("Ledger", justify="right", no_wrap=True)
    for seat, serial in enumerate(shown.serials):
        bidder = seat == shown.bidder
        name = Text(names[seat], style=f"bold {look.ink.turn}" if bidder else "")
        table.add_row(
            name,
            serial_line(serial, digit),
            str(serial.count(str(digit))),
            money_text(settled.amounts[seat], look),
            money_text(settled.ledger[seat], look),
        )
    table.add_row(
        Text("All bills", style="bold"),
        "",
        Text(str(shown.count), style="bold"),
        "",
        "",
        end_section=True,
    )
    return table


class BillsRevealScreen(Screen[bool]):
    """Shown after every game; dismisses with True when the player would rather leave."""

    CSS_PATH = "reveal.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape", "next_game", "Next game"),
        Binding("l", "ledger", "Ledger"),
        Binding("h", "leave", "Leave table"),
    ]

    def __init__(
        self,
        record: GameRecord,
        names: Sequence[str],
        look: CardLook,
        show_ledger: Callable[[], None],
    ) -> None:
        super().__init__()
        self.record = record
        self.names = tuple(names)
        self.look = look
        self._show_ledger = show_ledger

    def compose(self) -> ComposeResult:
        self.look = self.look.in_theme(self.app.current_theme.dark)
        shown, settled = self.record.shown, self.record.settled
        verdict = "-held" if shown.held else "-failed"
        with Vertical(id="reveal-box", classes=verdict):
            yield Static(f"Game {shown.game}: the bills are shown", id="reveal-title")
            yield Static(reveal_headline(shown, self.names), id="reveal-headline", markup=False)
            with Center():
                yield Static(reveal_table(self.record, self.names, self.look), id="reveal-bills")
            yield Static(payments_sentence(settled, self.names), id="reveal-pays", markup=False)
            yield Static(
                "The next game is dealt and saved: leave now and resume it from home.",
                id="reveal-saved",
                classes="muted",
            )
            with Horizontal(id="reveal-buttons"):
                yield MouseButton(
                    "Next game (Enter)", id="next-game", variant="primary", compact=True
                )
                yield MouseButton("Ledger (l)", id="show-ledger", compact=True)
                yield MouseButton("Leave (h)", id="leave-table", compact=True)
        yield Footer()

    def action_next_game(self) -> None:
        self.dismiss(False)

    def action_ledger(self) -> None:
        self._show_ledger()

    def action_leave(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#next-game")
    def _next_pressed(self) -> None:
        self.action_next_game()

    @on(Button.Pressed, "#show-ledger")
    def _ledger_pressed(self) -> None:
        self.action_ledger()

    @on(Button.Pressed, "#leave-table")
    def _leave_pressed(self) -> None:
        self.action_leave()
