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
    """One step of the schema: the statements that lead from ``version - 1`` to ``version``.

    A step is SQL alone, so that opening a file of any size takes a moment: work per game in
    Python (replaying a game through its rules) is never done while a file opens, holding
    its one transaction. Step 2 once counted each game's numbers that way, about 5 ms a
    game (50 seconds for 10,000, the app's history waiting on it); step 3 marks the games
    still to count instead, and :mod:`liar_tui.store.history.counting` counts them once the
    file is open, a few at a time. The schema each step gives is as it was released.
    """

    version: int
    summary: str
    statements: tuple[str, ...]

    def apply(self, connection: sqlite3.Connection) -> None:
        """Run the step inside the caller's transaction (each statement on its own, as
        ``executescript`` would commit the transaction first)."""
        for name, function in SQL_FUNCTIONS.items():
            connection.create_function(name, 1, function, deterministic=True)
        for statement in self.statements:
            # Without the source's indent, the schema reads well in ``sqlite3`` 's .schema.
            connection.execute(textwrap.dedent(statement).strip())


def _plays_game_after_game(game: str) -> int:
    """1 for a title whose tables play game after game (its plugin gives each game's start,
    as a dollar-bills session does each deal's), else 0: what a step may ask in SQL without
    naming a game, of the plugins installed when it runs."""
    from liar_tui import games

    plugin = games.registered().get(game)
    return int(plugin is not None and plugin.start_type is not None)


