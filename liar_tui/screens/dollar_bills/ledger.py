"""The ledger: who is up and who is down over the session, and the last games that made it so.

It reads one seat's view, which carries the session's running totals and the records of its
last few games only (a session has no end, and a view must not grow with it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from liar_tui.rules.dollar_bills.game import DollarBillsView
from liar_tui.screens.dollar_bills.panels import count_phrase, money_text
from liar_tui.widgets.card_art import CardLook
from liar_tui.widgets.footer import Footer


def standings_text(names: Sequence[str], view: DollarBillsView, look: CardLook) -> Text:
    """One line per seat, richest first: winnings, and how its own bids fared."""
    ledger = view.ledger
    order = sorted(range(len(names)), key=lambda seat: (-ledger[seat], seat))
    width = max(cell_len(name) for name in names)
    played = "game" if view.games_played == 1 else "games"
    text = Text(f"{view.games_played} {played} played.\n", style="dim")
    for seat in order:
        bids, held = view.last_bids[seat], view.bids_held[seat]
        name = names[seat] + " " * (width - cell_len(names[seat]))
        text.append(f"{name}  ")
        money = money_text(ledger[seat], look)
        money.pad_left(7 - money.cell_len)
        text.append_text(money)
        times = "time" if bids == 1 else "times"
        text.append(f"   had the last bid {bids} {times}, {held} held\n", style="dim")
    text.rstrip()
    return text


def games_title(view: DollarBillsView) -> str:
    """Over the list of games: it names how many of the session's games it holds."""
    shown = len(view.recent_games)
    if shown == view.games_played:
        return "Games, newest first"
    return f"The last {shown} of {view.games_played} games, newest first"


class BillsLedgerScreen(Screen[None]):
    """Opened with ``l`` from the table or the show; any of its keys goes back."""

    CSS_PATH = "ledger.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,l,enter", "close", "Back"),
    ]

    def __init__(self, names: Sequence[str], view: DollarBillsView, look: CardLook) -> None:
        super().__init__()
        self.names = tuple(names)
        self.view = view
        self.games = view.recent_games
        self.look = look

    def compose(self) -> ComposeResult:
        self.look = self.look.in_theme(self.app.current_theme.dark)
        yield Static("Ledger", classes="title")
        yield Static(standings_text(self.names, self.view, self.look), id="standings")
        yield Static(games_title(self.view), classes="title")
        if self.games:
            yield DataTable(id="games", zebra_stripes=True, cursor_type="row")
        else:
            yield Static("No game has been shown yet.", id="games-empty", classes="muted")
        yield Footer()

    def on_mount(self) -> None:
        if not self.games:
            return
        table = self.query_one("#games", DataTable)
        table.add_column("Game", key="game")
        table.add_column("Bid", key="bid")
        table.add_column("Found", key="found")
        for seat, name in enumerate(self.names):
            table.add_column(Text(name), key=f"seat-{seat}")
        for game in reversed(self.games):
            shown = game.shown
            bid = Text(f"{self.names[shown.bidder]}: {shown.bid.text}")
            found = Text(count_phrase(shown.count, shown.bid.digit))
            found.stylize(self.look.ink.win if shown.held else self.look.ink.loss)
            amounts = [money_text(amount, self.look) for amount in game.settled.amounts]
            table.add_row(str(shown.game), bid, found, *amounts, key=str(shown.game))
        table.focus()

    def action_close(self) -> None:
        self.dismiss()
