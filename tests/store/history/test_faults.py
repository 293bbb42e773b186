"""A bad history file is moved aside (never deleted) with a sentence saying so, and a folder
or disk that cannot be written never stops a game: recording answers why it did not."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from liar_tui.store.history import (
    HistoryError,
    HistoryStore,
    NotRecorded,
    Recorded,
    RecordResult,
    records,
)
from liar_tui.store.history.database import BadFile, start_again
from liar_tui.store.history.migrations import APPLICATION_ID, LATEST_VERSION
from liar_tui.store.messages import shown_path

from .builders import finished_game

RANDOM_BYTES = bytes(range(256)) * 64


def one_sentence(text: str) -> bool:
    return text.endswith(".") and ". " not in text and "\n" not in text


def sqlite_error(kind: type[sqlite3.Error], message: str, code: str) -> sqlite3.Error:
    """An error as SQLite raises it: with its message and the name of its result code."""
    error = kind(message)
    error.sqlite_errorname = code
    return error


def moved_aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.*"))


def sqlite_file(path: Path, *statements: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path)
    for statement in statements:
        connection.execute(statement)
    connection.commit()
    connection.close()


def record_after_a_bad_file(store: HistoryStore, path: Path) -> tuple[RecordResult, str, Path]:
    """Record a game where a bad file lies; the answer, the one notice and the moved file."""
    answer = store.record(finished_game())
    notices = store.take_notices()
    assert len(notices) == 1, notices
    assert store.take_notices() == ()
    [aside] = moved_aside(path)
    return answer, notices[0], aside


def test_a_damaged_file_is_moved_aside_and_a_new_one_started(
    store: HistoryStore, path: Path
) -> None:
    path.parent.mkdir(parents=True)
    path.write_bytes(RANDOM_BYTES)
    answer, notice, aside = record_after_a_bad_file(store, path)
    assert isinstance(answer, Recorded)
    assert aside.read_bytes() == RANDOM_BYTES
    assert aside.name.startswith("history.sqlite3.damaged-")
    assert notice.startswith("The history file ")
    assert f"is damaged (file is not a database), so it was moved aside to {aside.name} " in notice
    assert one_sentence(notice)
    assert store.count_games() == 1


def test_a_file_still_open_elsewhere_moves_aside_with_its_log(
    store: HistoryStore, path: Path
) -> None:
    """A write-ahead log not yet folded into its database moves with it, so the moved file
    keeps everything; left behind, it would be replayed into the new file."""
    path.parent.mkdir(parents=True)
    newer = sqlite3.connect(path, isolation_level=None)
    for statement in (
        "PRAGMA journal_mode = WAL",
        f"PRAGMA application_id = {APPLICATION_ID}",
        f"PRAGMA user_version = {LATEST_VERSION + 1}",
        "CREATE TABLE games_of_the_future (id INTEGER)",
        "INSERT INTO games_of_the_future VALUES (1)",
    ):
        newer.execute(statement)
    try:
        store.record(finished_game())
        aside = moved_aside(path)
        kept = sqlite3.connect(aside[0])
        rows = kept.execute("SELECT id FROM games_of_the_future").fetchall()
        kept.close()
    finally:
        newer.close()
    assert [file.name.rsplit("-", 1)[-1] for file in aside[1:]] == ["shm", "wal"]
    assert rows == [(1,)]


def test_another_programs_database_is_moved_aside(store: HistoryStore, path: Path) -> None:
    sqlite_file(path, "CREATE TABLE orders (id INTEGER)", "INSERT INTO orders VALUES (7)")
    answer, notice, aside = record_after_a_bad_file(store, path)
    assert isinstance(answer, Recorded)
    assert "is not a liar-tui history, so it was moved aside to" in notice
    assert one_sentence(notice)
    kept = sqlite3.connect(aside)
    assert kept.execute("SELECT id FROM orders").fetchall() == [(7,)]
    kept.close()


def test_an_empty_database_with_a_version_not_ours_is_foreign(
    store: HistoryStore, path: Path
) -> None:
    sqlite_file(path, "PRAGMA user_version = 5")
    _, notice, aside = record_after_a_bad_file(store, path)
    assert "is not a liar-tui history" in notice
    assert aside.name.startswith("history.sqlite3.foreign-")


def test_a_history_from_a_newer_liar_tui_is_moved_aside(store: HistoryStore, path: Path) -> None:
    newer = LATEST_VERSION + 1
    sqlite_file(path, f"PRAGMA application_id = {APPLICATION_ID}", f"PRAGMA user_version = {newer}")
    answer, notice, aside = record_after_a_bad_file(store, path)
    assert isinstance(answer, Recorded)
    assert (
        f"was written by a newer liar-tui (its history version is {newer}, "
        f"and this one reads up to {LATEST_VERSION}), so it was moved aside" in notice
    )
    assert one_sentence(notice)
    assert aside.name.startswith("history.sqlite3.newer-")


def test_two_bad_files_in_one_second_keep_both(path: Path) -> None:
    for _ in range(2):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(RANDOM_BYTES)
        store = HistoryStore(path)
        store.count_games()
        store.close()
    assert len(moved_aside(path)) == 2


def test_a_bad_file_another_process_replaced_already_is_left_alone(path: Path) -> None:
    """Two processes may find the same file damaged: the second must not move aside the new
    file the first has just started."""
    path.parent.mkdir(parents=True)
    path.write_bytes(RANDOM_BYTES)
    found = path.stat()
    replacement = path.with_name("new")
    replacement.write_bytes(b"")
    replacement.replace(path)
    notice = start_again(path, BadFile("damaged", "is damaged", (found.st_dev, found.st_ino)))
    assert notice is None
    assert moved_aside(path) == []
    assert path.read_bytes() == b""


def test_a_file_found_damaged_while_recording_is_moved_aside_and_the_game_kept(
    store: HistoryStore, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.record(finished_game(minute=1))
    insert = records.insert_game
    failures = [
        sqlite_error(sqlite3.DatabaseError, "database disk image is malformed", "SQLITE_CORRUPT")
    ]

    def damaged_once(connection: sqlite3.Connection, game: records.EncodedGame) -> int:
        if failures:
            raise failures.pop()
        return insert(connection, game)

    monkeypatch.setattr(records, "insert_game", damaged_once)
    answer = store.record(finished_game(minute=2))
    [notice] = store.take_notices()
    assert isinstance(answer, Recorded)
    assert "is damaged (database disk image is malformed), so it was moved aside" in notice
    assert len(moved_aside(path)) == 1
    assert [summary.ended_at.minute for summary in store.list_games()] == [2]


def test_a_full_disk_lets_the_game_go_on_with_a_reason(
    store: HistoryStore, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.record(finished_game(minute=1))

    insert = records.insert_game

    def disk_full(connection: sqlite3.Connection, game: records.EncodedGame) -> int:
        insert(connection, game)  # written, but the commit is never reached
        raise sqlite_error(sqlite3.OperationalError, "database or disk is full", "SQLITE_FULL")

    monkeypatch.setattr(records, "insert_game", disk_full)
    answer = store.record(finished_game(minute=2))
    assert isinstance(answer, NotRecorded)
    assert answer.reason == (
        f"History is not being recorded: the history file {shown_path(path)} cannot be used "
        "(the disk is full)."
    )
    assert one_sentence(answer.reason)
    monkeypatch.setattr(records, "insert_game", insert)
    assert isinstance(store.record(finished_game(minute=3)), Recorded)
    assert [summary.ended_at.minute for summary in store.list_games()] == [3, 1]
    assert moved_aside(path) == []


def test_a_folder_that_cannot_be_made_lets_the_game_go_on_with_a_reason(
    isolated_dirs: dict[str, Path],
) -> None:
    isolated_dirs["data"].write_text("a file where the data folder should be")
    store = HistoryStore()
    answer = store.record(finished_game())
    assert isinstance(answer, NotRecorded)
    assert answer.reason.startswith("History is not being recorded: ")
    assert answer.reason.endswith(" cannot be written (its folder is a file).")
    assert one_sentence(answer.reason)
    with pytest.raises(
        HistoryError, match=r"^The history file .* cannot be written \(its folder is a file\)\.$"
    ):
        store.list_games()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to any folder")
def test_a_read_only_folder_lets_the_game_go_on_with_a_reason(path: Path) -> None:
    path.parent.mkdir(parents=True)
    path.parent.chmod(0o500)
    try:
        answer = HistoryStore(path).record(finished_game())
    finally:
        path.parent.chmod(0o700)
    assert isinstance(answer, NotRecorded)
    assert answer.reason.endswith(" cannot be written (permission denied).")


def test_a_bad_file_that_cannot_be_moved_aside_is_left_and_said(
    store: HistoryStore, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path.parent.mkdir(parents=True)
    path.write_bytes(RANDOM_BYTES)

    def refuse(self: Path, target: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "rename", refuse)
    answer = store.record(finished_game())
    assert isinstance(answer, NotRecorded)
    assert answer.reason.endswith(
        "is damaged (file is not a database), and it could not be moved aside (permission denied)."
    )
    assert path.read_bytes() == RANDOM_BYTES


def test_a_row_this_liar_tui_cannot_read_is_a_history_error_not_a_crash(
    store: HistoryStore, path: Path
) -> None:
    """A bot level this liar-tui does not know (one a newer liar-tui wrote at the same schema
    version, or a hand-edited file) is one sentence for the list's reader, whose worker
    would otherwise end the app with a ValueError."""
    assert isinstance(store.record(finished_game()), Recorded)
    store.close()
    connection = sqlite3.connect(path)
    connection.execute("UPDATE seats SET level = 'expert' WHERE level IS NOT NULL")
    connection.commit()
    connection.close()
    with pytest.raises(HistoryError) as raised:
        store.list_games()
    assert one_sentence(str(raised.value))
    assert "cannot be read" in str(raised.value)
