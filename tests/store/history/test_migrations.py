"""The schema's steps: each one tested, and every past version's file opened and migrated."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from liar_tui.store.history import HistoryStore, NotRecorded, Recorded, migrations
from liar_tui.store.history.database import transaction
from liar_tui.store.history.migrations import APPLICATION_ID, LATEST_VERSION, MIGRATIONS, Migration
from liar_tui.store.history.records import OPPONENT_KINDS
from liar_tui.table.replay import replay_of

from .builders import build_fixture, finished_game, fixture_versions


def schema(connection: sqlite3.Connection) -> dict[str, str]:
    """Every table and index by name, its SQL with the spacing evened out."""
    rows = connection.execute("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL")
    return {
        name: re.sub(r"\s+", " ", sql).replace("( ", "(").replace(" )", ")") for name, sql in rows
    }


def pragma(path: Path, name: str) -> int:
    connection = sqlite3.connect(path)
    try:
        value: int = connection.execute(f"PRAGMA {name}").fetchone()[0]
        return value
    finally:
        connection.close()


def test_the_steps_run_from_version_1_to_the_latest_without_a_gap() -> None:
    assert [step.version for step in MIGRATIONS] == list(range(1, LATEST_VERSION + 1))


def test_there_is_a_fixture_of_every_version() -> None:
    assert fixture_versions() == list(range(1, LATEST_VERSION + 1))


@pytest.mark.parametrize("step", MIGRATIONS, ids=lambda step: f"step {step.version}")
def test_each_step_leads_from_the_version_before_to_its_own(
    step: Migration, tmp_path: Path
) -> None:
    """A step run on the fixture of the version before it (an empty file before step 1) gives
    exactly the tables and indexes of its own version's fixture."""
    before = tmp_path / "before.sqlite3"
    if step.version > 1:
        build_fixture(step.version - 1, before)
    expected = tmp_path / "expected.sqlite3"
    build_fixture(step.version, expected)
    connection = sqlite3.connect(before, isolation_level=None)
    with transaction(connection):
        step.apply(connection)
    reached = schema(connection)
    connection.close()
    want = sqlite3.connect(expected)
    assert reached == schema(want)
    want.close()
    assert pragma(before, "application_id") == APPLICATION_ID


def test_step_1_keeps_games_and_their_seats_apart(tmp_path: Path) -> None:
    connection = sqlite3.connect(tmp_path / "new.sqlite3", isolation_level=None)
    with transaction(connection):
        MIGRATIONS[0].apply(connection)
    tables = schema(connection)
    connection.close()
    assert {"games", "logs", "seats", "games_newest_first", "games_of_a_game_newest_first"} <= set(
        tables
    )
    assert "REFERENCES games (id) ON DELETE CASCADE" in tables["seats"]


@pytest.mark.parametrize("version", fixture_versions())
def test_a_file_of_every_version_opens_at_the_latest_with_its_games(
    version: int, path: Path
) -> None:
    path.parent.mkdir(parents=True)
    build_fixture(version, path)
    store = HistoryStore(path)
    listed = store.list_games()
    loaded = [store.load_game(summary.id) for summary in listed]
    store.close()
    assert [summary.game for summary in listed] == ["liars-poker-bills", "liar-game", "liar-game"]
    assert all(
        record is not None and record.id == summary.id
        for record, summary in zip(loaded, listed, strict=True)
    )
    assert pragma(path, "user_version") == LATEST_VERSION


