"""The history database's schema, as an ordered list of steps from an empty file.

A database records its schema version in ``PRAGMA user_version``; opening one at an older
version runs every later step, in order, inside the one transaction that opened it (see
:mod:`liar_tui.store.history.database`), so a failed step leaves the file as it was. A step
is never edited once released: a change to the schema is a new step at the end, a fixture
of the version before it in ``tests/store/history/fixtures/``, and a test of the step.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite3

APPLICATION_ID = 0x4C696172
"""``PRAGMA application_id`` of every liar-tui history ("Liar" in ASCII): how a file of ours
is told from another program's SQLite database of the same name."""


@dataclass(frozen=True)
class Migration:
    """One step of the schema: the statements that lead from ``version - 1`` to ``version``."""

    version: int
    summary: str
    statements: tuple[str, ...]

    def apply(self, connection: sqlite3.Connection) -> None:
        """Run the step inside the caller's transaction (each statement on its own, as
        ``executescript`` would commit the transaction first)."""
        for statement in self.statements:
            # Without the source's indent, the schema reads well in ``sqlite3`` 's .schema.
            connection.execute(textwrap.dedent(statement).strip())


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "finished games, their setups and logs, and each seat's result in a table of its "
        "own so that opponents can be filtered and counted",
        (
            f"PRAGMA application_id = {APPLICATION_ID}",
            """
            CREATE TABLE games (
                id INTEGER PRIMARY KEY,
                game TEXT NOT NULL,
                started_at TEXT NOT NULL,
                ended_at TEXT NOT NULL,
                duration_us INTEGER NOT NULL CHECK (duration_us >= 0),
                app_version TEXT NOT NULL,
                recording_seat INTEGER,
                visibility TEXT NOT NULL CHECK (visibility IN ('complete', 'seat')),
                seed INTEGER
            )
            """,
            # The setup and the log, kilobytes a game, apart from the few columns that lists
            # and stats read: a scan of the games stays a scan of small rows.
            """
            CREATE TABLE logs (
                game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
                setup TEXT NOT NULL,
                log TEXT NOT NULL
            )
            """,
            "CREATE INDEX games_newest_first ON games (ended_at DESC, id DESC)",
            "CREATE INDEX games_of_a_game_newest_first ON games (game, ended_at DESC, id DESC)",
            # ``opponent`` is 1 for every seat but the recording one: filters and stats by
            # opponent then read the seats alone, never the game's row.
            """
            CREATE TABLE seats (
                game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                seat INTEGER NOT NULL CHECK (seat >= 0),
                name TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
                level TEXT,
                place INTEGER NOT NULL CHECK (place >= 1),
                won INTEGER NOT NULL CHECK (won IN (0, 1)),
                score REAL NOT NULL,
                opponent INTEGER NOT NULL CHECK (opponent IN (0, 1)),
                PRIMARY KEY (game_id, seat)
            ) WITHOUT ROWID
            """,
        ),
    ),
)

LATEST_VERSION = MIGRATIONS[-1].version
"""The schema this liar-tui writes; a file at a later version was written by a newer one."""


def migrate(connection: sqlite3.Connection, from_version: int) -> None:
    """Bring a database at ``from_version`` (0: empty) to :data:`LATEST_VERSION`, inside the
    caller's transaction, and record the version reached."""
    for step in MIGRATIONS[from_version:]:
        step.apply(connection)
    connection.execute(f"PRAGMA user_version = {LATEST_VERSION}")
