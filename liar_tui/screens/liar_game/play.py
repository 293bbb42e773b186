"""The Liar Game table as the people at this keyboard see it.

The screen listens to its human seats through the table, shows one pocket at a time in
the hand picker, and sends chosen hands on the bus. Whatever comes back (a refusal, a
reveal, the end of the game) arrives as a message, and the screen decides what to show
next in the loop all table screens share (:class:`~liar_tui.screens.table_screen.TableScreen`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static

from liar_tui.games import plugin
from liar_tui.rules.liar_game.game import GameOver, LiarGameView, RoundRevealed, ShowHand
from liar_tui.screens.liar_game.game_over import GameOverScreen
from liar_tui.screens.liar_game.hand_picker import HandPicker
from liar_tui.screens.liar_game.panels import LastRoundSummary, ScorePanel
from liar_tui.screens.liar_game.reveal import RevealScreen
from liar_tui.screens.liar_game.scoreboard import ScoreboardScreen
from liar_tui.screens.privacy import PrivacyScreen
from liar_tui.screens.table_screen import Popup, TableScreen
from liar_tui.screens.wording import names_joined, possessive
from liar_tui.table.table import SeatUpdate
from liar_tui.widgets.card_art import inline_cards
from liar_tui.widgets.footer import Footer

if TYPE_CHECKING:
    from liar_tui.table.setup import TableSetup


def saved_summary(setup: TableSetup, view: LiarGameView) -> str:
    """One line on where the saved game stands: its game, round, and every seat's score."""
    title = plugin(setup.game).title
    scores = " · ".join(
        f"{name} {score}" for name, score in zip(setup.names, view.scores, strict=True)
    )
    return f"{title}, round {view.round}, playing to {setup.rules.target}: {scores}"


class LiarGamePlayScreen(TableScreen[LiarGameView, tuple[int, int]]):
    """One Liar Game table: scoreboard, the active human's pocket, and the last round."""

    LEAVE_QUESTION: ClassVar[str] = (
        "Leave the table? The game is saved after every hand, "
        "so you can resume it from the home screen."
    )

    CSS_PATH = "play.tcss"
    AUTO_FOCUS = ""
    """Nothing takes the focus when the table opens: the hand picker, the only widget that
    can, is focused when a turn shows it (focusing it on opening restyled it and its cards
    and buttons once more before the first frame, while it is still hidden)."""
    ACTING_PANEL: ClassVar[str] = "#hand-panel"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "scoreboard", "Scores"),
        Binding("h", "coach", "Coach"),
        Binding("escape", "leave", "Leave"),
    ]

    # layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        look = self.look
        with Horizontal(id="table-area"):
            with Vertical(id="main-column"):
                with Vertical(id="hand-panel"):
                    yield HandPicker(self.setup.rules, look, id="picker")
                    yield Static("", id="waiting")
                with Vertical(id="last-round-panel"):
                    yield LastRoundSummary(self.names, look, id="last-round")
            with Vertical(id="side-column"):
                yield ScorePanel(self.names, look, id="scores")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#hand-panel").border_title = "Your pocket"
        self.query_one("#last-round-panel").border_title = "Last round"
        self.query_one("#side-column").border_title = "Liar Game"
        self.query_one("#picker").display = False

    # table updates --------------------------------------------------------------------

    def _refusal_title(self, action: Any) -> str:
        return "Hand not shown"

    def _read_events(self, update: SeatUpdate, before: LiarGameView | None) -> Iterable[Popup]:
        """Every round's reveal, then the game's end."""
        for event in update.events:
            if isinstance(event, RoundRevealed):
                yield Popup(partial(RevealScreen, event, self.names, self.look))
            elif isinstance(event, GameOver):
                yield Popup(partial(self._game_over_screen, event), ends_game=True)

    def _turn_key(self, seat: int) -> tuple[int, int]:
        """(seat, round): one pocket to choose from per round."""
        return (seat, self._views[seat].round)

    def _privacy_key(self, seat: int) -> tuple[int, int]:
        return self._turn_key(seat)

    def _privacy_screen(self, seat: int) -> PrivacyScreen:
        return PrivacyScreen(self.names[seat], self._views[seat].round)

    # drawing --------------------------------------------------------------------------

    def _redraw_panels(self) -> None:
        view = self._public_view()
        active = self._showing[0] if self._showing else None
        self.query_one("#scores", ScorePanel).show(view, active, self.humans)
        last = view.history[-1] if view.history else None
        self.query_one("#last-round", LastRoundSummary).show(last)

    async def _show_turn(self, seat: int) -> None:
        self._coach_retire_stale()
        view = self._views[seat]
        picker = self.query_one("#picker", HandPicker)
        await picker.show_pocket(view.pocket)
        picker.display = True
        self.query_one("#waiting", Static).display = False
        what = "three cards, or a combo" if view.rules.variants else "three cards"
        panel = self.query_one("#hand-panel")
        name = self.names[seat]
        owner = f"{possessive(name, capital=True)} pocket" if self.hot_seat else "Your pocket"
        panel.border_title = Content(f"{owner}: pick {what} to show")
        picker.focus()
        self._redraw_panels()

    def _show_waiting(self, headline: str | None = None) -> None:
        """Hide every pocket; say whom the table waits for, and (alone) what you showed."""
        self._showing = None
        self._coach_retire_stale()
        picker = self.query_one("#picker", HandPicker)
        picker.display = False
        waiting = self.query_one("#waiting", Static)
        waiting.display = True
        self.query_one("#hand-panel").border_title = "Waiting"
        text = Text()
        if headline is not None:
            text.append(headline, style="bold")
        else:
            if not self.hot_seat and self.humans:
                chosen = self._views[self.humans[0]].chosen
                if chosen is not None:
                    text.append("Your hand is in: ")
                    text.append_text(inline_cards(chosen, self.look))
                    text.append(".\n")
            others = [self.names[seat] for seat in self._to_act]
            if others:
                text.append(f"Waiting for {names_joined(others)} to choose.", style="italic")
        waiting.update(text)
        self._redraw_panels()

    def _game_over_screen(self, result: GameOver) -> GameOverScreen:
        return GameOverScreen(
            result,
            self.names,
            play_again=lambda: self.liar_app.play_again(self.setup),
            go_home=self.liar_app.return_home,
            show_scores=self.action_scoreboard,
        )

    # player actions -------------------------------------------------------------------

    @on(HandPicker.Submitted)
    def _hand_submitted(self, event: HandPicker.Submitted) -> None:
        if self._showing is not None:
            self._send(ShowHand(self._showing[0], event.cards))

    def action_scoreboard(self) -> None:
        if not self._views:
            return
        view = self._public_view()
        self.app.push_screen(ScoreboardScreen(self.names, view, self.look))
