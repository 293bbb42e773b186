"""The table host's history: every game it hosts, recorded in its own data folder.

The host knows every action of its games and their seeds, so each record is complete and
nobody's own (no recording seat): the people at the table keep their own records of what
their seats saw. Replaying a game's log and writing the file take milliseconds, which on the
event loop would pause every table, so each record is made in one thread, in the order the
games ended. A history that cannot be written is logged, once until a game is recorded
again, and the games go on.
"""

from __future__ import annotations

import logging
import pathlib
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from liar_tui.store.history import HistoryStore
    from liar_tui.table.finished import GameTimes
    from liar_tui.table.setup import TableSetup

logger = logging.getLogger(__name__)


class HostHistory:
    """Records the host's finished games in ``data_dir``'s history, in one thread."""

    def __init__(self, data_dir: pathlib.Path) -> None:
        from liar_tui.store.history import HistoryStore, history_path

        self.store: HistoryStore = HistoryStore(history_path(data_dir))
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="liar-tui-history")
        self._warned: str | None = None
        self._closed = False

    def game_ended(self, setup: TableSetup, actions: tuple[Any, ...], times: GameTimes) -> None:
        """Record the game ``actions`` just finished; returns at once."""
        if not self._closed:
            self._writer.submit(self._record, setup, actions, times)

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
