"""The host's tables on disk: journaled as they change, restored when the host starts again.

The journal (:mod:`liar_tui.net.host_journal`) writes with fsyncs, which take milliseconds;
on the event loop they would pause every table. So every write goes to one thread, in the
order the tables made them: a table's record is always on disk before its first action, and
its files go only after its last. A write that fails is logged, and the game goes on: a
full disk costs a restart its tables, never the games being played.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from liar_tui.net.host_journal import ChairRecord, HostJournal, JournalError, TableRecord
from liar_tui.net.host_table import HostedTable

logger = logging.getLogger(__name__)


def table_record(table: HostedTable) -> TableRecord:
    """What a restarted host needs to seat everyone again: not who is connected."""
    return TableRecord(
        table.number,
        table.request,
        tuple(ChairRecord(chair.person, chair.token, chair.ready) for chair in table.chairs),
        table.owner_seat,
        table.code,
        table.setup,
        table.creator_address,
    )


class TableJournal:
    """Hands the journal each change of the host's tables, to be written in one thread."""

    def __init__(self, journal: HostJournal) -> None:
        self.journal = journal
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="liar-tui-journal")
        self._last_saved: dict[int, TableRecord] = {}
        self._pending: dict[int, TableRecord] = {}
        """The newest record of each table not yet written, shared with the writer."""
        self._lock = threading.Lock()
        self._let_go: set[int] = set()
        """Tables whose journal is gone (their game ended): nothing more is written."""
        self._failing: set[int] = set()
        """Tables whose last write failed: the next failure is not logged again."""
        self._closed = False

    def saved(self, table: HostedTable) -> None:
        """The table's chairs, owner or phase may have changed: rewrite its record if so.
        Records waiting to be written are replaced by the newest, so a client taking and
        leaving seats fast costs the disk one write at a time, not a queue of them."""
        if table.number in self._let_go:
            return
        record = table_record(table)
        if self._last_saved.get(table.number) == record:
            return
        self._last_saved[table.number] = record
        with self._lock:
            waiting = table.number in self._pending
            self._pending[table.number] = record
        if not waiting:
            self._submit(self._save_newest, table.number)

    def _save_newest(self, number: int) -> None:
        with self._lock:
            record = self._pending.pop(number, None)
        if record is not None:
            self.journal.save_table(record)

    def applied(self, table: HostedTable, action: Any) -> None:
        if table.number not in self._let_go:
            self._submit(self.journal.append_action, table.number, action)

    def finished(self, table: HostedTable) -> None:
        """The game ended: a restart would not take it up, so its files go now."""
        self.dropped(table.number)
        self._let_go.add(table.number)

    def dropped(self, number: int) -> None:
        if number in self._let_go:
            self._let_go.discard(number)
            return
        self._last_saved.pop(number, None)
        with self._lock:
            self._pending.pop(number, None)
        self._submit(self.journal.drop_table, number)

    def close(self) -> None:
        """Write what is queued, then close the journal's files; later changes are not
        written (a bot's timer firing as the host stops)."""
        self._closed = True
        self._writer.shutdown(wait=True)
        self.journal.close()

    def _submit(self, write: Callable[..., None], number: int, *arguments: Any) -> None:
        if not self._closed:
            self._writer.submit(self._write, write, number, *arguments)

    def _write(self, write: Callable[..., None], number: int, *arguments: Any) -> None:
        try:
            write(number, *arguments)
        except JournalError as error:
            if number not in self._failing:
                self._failing.add(number)
                logger.error("%s (said once until a write of that table succeeds)", error)
        else:
            self._failing.discard(number)
