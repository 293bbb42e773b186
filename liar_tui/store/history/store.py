"""The history of finished games, as the app, the table host and the screens use it.

Nothing is opened until the first call that needs the file: constructing a store costs
nothing, so the app can make one on the way to the home screen without slowing its first
frame. Recording never raises for a fault of the file or the disk: it answers
:class:`NotRecorded` with the sentence to show, and the game goes on.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import liar_tui.store.history.counting as counting
import liar_tui.store.history.records as records
from liar_tui.store.history.database import (
    BadFile,
    HistoryError,
    damage_problem,
    history_path,
    is_damage,
    open_history,
    start_again,
    transaction,
    unusable,
)
from liar_tui.store.history.records import (
    FinishedGame,
    GameRecord,
    GameSummary,
    HistoryFilter,
    RecordProblem,
)
from liar_tui.store.history.starts import last_game_alone
from liar_tui.store.messages import lowered, shown_path

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable

Result = TypeVar("Result")

log = logging.getLogger(__name__)

PAGE_SIZE = 50


@dataclass(frozen=True)
class Recorded:
    game_id: int


@dataclass(frozen=True)
class NotRecorded:
    reason: str
    """One sentence for a notice: ``History is not being recorded: ... (the disk is full).``"""


RecordResult = Recorded | NotRecorded

COUNTING_PAUSES = (1.0, 2.0, 4.0, 8.0, 16.0, 32.0)
"""Seconds before each try to count again once a fault stopped the counting: about a minute
in all, longer than another process holds the file for any write of liar-tui's."""


