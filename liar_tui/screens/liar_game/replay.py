"""The Liar Game table of a replay: the play screen's score panel and last round, and the
recording seat's pocket, drawn read-only at each step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from liar_tui.rules.cards import Card
from liar_tui.rules.liar_game.game import (
    GameOver,
    HandChosen,
    LiarGameView,
    RoundRevealed,
    ShowHand,
)
from liar_tui.screens.liar_game.panels import LastRoundSummary, ScorePanel
from liar_tui.screens.replay_table import Redrawn, ReplayFrame, ReplayTable, StepWords
from liar_tui.screens.wording import names_joined, possessive, subject_verb
from liar_tui.table.table import SeatUpdate
from liar_tui.widgets.card_art import inline_cards
from liar_tui.widgets.pocket_order import sorted_pocket


class _Scores(ScorePanel, Redrawn):
    """The score panel, redrawn in its fixed height without a layout."""


class _LastRound(LastRoundSummary, Redrawn):
    """The last round, redrawn in its fixed height without a layout."""


class LiarGameReplayTable(ReplayTable):
    """Scores beside, the pocket and the last round in the middle; every pocket at the end
    of a complete record."""

    DEFAULT_CSS = """
    LiarGameReplayTable > Horizontal {
        height: auto;
        align-horizontal: center;
    }
    LiarGameReplayTable .main-column {
        width: 2fr;
        min-width: 46;
        max-width: 78;
        height: auto;
    }
    LiarGameReplayTable .side-column {
        width: 1fr;
        min-width: 29;
        max-width: 42;
        height: auto;
        border: round $accent;
        border-title-color: $text-accent;
        border-title-style: bold;
        padding: 0 0 0 1;
    }
    LiarGameReplayTable #pocket-panel {
        height: auto;
        border: round $primary;
        border-title-style: bold;
        padding: 0 1;
    }
    LiarGameReplayTable #last-round-panel {
        height: auto;
        border: round $foreground 30%;
        border-title-color: $foreground;
        padding: 0 1;
    }
    """

    def __init__(self, names: Sequence[str], seat: int, *, id: str | None = None) -> None:
        super().__init__(names, seat, id=id)
        self._last_round: tuple[RoundRevealed | None] | None = None
        """The round the last-round panel shows (None before the first step): it changes
        only at a reveal, and is drawn again only then."""

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(classes="main-column"):
                with Vertical(id="pocket-panel"):
                    yield Redrawn(id="pocket")
                with Vertical(id="last-round-panel"):
                    yield _LastRound(self.names, self.look, id="last-round")
            with Vertical(classes="side-column", id="scores-column"):
                yield _Scores(self.names, self.look, id="scores")

    def on_mount(self) -> None:
        self.query_one("#last-round-panel").border_title = "Last round"
        self.query_one("#scores-column").border_title = "Liar Game"
        # Heights known from the seats: a step's redraw then measures no table to lay out.
        seats = len(self.names)
        self.query_one("#scores").styles.height = seats + 3
        self.query_one("#last-round").styles.height = 1 + -(-seats // LastRoundSummary.COLUMNS)

    def show(self, frame: ReplayFrame) -> None:
        view: LiarGameView = frame.update.view
        self.query_one("#scores", ScorePanel).show(view, None, (self.seat,))
        last = (view.history[-1] if view.history else None,)
        if last != self._last_round:
            self.query_one("#last-round", LastRoundSummary).show(last[0])
            self._last_round = last
        whose = "Every" if frame.face_up else possessive(self.names[self.seat], capital=True)
        self.set_border_title("#pocket-panel", f"{whose} pocket · round {view.round}")
        pocket = self.query_one("#pocket", Static)
        lines = max(2, len(frame.face_up))
        if pocket.styles.height is None or pocket.styles.height.value != lines:
            pocket.styles.height = lines
        pocket.update(self._pockets(view, frame.face_up))

    def _pockets(self, view: LiarGameView, face_up: tuple[Any, ...]) -> Text:
        """The recording seat's pocket and the hand it chose; every seat's last pocket
        instead, where the record may show them all (the end of a complete record)."""
        text = Text()
        if face_up:
            for seat, other in enumerate(face_up):
                text.append("\n" if seat else "")
                text.append(f"{self.names[seat]}: ", style="bold" if seat == self.seat else "dim")
                text.append_text(self._cards(other.pocket))
            return text
        if view.over:
            text.append("The game is over.", style="bold")
        else:
            text.append_text(self._cards(view.pocket))
        if view.chosen is not None:
            text.append("\nShowing: ", style="dim")
            text.append_text(self._cards(view.chosen))
        return text

    def _cards(self, cards: Sequence[Card]) -> Text:
        """``cards`` in a row, in the order the player's pocket is sorted in at play."""
        return inline_cards(sorted_pocket(cards, self.pocket_order), self.look)

    def played_action(self, update: SeatUpdate) -> Any | None:
        """The hand shown: the view's chosen cards, or, where this choice was the round's
        last, the cards its reveal showed."""
        view: LiarGameView = update.view
        if view.chosen is not None:
            return ShowHand(self.seat, view.chosen)
        for event in update.events:
            if isinstance(event, RoundRevealed):
                return ShowHand(self.seat, event.hand_of(self.seat).score.cards)
        return None

    def same_action(self, played: Any, advised: Any) -> bool:
        """The same three cards shown, in whatever order they were picked."""
        if not isinstance(played, ShowHand) or not isinstance(advised, ShowHand):
            return False
        return played.seat == advised.seat and sorted(played.cards) == sorted(advised.cards)

    def describe(self, update: SeatUpdate) -> StepWords:
        said: list[str] = []
        milestone = False
        for event in update.events:
            if isinstance(event, HandChosen):
                said.append(f"{subject_verb(self.names[event.seat], 'choose')} a hand")
            elif isinstance(event, RoundRevealed):
                milestone = True
                said.append(self._revealed(event))
            elif isinstance(event, GameOver):
                said.append(f"{self._winners(event.winners)} the game")
        if not said:
            view: LiarGameView = update.view
            return StepWords(f"Round {view.round}: six cards are dealt to each seat")
        line = "; ".join(said)
        return StepWords(line[0].upper() + line[1:], milestone)

    def _revealed(self, result: RoundRevealed) -> str:
        best = result.hand_of(result.winners[0])
        return (
            f"round {result.round} revealed: {self._winners(result.winners)} with "
            f"{best.score.value} ({best.points:+d})"
        )

    def _winners(self, seats: tuple[int, ...]) -> str:
        """``Ada wins``, ``You win``, ``Ada and Bea win``."""
        if len(seats) == 1:
            return subject_verb(self.names[seats[0]], "win")
        return f"{names_joined([self.names[seat] for seat in seats])} win"
