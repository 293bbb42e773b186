"""The replay viewer: a finished game of history, stepped through action by action.

The record is read and replayed once, in a worker thread (:func:`~liar_tui.table.replay.
replay_of`), and every step's words are said once when it arrives; a step is then only the
game's table (its plugin's :class:`~liar_tui.screens.replay_table.ReplayTable`) drawn again
from the update already known, so a key press never replays anything. The game is seen
from the recording seat's side; after its end, a complete record shows every hand.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from liar_tui.games import registered
from liar_tui.history_command import title
from liar_tui.screens.base import LiarScreen
from liar_tui.screens.replay_table import Redrawn, ReplayFrame, ReplayTable, StepWords
from liar_tui.screens.wording import possessive
from liar_tui.store.history import HistoryError, HistoryStore
from liar_tui.table.replay import Replay, ReplayProblem, no_such_game, replay_of
from liar_tui.widgets.card_art import CardLook
from liar_tui.widgets.footer import Footer

if TYPE_CHECKING:
    from liar_tui.bots.coach import Analysis
    from liar_tui.games.plugin import GamePlugin

log = logging.getLogger(__name__)

STEP_KEYS = Binding.Group("Step", compact=True)
ROUND_KEYS = Binding.Group("Round", compact=True)
WIDE_SCREEN = 110
"""From this many columns the coach sits beside the table; below it, under the table."""


def doesnt_fit(game_id: int) -> str:
    return (
        f"Game {game_id} cannot be replayed: its record does not fit its game "
        "(it may have been edited)."
    )


def unwatchable(game: str) -> str:
    return f"Replays of {title(game)} cannot be watched: its plugin draws no replay table."


@dataclass(frozen=True)
class ShownStep:
    """A step as the viewer shows it: the frame for the table and its line of words."""

    frame: ReplayFrame
    words: StepWords
    decided: bool
    """The recording seat acted at this step: the coach has something to say of it."""


class ReplayScreen(LiarScreen[None]):
    """One finished game, step by step; Escape goes back."""

    CSS_PATH = "replay.tcss"
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Back a step", group=STEP_KEYS),
        Binding("right", "step(1)", "Next step", group=STEP_KEYS),
        Binding("home", "to_end(False)", "First"),
        Binding("end", "to_end(True)", "Last"),
        Binding("left_square_bracket,pageup", "round(-1)", "Round before", group=ROUND_KEYS),
        Binding("right_square_bracket,pagedown", "round(1)", "Next round", group=ROUND_KEYS),
        Binding("escape", "back", "Back"),
    ]

    class Read(Message):
        """The record read and replayed by the worker."""

        def __init__(self, replay: Replay) -> None:
            super().__init__()
            self.replay = replay

    class Coached(Message):
        """The coach's reading of the decision played at step ``index`` (None: it has none)."""

        def __init__(self, index: int, analysis: Analysis | None) -> None:
            super().__init__()
            self.index = index
            self.analysis = analysis

    class Unreadable(Message):
        """The record cannot be replayed; ``reason`` is the sentence to show."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    def __init__(self, store: HistoryStore, game_id: int) -> None:
        super().__init__()
        self.store = store
        self.game_id = game_id
        self.replay: Replay | None = None
        self.steps: tuple[ShownStep, ...] = ()
        self.at = 0
        """The index of the step on screen."""
        self._table: ReplayTable | None = None
        self._coached: dict[int, Analysis | None] = {}
        """The coach's reading of each decision step read so far, by step."""

    def compose(self) -> ComposeResult:
        yield Static(f"Replay of game {self.game_id}", id="replay-title", markup=False)
        yield Static("Reading the game…", id="replay-status", markup=False)
        with Horizontal(id="replay-body"):
            yield Vertical(id="replay-table")
            with Vertical(id="coach-panel"):
                yield Redrawn(id="coach-line", markup=False)
        yield Redrawn(id="replay-step", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#coach-panel").border_title = "Coach"
        self._place_coach(self.app.size.width)
        self._read()

    def on_resize(self, event: Resize) -> None:
        self._place_coach(event.size.width)

    def _place_coach(self, width: int) -> None:
        self.set_class(width < WIDE_SCREEN, "-narrow")

    # reading --------------------------------------------------------------------------

    def _read(self) -> None:
        store, game_id = self.store, self.game_id

        def read() -> None:
            try:
                record = store.load_game(game_id) if store.path.exists() else None
                if record is None:
                    raise ReplayProblem(no_such_game(game_id))
                self.post_message(self.Read(replay_of(record)))
            except (HistoryError, ReplayProblem) as problem:
                self.post_message(self.Unreadable(str(problem)))

        self.run_worker(read, name="read a replay", group="replay", thread=True)

    @on(Unreadable)
    def _unreadable(self, message: Unreadable) -> None:
        self._say_problem(message.reason)

    def _say_problem(self, reason: str) -> None:
        status = self.query_one("#replay-status", Static)
        status.update(reason)
        status.add_class("-problem")
        self.query_one("#replay-body").display = False
        self.query_one("#replay-step").display = False
        self.refresh_bindings()

    @on(Read)
    async def _read_done(self, message: Read) -> None:
        replay = message.replay
        game = registered().get(replay.setup.game)
        look = CardLook.from_settings(self.liar_app.settings).in_theme(self.app.current_theme.dark)
        names = replay.setup.names
        table = game.replay_table(names, replay.seat) if game is not None else None
        if game is None or not isinstance(table, ReplayTable):
            self._say_problem(unwatchable(replay.setup.game))
            return
        table.look = look
        table.pocket_order = self.liar_app.settings.pocket_order
        last = len(replay.steps) - 1
        try:
            steps = tuple(
                ShownStep(
                    ReplayFrame(
                        step.update,
                        replay.face_up(index),
                        replay.steps[index - 1].update if 0 < index == last else None,
                    ),
                    table.describe(step.update),
                    step.decision is not None,
                )
                for index, step in enumerate(replay.steps)
            )
        except Exception:  # a record that does not fit its game (an edited import)
            log.exception("game %d could not be described", replay.game_id)
            self._say_problem(doesnt_fit(replay.game_id))
            return
        self.replay = replay
        self._table = table
        self.steps = steps
        self.query_one("#replay-title", Static).update(self._title(replay))
        self.query_one("#replay-status", Static).display = False
        await self.query_one("#replay-table").mount(table)
        self.query_one("#replay-table").styles.max_width = table.widest
        deals = [
            index for index, step in enumerate(replay.steps[:-1]) if table.deals_a_game(step.update)
        ]
        self._show(deals[-1] if deals else 0)
        self.refresh_bindings()
        self._ask_the_coach(game, replay)

    def _ask_the_coach(self, game: GamePlugin, replay: Replay) -> None:
        """Ask the coach of every decision of the recording seat, in order, in a worker:
        each reading (tens of milliseconds for a hard bot) is shown as it comes, and a step
        never waits for one."""

        def ask() -> None:
            from liar_tui.bots.coach import analyse

            worker = get_current_worker()
            for index, step in enumerate(replay.steps):
                if worker.is_cancelled:
                    return
                if step.decision is None:
                    continue
                try:
                    analysis = analyse(game, step.decision)
                except Exception:  # a bot's failure must not end the replay
                    log.exception(
                        "the coach could not read step %d of game %d", index, replay.game_id
                    )
                    analysis = None
                self.post_message(self.Coached(index, analysis))

        self.run_worker(ask, name="coach a replay", group="coach", thread=True)

    @on(Coached)
    def _coached_step(self, message: Coached) -> None:
        self._coached[message.index] = message.analysis
        if message.index == self._next_decision():
            self._show_coach()

    def _title(self, replay: Replay) -> str:
        """``Replay · game 12 · <game title> · your side · all hands at end`` (or ``· only
        your view`` for a seat's own record)."""
        whose = possessive(replay.setup.names[replay.seat])
        kept = "all hands at end" if replay.final_views else f"only {whose} view"
        return f"Replay · game {self.game_id} · {title(replay.setup.game)} · {whose} side · {kept}"

    # stepping -------------------------------------------------------------------------

    def _show(self, index: int) -> None:
        """Draw step ``index``: only the table's redraw from its stored frame and a line."""
        if self._table is None or not self.steps:
            return
        self.at = max(0, min(index, len(self.steps) - 1))
        shown = self.steps[self.at]
        try:
            self._table.show(shown.frame)
        except Exception:  # a step of a record that does not fit its game
            log.exception("step %d of game %d could not be drawn", self.at, self.game_id)
            self._table = None
            self._say_problem(doesnt_fit(self.game_id))
            return
        line = Text(f"step {self.at + 1} of {len(self.steps)}", style="bold")
        line.append(f" · {shown.words.text}")
        if self.at == len(self.steps) - 1:
            line.append(" (the end)", style="dim")
        self.query_one("#replay-step", Static).update(line)
        self._show_coach()

    def _next_decision(self) -> int | None:
        """The step that plays the recording seat's decision facing it at this step: the
        coach speaks while the table shows the decision still to make, not the table after
        it (a reveal beside the estimate made before it read as a verdict on the result)."""
        after = self.at + 1
        return after if after < len(self.steps) and self.steps[after].decided else None

    def _show_coach(self) -> None:
        """What the hard bot makes of the decision facing the recording seat at this step,
        and whether the player then did as it would have (where the record keeps the action
        played)."""
        coach = self.query_one("#coach-line", Static)
        replay = self.replay
        decision = self._next_decision()
        if replay is None or self._table is None or decision is None:
            coach.update(Text("The coach speaks at each of your decisions.", style="dim"))
            return
        if decision not in self._coached:
            coach.update(Text("The coach is thinking…", style="italic dim"))
            return
        analysis = self._coached[decision]
        if analysis is None:
            coach.update(Text("The coach has nothing to say of this decision.", style="dim"))
            return
        from liar_tui.bots.coach import coach_line

        text = Text(coach_line(analysis))
        step = replay.steps[decision]
        played = step.action if step.action is not None else self._table.played_action(step.update)
        if played is not None:
            ink = self._table.look.ink
            name = replay.setup.names[replay.seat]
            if self._table.same_action(played, analysis.action):
                text.append(f"\n{name} then played as the coach would.", style=f"bold {ink.win}")
            else:
                text.append(f"\n{name} then played otherwise.", style=f"bold {ink.loss}")
        coach.update(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The step keys work once the game is read (at either end a step stays put)."""
        return action == "back" or bool(self.steps)

    def action_step(self, by: int) -> None:
        self._show(self.at + by)

    def action_to_end(self, last: bool) -> None:
        self._show(len(self.steps) - 1 if last else 0)

    def action_round(self, by: int) -> None:
        """To the next step that ends a round (a reveal, a challenge), or back to the one
        before; the first or last step where there is none."""
        marks = [index for index, shown in enumerate(self.steps) if shown.words.milestone]
        if by > 0:
            later = [index for index in marks if index > self.at]
            self._show(later[0] if later else len(self.steps) - 1)
        else:
            earlier = [index for index in marks if index < self.at]
            self._show(earlier[-1] if earlier else 0)

    def action_back(self) -> None:
        self.dismiss()
