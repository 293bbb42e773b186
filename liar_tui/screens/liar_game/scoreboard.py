"""Scores and the last rounds' hands: the public record players count cards from.

It reads one seat's view, which carries the game's running scores and rounds won, and the
reveals of its last few rounds only (a game to a high target runs thousands of rounds, and
a view must not grow with it).
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

from liar_tui.rules.liar_game.game import LiarGameView, RoundRevealed
from liar_tui.screens.wording import names_joined
from liar_tui.widgets.card_art import CardLook, inline_cards
from liar_tui.widgets.footer import Footer


def standings_text(names: Sequence[str], view: LiarGameView) -> Text:
    """One line per seat, best first: score and rounds won."""
    scores, wins = view.scores, view.rounds_won
    order = sorted(range(len(names)), key=lambda seat: (-scores[seat], seat))
    width = max(cell_len(name) for name in names)
    text = Text(
        f"Playing to {view.rules.target}. Rounds played: {view.rounds_played}.\n", style="dim"
    )
    for seat in order:
        rounds = "round" if wins[seat] == 1 else "rounds"
        name = names[seat] + " " * (width - cell_len(names[seat]))
        line = f"{name}  {scores[seat]:>5}   won {wins[seat]} {rounds}\n"
        text.append(line, style="bold" if scores[seat] == max(scores) else "")
    text.rstrip()
    return text


def rounds_title(view: LiarGameView) -> str:
    """Over the list of rounds: it names how many of the game's rounds it holds."""
    shown = len(view.history)
    if shown == view.rounds_played:
        return "Rounds, newest first"
    return f"The last {shown} of {view.rounds_played} rounds, newest first"


def history_cell(result: RoundRevealed, seat: int, look: CardLook) -> Text:
    """A seat's hand in one round, one-line cards and value; the winner's in bold green."""
    hand = result.hand_of(seat)
    cell = inline_cards(hand.score.cards, look)
    style = f"bold {look.ink.win}" if hand.won else ""
    cell.append(f" {hand.score.value}", style=style)
    return cell


class ScoreboardScreen(Screen[None]):
    """Opened from the table with ``s``; any of its keys goes back."""

    CSS_PATH = "scoreboard.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,s,enter", "close", "Back"),
    ]

    def __init__(self, names: Sequence[str], view: LiarGameView, look: CardLook) -> None:
        super().__init__()
        self.names = tuple(names)
        self.view = view
        self.history = view.history
        self.look = look

    def compose(self) -> ComposeResult:
        yield Static("Scores", classes="title")
        yield Static(standings_text(self.names, self.view), id="standings")
        yield Static(rounds_title(self.view), classes="title")
        if self.history:
            yield DataTable(id="history", zebra_stripes=True, cursor_type="row")
        else:
            yield Static("No round has been played yet.", id="history-empty", classes="muted")
        yield Footer()

    def on_mount(self) -> None:
        if not self.history:
            return
        table = self.query_one("#history", DataTable)
        # The winner comes before the hands: with many seats the hands scroll sideways.
        table.add_column("Round", key="round")
        table.add_column("Winner", key="winner")
        for seat, name in enumerate(self.names):
            table.add_column(Text(name), key=f"seat-{seat}")
        for result in reversed(self.history):
            winners = Text(names_joined([self.names[seat] for seat in result.winners]))
            look = self.look.in_theme(self.app.current_theme.dark)
            cells = [history_cell(result, seat, look) for seat in range(len(self.names))]
            table.add_row(str(result.round), winners, *cells, key=str(result.round))
        table.focus()

    def action_close(self) -> None:
        self.dismiss()
