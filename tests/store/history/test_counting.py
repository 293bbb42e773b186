"""The numbers of games an older liar-tui recorded are counted after the file is open, in the
background, with a notice; never twice (issue 14, limit 3)."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from liar_tui.store.history import HistoryStore, counting
from liar_tui.store.history.database import open_history
from liar_tui.store.history.records import GameRecord

from .builders import build_fixture

GAME_2_COUNTS = [
    ("points", 33),
    ("rounds", 2),
    ("rounds won", 1),
    ("shown high cards", 2),
    ("won high cards", 1),
]


def counts_of(path: Path, game_id: int) -> list[tuple[str, int]]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(
            "SELECT name, count FROM seat_counts WHERE game_id = ? ORDER BY name", (game_id,)
        ).fetchall()
    finally:
        connection.close()


def test_a_version_1_file_opens_at_once_with_a_notice_and_is_counted_in_the_background(
    path: Path,
) -> None:
    path.parent.mkdir(parents=True)
    build_fixture(1, path)
    store = HistoryStore(path)
    assert store.count_games() == 3
    assert store.take_notices() == (
        "History is counting 3 games an older liar-tui recorded; until it is done, the "
        "stats leave out their points, bluffs and money.",
    )
    deadline = time.monotonic() + 60
    while store.games_to_count() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert store.games_to_count() == 0
    store.close()
    assert counts_of(path, 2) == GAME_2_COUNTS
    reopened = HistoryStore(path)
    assert reopened.count_games() == 3
    assert reopened.take_notices() == (), "nothing is left to count, so nothing is said"
    reopened.close()


def test_those_waiting_are_told_once_when_every_game_is_counted(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As the stats screen waits, to read its stats again: told from the counting thread."""
    path.parent.mkdir(parents=True)
    build_fixture(1, path)
    held = threading.Event()
    counted = counting.counted

    def held_counted(record: GameRecord) -> counting.Counted:
        held.wait(timeout=30)
        return counted(record)

    monkeypatch.setattr(counting, "counted", held_counted)
    store = HistoryStore(path)
    told: list[int] = []
    all_told = threading.Event()
    assert store.games_to_count() == 3
    assert store.when_counted(lambda: (told.append(store.games_to_count()), all_told.set()))
    held.set()
    assert all_told.wait(timeout=60)
    assert told == [0]
    assert not store.when_counted(all_told.clear), "nothing is left to wait for"
    store.close()
    assert all_told.is_set()


def test_a_game_counted_by_two_processes_at_once_is_written_once(path: Path) -> None:
    """Both read the game while it was still to count; only the first write takes its mark
    away, so the second writes nothing, and the title's sums hold it once."""
    path.parent.mkdir(parents=True)
    build_fixture(1, path)
    connection, _ = open_history(path)
    try:
        (game_2,) = [record for record in counting.next_records(connection) if record.id == 2]
        found = counting.counted(game_2)
        counting.write(connection, [found])
        counting.write(connection, [found])
        totals = connection.execute("SELECT name, total FROM count_totals ORDER BY name").fetchall()
    finally:
        connection.close()
    assert counts_of(path, 2) == GAME_2_COUNTS
    assert totals == GAME_2_COUNTS
