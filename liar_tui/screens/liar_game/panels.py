"""Side panels of the Liar Game table: who stands where, and what the last round did.

Both draw only public facts (scores, who has chosen, revealed hands), so any seat's view
can feed them without leaking a pocket.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from liar_tui.rules.liar_game.game import LiarGameView, RoundRevealed
from liar_tui.screens.wording import names_joined
from liar_tui.widgets.card_art import CardLook, inline_cards

NAME_WIDTH = 8
"""Names longer than this are cut with an ellipsis where space is tight."""


STATUS_WIDTH = len("choosing")
"""The status column's width whatever it holds (nothing at the game's end), so that the
scores keep their place."""


class ScorePanel(Static):
    """Every seat's name, score and whether it has chosen, with the round and the deck."""

    DEFAULT_CSS = """
    ScorePanel {
        height: auto;
        width: 100%;
    }
    """

    def __init__(self, names: Sequence[str], look: CardLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = tuple(names)
        self.look = look

    def show(self, view: LiarGameView, active: int | None, humans: Sequence[int]) -> None:
        """Redraw from a view's public part; ``active`` is the human now choosing, if any."""
        look = self.look.in_theme(self.app.current_theme.dark)
        ink = look.ink
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(width=1)
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        table.add_column(justify="right", no_wrap=True)
        table.add_column(no_wrap=True, min_width=STATUS_WIDTH)
        table.add_row("", Text("Seat", style="dim"), Text("Score", style="dim"), "")
        for seat, name in enumerate(self.names):
            acting = seat == active
            marker = Text(look.text("▶"), style=f"bold {ink.turn}") if acting else ""
            name_style = f"bold {ink.turn}" if acting else "bold" if seat in humans else ""
            label = Text(name, style=name_style)
            if view.over:
                status = Text("")
            elif seat in view.waiting_for:
                status = Text("choosing", style=f"italic {ink.turn}")
            else:
                status = Text("chosen" if look.ascii_only else "✓ chosen", style=ink.win)
            table.add_row(marker, label, str(view.scores[seat]), status)
        footer = look.text(
            f"Round {view.round} · target {view.rules.target}\n"
            f"Deck {view.deck_size} · discards {view.discard_size}"
        )
        self.update(Group(table, Text(footer, style="dim", justify="left")))


class LastRoundSummary(Static):
    """The last round at a glance: who won with what, and every hand in one-line form.

    Shown hands are public history; players count cards from them.
    """

    DEFAULT_CSS = """
    LastRoundSummary {
        height: auto;
        width: 100%;
    }
    """

    COLUMNS = 2
    """Seats side by side: eight seats fit in four lines even at 80 columns."""

    def __init__(self, names: Sequence[str], look: CardLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = tuple(names)
        self.look = look

    def show(self, result: RoundRevealed | None) -> None:
        self.look = self.look.in_theme(self.app.current_theme.dark)
        if result is None:
            self.update(Text("No round played yet.", style="dim"))
            return
        self.update(Group(self._headline(result), self._hands(result)))

    def _headline(self, result: RoundRevealed) -> Text:
        line = Text(f"Round {result.round}: ", style="bold", justify="left")
        best = result.hand_of(result.winners[0])
        if len(result.winners) == 1:
            line.append(f"{self.names[best.seat]} won with {best.score.value} ({best.points:+d}).")
        else:
            winners = names_joined([self.names[seat] for seat in result.winners])
            gains = ", ".join(
                f"{self.names[seat]} {result.hand_of(seat).points:+d}" for seat in result.winners
            )
            line.append(f"{winners} tied at {best.score.value} ({gains}).")
        return line

    def _hands(self, result: RoundRevealed) -> Table:
        """Name, cards and value of every seat, seats side by side.

        Where space is short the name is cut first and then the cards, never the value:
        the value is what a player compares at a glance.
        """
        hands = Table.grid(padding=(0, 1), expand=True)
        for column in range(self.COLUMNS):
            if column:
                hands.add_column(width=1)
            hands.add_column(no_wrap=True, overflow="ellipsis", max_width=NAME_WIDTH)
            hands.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
            hands.add_column(no_wrap=True, justify="right", min_width=3)
        cells: list[list[Text]] = []
        for hand in result.hands:
            style = f"bold {self.look.ink.win}" if hand.won else ""
            cards = inline_cards(hand.score.cards, self.look)
            value = Text(str(hand.score.value), style=style)
            cells.append([Text(self.names[hand.seat], style=style), cards, value])
        blank = [Text(""), Text(""), Text("")]
        for start in range(0, len(cells), self.COLUMNS):
            seats = cells[start : start + self.COLUMNS]
            seats += [blank] * (self.COLUMNS - len(seats))
            row = seats[0]
            for seat in seats[1:]:
                row += [Text(""), *seat]
            hands.add_row(*row)
        return hands
