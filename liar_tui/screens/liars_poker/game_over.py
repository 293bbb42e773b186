"""The end of a Liar's Poker game: who is left standing, and where to go next."""

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

from liar_tui.rules.liars_poker.game import ChallengeResolved, GameOver
from liar_tui.screens.liars_poker.panels import lives_text
from liar_tui.screens.liars_poker.sentences import verdict
from liar_tui.screens.wording import subject_verb
from liar_tui.widgets.buttons import MouseButton
from liar_tui.widgets.card_art import CardLook
from liar_tui.widgets.footer import Footer


def winner_line(result: GameOver, names: Sequence[str]) -> str:
    """``Ada wins: the last player with lives left.`` (``You win``)."""
    return f"{subject_verb(names[result.winner], 'win')}: the last player with lives left!"


TALL_TABLE = 6
"""More seats than this are listed in two columns, so twelve fit at 80x24."""


def final_lives(result: GameOver, names: Sequence[str], look: CardLook) -> Table:
    columns = 1 if len(names) <= TALL_TABLE else 2
    table = Table(box=None, padding=(0, 2), show_header=True, header_style="dim")
    for _ in range(columns):
        table.add_column("Player")
        table.add_column("Lives")
    cells = []
    for seat, name in enumerate(names):
        style = f"bold {look.ink.win}" if seat == result.winner else ""
        cells.append((Text(name, style=style), lives_text(result.lives[seat], look)))
    rows = -(-len(cells) // columns)
    for row in range(rows):
        line: list[Text] = []
        for column in range(columns):
            index = column * rows + row
            line += cells[index] if index < len(cells) else (Text(""), Text(""))
        table.add_row(*line)
    return table


class LiarsPokerOverScreen(Screen[None]):
    """Play again with the same seats and rules, or go home."""

    CSS_PATH = "game_over.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "play_again", "Play again"),
        Binding("h,escape", "home", "Home"),
    ]

    def __init__(
        self,
        result: GameOver,
        names: Sequence[str],
        look: CardLook,
        last_challenge: ChallengeResolved | None,
        play_again: Callable[[], None],
        go_home: Callable[[], None],
    ) -> None:
        super().__init__()
        self.result = result
        self.names = tuple(names)
        self.look = look
        self.last_challenge = last_challenge
        self._play_again = play_again
        self._go_home = go_home

    def compose(self) -> ComposeResult:
        with Vertical(id="game-over-box"):
            yield Static("Game over", id="game-over-title")
            yield Static(winner_line(self.result, self.names), id="game-over-winners", markup=False)
            if self.last_challenge is not None:
                yield Static(
                    verdict(self.last_challenge, self.names),
                    id="game-over-last",
                    markup=False,
                )
            with Center():
                yield Static(final_lives(self.result, self.names, self.look), id="game-over-scores")
            with Horizontal(id="game-over-buttons"):
                yield MouseButton(
                    "Play again (p)", id="play-again", variant="primary", compact=True
                )
                yield MouseButton("Home (h)", id="go-home", compact=True)
        yield Footer()

    def action_play_again(self) -> None:
        self._play_again()

    def action_home(self) -> None:
        self._go_home()

    @on(Button.Pressed, "#play-again")
    def _play_again_pressed(self) -> None:
        self.action_play_again()

    @on(Button.Pressed, "#go-home")
    def _home_pressed(self) -> None:
        self.action_home()
