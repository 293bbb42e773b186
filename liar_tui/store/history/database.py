"""Opening the history file: where it lives, how it is set up, and what is done with a bad one.

The file is SQLite in WAL mode, so a reader never waits for a writer and two liar-tui
processes finishing games at once both get recorded (a writer waits up to
:data:`BUSY_TIMEOUT_SECONDS` for the other). It is readable by its owner only, like the
seat tokens: it holds every hand the player was dealt.

A file that is damaged, another program's, or from a newer liar-tui is moved aside, never
deleted, and a new one started, with a notice that says so. A folder or disk that cannot be
written makes :class:`HistoryError`, whose one sentence the caller shows while the game
goes on (``The history file ~/... cannot be written (permission denied).``).

``sqlite3`` is imported only when the file is first opened: importing it costs a few
milliseconds, and the app's first frame needs no history.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

# The module, not its names: a test adds a failing step to it. By its full name, since
# ``from liar_tui.store.history import migrations`` names the package, whose __init__
# imports this module: a loop to tests/test_import_cycles.py.
import liar_tui.store.history.migrations as migrations
from liar_tui.store import paths
from liar_tui.store.messages import lowered, os_reason, shown_path

if TYPE_CHECKING:
    import sqlite3

FILE_NAME = "history.sqlite3"
BUSY_TIMEOUT_SECONDS = 5.0
"""How long a write waits for another process's: far longer than recording a game takes."""
COMPANIONS = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside a database; they move aside with it, since a stale
write-ahead log left behind would be replayed into the new file."""
FILE_MODE = 0o600
FOLDER_MODE = 0o700
"""A data folder the history makes: others may not list the files in it either."""


class HistoryError(Exception):
    """History that cannot be opened, written or read; the message is one sentence."""


FileIdentity = tuple[int, int]
"""A file's device and inode: the same file whatever its name."""


class BadFile(Exception):
    """A file that is not a usable history of ours: it is moved aside and a new one made."""

    def __init__(self, label: str, problem: str, identity: FileIdentity | None = None) -> None:
        super().__init__(problem)
        self.label = label
        """A word for the moved file's name: ``damaged``, ``foreign`` or ``newer``."""
        self.problem = problem
        """What is wrong, to follow the file's name: ``is damaged (...)``."""
        self.identity = identity
        """Which file was found bad, when known: another process finding the same file bad
        may have moved it aside and started a new one, which must not be moved in turn."""


def history_path(data_dir: Path | None = None) -> Path:
    """The history file in ``data_dir``: the user's data folder unless given (the table host
    passes its own ``--data-dir``)."""
    return (data_dir if data_dir is not None else paths.data_dir()) / FILE_NAME


def open_history(path: Path) -> tuple[sqlite3.Connection, str | None]:
    """A connection to the history at ``path``, at the latest schema, and the notice to show
    when a bad file had to be moved aside first (None when it did not).

    Raises :class:`HistoryError` when no history can be kept there (a folder that cannot be
    written, a full disk).
    """
    try:
        return _connected(path), None
    except BadFile as bad:
        notice = start_again(path, bad)
    # A second bad file means something keeps writing one there (or another process moved
    # the first aside and its new file is not made yet): no third attempt.
    try:
        return _connected(path), notice
    except BadFile as bad:
        raise HistoryError(f"The new history file {shown_path(path)} {bad.problem} too.") from None


def _connected(path: Path) -> sqlite3.Connection:
    """A connection set up and migrated; :class:`BadFile` for a file to move aside."""
    import sqlite3

    identity = _create_private(path)
    try:
        connection = sqlite3.connect(
            path,
            timeout=BUSY_TIMEOUT_SECONDS,
            isolation_level=None,  # transactions are begun and ended here, explicitly
            check_same_thread=False,  # the store's lock lets one thread in at a time
        )
    except sqlite3.Error as error:
        raise HistoryError(unusable(path, error)) from None
    try:
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute("PRAGMA journal_mode = WAL")
        # In WAL mode NORMAL syncs at checkpoints only: a power cut may lose the last game
        # recorded, never the file, and recording stays a few milliseconds.
        connection.execute("PRAGMA synchronous = NORMAL")
        with transaction(connection):
            _check_and_migrate(connection)
    except sqlite3.Error as error:
        connection.close()
        if is_damage(error):
            raise BadFile("damaged", damage_problem(error), identity) from None
        raise HistoryError(unusable(path, error)) from None
    except BadFile as bad:
        connection.close()
        raise BadFile(bad.label, bad.problem, identity) from None
    except BaseException:
        connection.close()
        raise
    return connection


