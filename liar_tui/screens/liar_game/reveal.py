"""The reveal: every hand of the round face up at once, valued, and who scored what."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Grid, Vertical
from textual.content import Content
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Button, Static

from liar_tui.rules.liar_game.game import RevealedHand, RoundRevealed
from liar_tui.screens.wording import names_joined, subject_verb
from liar_tui.widgets.buttons import MouseButton
from liar_tui.widgets.card_art import CardLook
from liar_tui.widgets.cards import CardRow, InlineCards
from liar_tui.widgets.footer import Footer

SEAT_PANEL_WIDTH = 25
"""Three cards side by side inside a border; the grid puts as many across as fit."""
SEAT_PANEL_HEIGHT = 10
_CHROME_ROWS = 4
"""The headline, the continue line and the footer around the grid of hands."""
_TITLE_ROOM = SEAT_PANEL_WIDTH - 6
"""Cells for a panel's title between its rounded corners, dashes and spaces."""


def seat_title(name: str, score: int, won: bool, look: CardLook) -> str:
    """``★ Ann · 61``; a long name is cut, never the score, which is the point of the title."""
    star = "★ " if won else ""
    suffix = look.text(f" · {score}")
    ellipsis = look.text("…")
    room = _TITLE_ROOM - len(look.text(star)) - len(suffix)
    if len(name) > room:
        name = name[: max(1, room - len(ellipsis))].rstrip() + ellipsis
    return look.text(star) + name + suffix


def grid_columns(seats: int, width: int) -> int:
    """As many columns as fit, then as few as keep the same number of rows (4 + 4, not 6 + 2)."""
    most = max(1, min(seats, width // SEAT_PANEL_WIDTH))
    rows = math.ceil(seats / most)
    return math.ceil(seats / rows)


def seat_outcome(hand: RevealedHand, look: CardLook) -> str:
    """What the round paid one seat: points, less any joker penalty."""
    if not hand.won:
        return "no points"
    if hand.score.penalty:
        return look.text(f"won {hand.score.value}−{hand.score.penalty} = {hand.points:+d}")
    return f"won {hand.points:+d}"


def reveal_headline(result: RoundRevealed, names: Sequence[str]) -> str:
    winners = names_joined([names[seat] for seat in result.winners])
    best = result.hand_of(result.winners[0])
    value = best.score.value
    if len(result.winners) == 1:
        won = subject_verb(winners, "win")
        return f"Round {result.round}: {won} with {value} ({best.points:+d})."
    return f"Round {result.round}: {winners} tie with {value} and all score."


class SeatReveal(Vertical):
    """One seat's shown hand: the cards, what they are worth, and what they scored."""

    def __init__(self, hand: RevealedHand, name: str, score: int, look: CardLook) -> None:
        classes = "seat-reveal -winner" if hand.won else "seat-reveal"
        super().__init__(id=f"reveal-seat-{hand.seat}", classes=classes)
        self.hand = hand
        self.look = look
        self.border_title = Content(seat_title(name, score, hand.won, look))
        self.border_subtitle = seat_outcome(hand, look)

    def compose(self) -> ComposeResult:
        score = self.hand.score
        yield CardRow(score.cards, self.look, classes="faces")
        yield InlineCards(score.cards, self.look, classes="inline")
        yield Static(score.describe(), classes="hand-kind")
        yield Static(self.look.text(score.formula()), classes="hand-value")
        if self.hand.renewed:
            yield Static("Pocket renewed: six new cards.", classes="renewed")


class RevealScreen(Screen[None]):
    """Shown after each round; Enter, Escape or the button goes back to the table."""

    CSS_PATH = "reveal.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape", "continue", "Continue"),
    ]

    def __init__(self, result: RoundRevealed, names: Sequence[str], look: CardLook) -> None:
        super().__init__()
        self.result = result
        self.names = tuple(names)
        self.look = look

    def compose(self) -> ComposeResult:
        yield Static(reveal_headline(self.result, self.names), id="reveal-headline", markup=False)
        with Center(), Grid(id="reveal-grid"):
            for hand in self.result.hands:
                name = self.names[hand.seat]
                yield SeatReveal(hand, name, self.result.scores[hand.seat], self.look)
        with Center(id="reveal-continue"):
            yield MouseButton("Continue (Enter)", id="reveal-ok", variant="primary", compact=True)
        yield Footer()

    def on_resize(self, event: Resize) -> None:
        """As many columns of hands as fit; one-line cards when faces would not all show."""
        seats = len(self.result.hands)
        columns = grid_columns(seats, event.size.width)
        rows = math.ceil(seats / columns)
        compact = rows * SEAT_PANEL_HEIGHT + _CHROME_ROWS > event.size.height
        self.set_class(compact, "-compact")
        grid = self.query_one("#reveal-grid", Grid)
        grid.styles.grid_size_columns = columns
        grid.styles.width = columns * SEAT_PANEL_WIDTH

    def action_continue(self) -> None:
        self.dismiss()

    @on(Button.Pressed, "#reveal-ok")
    def _ok_pressed(self) -> None:
        self.dismiss()
