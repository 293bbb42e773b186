"""The ledger: who is up and who is down over the session, and every game that made it so."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from liar_tui.rules.dollar_bills.game import GameRecord
from liar_tui.screens.dollar_bills.panels import count_phrase, money_text
from liar_tui.widgets.card_art import CardLook


def standings_text(
    names: Sequence[str], ledger: Sequence[int], games: Sequence[GameRecord], look: CardLook
) -> Text:
    """One line per seat, richest first: winnings, and how its own bids fared."""
    order = sorted(range(len(names)), key=lambda seat: (-ledger[seat], seat))
    width = max(cell_len(name) for name in names)
    played = "game" if len(games) == 1 else "games"
    text = Text(f"{len(games)} {played} played.\n", style="dim")
    for seat in order:
        bids = [game for game in games if game.shown.bidder == seat]
        held = sum(game.shown.held for game in bids)
        name = names[seat] + " " * (width - cell_len(names[seat]))
        text.append(f"{name}  ")
        money = money_text(ledger[seat], look)
        money.pad_left(7 - money.cell_len)
        text.append_text(money)
        times = "time" if len(bids) == 1 else "times"
        text.append(f"   had the last bid {len(bids)} {times}, {held} held\n", style="dim")
    text.rstrip()
    return text


class BillsLedgerScreen(Screen[None]):
    """Opened with ``l`` from the table or the show; any of its keys goes back."""

    CSS_PATH = "ledger.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,l,enter", "close", "Back"),
    ]

    def __init__(
        self,
        names: Sequence[str],
        ledger: Sequence[int],
        games: Sequence[GameRecord],
        look: CardLook,
    ) -> None:
        super().__init__()
        self.names = tuple(names)
        self.ledger = tuple(ledger)
        self.games = tuple(games)
        self.look = look

    def compose(self) -> ComposeResult:
        yield Static("Ledger", classes="title")
        yield Static(standings_text(self.names, self.ledger, self.games, self.look), id="standings")
        yield Static("Games, newest first", classes="title")
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
            found.stylize("#50c878" if shown.held else "#ff6b6b")
            amounts = [money_text(amount, self.look) for amount in game.settled.amounts]
            table.add_row(str(shown.game), bid, found, *amounts, key=str(shown.game))
        table.focus()

    def action_close(self) -> None:
        self.dismiss()
