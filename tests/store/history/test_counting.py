"""The numbers of games an older liar-tui recorded are counted after the file is open, in the
background, with a notice; never twice (issue 14, limit 3)."""

from __future__ import annotations

import sqlite3
import threading
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from liar_tui.games import make_bot
from liar_tui.rules.dollar_bills.rules import Rules as BillRules
from liar_tui.store.history import HistoryStore, counting
from liar_tui.store.history import store as store_module
from liar_tui.store.history.database import open_history
from liar_tui.store.history.records import EncodedGame, FinishedGame, GameRecord, encoded
from liar_tui.table.finished import GameTimes, complete_record, replayed_updates, seat_counts
from liar_tui.table.local import bot_rng, open_table
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup

from .builders import START, build_fixture

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
    held = hold_counting(monkeypatch)
    store = HistoryStore(path)
    all_told = threading.Event()
    assert games_left_when_told(store, held, all_told) == [0]
    assert not store.when_counted(all_told.clear), "nothing is left to wait for"
    store.close()
    assert all_told.is_set()


def hold_counting(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Each game's counting waits until the event given is set."""
    held = threading.Event()
    counted = counting.counted

    def held_counted(record: GameRecord) -> counting.Counted:
        held.wait(timeout=30)
        return counted(record)

    monkeypatch.setattr(counting, "counted", held_counted)
    return held


def games_left_when_told(
    store: HistoryStore, held: threading.Event, all_told: threading.Event
) -> list[int]:
    """Waits, as the stats screen does, for the counting of the fixture's three games (held
    back by ``held`` until the wait is asked for) to end: the games left each time told."""
    told: list[int] = []
    assert store.games_to_count() == 3
    assert store.when_counted(lambda: (told.append(store.games_to_count()), all_told.set()))
    held.set()
    assert all_told.wait(timeout=60)
    return told


def fail_first_write(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The counting's first write meets a file another process holds locked past the busy
    timeout; the pauses before counting again are short. Set once it failed."""
    failed = threading.Event()
    write = counting.write

    def locked_once(connection: sqlite3.Connection, found: list[counting.Counted]) -> None:
        if not failed.is_set():
            failed.set()
            raise sqlite3.OperationalError("database is locked")
        write(connection, found)

    monkeypatch.setattr(counting, "write", locked_once)
    monkeypatch.setattr(store_module, "COUNTING_PAUSES", (0.05, 0.05))
    return failed


def test_a_counting_stopped_by_a_locked_file_goes_on_by_itself(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stats screen waiting for the counting is told it ended with no other use of the
    history to open the file again, and the player is told of the counting once."""
    path.parent.mkdir(parents=True)
    build_fixture(1, path)
    failed = fail_first_write(monkeypatch)
    held = hold_counting(monkeypatch)
    store = HistoryStore(path)
    all_told = threading.Event()
    assert games_left_when_told(store, held, all_told) == [0]
    assert failed.is_set()
    assert len(store.take_notices()) == 1
    store.close()
    assert counts_of(path, 2) == GAME_2_COUNTS


@pytest.mark.parametrize("reopened_by", ["the pause's end", "a read of the history"])
def test_a_counting_stopped_by_a_locked_file_and_ended_elsewhere_tells_those_waiting(
    path: Path, monkeypatch: pytest.MonkeyPatch, reopened_by: str
) -> None:
    """The other process that held the file counted the rest before the pause ended: the
    file opened again (when the pause ends, or before, by any use of the history) has
    nothing to count, and the waiting screen is told so."""
    path.parent.mkdir(parents=True)
    build_fixture(1, path)
    failed = fail_first_write(monkeypatch)
    monkeypatch.setattr(store_module, "COUNTING_PAUSES", (0.5,))
    held = hold_counting(monkeypatch)
    store = HistoryStore(path)
    all_told = threading.Event()
    assert store.games_to_count() == 3
    assert store.when_counted(all_told.set)
    held.set()
    assert failed.wait(timeout=30)
    elsewhere = HistoryStore(path, count_in_background=False)
    elsewhere.finish_counting()
    elsewhere.close()
    if reopened_by == "a read of the history":
        assert store.count_games() == 3
    assert all_told.wait(timeout=30)
    assert len(store.take_notices()) == 1
    store.close()
    assert counts_of(path, 2) == GAME_2_COUNTS


def test_a_counting_stopped_by_a_locked_file_is_not_begun_again_once_the_store_is_closed(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path.parent.mkdir(parents=True)
    build_fixture(1, path)
    failed = fail_first_write(monkeypatch)
    monkeypatch.setattr(store_module, "COUNTING_PAUSES", (0.5,))
    store = HistoryStore(path)
    assert store.count_games() == 3
    assert failed.wait(timeout=30)
    store.close()
    time.sleep(1.0)
    assert [thread.name for thread in threading.enumerate()].count("history counting") == 0
    assert counts_of(path, 2) == []


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


def third_deal() -> tuple[FinishedGame, tuple[object, ...]]:
    """The record of a dollar-bills session's third deal as liar-tui records it now (from its
    own start), and the session's log to the end of that deal."""
    bots = [SeatConfig(name, SeatKind.BOT, BotLevel.EASY) for name in ("Ada", "Bea")]
    seats = (SeatConfig("You", SeatKind.HUMAN), *bots)
    setup = TableSetup("liars-poker-bills", BillRules(), seats, seed=3)
    table = open_table(setup)
    players = [make_bot(setup.game, BotLevel.EASY, bot_rng(setup, seat)) for seat in range(3)]
    while table.completed_games() < 3:
        for seat in table.to_act():
            table.handle(players[seat].act(table.view(seat)))
    times = GameTimes(START, START + timedelta(minutes=3), timedelta(minutes=3))
    return complete_record(setup, table.actions, times, 0), tuple(table.actions)


def insert_as_written_at(schema: int, path: Path, row: EncodedGame) -> int:
    """``row`` stored as liar-tui wrote a game at ``schema`` (1: no numbers, 2: the game's
    row and its numbers as step 2 made them, and no start); its id."""
    connection = sqlite3.connect(path)
    with connection:
        game = row.game[:8] if schema == 1 else row.game
        marks = ", ".join("?" * len(game))
        game_id = connection.execute(f"INSERT INTO games VALUES (NULL, {marks})", game).lastrowid
        assert game_id is not None
        connection.execute("INSERT INTO logs VALUES (?, ?, ?)", (game_id, row.setup, row.log))
        connection.executemany(
            "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, *seat) for seat in row.seats],
        )
        if schema >= 2:
            connection.executemany(
                "INSERT INTO seat_counts VALUES (?, ?, ?, ?)",
                [(game_id, *count) for count in row.counts],
            )
    connection.close()
    return game_id


def counted_and_loaded(path: Path, *game_ids: int) -> list[GameRecord]:
    """The file at ``path`` opened at the latest schema, counted, and these games read back."""
    store = HistoryStore(path, count_in_background=False)
    try:
        store.finish_counting()
        found = [store.load_game(game_id) for game_id in game_ids]
    finally:
        store.close()
    assert all(record is not None for record in found)
    return [record for record in found if record is not None]


def test_a_deal_an_older_liar_tui_kept_with_its_session_s_log_is_kept_alone_once_counted(
    path: Path,
) -> None:
    """Schemas 1 and 2 kept a dollar-bills deal with the session's log up to its end (every
    deal before it too): counted, it is kept as a deal is recorded now, from its own start
    with its own actions, and its numbers are that deal's."""
    path.parent.mkdir(parents=True)
    build_fixture(1, path)
    now, session = third_deal()
    assert now.start is not None
    assert len(now.actions) < len(session)
    row = encoded(replace(now, start=None, actions=session, counts=()))
    game_id = insert_as_written_at(1, path, row)
    record, unchanged = counted_and_loaded(path, game_id, 1)
    assert record.finished.start == now.start
    assert record.finished.actions == now.actions
    assert record.finished.counts == tuple(sorted(now.counts))
    assert unchanged.finished.start is None, "a game of one deal at a time is kept as it was"


def test_a_deal_version_2_counted_with_its_session_s_log_is_counted_again_alone(
    path: Path,
) -> None:
    """Schema 2 kept a dollar-bills deal with the session's whole log (every deal before it
    too) and counted it then (its numbers the last deal's): step 4 counts it again, so
    that it is kept alone, from its own start, with the same numbers and sums."""
    path.parent.mkdir(parents=True)
    build_fixture(2, path)
    now, session = third_deal()
    whole = seat_counts(now.setup, replayed_updates(now.setup, session, 0), 0)
    assert whole == tuple(sorted(now.counts)), "schema 2 counted the last deal alone"
    row = encoded(replace(now, start=None, actions=session, counts=whole))
    game_id = insert_as_written_at(2, path, row)
    (record,) = counted_and_loaded(path, game_id)
    assert record.finished.start == now.start
    assert record.finished.actions == now.actions
    assert record.finished.counts == tuple(sorted(now.counts))
    connection = sqlite3.connect(path)
    try:
        totals = connection.execute(
            "SELECT name, total FROM count_totals WHERE game = ? AND total != 0", (now.game,)
        ).fetchall()
    finally:
        connection.close()
    assert sorted(totals) == sorted(now.counts), "the other bills game there is imported"


def test_a_batch_of_games_that_cannot_be_read_does_not_end_the_counting(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games of a title this liar-tui no longer knows count nothing and are taken off the
    list; a whole batch of them must not end the counting with games still to count, nor
    tell those waiting that every game is counted."""
    path.parent.mkdir(parents=True)
    build_fixture(1, path)
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("UPDATE games SET game = 'gone' WHERE id = 1")
    connection.close()
    held = threading.Event()
    next_records = counting.next_records

    def held_next_records(connection: sqlite3.Connection) -> list[GameRecord]:
        held.wait(timeout=30)
        return next_records(connection, limit=1)  # the unreadable game alone, then the others

    monkeypatch.setattr(counting, "next_records", held_next_records)
    store = HistoryStore(path)
    told = games_left_when_told(store, held, threading.Event())
    store.close()
    assert told == [0]
    assert counts_of(path, 2) == GAME_2_COUNTS