def test_a_step_that_fails_leaves_an_older_file_as_it_was(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening migrates in one transaction: a later step failing undoes the earlier ones."""
    path.parent.mkdir(parents=True)
    build_fixture(1, path)
    broken = (
        Migration(LATEST_VERSION + 1, "a table", ("CREATE TABLE extra (x)",)),
        Migration(LATEST_VERSION + 2, "a failure", ("SELECT no_such_function()",)),
    )
    monkeypatch.setattr(migrations, "MIGRATIONS", (*MIGRATIONS, *broken))
    monkeypatch.setattr(migrations, "LATEST_VERSION", LATEST_VERSION + 2)
    store = HistoryStore(path)
    answer = store.record(finished_game())
    store.close()
    assert isinstance(answer, NotRecorded)
    connection = sqlite3.connect(path)
    assert not {"extra", "seat_counts"} & set(schema(connection)), "every step undone"
    assert connection.execute("SELECT count(*) FROM games").fetchone()[0] == 3
    connection.close()
    assert pragma(path, "user_version") == 1


def test_a_file_at_the_latest_version_is_not_migrated_again(path: Path) -> None:
    first = HistoryStore(path)
    assert isinstance(first.record(finished_game()), Recorded)
    first.close()
    second = HistoryStore(path)
    assert second.count_games() == 1
    second.close()


def test_step_2_fills_in_each_game_s_kinds_of_opponent_and_result_from_its_seats(
    tmp_path: Path,
) -> None:
    """Version 1's games are all against Ada (hard) and Bea (easy), bits 4 and 1; You won
    the first with 100 and lost the others with 90."""
    path = tmp_path / "old.sqlite3"
    build_fixture(1, path)
    connection = sqlite3.connect(path, isolation_level=None)
    with transaction(connection):
        MIGRATIONS[1].apply(connection)
    rows = connection.execute(
        "SELECT id, opponent_kinds, imported, player_won, player_score FROM games ORDER BY id"
    )
    assert rows.fetchall() == [(1, 5, 0, 1, 100.0), (2, 5, 0, 0, 90.0), (3, 5, 0, 0, 90.0)]
    connection.close()


def test_step_2_s_bits_are_the_kinds_records_writes() -> None:
    """The step spells the bits out (a released step never changes); the code that writes
    new games must give each kind the same bit."""
    step = " ".join(MIGRATIONS[1].statements)
    for bit, kind in enumerate(OPPONENT_KINDS):
        spelled = "o.kind = 'human'" if kind == "people" else f"o.level = '{kind}'"
        assert f"WHEN {spelled} THEN {1 << bit}" in step


def test_step_3_marks_the_games_still_to_count_and_counts_none_while_the_file_opens(
    tmp_path: Path,
) -> None:
    """Migrating replays no game: a version-1 file's games with a recording seat are marked to
    be counted after it is open (step 2 no longer counts them in the opening transaction)."""
    path = tmp_path / "old.sqlite3"
    build_fixture(1, path)
    connection = sqlite3.connect(path, isolation_level=None)
    with transaction(connection):
        migrations.migrate(connection, 1)
    marked = connection.execute("SELECT game_id FROM uncounted ORDER BY game_id").fetchall()
    counted = connection.execute("SELECT count(*) FROM seat_counts").fetchone()[0]
    connection.close()
    assert (marked, counted) == ([(1,), (2,), (3,)], 0)


def test_a_version_1_file_s_games_are_counted_once_open_and_one_that_does_not_replay_is_not(
    path: Path,
) -> None:
    """Game 2 of version 1 is a seat's record of two Liar Game rounds (one won with high
    cards, 33 points); game 1's actions are not legal for its seed, so it gets no numbers
    while the counting goes on; the bills game has no deal settled."""
    path.parent.mkdir(parents=True)
    build_fixture(1, path)
    store = HistoryStore(path)
    store.finish_counting()
    counts = store.read(
        lambda connection: connection.execute(
            "SELECT game_id, seat, name, count FROM seat_counts ORDER BY game_id, name"
        ).fetchall()
    )
    totals = store.read(
        lambda connection: connection.execute(
            "SELECT game, name, total FROM count_totals ORDER BY name"
        ).fetchall()
    )
    left = store.games_to_count()
    store.close()
    assert left == 0
    assert [(game, name, total) for game, name, total in totals] == [
        ("liar-game", name, count) for _, _, name, count in counts
    ]
    assert counts == [
        (2, 0, "points", 33),
        (2, 0, "rounds", 2),
        (2, 0, "rounds won", 1),
        (2, 0, "shown high cards", 2),
        (2, 0, "won high cards", 1),
    ]


def test_a_version_2_file_keeps_its_imported_game_marked(path: Path) -> None:
    path.parent.mkdir(parents=True)
    build_fixture(2, path)
    store = HistoryStore(path)
    listed = store.list_games()
    record = store.load_game(3)
    store.close()
    assert [summary.imported for summary in listed] == [True, False, False]
    assert record is not None and record.imported


def test_a_version_3_file_s_deal_replays_from_its_start(path: Path) -> None:
    """Game 3 of version 3 is the second deal of a session, kept from its own start."""
    path.parent.mkdir(parents=True)
    build_fixture(3, path)
    store = HistoryStore(path)
    record = store.load_game(3)
    store.close()
    assert record is not None and record.finished.start is not None
    replay = replay_of(record)
    assert replay.steps[0].update.view.game == 2
    assert replay.steps[0].update.view.ledger == record.finished.start.ledger
    assert len(replay.steps) == len(record.finished.actions) + 1