SQL_FUNCTIONS = {"plays_game_after_game": _plays_game_after_game}
"""The functions a step's SQL may call, each of one argument."""


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
    Migration(
        2,
        "the kinds of opponent, the recording seat's result and whether the game was imported "
        "on each game's row, so that the stats read one index and no seat; each game's own "
        "numbers of the recording seat (points per round, bluffs) in a table of their own, "
        "and their sums per title kept by SQLite",
        (
            # Bit i is a kind of opponent: 1 easy, 2 normal, 4 hard bots, 8 people
            # (records.OPPONENT_KINDS), filled in from the seats for the games there are.
            "ALTER TABLE games ADD COLUMN opponent_kinds INTEGER NOT NULL DEFAULT 0",
            """
            UPDATE games SET opponent_kinds = (
                SELECT coalesce(sum(DISTINCT CASE
                    WHEN o.kind = 'human' THEN 8
                    WHEN o.level = 'easy' THEN 1
                    WHEN o.level = 'normal' THEN 2
                    WHEN o.level = 'hard' THEN 4
                    ELSE 0 END), 0)
                FROM seats AS o WHERE o.game_id = games.id AND o.opponent = 1
            )
            """,
            # Nothing marked a game imported before: every game there is counts as played.
            # A file of version 1 cannot tell an imported game from one played here (import
            # kept no mark, and an imported game keeps its own times and liar-tui version,
            # as a game played here does), so the games imported under it stay counted in the
            # stats. No release wrote version 1: it lived a few hours of development.
            "ALTER TABLE games ADD COLUMN imported INTEGER NOT NULL DEFAULT 0 "
            "CHECK (imported IN (0, 1))",
            # The recording seat's result, a copy of its seat's (NULL for nobody's record).
            "ALTER TABLE games ADD COLUMN player_won INTEGER CHECK (player_won IN (0, 1))",
            "ALTER TABLE games ADD COLUMN player_score REAL",
            """
            UPDATE games SET (player_won, player_score) = (
                SELECT s.won, s.score FROM seats AS s
                WHERE s.game_id = games.id AND s.seat = games.recording_seat
            )
            """,
            # The stats and the ledger read the player's games of each title oldest first
            # from this index alone: no game's row and no seat is visited. The columns of
            # its condition are in it too, or SQLite would read each row to check them.
            """
            CREATE INDEX games_played_by_title ON games (
                game, ended_at, id, opponent_kinds, player_won, player_score,
                recording_seat, imported
            ) WHERE recording_seat IS NOT NULL AND imported = 0
            """,
            """
            CREATE TABLE seat_counts (
                game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                seat INTEGER NOT NULL CHECK (seat >= 0),
                name TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (game_id, seat, name)
            ) WITHOUT ROWID
            """,
            # Each title's numbers summed over the player's games, kept up to date by SQLite
            # as games are recorded (and deleted): the stats read a few rows a title instead
            # of summing a hundred thousand.
            """
            CREATE TABLE count_totals (
                game TEXT NOT NULL,
                name TEXT NOT NULL,
                total INTEGER NOT NULL,
                PRIMARY KEY (game, name)
            ) WITHOUT ROWID
            """,
            """
            CREATE TRIGGER count_totals_add AFTER INSERT ON seat_counts BEGIN
                INSERT INTO count_totals (game, name, total)
                SELECT g.game, NEW.name, NEW.count FROM games AS g
                WHERE g.id = NEW.game_id AND g.recording_seat = NEW.seat AND g.imported = 0
                ON CONFLICT (game, name) DO UPDATE SET total = total + excluded.total;
            END
            """,
            # Before the game's row goes, while its numbers are still there to subtract. No
            # liar-tui deletes a game yet; this keeps each sum true of whatever deletes one (a
            # "forget this game" to come, the sqlite3 shell), which a test checks.
            """
            CREATE TRIGGER count_totals_subtract BEFORE DELETE ON games
            WHEN OLD.recording_seat IS NOT NULL AND OLD.imported = 0 BEGIN
                UPDATE count_totals SET total = total - (
                    SELECT c.count FROM seat_counts AS c
                    WHERE c.game_id = OLD.id AND c.seat = OLD.recording_seat
                        AND c.name = count_totals.name
                )
                WHERE game = OLD.game AND name IN (
                    SELECT c.name FROM seat_counts AS c
                    WHERE c.game_id = OLD.id AND c.seat = OLD.recording_seat
                );
            END
            """,
        ),
    ),
    Migration(
        3,
        "each log's start, for a game of a table played game after game, so that its log "
        "keeps that game's actions alone; the games whose recording seat's numbers are still "
        "to be counted, counted once the file is open",
        (
            # NULL: the log runs from the table's setup (every game until now). Otherwise the
            # state the game began from, in the codec's form: a session's deal, with what the
            # session carried into it (GamePlugin.game_start).
            "ALTER TABLE logs ADD COLUMN start TEXT",
            """
            CREATE TABLE uncounted (
                game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
            )
            """,
            # Every game of a player's with no numbers yet: all of a file of version 1 (step 2
            # no longer counts them while the file opens), and at version 2 those that counted
            # none or did not replay then (counted again, they give what they gave).
            """
            INSERT INTO uncounted (game_id)
            SELECT g.id FROM games AS g
            WHERE g.recording_seat IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM seat_counts AS c WHERE c.game_id = g.id)
            """,
        ),
    ),
    Migration(
        4,
        "the games of a table played game after game that version 2 counted with its "
        "table's whole log (a dollar-bills deal, with every deal of the session before it), "
        "counted again: kept alone as they are counted, their numbers become their own",
        (
            # Step 3 marked the games with no numbers; a deal that version 2 recorded and
            # counted kept the session's log, and numbers summed over every deal of it. Its
            # numbers go (from the sums too) and it is counted again: the counting keeps it
            # alone (counting.counted), from its own start. A session's first deal, kept
            # from the setup as it is recorded now, counts again what it counted.
            """
            CREATE TEMP TABLE kept_whole AS
            SELECT g.id AS game_id FROM games AS g JOIN logs AS l ON l.game_id = g.id
            WHERE g.visibility = 'complete' AND g.recording_seat IS NOT NULL
                AND l.start IS NULL AND plays_game_after_game(g.game)
                AND EXISTS (SELECT 1 FROM seat_counts AS c WHERE c.game_id = g.id)
            """,
            """
            UPDATE count_totals SET total = total - (
                SELECT coalesce(sum(c.count), 0)
                FROM seat_counts AS c JOIN games AS g ON g.id = c.game_id
                WHERE c.game_id IN (SELECT game_id FROM temp.kept_whole)
                    AND c.seat = g.recording_seat AND g.imported = 0
                    AND g.game = count_totals.game AND c.name = count_totals.name
            )
            """,
            "DELETE FROM seat_counts WHERE game_id IN (SELECT game_id FROM temp.kept_whole)",
            "INSERT OR IGNORE INTO uncounted (game_id) SELECT game_id FROM temp.kept_whole",
            "DROP TABLE temp.kept_whole",
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
