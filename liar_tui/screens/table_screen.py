"""What every game's table screen shares: one loop from the table's updates to the screen.

:class:`TableScreen` hears its people's seats, shows refusals, queues the screens that events
open over the table (a reveal, a challenge, the game's end), passes the keyboard between two
people at one keyboard, counts down a table host's turn timer, and lets go of the table on
leaving (or when the host gives the seat to someone else). Each game's screen gives only
the hooks: what a seat's turn looks like, what the table shows while it waits, which events
open which screen, and which privacy screen hands the keyboard over.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from textual import on, work
from textual.binding import ActiveBinding, Binding, BindingType
from textual.color import Color
from textual.message import Message
from textual.notifications import Notification, Notify
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

from liar_tui.bots.coach import hint
from liar_tui.games import plugin
from liar_tui.screens.base import LiarScreen
from liar_tui.screens.confirm import ConfirmScreen
from liar_tui.screens.turn_clock import TurnClock, clock_text
from liar_tui.store.settings import Coach
from liar_tui.table.table import Refused, SeatChannel, SeatsLost, SeatUpdate, TurnTimer
from liar_tui.widgets.card_art import CardLook
from liar_tui.widgets.footer import Footer

if TYPE_CHECKING:
    from liar_tui.screens.privacy import PrivacyScreen

ViewT = TypeVar("ViewT")
"""The game's view of one seat."""
TurnT = TypeVar("TurnT", bound=Hashable)
"""One step of one seat's turn, its seat first: a new step is shown anew."""

GAME_OVER = "The game is over."
COACH_SECONDS = 12
"""How long the coach's line stays up: long enough to read a line of chances."""
TURN_FLASH_SECONDS = 0.6
"""How long the acting panel is lit when a person's turn arrives."""
WATCH_SECONDS = 3.0
"""How long a challenge or reveal stays up by itself for people who are out and watch."""
WATCHING_BOT_PACE = 0.4
"""The share of the bot delay the bots wait while the people who are out watch them."""
PLAYING_OUT = "The bots are playing the game out."
OUT_QUESTION = (
    "Out of the game. Skip to the result, or watch the bots play it out? "
    "(Watching, each challenge shows for a moment and goes on by itself.)"
)


@dataclass(frozen=True)
class Popup:
    """A screen an event opens over the table, shown after those heard before it."""

    open: Callable[[], Screen[Any]]
    """Makes the screen when its turn comes."""
    closed: Callable[[Any], None] | None = None
    """Hears what the screen was dismissed with."""
    ends_game: bool = False
    """The game's end: no turn is shown after it."""


