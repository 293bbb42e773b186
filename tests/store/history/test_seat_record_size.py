"""A seat's own record of a long game is stored as its updates' changes, not each update
whole (issue 14: a 24-round online Liar Game was 921 KB), and reads back exactly; records
written before, a plain list of updates, still load; export still writes every update whole."""

from __future__ import annotations

import json
import sqlite3
from datetime import timedelta
from functools import cache
from pathlib import Path

import pytest

from liar_tui.games import make_bot
from liar_tui.rules.dollar_bills.rules import Rules as BillRules
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.store.history import FinishedGame, HistoryError, HistoryStore, Recorded
from liar_tui.store.history.exchange import exported
from liar_tui.store.history.records import seat_updates_of
from liar_tui.table.codec import decode, encode
from liar_tui.table.finished import GameTimes, seat_record
from liar_tui.table.local import bot_rng, open_table
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import SeatUpdate

from .builders import START, build_fixture

LONG_GAMES = {
    "liar-game": (LiarGameRules(), 1),
    "liars-poker-cards": (LiarsPokerRules(), 1),
    "liars-poker-bills": (BillRules(), 12),
}
"""Each title's rules and how many games its table plays: at dollar bills a session of
twelve deals, whose last deal's views carry the session's ledger and last games."""


@cache
def long_record(game: str) -> FinishedGame:
    """A hot-seat record of the last game of a table of easy bots played to its end (a
    Liar Game of some thirty rounds), as the first seat saw it."""
    rules, games = LONG_GAMES[game]
    seats = (SeatConfig("You", SeatKind.HUMAN), SeatConfig("Kim", SeatKind.HUMAN))
    bots = tuple(SeatConfig(name, SeatKind.BOT, BotLevel.EASY) for name in ("Ada", "Bea"))
    setup = TableSetup(game, rules, (*seats, *bots), seed=5)
    table = open_table(setup)
    players = [make_bot(game, BotLevel.EASY, bot_rng(setup, seat)) for seat in range(4)]
    while not table.over and table.completed_games() < games:
        for seat in table.to_act():
            table.handle(players[seat].act(table.view(seat)))
    return seat_record(setup, table.actions, GameTimes(START, START, timedelta(minutes=5)), 0)


def stored_log(path: Path, game_id: int) -> str:
    connection = sqlite3.connect(path)
    try:
        log: str = connection.execute(
            "SELECT log FROM logs WHERE game_id = ?", (game_id,)
        ).fetchone()[0]
    finally:
        connection.close()
    return log


def recorded(store: HistoryStore, finished: FinishedGame) -> int:
    answer = store.record(finished)
    assert isinstance(answer, Recorded)
    return answer.game_id


SMALLER = {"liar-game": 20, "liars-poker-cards": 3, "liars-poker-bills": 8}
"""How many times smaller than its updates written whole each long record is stored, at
least: the Liar Game's (2 MB whole) views repeat 20 rounds, the bills deal's (160 KB) the
session's ledger and last games; the cards game is short, and repeats less."""


@pytest.mark.parametrize("game", LONG_GAMES)
def test_a_long_seat_record_is_stored_in_a_fraction_of_its_updates_written_whole(
    game: str, store: HistoryStore, path: Path
) -> None:
    finished = long_record(game)
    whole = len(json.dumps(encode(finished.seat_updates), separators=(",", ":")))
    stored = len(stored_log(path, recorded(store, finished)))
    assert stored * SMALLER[game] < whole


@pytest.mark.parametrize("game", LONG_GAMES)
def test_a_long_seat_record_reads_back_exactly(game: str, store: HistoryStore) -> None:
    finished = long_record(game)
    record = store.load_game(recorded(store, finished))
    assert record is not None
    assert record.finished == finished
    assert encode(record.finished.seat_updates) == encode(finished.seat_updates)


def test_export_writes_every_update_of_a_seat_record_whole(store: HistoryStore) -> None:
    """The shared file's format is unchanged: its ``seat_updates`` are the updates in the
    codec's form, however history keeps them."""
    finished = long_record("liars-poker-bills")
    record = store.load_game(recorded(store, finished))
    assert record is not None
    assert exported(record.finished)["seat_updates"] == encode(finished.seat_updates)


@pytest.mark.parametrize("version", [1, 2])
def test_a_seat_record_written_as_a_list_of_updates_still_loads(
    version: int, tmp_path: Path
) -> None:
    """Schemas 1 and 2 kept a seat record's log as a plain list of its updates (game 2 of
    their fixtures): opened now, it loads as that list decodes."""
    path = tmp_path / "old.sqlite3"
    build_fixture(version, path)
    old_log = stored_log(path, 2)
    assert isinstance(json.loads(old_log), list)
    expected = decode(json.loads(old_log), tuple[SeatUpdate, ...])
    assert len(expected) > 1
    store = HistoryStore(path)
    try:
        record = store.load_game(2)
    finally:
        store.close()
    assert record is not None
    assert record.finished.seat_updates == expected
    assert seat_updates_of(old_log) == expected


def test_a_log_in_a_form_of_changes_this_liar_tui_does_not_know_is_one_sentence(
    store: HistoryStore, path: Path
) -> None:
    game_id = recorded(store, long_record("liars-poker-bills"))
    store.close()
    connection = sqlite3.connect(path)
    with connection:
        connection.execute(
            "UPDATE logs SET log = ? WHERE game_id = ?",
            ('{"format": "changes", "version": 99, "values": [[0]]}', game_id),
        )
    connection.close()
    with pytest.raises(HistoryError) as raised:
        store.load_game(game_id)
    assert str(raised.value) == (
        f"Game {game_id} of history cannot be read: its changes are in a form this "
        "liar-tui does not know ('changes', version 99)."
    )
