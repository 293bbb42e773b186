"""The table host's history: every game it hosts, recorded in its own data folder.

The host knows every action of its games and their seeds, so each record is complete and
nobody's own (no recording seat): the people at the table keep their own records of what
their seats saw. Replaying a game's log and writing the file take milliseconds, which on the
event loop would pause every table, so each record is made in one thread, in the order the
games ended. At most :data:`MAX_PENDING_GAMES` wait for that thread (each holds its whole
log): a flood of games ending faster than they can be written loses the games past that,
logged once until one is taken again, rather than growing the host's memory without bound.
A history that cannot be written is logged, once until a game is recorded again, and the
games go on.
"""

from __future__ import annotations

import logging
import pathlib
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from liar_tui.store.history import HistoryStore
    from liar_tui.table.finished import GameTimes
    from liar_tui.table.setup import TableSetup

logger = logging.getLogger(__name__)

MAX_PENDING_GAMES = 256
"""Finished games waiting to be recorded at most: far more than a busy host's tables end
while one is written (a few milliseconds each), and a bounded memory however many end."""


class HostHistory:
    """Records the host's finished games in ``data_dir``'s history, in one thread."""

    def __init__(self, data_dir: pathlib.Path) -> None:
        from liar_tui.store.history import HistoryStore, history_path

        self.store: HistoryStore = HistoryStore(history_path(data_dir))
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="liar-tui-history")
        self._warned: str | None = None
        self._closed = False
        self._pending = 0
        """Games handed to the writer and not yet recorded (or given up on)."""
        self._pending_lock = threading.Lock()
        self._dropping = False

    def game_ended(self, setup: TableSetup, actions: tuple[Any, ...], times: GameTimes) -> None:
        """Record the game ``actions`` just finished; returns at once. A game ending while
        :data:`MAX_PENDING_GAMES` wait already is not recorded (and that is logged)."""
        if self._closed:
            return
        with self._pending_lock:
            if self._pending >= MAX_PENDING_GAMES:
                if not self._dropping:
                    logger.error(
                        "%d finished games are waiting to be recorded already: games that "
                        "end before they are written are not recorded",
                        MAX_PENDING_GAMES,
                    )
                self._dropping = True
                return
            self._pending += 1
            self._dropping = False
        self._writer.submit(self._record_waiting, setup, actions, times)

    def _record_waiting(
        self, setup: TableSetup, actions: tuple[Any, ...], times: GameTimes
    ) -> None:
        try:
            self._record(setup, actions, times)
        finally:
            with self._pending_lock:
                self._pending -= 1

    def _record(self, setup: TableSetup, actions: tuple[Any, ...], times: GameTimes) -> None:
        from liar_tui.store.history import NotRecorded
        from liar_tui.table.finished import complete_record

        try:
            result = self.store.record(complete_record(setup, actions, times, None))
        except Exception:  # a bug in a game's plugin or the codec must not stop the thread
            logger.exception("a finished game of table %s could not be recorded", setup.game)
            return
        for notice in self.store.take_notices():
            logger.warning("%s", notice)
        problem = result.reason if isinstance(result, NotRecorded) else None
        if problem is not None and problem != self._warned:
            logger.error("%s (said once until a game is recorded)", problem)
        self._warned = problem

    def close(self) -> None:
        """Record the games that have ended, then close the file; later ends are not
        recorded (a bot's timer firing as the host stops)."""
        self._closed = True
        self._writer.shutdown(wait=True)
        self.store.close()