class TableScreen(LiarScreen[None], Generic[ViewT, TurnT]):
    """A table as the people at this keyboard see it, whichever the game.

    The table may call a seat's listener from inside a bot's turn, so every update is only
    queued here as a :class:`TableUpdated` message; what to show next is decided in one place,
    :meth:`_advance`, run once per batch of updates and only while the screen is on top: the
    next queued popup, the game's end, a privacy screen, the turn of a human seat, or waiting.
    """

    LEAVE_QUESTION: ClassVar[str] = (
        "Leave the table? The game is saved after every move, "
        "so you can resume it from the home screen."
    )
    BINDINGS: ClassVar[list[BindingType]] = [Binding("b", "back", "Play again")]
    """Only while a bot plays our seat because our time ran out (see active_bindings)."""
    ACTING_PANEL: ClassVar[str] = "#main-column"
    """The panel lit for a moment when a person's turn arrives: each game's own turn panel
    where it has one (every table's layout has a main column)."""

    class TableUpdated(Message):
        """Something the table told one of our seats, carried onto the UI's message queue."""

        def __init__(self, update: SeatUpdate | Refused) -> None:
            super().__init__()
            self.update = update

    class TableNews(Message):
        """The table's turn timer, or the loss of our seats, carried onto the UI's queue."""

        def __init__(self, news: TurnTimer | SeatsLost) -> None:
            super().__init__()
            self.news = news

    def __init__(self, channel: SeatChannel) -> None:
        super().__init__()
        self.channel = channel
        self.setup = channel.setup
        self.names = channel.setup.names
        self.humans = channel.seats
        self.hot_seat = len(self.humans) >= 2
        self.leave_question = self.LEAVE_QUESTION
        """What Leave asks: the game's own question, unless the app puts its own (online)."""
        self._views: dict[int, ViewT] = {}
        self._to_act: tuple[int, ...] = ()
        self._popups: deque[Popup] = deque()
        self._over = False
        """The game's end has been shown: only "the game is over" is left to say."""
        self._showing: TurnT | None = None
        """The step of a human's turn on screen, or None when none shows."""
        self._cleared: Hashable = None
        """What the privacy screen was last passed for, in a hot-seat game."""
        self._asking = False
        """A screen asking the person at the keyboard (privacy, a choice) is up or coming."""
        self._handed_over = False
        """The keyboard was just handed over: the person whose turn comes is looking."""
        self._skipping = False
        """They chose to skip to the result: no popup but the game's end is shown."""
        self._watching = False
        """They chose to watch: popups close by themselves."""
        self._sent = False
        """An action is on its way to the table: a second key must not send another."""
        self._advance_queued = False
        self._timer = TurnTimer(None)
        """The table host's turn timer as last heard; a local table never has one."""
        self._ticker: Timer | None = None
        """Redraws the countdown every second while a timer runs."""

    @property
    def look(self) -> CardLook:
        return CardLook.from_settings(self.liar_app.settings).in_theme(self.app.current_theme.dark)

    def on_mount(self) -> None:
        """Runs after the game screen's own ``on_mount``, once its widgets are ready."""
        footer = self.query(Footer)
        self.mount(TurnClock(id="turn-clock"), before=footer.first() if footer else None)
        for seat in self.humans:
            self.channel.subscribe(seat, self._listen)
        self.channel.follow(self._follow)

    def on_unmount(self) -> None:
        """Nobody plays at this table once its screen is gone (left, or a new table began):
        closing it keeps a bot whose timer fires late from saving over the next table."""
        self.channel.close()

    def _listen(self, update: SeatUpdate | Refused) -> None:
        self.post_message(self.TableUpdated(update))

    def _follow(self, news: TurnTimer | SeatsLost) -> None:
        self.post_message(self.TableNews(news))

    # the loop -------------------------------------------------------------------------

    @on(TableUpdated)
    def _table_updated(self, message: TableUpdated) -> None:
        update = message.update
        if isinstance(update, Refused):
            self._sent = False
            title = self._refusal_title(update.action)
            self.notify(update.reason, title=title, severity="warning", markup=False)
            return
        before = self._views.get(update.seat)
        if update.seat == self.humans[0]:
            self._popups.extend(self._read_events(update, before))
        self._views[update.seat] = update.view
        self._to_act = update.to_act
        self._draw_clock()
        self._queue_advance()

    def _queue_advance(self) -> None:
        """Decide what to show once every update of the same action has been read."""
        if not self._advance_queued:
            self._advance_queued = True
            self.call_later(self._advance)

    def on_screen_resume(self) -> None:
        self._queue_advance()

    async def _advance(self) -> None:
        """Show what comes next: a popup, the game's end, a privacy screen, or a turn."""
        self._advance_queued = False
        if self.app.screen is not self or self._asking or not self._views:
            return
        self._redraw_panels()
        while self._skipping and self._popups and not self._popups[0].ends_game:
            self._popups.popleft()
        if self._popups:
            popup = self._popups.popleft()
            # Everybody looks at a popup (a challenge, a reveal): whoever acts next, even the
            # person who held the keyboard before it, is handed it again behind the curtain.
            self._cleared = None
            if popup.ends_game:
                self._over = True
                self._show_waiting(GAME_OVER)
            else:
                self._before_popup()
            screen = popup.open()
            self.app.push_screen(screen, popup.closed)
            if self._watching and not popup.ends_game:
                self.set_timer(WATCH_SECONDS, partial(self._close_watched, screen))
            return
        if self._over:
            self._show_waiting(GAME_OVER)
            return
        active = self._active_human()
        if active is None:
            self._show_waiting(PLAYING_OUT if self._skipping else None)
            return
        turn = self._turn_key(active)
        if turn == self._showing:
            return
        cleared = self._privacy_key(active)
        if self.hot_seat and self._cleared != cleared:
            self._show_waiting(f"Pass the keyboard to {self.names[active]}.")
            self._asking = True
            self.app.push_screen(
                self._privacy_screen(active),
                lambda ready: self._privacy_passed(cleared, bool(ready)),
            )
            return
        arrives = self._showing is None
        self._showing = turn
        self._sent = False
        await self._show_turn(active)
        if arrives:
            self._turn_arrived()
        if self._coach_setting is Coach.ALWAYS:
            self.action_coach()

    def _turn_arrived(self) -> None:
        """Make a person's turn unmistakable when it arrives (not at each step of it): the
        acting panel lights for a moment, and the bell rings if the settings say so, unless
        the keyboard was just handed over and its holder is looking already."""
        if self.liar_app.settings.turn_bell and not self._handed_over:
            self.app.bell()
        self._handed_over = False
        self._flash(self.query_one(self.ACTING_PANEL))

    def _flash(self, panel: Widget) -> None:
        """Light ``panel`` in the theme's warning colour and let it fade. A tint changes no
        character (ASCII-only tables flash too), and as an animation it is skipped when the
        app's animations are off and finished before a snapshot is taken."""
        warning = Color.parse(self.app.theme_variables["warning"])

        def faded() -> None:
            panel.styles.clear_rule("background_tint")

        panel.styles.background_tint = warning.with_alpha(0.3)
        panel.styles.animate(
            "background_tint", warning.with_alpha(0), duration=TURN_FLASH_SECONDS, on_complete=faded
        )

    # out of the game ------------------------------------------------------------------

    def _out_question(self) -> Popup:
        """The popup that asks the people here, all out of a game that goes on, how to follow
        it: rather than a key at every challenge until the bots finish, they skip to the
        result or watch popups that go on by themselves. A game's ``_read_events`` puts it
        after the screen that shows how the last of them went out."""
        question = partial(
            ConfirmScreen, OUT_QUESTION, "Skip to the result", "Watch", yes_variant="primary"
        )
        return Popup(question, closed=self._follow_chosen)

    def _follow_chosen(self, skip: bool | None) -> None:
        self._skipping = bool(skip)
        self.liar_app.bot_pace = 0.0 if skip else WATCHING_BOT_PACE
        self._watching = not skip
        self._queue_advance()

    def _close_watched(self, screen: Screen[Any]) -> None:
        """Go on from a popup the watchers did not close themselves; one covered for now
        (help opened over it) goes on once its time has passed again."""
        if self.app.screen is screen:
            screen.dismiss(None)
        elif screen in self.app.screen_stack:
            self.set_timer(WATCH_SECONDS, partial(self._close_watched, screen))

    def _active_human(self) -> int | None:
        """The first human seat still to act, if any."""
        return next((seat for seat in self.humans if seat in self._to_act), None)

    def _public_view(self) -> ViewT:
        """The first seat we hear: the panels use only what every seat may see."""
        return self._views[self.humans[0]]

    def _privacy_passed(self, cleared: Hashable, ready: bool) -> None:
        self._asking = False
        if ready:
            self._cleared = cleared
            self._handed_over = True
            self._queue_advance()
        else:
            self.action_leave()

    def _send(self, action: Any) -> None:
        """Send the action of the turn on screen, once: the table's answer allows the next."""
        if self._sent:
            return
        self._sent = True
        self.channel.send(action)

    # the turn timer -------------------------------------------------------------------

    @on(TableNews)
    def _table_news(self, message: TableNews) -> None:
        news = message.news
        if isinstance(news, SeatsLost):
            # The app says why (it hears the host too); the table is no longer ours to show.
            self.liar_app.return_home()
            return
        self._timer = news
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        if news.ends_at is not None:  # ticks counted from the update's arrival
            self._ticker = self.set_interval(1.0, self._draw_clock)
        self._draw_clock()
        self.refresh_bindings()

    @property
    def _away(self) -> bool:
        """A bot plays one of our seats because its time ran out."""
        return any(seat in self._timer.away for seat in self.humans)

    def _seconds_left(self) -> int | None:
        if self._timer.ends_at is None:
            return None
        return max(0, math.floor(self._timer.ends_at - time.monotonic() + 0.5))

    def _draw_clock(self) -> None:
        seconds = self._seconds_left()
        if seconds == 0 and self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        text = clock_text(self.names, self._to_act, seconds, self._timer.away, self.humans)
        self.query_one(TurnClock).show(text, seconds)

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The screen's keys; Play again (b) only while a bot plays our seat, the coach only
        on a person's turn. (Filtered here rather than in ``check_action``, which each game's
        screen has its own of.)"""
        bindings = super().active_bindings
        hidden_coach = self._hidden_coach_keys()
        return {
            key: bound
            for key, bound in bindings.items()
            if (bound.binding.action != "back" or self._away)
            and (bound.binding.action != "coach" or key not in hidden_coach)
        }

    def action_back(self) -> None:
        """Take the seat back from the bot that played it after our time ran out."""
        if self._away:
            self.channel.back()

    # the coach ------------------------------------------------------------------------

    _coach_turn: TurnT | None = None
    """The step of a turn the coach's line on screen is about, if one may be up."""
    _coach_note: Notification | None = None
    """The coach's toast, which it takes down by itself: other notices stay up."""

    def _hidden_coach_keys(self) -> set[str]:
        """The coach's keys not to offer now: all of them off a person's turn (pressed
        there, the key says why not) and when the coach is off. A game whose turn has a
        text box hides its letter."""
        if self._showing is None or self._coach_setting is Coach.OFF:
            return {key for key, binding in self._bindings if binding.action == "coach"}
        return set()

    @property
    def _coach_setting(self) -> Coach:
        return self.liar_app.settings.coach

    def action_coach(self) -> None:
        """What the hard bot would estimate and do in the place of the person whose turn
        is on screen, as a toast (issue 15)."""
        if self._coach_setting is Coach.OFF:
            self.notify("The coach is off: switch it on in Settings.", markup=False)
            return
        turn, seat = self._showing, self._active_human()
        self._coach(turn, None if turn is None or seat is None else self._views[seat])

    @work(thread=True, group="coach", exit_on_error=False)
    def _coach(self, turn: TurnT | None, view: ViewT | None) -> None:
        """Off the UI thread: a fresh bot may first catch up with a long bidding."""
        line = hint(plugin(self.setup.game), view)
        self.app.call_from_thread(self._coach_said, turn, line)

    def _coach_said(self, turn: TurnT | None, line: str) -> None:
        """Say the line only while the turn it is about is on screen (later it is stale),
        in place of the coach's last line."""
        if self._showing != turn:
            return
        self._take_down_coach_note()
        # Made here rather than by notify(), which keeps no handle to take this one down.
        self._coach_note = Notification(line, timeout=COACH_SECONDS, markup=False)
        self.app.post_message(Notify(self._coach_note))
        self._coach_turn = turn

    def _coach_retire_stale(self) -> None:
        """Take the coach's line down once the step it is about is gone: in a hot-seat game
        it would show the next person the last one's cards."""
        if self._coach_turn is not None and self._coach_turn != self._showing:
            self._coach_turn = None
            self._take_down_coach_note()

    def _take_down_coach_note(self) -> None:
        note, self._coach_note = self._coach_note, None
        if note is not None and note in self.app._notifications:
            self.app._unnotify(note)

    # leaving --------------------------------------------------------------------------

    def action_leave(self) -> None:
        self.app.push_screen(
            ConfirmScreen(self.leave_question, "Leave", "Stay"), self._leave_answered
        )

    def _leave_answered(self, leave: bool | None) -> None:
        if leave:
            self.liar_app.return_home()

    # hooks: each game's screen says --------------------------------------------------

    def _refusal_title(self, action: Any) -> str:
        """The title of the warning that the table refused ``action``."""
        raise NotImplementedError

    def _read_events(self, update: SeatUpdate, before: ViewT | None) -> Iterable[Popup]:
        """The screens the events of an update open, in order (``before``: the seat's view
        until this update). Only the first human seat's updates are read: every seat
        hears the same events."""
        raise NotImplementedError

    def _before_popup(self) -> None:
        """Clear the table before a popup (not the game's end) covers it; by default, not."""

    def _turn_key(self, seat: int) -> TurnT:
        """The step of ``seat``'s turn its view is at: a new step is shown anew."""
        raise NotImplementedError

    def _privacy_key(self, seat: int) -> Hashable:
        """What one passing of the keyboard clears ``seat`` for (a person, a round...)."""
        raise NotImplementedError

    def _privacy_screen(self, seat: int) -> PrivacyScreen:
        """The screen that hands the keyboard to ``seat`` in a hot-seat game."""
        raise NotImplementedError

    async def _show_turn(self, seat: int) -> None:
        """Show the step of ``seat``'s turn in ``self._showing``, to choose what to send."""
        raise NotImplementedError

    def _show_waiting(self, headline: str | None = None) -> None:
        """Show no turn (and forget it: ``self._showing = None``); say whom the table waits
        for, or ``headline`` instead."""
        raise NotImplementedError

    def _redraw_panels(self) -> None:
        """Redraw what every seat may see."""
        raise NotImplementedError