def _create_private(path: Path) -> FileIdentity:
    """Make the file, readable by its owner only, before SQLite would make it with the
    umask's mode (SQLite gives its -wal and -shm files the mode of the database); which
    file it is."""
    try:
        if not os.path.lexists(path.parent):
            path.parent.mkdir(FOLDER_MODE, parents=True, exist_ok=True)
            path.parent.chmod(FOLDER_MODE)  # the umask may have taken the owner's bits too
        elif not path.parent.is_dir():
            raise FileExistsError
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, FILE_MODE)
        try:
            found = os.fstat(descriptor)
            if found.st_mode & 0o077:
                os.fchmod(descriptor, FILE_MODE)
        finally:
            os.close(descriptor)
    except OSError as error:
        why = "its folder is a file" if isinstance(error, FileExistsError) else os_reason(error)
        raise HistoryError(
            f"The history file {shown_path(path)} cannot be written ({why})."
        ) from None
    return found.st_dev, found.st_ino


def _check_and_migrate(connection: sqlite3.Connection) -> None:
    """Refuse a file that is not ours or is too new, and migrate an older one.

    This runs inside a write transaction, so a second process opening the same new file
    waits, then finds it made rather than making it again.
    """
    application_id = _pragma(connection, "application_id")
    version = _pragma(connection, "user_version")
    if application_id != migrations.APPLICATION_ID:
        has_tables = connection.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone()
        if has_tables or version or application_id:
            raise BadFile("foreign", "is not a liar-tui history")
    elif version > migrations.LATEST_VERSION:
        raise BadFile(
            "newer",
            f"was written by a newer liar-tui (its history version is {version}, and this "
            f"one reads up to {migrations.LATEST_VERSION})",
        )
    if version < migrations.LATEST_VERSION:
        migrations.migrate(connection, version)


def _pragma(connection: sqlite3.Connection, name: str) -> int:
    value: int = connection.execute(f"PRAGMA {name}").fetchone()[0]
    return value


@contextlib.contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """One write transaction: taken at once (``IMMEDIATE``), so two writers queue on the
    busy timeout instead of one failing halfway; rolled back whole if anything fails."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


# ---------------------------------------------------------------------------- faults


def start_again(path: Path, bad: BadFile) -> str | None:
    """Move the bad file aside, so that the next open makes a new one; the notice saying so,
    or None when another process has moved it already.

    Raises :class:`HistoryError` when it cannot be moved.
    """
    if bad.identity is not None and _identity(path) != bad.identity:
        return None
    aside = move_aside(path, bad)
    return (
        f"The history file {shown_path(path)} {bad.problem}, so it was moved aside to "
        f"{aside.name} and a new one was started."
    )


def _identity(path: Path) -> FileIdentity | None:
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_dev, found.st_ino


def move_aside(path: Path, bad: BadFile) -> Path:
    """Rename the bad file (and its companions) beside itself with a timestamped suffix,
    never deleting it: a player may want it back. Returns the new name."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    aside = path.with_name(f"{path.name}.{bad.label}-{stamp}")
    number = 1
    while any(Path(f"{aside}{suffix}").exists() for suffix in ("", *COMPANIONS)):
        number += 1
        aside = path.with_name(f"{path.name}.{bad.label}-{stamp}-{number}")
    try:
        path.rename(aside)
        for suffix in COMPANIONS:
            companion = Path(f"{path}{suffix}")
            if companion.exists():
                companion.rename(f"{aside}{suffix}")
    except OSError as error:
        raise HistoryError(
            f"The history file {shown_path(path)} {bad.problem}, and it could not be moved "
            f"aside ({os_reason(error)})."
        ) from None
    return aside


def is_damage(error: sqlite3.Error) -> bool:
    """Whether SQLite found the file damaged or not a database at all."""
    return _code(error) in {"SQLITE_CORRUPT", "SQLITE_NOTADB"}


def damage_problem(error: sqlite3.Error) -> str:
    return f"is damaged ({_clause(str(error))})"


def _clause(message: str) -> str:
    """SQLite's message made fit to follow an opening bracket: lowered, unless it starts with
    a word in capitals (``NOT NULL constraint failed``)."""
    first = message.split(" ", 1)[0]
    return message if first.isupper() and len(first) > 1 else lowered(message)


_REASONS = {
    "SQLITE_FULL": "the disk is full",
    "SQLITE_READONLY": "the file or its folder is read-only",
    "SQLITE_CANTOPEN": "the file cannot be opened",
    "SQLITE_PERM": "permission denied",
    "SQLITE_BUSY": "another liar-tui kept it busy for too long",
    "SQLITE_LOCKED": "another liar-tui kept it busy for too long",
    "SQLITE_IOERR": "the disk could not be read or written",
}


def _code(error: sqlite3.Error) -> str | None:
    """SQLite's primary result code's name (``SQLITE_IOERR`` for ``SQLITE_IOERR_WRITE``)."""
    name: str | None = getattr(error, "sqlite_errorname", None)
    return "_".join(name.split("_")[:2]) if name else None


def _reason(error: sqlite3.Error) -> str:
    """Why SQLite refused, as the end of a sentence: ``the disk is full``."""
    return _REASONS.get(_code(error) or "", _clause(str(error)))


def unusable(path: Path, error: sqlite3.Error) -> str:
    """The sentence for a history file that SQLite cannot use."""
    return f"The history file {shown_path(path)} cannot be used ({_reason(error)})."
