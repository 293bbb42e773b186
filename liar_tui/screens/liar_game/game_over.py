"""The end of a game: final scores, the winner(s), and where to go next."""

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

from liar_tui.rules.liar_game.game import GameOver
from liar_tui.screens.wording import names_joined, subject_verb
from liar_tui.widgets.buttons import MouseButton
from liar_tui.widgets.card_art import DARK_INK, Ink, ink_for
from liar_tui.widgets.footer import Footer


def winners_line(result: GameOver, names: Sequence[str]) -> str:
    top = result.scores[result.winners[0]]
    if len(result.winners) == 1:
        return f"{subject_verb(names[result.winners[0]], 'win')} with {top} points!"
    return f"{names_joined([names[seat] for seat in result.winners])} share the win with {top}!"


def final_scores(result: GameOver, names: Sequence[str], ink: Ink = DARK_INK) -> Table:
    """Places, best first; seats with equal scores share a place; winners in ``ink.win``."""
    table = Table(box=None, padding=(0, 2), show_header=True, header_style="dim")
    table.add_column("Place", justify="right")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    order = sorted(range(len(names)), key=lambda seat: (-result.scores[seat], seat))
    for seat in order:
        place = 1 + sum(score > result.scores[seat] for score in result.scores)
        style = f"bold {ink.win}" if seat in result.winners else ""
        table.add_row(str(place), Text(names[seat], style=style), str(result.scores[seat]))
    return table


class GameOverScreen(Screen[None]):
    """Play again with the same seats, look back at the scores and rounds, or go home."""

    CSS_PATH = "game_over.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "play_again", "Play again"),
        Binding("s", "scores", "Scores"),
        Binding("h,escape", "home", "Home"),
    ]

    def __init__(
        self,
        result: GameOver,
        names: Sequence[str],
        play_again: Callable[[], None],
        go_home: Callable[[], None],
        show_scores: Callable[[], None],
    ) -> None:
        super().__init__()
        self.result = result
        self.names = tuple(names)
        self._play_again = play_again
        self._go_home = go_home
        self._show_scores = show_scores

    def compose(self) -> ComposeResult:
        with Vertical(id="game-over-box"):
            yield Static("Game over", id="game-over-title")
            yield Static(
                winners_line(self.result, self.names), id="game-over-winners", markup=False
            )
            with Center():
                ink = ink_for(self.app.current_theme.dark)
                yield Static(final_scores(self.result, self.names, ink), id="game-over-scores")
            with Horizontal(id="game-over-buttons"):
                yield MouseButton("Play again (p)", id="play-again", variant="primary")
                yield MouseButton("Scores (s)", id="show-scores")
                yield MouseButton("Home (h)", id="go-home")
        yield Footer()

    def action_play_again(self) -> None:
        self._play_again()

    def action_scores(self) -> None:
        self._show_scores()

    def action_home(self) -> None:
        self._go_home()

    @on(Button.Pressed, "#play-again")
    def _play_again_pressed(self) -> None:
        self.action_play_again()

    @on(Button.Pressed, "#show-scores")
    def _scores_pressed(self) -> None:
        self.action_scores()

    @on(Button.Pressed, "#go-home")
    def _home_pressed(self) -> None:
        self.action_home()
