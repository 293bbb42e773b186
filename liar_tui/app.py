"""The liar-tui application: screens on top of local tables.

Tables, bots and the screens past the home screen are imported when first used, so the
first frame comes up about as fast as a bare Textual app's.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.events import Resize
from textual.filter import LineFilter
from textual.message import Message
from textual.screen import Screen

from liar_tui.ascii_only import AsciiOnly, key_in_words
from liar_tui.rules.base import GameState
from liar_tui.store.messages import shown_path, with_path_on_its_own_lines
from liar_tui.store.paths import data_dir, settings_path
from liar_tui.store.saves import SavedClock, SaveError, SaveStore
from liar_tui.store.settings import (
    CardStyle,
    Settings,
    save_settings,
    save_theme,
    theme_exists,
    whole_file_unused,
)
from liar_tui.table.setup import TableSetup, random_seed

if TYPE_CHECKING:
    from textual._path import CSSPathType  # Textual's own type for CSS_PATH

    from liar_tui.store.history import FinishedGame, HistoryStore
    from liar_tui.table.finished import GameClock, GameTimes
    from liar_tui.table.table import Refused, Table


log = logging.getLogger(__name__)

NOT_RECORDED = "History could not record this game, which is a bug: please report it."
"""Said when recording a game fails for something other than the file or the disk."""
NOTICE_TIMEOUT = 20
"""Seconds a notice about the settings file stays: long enough to read a few sentences."""
TOAST_WIDTH = 60
"""Textual's toasts are this wide, and at most half the screen."""


