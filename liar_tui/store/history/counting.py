"""Counting the numbers of games recorded without them, once the history file is open.

Each game's recording seat has its own numbers (``seat_counts``: points per round, bluffs,
money), which its plugin reads from what the seat was told. A game recorded now has them
from the start; a game an older liar-tui recorded (schema 1) has none, and counting it means
replaying it through its rules, about 5 ms a game. Done while the file opened, in the one
transaction of its migration, that was 50 seconds for 10,000 games, with the history, the
stats and the next game's recording all waiting on it. So schema step 3 only marks those
games (``uncounted``), and they are counted here after the file is open, a few at a time,
each few in a transaction of its own: the replays run with no lock held, so a screen's read
or a game's recording waits on a write of a few rows at most.

Two processes may count at once (the app and the table host on the same file): a game's
numbers are written only by the transaction that takes its mark away, so they are never
written twice.

A game of a table played game after game (a dollar-bills session's deal) that an older
liar-tui recorded kept the table's whole log, every deal before its own too. Counted, it is
kept as liar-tui records one now (:func:`~liar_tui.store.history.starts.last_game_alone`):
its own start and its own actions, in the same write as its numbers, which are then that
game's alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import liar_tui.store.history.records as records
from liar_tui.store.history.database import transaction
from liar_tui.store.history.records import RecordProblem, Visibility

if TYPE_CHECKING:
    import sqlite3

BATCH = 20
"""Games counted in one go: about a tenth of a second of replays, then one short write."""


@dataclass(frozen=True)
class Counted:
    """One game's numbers, ready to write."""

    game_id: int
    seat: int
    counts: tuple[tuple[str, int], ...]
    own_log: tuple[str | None, str] | None = None
    """The game's own start and actions, as the logs keep them, for a record that kept its
    table's whole log; None to keep its log as it is."""


def games_left(connection: sqlite3.Connection) -> int:
    """How many games are still to be counted."""
    left: int = connection.execute("SELECT count(*) FROM uncounted").fetchone()[0]
    return left


def next_records(connection: sqlite3.Connection, limit: int = BATCH) -> list[records.GameRecord]:
    """Up to ``limit`` of the games still to count, oldest first, whole; a game whose record
    cannot be read (its plugin gone, a log that no longer decodes) is taken off the list
    with no numbers, as it would count none."""
    ids = [
        game_id
        for (game_id,) in connection.execute(
            "SELECT game_id FROM uncounted ORDER BY game_id LIMIT ?", (limit,)
        )
    ]
    found: list[records.GameRecord] = []
    unreadable: list[int] = []
    for game_id in ids:
        try:
            record = records.load_game(connection, game_id)
        except (RecordProblem, ValueError, TypeError):
            record = None
        if record is None:
            unreadable.append(game_id)
        else:
            found.append(record)
    if unreadable:
        write(connection, [Counted(game_id, 0, ()) for game_id in unreadable])
    return found


def counted(record: records.GameRecord) -> Counted:
    """``record`` 's recording seat's numbers, as its plugin counts them from what the seat
    was told (a complete record's replayed from its first state); none for a record the
    rules no longer replay. A record that kept its table's whole log is kept alone, and
    counted so (see the module). Runs with no lock held: it touches no file."""
    from liar_tui.store.history.starts import last_game_alone, replayed
    from liar_tui.table.finished import seat_counts

    finished = last_game_alone(record.finished)
    seat = finished.recording_seat if finished.recording_seat is not None else 0
    own_log = None
    try:
        if finished is not record.finished:
            row = records.encoded(finished)
            own_log = (row.start, row.log)
        if finished.visibility is Visibility.COMPLETE:
            updates, _ = replayed(finished.setup, finished.start, finished.actions, seat)
        else:
            updates = list(finished.seat_updates)
        counts = seat_counts(finished.setup, updates, seat)
    except Exception:  # any record the rules cannot read: it counts none, and is kept as it is
        counts, own_log = (), None
    return Counted(record.id, seat, counts, own_log)


def write(connection: sqlite3.Connection, found: list[Counted]) -> None:
    """Store the numbers of ``found`` in one transaction, each game's only if it was still
    to be counted (another process may have counted it meanwhile)."""
    with transaction(connection):
        for game in found:
            taken = connection.execute(
                "DELETE FROM uncounted WHERE game_id = ?", (game.game_id,)
            ).rowcount
            if taken:
                connection.executemany(
                    "INSERT INTO seat_counts VALUES (?, ?, ?, ?)",
                    [(game.game_id, game.seat, name, count) for name, count in game.counts],
                )
                if game.own_log is not None:
                    connection.execute(
                        "UPDATE logs SET start = ?, log = ? WHERE game_id = ?",
                        (*game.own_log, game.game_id),
                    )