class HistoryStore:
    """The history file at ``path`` (the user's data folder unless given).

    One connection is kept open once made and shared by the threads that call in, one at a
    time: recording may run in a worker while a screen reads.

    ``count_in_background``: whether opening a file with games an older liar-tui recorded
    begins counting them in a thread, with a notice (see
    :mod:`~liar_tui.store.history.counting`). A command that ends at once gives False: the
    counting would be stopped at its end, its work lost, after telling the player it was
    under way; the app counts them, and :meth:`finish_counting` counts them here.
    """

    def __init__(self, path: Path | None = None, *, count_in_background: bool = True) -> None:
        self.path = path if path is not None else history_path()
        self._counts_in_background = count_in_background
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None
        self._notices: list[str] = []
        self._notices_lock = threading.Lock()
        """The notices' own lock, never held across a query: the UI's thread takes them
        while a worker may wait on the file (another process's write, up to the busy
        timeout)."""
        self._counting_stopped: threading.Event | None = None
        """Set to stop the thread counting the games an older liar-tui recorded without
        their numbers (see :mod:`~liar_tui.store.history.counting`); None until the file
        is opened (and again once it is closed), so that one opening begins it once."""
        self._counting_notice: str | None = None
        """What the player was told of the counting, taken back once it is done here."""
        self._when_counted: list[Callable[[], object]] | None = None
        """What to call once every game is counted (see :meth:`when_counted`); None while
        no counting is under way. Kept under the notices' lock."""
        self._closings = 0
        """How many times the store's owner closed it: a counting to try again after a pause
        is not, once the owner closed the file since it stopped."""
        self._counting_tries = 0
        """The tries so far of the counting the next opening begins (see
        :meth:`_count_again_later`)."""

    # ------------------------------------------------------------------------- writing

    def record(self, finished: FinishedGame, *, imported: bool = False) -> RecordResult:
        """Store a finished game in one transaction; ``imported`` for a game that
        ``liar-tui import`` brings in, which history marks and the stats leave out.

        A damaged file found on the way is moved aside (see :meth:`take_notices`) and the
        game recorded in a new one; a file or disk that cannot be written gives
        :class:`NotRecorded`, and the next call tries again. Only a game the codec cannot
        encode raises (:class:`~liar_tui.table.codec.CodecError`): that is a bug, not a fault.
        """
        game = records.encoded(last_game_alone(finished), imported=imported)
        with self._lock:
            try:
                return Recorded(self._run(lambda connection: _insert(connection, game)))
            except HistoryError as error:
                return NotRecorded(f"History is not being recorded: {lowered(str(error))}")

    # ------------------------------------------------------------------------- reading

    def list_games(
        self, where: HistoryFilter | None = None, *, limit: int = PAGE_SIZE, offset: int = 0
    ) -> list[GameSummary]:
        """A page of the games ``where`` picks (all unless given), newest first.

        Raises :class:`HistoryError` when the history cannot be read.
        """
        chosen = where or HistoryFilter()
        with self._lock:
            return self._run(
                lambda connection: records.list_games(connection, chosen, limit, offset)
            )

    def count_games(self, where: HistoryFilter | None = None) -> int:
        """How many games ``where`` picks; raises :class:`HistoryError` as :meth:`list_games`."""
        chosen = where or HistoryFilter()
        with self._lock:
            return self._run(lambda connection: records.count_games(connection, chosen))

    def load_game(self, game_id: int) -> GameRecord | None:
        """One game whole, log and all; None when there is no such game.

        Raises :class:`HistoryError` when the history cannot be read or the record no longer
        decodes (a game whose plugin is gone).
        """
        with self._lock:
            try:
                return self._run(lambda connection: records.load_game(connection, game_id))
            except RecordProblem as problem:
                raise HistoryError(str(problem)) from None

    def read(self, query: Callable[[sqlite3.Connection], Result]) -> Result:
        """``query`` on the file, one caller at a time, with the file's faults handled as
        every reading here handles them: for readers kept in their own modules (the stats).

        Raises :class:`HistoryError` when the history cannot be read.
        """
        with self._lock:
            return self._run(query)

    # ------------------------------------------------------------------------- the file

    def take_notices(self) -> tuple[str, ...]:
        """What happened to the file that the player should be told, once each: a damaged,
        foreign or newer file moved aside and a new one started."""
        with self._notices_lock:
            notices, self._notices = tuple(self._notices), []
        return notices

    def close(self) -> None:
        """Close the file; the next call opens it again (and goes on counting)."""
        with self._lock:
            self._closings += 1
            self._close()

    # ----------------------------------------------------------- games still to count

    def games_to_count(self) -> int:
        """How many games an older liar-tui recorded are still to be counted: until then,
        the stats leave out their own numbers (see :mod:`~liar_tui.store.history.counting`).

        Raises :class:`HistoryError` when the history cannot be read.
        """
        with self._lock:
            return self._run(counting.games_left)

    def finish_counting(self) -> None:
        """Count every game still to be counted, in this thread, beside any counting in the
        background: for a command that reads the stats once and ends, which must not read
        them half counted; the background's counting stops, as it would only do the same
        work twice. Raises :class:`HistoryError` as :meth:`list_games`."""
        with self._lock:
            self._run(lambda _connection: None)  # opened, and the background's counting begun
            if self._counting_stopped is not None:
                self._counting_stopped.set()
        while self._count_some(None):
            pass
        with self._notices_lock:  # done: a notice not yet read would say it is not
            if self._counting_notice in self._notices:
                self._notices.remove(self._counting_notice)
        self._counted_all()

    def when_counted(self, listener: Callable[[], object]) -> bool:
        """Call ``listener`` once the counting begun in the background has counted every game
        (in the thread that counted the last: a screen posts itself a message, and reads its
        stats again); whether that counting is under way. False, and ``listener`` is never
        called, when it is not: the games are all counted (or this store counts none in the
        background), and what is read now is all there is."""
        with self._notices_lock:
            if self._when_counted is None:
                return False
            self._when_counted.append(listener)
            return True

    def _counted_all(self) -> None:
        """Every game is counted: tell those waiting for it, once."""
        with self._notices_lock:
            listeners, self._when_counted = self._when_counted or [], None
        for listener in listeners:
            try:
                listener()
            except Exception:  # a thread's traceback must never reach the player's terminal
                log.exception("a listener to the history's counting failed")

    def _count_some(self, stopped: threading.Event | None) -> bool:
        """Count the next few games still to count, the replays with no lock held; whether
        there may be more (False once ``stopped`` is set)."""
        with self._lock:
            if stopped is not None and stopped.is_set():
                return False
            found = self._run(counting.next_records)
            if not found:  # a batch only of games that cannot be read is taken off, not the end
                return self._run(counting.games_left) > 0
        results = [counting.counted(record) for record in found]
        with self._lock:
            if stopped is not None and stopped.is_set():
                return False
            self._run(lambda connection: counting.write(connection, results))
        return True

    def _count_in_background(self, stopped: threading.Event, tries: int, closings: int) -> None:
        try:
            while self._count_some(stopped):
                pass
        except HistoryError as error:  # the file is closed; opening it again counts on
            log.info("history counting stopped: %s", error)  # the next call says it
            self._count_again_later(tries, closings)
            return
        except Exception:  # a thread's traceback must never reach the player's terminal
            log.exception("history counting failed")
            return
        if not stopped.is_set():  # stopped: the file was closed, or is counted elsewhere
            self._counted_all()

    def _count_again_later(self, tries: int, closings: int) -> None:
        """Open the file again after a pause, and so count on, once a fault stopped the
        counting (most often another process holding the file locked past the busy
        timeout): a screen waiting for the stats must not wait for the player's next use of
        history. A few tries, each pause longer; none once the owner closed the store since
        the counting began (``closings``, as many as then), or once another call opened the
        file again (and so began counting, or told those waiting there is nothing left)."""
        if tries >= len(COUNTING_PAUSES):
            return

        def again() -> None:
            with self._lock:
                if self._closings != closings or self._connection is not None:
                    return
                self._counting_tries = tries + 1
                try:
                    self._run(lambda _connection: None)  # opened: the counting begins again
                except HistoryError as error:
                    log.info("history counting not begun again: %s", error)
                    self._counting_tries = 0
                    self._count_again_later(tries + 1, closings)
                except Exception:  # a thread's traceback must never reach the player's terminal
                    log.exception("history counting could not begin again")
                    self._counting_tries = 0

        timer = threading.Timer(COUNTING_PAUSES[tries], again)
        timer.name = "history counting, again"
        timer.daemon = True
        timer.start()

    def _start_counting(self, connection: sqlite3.Connection) -> None:
        """Begin counting in the background, with a notice, when the file just opened has
        games still to count; with none left, tell those still waiting on a counting that a
        fault stopped (another process counted the rest)."""
        import sqlite3

        tries, self._counting_tries = self._counting_tries, 0
        if self._counting_stopped is not None or not self._counts_in_background:
            return
        try:
            left = counting.games_left(connection)
        except sqlite3.Error:  # the call that opened the file meets the same fault and says it
            return
        with self._notices_lock:
            under_way = self._when_counted is not None
            if left and not under_way:
                self._when_counted = []
        if not left:
            if under_way:  # told outside the store's lock: a listener may read the store
                threading.Thread(
                    target=self._counted_all, name="history counted", daemon=True
                ).start()
            return
        if not under_way:  # a counting begun again after a fault was told of already
            self._counting_notice = (
                f"History is counting {left:,} game{'' if left == 1 else 's'} an older "
                "liar-tui recorded; until it is done, the stats leave out their points, "
                "bluffs and money."
            )
            self._note(self._counting_notice)
        stopped = self._counting_stopped = threading.Event()
        threading.Thread(
            target=self._count_in_background,
            args=(stopped, tries, self._closings),
            name="history counting",
            daemon=True,
        ).start()

    def _run(self, work: Callable[[sqlite3.Connection], Result]) -> Result:
        """``work`` on the open file; a file found damaged is moved aside and ``work`` run
        once more on a new one. Any other fault of SQLite becomes :class:`HistoryError` and
        drops the connection, so that the next call opens the file afresh. A row this
        liar-tui cannot read (a ``ValueError`` of ``work``) is a :class:`HistoryError` too,
        and the file is left as it is."""
        import sqlite3

        for attempt in range(2):
            connection = self._open()
            try:
                return work(connection)
            except RecordProblem:
                raise
            except (ValueError, TypeError, OverflowError) as error:
                # A row SQLite reads but this liar-tui does not (a bot level a newer one
                # wrote, a hand-edited file, an empty result), or a number SQLite cannot
                # keep: a reader's worker would otherwise end the app.
                raise HistoryError(
                    f"The history file {shown_path(self.path)} cannot be read ({_clause(error)})."
                ) from None
            except sqlite3.Error as error:
                self._close()
                if attempt or not is_damage(error):
                    raise HistoryError(unusable(self.path, error)) from None
                self._note(start_again(self.path, BadFile("damaged", damage_problem(error))))
        raise AssertionError("the second attempt returns or raises")

    def _open(self) -> sqlite3.Connection:
        if self._connection is None:
            self._connection, notice = open_history(self.path)
            self._note(notice)
            self._start_counting(self._connection)
        return self._connection

    def _note(self, notice: str | None) -> None:
        if notice:
            with self._notices_lock:
                self._notices.append(notice)

    def _close(self) -> None:
        if self._counting_stopped is not None:
            self._counting_stopped.set()
            self._counting_stopped = None
        if self._connection is not None:
            self._connection.close()
            self._connection = None


def _insert(connection: sqlite3.Connection, game: records.EncodedGame) -> int:
    with transaction(connection):
        return records.insert_game(connection, game)


def _clause(error: Exception) -> str:
    """A value's complaint made fit to sit in brackets inside a sentence."""
    return lowered(str(error).rstrip("."))