def toast_text_width(screen_width: int) -> int:
    """Columns of text in a toast: its width less the side padding and the coloured edge."""
    return min(TOAST_WIDTH, screen_width // 2) - 3


def _home_screen() -> Screen[Any]:
    from liar_tui.screens.home import HomeScreen

    return HomeScreen()


class LiarApp(App[None]):
    TITLE = "liar-tui"
    CSS_PATH: ClassVar[CSSPathType | None] = "app.tcss"
    MODES: ClassVar[dict[str, str | Callable[[], Screen[Any]]]] = {"home": _home_screen}
    DEFAULT_MODE = "home"
    """The home screen is the bottom of the stack, so every table returns to it."""
    ENABLE_COMMAND_PALETTE = True
    """Ctrl+P: the palette offers only what has no key of its own, the themes (and Quit)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1,question_mark", "help", "Help"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(
        self,
        settings: Settings | None = None,
        settings_problem: str | None = None,
        start: TableSetup | None = None,
        start_screen: Callable[[], Screen[Any]] | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.settings_problem = settings_problem
        self._start = start
        self._start_screen = start_screen
        """A screen to open over home at once (``liar-tui replay ID``)."""
        self.saves = SaveStore()
        self._save_warned: TableSetup | None = None
        self.table: Table | None = None
        """The table being played here; the app hosts it, screens only get a SeatChannel."""
        self.bot_pace = 1.0
        """How much of the bot delay a bot waits: less once the people here are out of the
        game and only watch it (or skip to its result); a new table starts at 1."""
        self._ascii_filter = AsciiOnly()
        self.history: HistoryStore | None = None
        """Where finished games are recorded; made at the first game's end (not on the way to
        the home screen), in the data folder, unless a test gives its own."""
        self._clock: GameClock | None = None
        """Times the game at the table, for its record."""
        self._history_warned: str | None = None
        """The last reason history could not be recorded, said once until it can be again."""

    @property
    def ascii_only(self) -> bool:
        """Whether the player chose ASCII only: then nothing past ASCII is drawn, anywhere."""
        return self.settings.card_style is CardStyle.ASCII

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, and in ASCII mode the one that puts every line in ASCII."""
        filters = super().get_line_filters()
        return [*filters, self._ascii_filter] if self.ascii_only else filters

    def get_key_display(self, binding: Binding) -> str:
        """Keys as Textual shows them; in ASCII mode its symbols in words (``enter``).

        A footer runs a group's keys together (``←→ Move``); words run together would
        read ``leftright``, so each word after the group's first starts with a slash.
        """
        display = super().get_key_display(binding)
        if not self.ascii_only:
            return display
        words = key_in_words(display)
        if len(words) > 1 and binding.group is not None and not self._first_of_group(binding):
            return f"/{words}"
        return words

    def _first_of_group(self, binding: Binding) -> bool:
        """Whether the footer shows ``binding`` first of the keys of its group."""
        for _node, shown, _enabled, _tooltip in self.screen.active_bindings.values():
            if shown.show and shown.group is binding.group:
                return shown is binding
        return True

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Every game action has a key in the footer and in help; the palette adds only the
        theme (and Quit, which people look for there)."""
        yield SystemCommand(
            "Change theme",
            "Draw the app in another of Textual's themes; the choice is saved",
            self.action_change_theme,
        )
        yield SystemCommand("Quit", "Leave liar-tui", self.action_quit)

    def watch_theme(self, theme: str) -> None:
        """A theme chosen from the palette is kept for the next start (only the file's theme
        entry is written); one that cannot be saved is said and kept for this run."""
        if theme == self.settings.theme:
            return
        try:
            save_theme(theme)
        except (OSError, ValueError) as error:
            reason = error.strerror if isinstance(error, OSError) else error
            self.notify(f"Theme not saved: {reason or error}.", severity="error", markup=False)
            return
        self.settings = replace(self.settings, theme=theme)

    def on_mount(self) -> None:
        if theme_exists(self.settings.theme):
            self.theme = self.settings.theme
        if self.settings_problem:
            self.notify(
                with_path_on_its_own_lines(
                    self.settings_problem,
                    shown_path(settings_path()),
                    toast_text_width(self.size.width),
                ),
                title=(
                    "Settings not loaded"
                    if whole_file_unused(self.settings_problem)
                    else "Some settings not loaded"
                ),
                severity="warning",
                markup=False,
                timeout=NOTICE_TIMEOUT,
            )
        if self._start is not None:
            self.start_table(self._start)
        if self._start_screen is not None:
            self.push_screen(self._start_screen())

    def on_resize(self, event: Resize) -> None:
        from liar_tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

        too_small = event.size.width < MIN_WIDTH or event.size.height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if too_small and not showing:
            self.push_screen(TooSmallScreen())
        elif not too_small and showing:
            self.pop_screen()

    def action_help(self) -> None:
        from liar_tui.screens.help import HelpScreen
        from liar_tui.screens.too_small import TooSmallScreen

        if not isinstance(self.screen, HelpScreen | TooSmallScreen):
            self.push_screen(HelpScreen())

    def save_settings(self, settings: Settings) -> bool:
        """Keep new settings for this run and on disk; say so and keep the old ones on failure."""
        try:
            save_settings(settings)
        except OSError as error:
            reason = error.strerror or error
            self.notify(f"Settings not saved: {reason}.", severity="error", markup=False)
            return False
        was_ascii = self.ascii_only
        self.settings = settings
        self.settings_problem = None
        if self.ascii_only != was_ascii:
            for screen in self.screen_stack:
                screen.refresh_bindings()
                screen.refresh(repaint=True)
        return True

    # tables ----------------------------------------------------------------------

    def start_table(
        self,
        setup: TableSetup,
        actions: tuple[Any, ...] = (),
        clock: SavedClock | None = None,
    ) -> None:
        """Seat everyone at a table (new, or rebuilt from saved actions and its clock) and
        show it.

        A new table would be saved over the unfinished one, so when there is one (even a
        damaged one) the player is asked first.
        """
        if actions or not self.saves.path.exists():
            self._open_table(setup, actions, clock)
            return
        from liar_tui.screens.confirm import ConfirmScreen

        question = (
            "You have an unfinished game. Start a new one and discard it? "
            "(Keep it to resume it from the home screen.)"
        )

        def answered(replace_it: bool | None) -> None:
            if replace_it:
                self._open_table(setup, ())

        self.push_screen(ConfirmScreen(question, "Start new", "Keep"), answered)

    def _open_table(
        self, setup: TableSetup, actions: tuple[Any, ...], clock: SavedClock | None = None
    ) -> None:
        """The play screen subscribes the human seats when it mounts; bots are seated after
        it, so that a bot acting at once cannot race ahead of the screen that shows it."""
        from liar_tui.games import plugin
        from liar_tui.table.finished import GameClock
        from liar_tui.table.local import open_table, seat_bots
        from liar_tui.table.table import Bus, LocalChannel

        table = open_table(setup, actions, recorder=self._record)
        bus = Bus(table)
        self.table = table
        games_done = table.completed_games()
        self._clock = (
            GameClock.start(games_done)
            if clock is None
            else GameClock.resume(games_done, clock.started_at, clock.played)
        )
        self.bot_pace = 1.0
        self.return_home()
        channel = LocalChannel(table, bus, setup.human_seats)
        self.push_screen(plugin(setup.game).play_screen(channel))
        self.call_after_refresh(seat_bots, table, bus, self._schedule_bot, self._bot_refused)

    def play_again(self, setup: TableSetup) -> None:
        """A new game with the same seats and rules, and a new seed."""
        self.start_table(replace(setup, seed=random_seed()))

    def return_home(self) -> None:
        """Close every screen above the home screen."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def _schedule_bot(self, act: Callable[[], None]) -> None:
        delay = self.settings.bot_delay * self.bot_pace
        if delay > 0:
            self.set_timer(delay, act)
        else:
            self.call_later(act)

    def _bot_refused(self, refused: Refused) -> None:
        """A bot's illegal move is a bug; say so plainly rather than end the app."""
        name = self.table.setup.names[refused.seat] if self.table else f"seat {refused.seat}"
        self.notify(
            f"{name} (a bot) tried a move the rules refuse: {refused.reason} "
            "Please report this; the table waits for that seat.",
            title="Bot error",
            severity="error",
            markup=False,
            timeout=30,
        )

    def _record(self, setup: TableSetup, actions: tuple[Any, ...], game: GameState) -> None:
        """Save after every action; a finished game leaves nothing to resume.

        A failed write (disk full, no permission) must not stop the game in front of the
        player: it is said once per table, and the next action tries again.
        """
        clock = self._clock
        if clock is not None and clock.one_more(game.completed_games()):
            self._clock = clock.start(game.completed_games())
            self._record_finished(setup, actions, clock.stop())
        try:
            if game.over:
                self.saves.clear()
            else:
                self.saves.save(setup, actions, self._saved_clock())
        except SaveError as error:
            if self._save_warned is not setup:
                self._save_warned = setup
                self.notify(str(error), title="Game not saved", severity="warning", markup=False)
        else:
            self._save_warned = None

    def _saved_clock(self) -> SavedClock | None:
        """The clock of the game being played, as its save keeps it for its record."""
        clock = self._clock
        return None if clock is None else SavedClock(clock.started_at, clock.played())

    # history ---------------------------------------------------------------------

    def _record_finished(
        self, setup: TableSetup, actions: tuple[Any, ...], times: GameTimes
    ) -> None:
        """Record the game ``actions`` just finished: a hot-seat game as the first person's
        (without the others' hands), any other whole."""
        humans = setup.human_seats

        def finished() -> FinishedGame:
            from liar_tui.table.finished import complete_record, seat_record

            if len(humans) > 1:
                return seat_record(setup, actions, times, humans[0])
            return complete_record(setup, actions, times, humans[0] if humans else None)

        self.record_in_history(finished)

    def record_in_history(self, finished: Callable[[], FinishedGame]) -> None:
        """Build a finished game's record and write it, in a worker thread: replaying its
        log and writing the file must not hold up the game's end on screen. What the player
        should know of it comes back as :class:`HistoryRecorded`."""
        if self.history is None:
            from liar_tui.store.history import HistoryStore, history_path

            self.history = HistoryStore(history_path(data_dir()))
        store = self.history

        def record() -> None:
            from liar_tui.store.history import NotRecorded

            try:
                result = store.record(finished())
            except Exception:  # a bug in a game's plugin or the codec: no traceback on screen
                log.exception("a finished game could not be recorded")
                problem: str | None = NOT_RECORDED
            else:
                problem = result.reason if isinstance(result, NotRecorded) else None
            self.post_message(self.HistoryRecorded(store.take_notices(), problem))

        self.run_worker(record, name="record history", group="history", thread=True)

    class HistoryRecorded(Message):
        """A finished game's recording is over, with what the player should be told."""

        def __init__(self, notices: tuple[str, ...], problem: str | None) -> None:
            super().__init__()
            self.notices = notices
            self.problem = problem

    @on(HistoryRecorded)
    def _history_recorded(self, message: HistoryRecorded) -> None:
        """Say what the player should know of the recording, each thing once: a file moved
        aside, and why history is not being recorded (not again at every game until it can
        be recorded once more). The game goes on either way."""
        for notice in message.notices:
            self.notify(notice, title="History", severity="warning", markup=False)
        problem = message.problem
        if problem is not None and problem != self._history_warned:
            self.notify(problem, title="History", severity="warning", markup=False)
        self._history_warned = problem
