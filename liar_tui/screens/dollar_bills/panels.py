"""Panels of the dollar-bill table: the seats and their ledger, and the bidding so far.

Both draw only public facts (the ledger, the bids and passes, the shown bills of past
games), so any seat's view can feed them without leaking a serial.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from liar_tui import money
from liar_tui.rules.dollar_bills.game import (
    BillsShown,
    DollarBillsView,
    GameRecord,
    Pass,
    PlaceBid,
    number_words,
)
from liar_tui.screens.dollar_bills.bill import bill_ink
from liar_tui.screens.wording import subject_verb, verb_for
from liar_tui.widgets.card_art import CardLook


def money_text(amount: int, look: CardLook) -> Text:
    """An amount in green when won, red when lost, in the ink of the look's theme."""
    ink = look.ink
    style = f"bold {ink.win}" if amount > 0 else ink.loss if amount < 0 else ""
    return Text(look.text(money.money_text(amount)), style=style)


def count_phrase(count: int, digit: int) -> str:
    """``no 7s``, ``one 7``, ``four 7s``: how many of a digit the bills hold."""
    if count == 0:
        return f"no {digit}s"
    return f"{number_words(count)} {digit}" + ("" if count == 1 else "s")


def passed_since_bid(view: DollarBillsView) -> set[int]:
    """The seats that have passed on the standing bid."""
    passed: set[int] = set()
    for turn in reversed(view.turns):
        if isinstance(turn, PlaceBid):
            break
        passed.add(turn.seat)
    return passed


def game_outcome(shown: BillsShown, names: Sequence[str]) -> str:
    """``Game 2: Bea bid Four 7s and there were three: the bid held.``"""
    verdict = "the bid held" if shown.held else "the bid failed"
    found = count_phrase(shown.count, shown.bid.digit)
    bidder = names[shown.bidder]
    return f"Game {shown.game}: {bidder} bid {shown.bid.text}, the bills held {found}; {verdict}."


class SeatsPanel(Static):
    """Every seat's name, bill (face down but one), winnings, and where it stands this game."""

    DEFAULT_CSS = """
    SeatsPanel {
        height: auto;
        width: 100%;
    }
    """

    def __init__(self, names: Sequence[str], look: CardLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = tuple(names)
        self.look = look

    def show(self, view: DollarBillsView, face_up: int | None, humans: Sequence[int]) -> None:
        """Redraw from a view's public part; ``face_up`` is the seat whose bill is on screen."""
        look = self.look.in_theme(self.app.current_theme.dark)
        turn_style = f"bold {look.ink.turn}"
        passed = passed_since_bid(view)
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(width=1)
        table.add_column(width=2)
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        table.add_column(justify="right", no_wrap=True)
        table.add_column(no_wrap=True, width=6)
        table.add_row("", "", Text("Seat", style="dim"), Text("Won", style="dim"), "")
        for seat, name in enumerate(self.names):
            acting = seat == view.turn
            marker = Text(look.text("▶"), style=turn_style) if acting else ""
            if seat == face_up:
                bill = Text("$$", style=bill_ink(look))
            else:
                bill = Text("##" if look.ascii_only else "▒▒", style="#3f7f4f")
            label = Text(name, style=turn_style if acting else "bold" if seat in humans else "")
            if seat == view.bidder:
                status = Text("bid", style=turn_style)
            elif seat in passed:
                status = Text("passed", style="dim")
            elif seat == view.turn:
                status = Text("to bid", style=f"italic {look.ink.turn}")
            else:
                status = Text("")
            table.add_row(marker, bill, label, money_text(view.ledger[seat], look), status)
        in_play = view.rules.digits * view.seats
        footer = look.text(
            f"Game {view.game} · {subject_verb(self.names[view.starter], 'start')}\n"
            f"{in_play} digits in play\n"
            f"Stake ${view.rules.stake} a seat"
        )
        self.update(Group(table, Text(footer, style="dim", justify="left")))


class BidHistory(Static):
    """This game's bids and passes, oldest first, under a line on how the last game ended."""

    DEFAULT_CSS = """
    BidHistory {
        height: auto;
        width: 100%;
    }
    """

    def __init__(self, names: Sequence[str], look: CardLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = tuple(names)
        self.look = look

    def show(self, view: DollarBillsView) -> None:
        parts: list[RenderableType] = []
        if view.recent_games:
            last: GameRecord = view.recent_games[-1]
            outcome = game_outcome(last.shown, self.names)
            parts.append(Text(self.look.text(outcome), style="dim"))
        opener = self.names[view.starter]
        if view.turns:
            heading = f"Game {view.game}, opened by {opener}:"
        else:
            heading = f"Game {view.game}: {subject_verb(opener, 'open')} the bidding."
        parts.append(Text(heading, style="bold"))
        lines = Table.grid(padding=(0, 1), expand=True)
        lines.add_column(no_wrap=True, overflow="ellipsis", max_width=12)
        lines.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        for turn in view.turns:
            name = Text(self.names[turn.seat])
            if isinstance(turn, Pass):
                lines.add_row(name, Text(verb_for(name.plain, "pass"), style="dim"))
            else:
                lines.add_row(name, Text(turn.bid.text, style="bold"))
        parts.append(lines)
        self.update(Group(*parts))
