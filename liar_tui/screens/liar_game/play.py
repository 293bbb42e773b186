"""The Liar Game table as the people at this keyboard see it.

The screen listens to its human seats through the table, shows one pocket at a time in
the hand picker, and sends chosen hands on the bus. Whatever comes back (a refusal, a
reveal, the end of the game) arrives as a message, and the screen decides what to show
next in one place, :meth:`LiarGamePlayScreen._advance`, only while it is on top.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Footer, Static

from liar_tui.games import plugin
from liar_tui.rules.liar_game.game import GameOver, LiarGameView, RoundRevealed, ShowHand
from liar_tui.screens.liar_game.game_over import GameOverScreen
from liar_tui.screens.liar_game.hand_picker import HandPicker
from liar_tui.screens.liar_game.panels import LastRoundSummary, ScorePanel
from liar_tui.screens.liar_game.reveal import RevealScreen
from liar_tui.screens.liar_game.scoreboard import ScoreboardScreen
from liar_tui.screens.privacy import PrivacyScreen
from liar_tui.screens.table_screen import TableScreen
from liar_tui.screens.wording import names_joined
from liar_tui.table.table import Refused, SeatChannel
from liar_tui.widgets.card_art import inline_cards

if TYPE_CHECKING:
    from liar_tui.store.saves import SavedTable


def saved_summary(saved: SavedTable) -> str:
    """One line on where the saved game stands: its game, round, and every seat's score.

    The scores come from replaying the save, as the table itself will when it resumes.
    """
    from liar_tui.table.local import open_table

    view: LiarGameView = open_table(saved.setup, saved.actions).view(0)
    title = plugin(saved.setup.game).title
    scores = " · ".join(
        f"{name} {score}" for name, score in zip(saved.setup.names, view.scores, strict=True)
    )
    return f"{title}, round {view.round}, playing to {saved.setup.rules.target}: {scores}"


class LiarGamePlayScreen(TableScreen):
    """One Liar Game table: scoreboard, the active human's pocket, and the last round."""

    LEAVE_QUESTION: ClassVar[str] = (
        "Leave the table? The game is saved after every hand, "
        "so you can resume it from the home screen."
    )

    CSS_PATH = "play.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "scoreboard", "Scores"),
        Binding("escape", "leave", "Leave"),
    ]

    def __init__(self, channel: SeatChannel) -> None:
        super().__init__(channel)
        self._views: dict[int, LiarGameView] = {}
        self._to_act: tuple[int, ...] = ()
        self._reveals: deque[RoundRevealed] = deque()
        self._game_over: GameOver | None = None
        self._game_over_shown = False
        self._showing: tuple[int, int] | None = None
        """(seat, round) whose pocket is in the picker, or None when no pocket shows."""
        self._cleared: tuple[int, int] | None = None
        """(seat, round) the privacy screen was passed for, in a hot-seat game."""
        self._hand_sent = False
        """A hand is on its way to the table: a second Enter must not send it twice."""

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
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#hand-panel").border_title = "Your pocket"
        self.query_one("#last-round-panel").border_title = "Last round"
        self.query_one("#side-column").border_title = "Liar Game"
        self.query_one("#picker").display = False

    # table updates --------------------------------------------------------------------

    @on(TableScreen.TableUpdated)
    def _table_updated(self, message: TableScreen.TableUpdated) -> None:
        update = message.update
        if isinstance(update, Refused):
            self._hand_sent = False
            self.notify(update.reason, title="Hand not shown", severity="warning", markup=False)
            return
        self._views[update.seat] = update.view
        self._to_act = update.to_act
        if update.seat == self.humans[0]:
            for event in update.events:
                if isinstance(event, RoundRevealed):
                    self._reveals.append(event)
                elif isinstance(event, GameOver):
                    self._game_over = event
        self._queue_advance()

    async def _advance(self) -> None:
        """Show what comes next: a reveal, the game's end, a privacy screen, or a pocket."""
        self._advance_queued = False
        if self.app.screen is not self or self._privacy_open or not self._views:
            return
        self._redraw_panels()
        if self._reveals:
            result = self._reveals.popleft()
            self.app.push_screen(RevealScreen(result, self.names, self.look))
            return
        if self._game_over is not None:
            if not self._game_over_shown:
                self._game_over_shown = True
                self._show_game_over(self._game_over)
            return
        active = self._active_human()
        if active is None:
            self._show_waiting()
            return
        turn = (active, self._views[active].round)
        if turn == self._showing:
            return
        if self.hot_seat and self._cleared != turn:
            self._show_waiting(f"Pass the keyboard to {self.names[active]}.")
            self._privacy_open = True
            self.app.push_screen(
                PrivacyScreen(self.names[active], turn[1]),
                lambda ready: self._privacy_passed(turn, bool(ready)),
            )
            return
        await self._show_pocket(active)

    def _active_human(self) -> int | None:
        """The first human seat still to choose, if any."""
        return next((seat for seat in self.humans if seat in self._to_act), None)

    # drawing --------------------------------------------------------------------------

    def _public_view(self) -> LiarGameView:
        """The first seat we hear: the panels use only what every seat may see."""
        return self._views[self.humans[0]]

    def _redraw_panels(self) -> None:
        view = self._public_view()
        active = self._showing[0] if self._showing else None
        self.query_one("#scores", ScorePanel).show(view, active, self.humans)
        last = view.history[-1] if view.history else None
        self.query_one("#last-round", LastRoundSummary).show(last)

    async def _show_pocket(self, seat: int) -> None:
        view = self._views[seat]
        picker = self.query_one("#picker", HandPicker)
        await picker.show_pocket(view.pocket)
        self._showing = (seat, view.round)
        self._hand_sent = False
        picker.display = True
        self.query_one("#waiting", Static).display = False
        what = "three cards, or a combo" if view.rules.variants else "three cards"
        panel = self.query_one("#hand-panel")
        name = self.names[seat]
        owner = f"{name}'s pocket" if self.hot_seat and name != "You" else "Your pocket"
        panel.border_title = Content(f"{owner}: pick {what} to show")
        picker.focus()
        self._redraw_panels()

    def _show_waiting(self, headline: str | None = None) -> None:
        """Hide every pocket; say whom the table waits for, and (alone) what you showed."""
        self._showing = None
        picker = self.query_one("#picker", HandPicker)
        picker.display = False
        waiting = self.query_one("#waiting", Static)
        waiting.display = True
        self.query_one("#hand-panel").border_title = "Waiting"
        text = Text()
        if headline is not None:
            text.append(headline, style="bold")
        elif self._game_over is not None:
            text.append("The game is over.", style="bold")
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

    def _show_game_over(self, result: GameOver) -> None:
        self._show_waiting()
        self.app.push_screen(
            GameOverScreen(
                result,
                self.names,
                play_again=lambda: self.liar_app.play_again(self.setup),
                go_home=self.liar_app.return_home,
                show_scores=self.action_scoreboard,
            )
        )

    # player actions -------------------------------------------------------------------

    @on(HandPicker.Submitted)
    def _hand_submitted(self, event: HandPicker.Submitted) -> None:
        if self._showing is None or self._hand_sent:
            return
        self._hand_sent = True
        self.channel.send(ShowHand(self._showing[0], event.cards))

    def action_scoreboard(self) -> None:
        if not self._views:
            return
        view = self._public_view()
        self.app.push_screen(
            ScoreboardScreen(self.names, view.scores, view.history, view.rules.target, self.look)
        )
