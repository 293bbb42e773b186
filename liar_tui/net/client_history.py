"""An online client's own history: each game its seat played, kept from what that seat saw.

A client is never told the host's log nor its seed, so its record of a game is the updates
the host sent its seat, from the game's first view to its end (issue 14, point 2): a
:class:`SeatRecorder` watches one seat's channel and hands on each game it heard whole.
A game is whole when the seat heard its start: a seat taken up again in a game under way
(come back to, or resumed by a new ``liar-tui join``) missed part of it, and so did a seat
whose connection dropped while moves were played (the host hands it the table as it is on
its return): that game is not a result here, since its events (a knock-out, a round's
points) would be missing from what the game's result is read from; at a table of bills, the
deals dealt after it are. A seat left, lost or whose table closed before the end hears no
more, and its game is never handed on.

Each update is decoded afresh from its frame, so two in a row hold equal copies of all that
did not change (the rules, the last rounds' reveals). The recorder keeps each update made of
the one before's objects wherever they are the same (``compact.shared``), so that a long
game's updates take the memory of their changes, and writes each in the stored form as it
comes (``compact.ChangeLog``): finding those changes at the game's end took a long Liar
Game's record 5-7 ms, where a turn's share is about a tenth of a millisecond, and
recording the game now writes only the JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from liar_tui.store.history.compact import ChangeLog, shared
from liar_tui.table.finished import GameClock, GameTimes, ends_a_game
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import SeatUpdate


@dataclass(frozen=True)
class SeatGame:
    """One game as a seat at a host's table heard it, ready to record."""

    setup: TableSetup
    """The setup as the host told it: seats' names and kinds, the rules, and no seed."""
    seat: int
    log: ChangeLog
    """The updates the seat heard, each written in the stored form as it came."""
    times: GameTimes

    @property
    def updates(self) -> tuple[SeatUpdate, ...]:
        return self.log.values


class SeatRecorder:
    """Keeps the updates of the game one seat is playing and hands each game it heard from
    its start to its end to ``finished``; give :meth:`hear` to the seat's channel."""

    def __init__(
        self,
        setup: TableSetup,
        seat: int,
        finished: Callable[[SeatGame], None],
        *,
        from_start: bool,
    ) -> None:
        self._setup = setup
        self._seat = seat
        self._finished = finished
        self._whole = from_start
        """The updates kept are the game's from its first view: it is one to record."""
        self._log = ChangeLog(SeatUpdate)
        """The game's updates kept so far, each written as it came."""
        self._last: SeatUpdate | None = None
        """The last update heard, kept or not."""
        self._clock = GameClock.start(0)

    def hear(self, update: SeatUpdate) -> None:
        """One more update of the seat; at a game's end, the game is handed on (if whole)
        and the next one, dealt with it at a table of bills, begins at that update's view."""
        last = self._last
        if last is not None:
            update = shared(last, update, SeatUpdate)
        if update.actor is None and last is not None:
            # The table as it is, not an action's news: on a return, or to restart a turn's
            # timer. The same table as last heard adds nothing; another is moves missed.
            if (update.view, update.to_act) == (last.view, last.to_act):
                return
            self._whole = False
            self._log = ChangeLog(SeatUpdate)
        self._last = update
        if self._whole:
            self._log.add(update)
        if not ends_a_game(self._setup, update):
            return
        if self._whole:
            times = self._clock.stop()
            self._finished(SeatGame(self._setup, self._seat, self._log, times))
        # The end's events belong to the game just ended: the next begins at its view, as a
        # table's first view comes with no events.
        self._log = ChangeLog.of(
            (SeatUpdate(update.seat, (), update.view, update.to_act),), SeatUpdate
        )
        self._whole = True
        self._clock = GameClock.start(0)
