"""Recording finished games and reading them back: whole, listed newest first, filtered, paged."""

from __future__ import annotations

import dataclasses
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

from liar_tui import games
from liar_tui.store.history import (
    FinishedGame,
    HistoryError,
    HistoryFilter,
    HistoryStore,
    Recorded,
    SeatResult,
    Visibility,
)
from liar_tui.store.history.database import open_history
from liar_tui.store.history.records import list_query
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind

from .builders import SETUP, START, finished_game, played, results, seat_view_game

NORMAL_BOTS = (
    SeatConfig("You", SeatKind.HUMAN),
    SeatConfig("Cy", SeatKind.BOT, BotLevel.NORMAL),
    SeatConfig("Dee", SeatKind.BOT, BotLevel.NORMAL),
)


def recorded(store: HistoryStore, finished: FinishedGame) -> int:
    answer = store.record(finished)
    assert isinstance(answer, Recorded)
    return answer.game_id


def test_a_complete_record_loads_equal_to_what_was_recorded(store: HistoryStore) -> None:
    actions, _ = played(12)
    finished = finished_game(actions=actions)
    record = store.load_game(recorded(store, finished))
    assert record is not None
    assert record.finished == finished


def test_a_seats_own_record_keeps_its_updates_and_an_unknown_seed(store: HistoryStore) -> None:
    finished = seat_view_game()
    record = store.load_game(recorded(store, finished))
    assert record is not None
    assert record.finished == finished
    assert record.finished.seed is None
    assert record.finished.visibility is Visibility.SEAT


def test_a_record_made_at_the_table_counts_the_seat_s_own_numbers_and_keeps_them(
    store: HistoryStore,
) -> None:
    """A complete record is counted from the recording seat's side of its replay, and its
    numbers load back with it."""
    from liar_tui.table.finished import GameTimes, complete_record

    actions, updates = played(10_000)  # to the game's end
    times = GameTimes(START, START, timedelta(0))
    finished = complete_record(SETUP, actions, times, 0)
    assert finished.counts
    assert dict(finished.counts) == games.plugin("liar-game").game_counts(SETUP, updates, 0)
    record = store.load_game(recorded(store, finished))
    assert record is not None
    assert record.finished == finished


def test_an_imported_game_is_listed_and_loaded_marked_as_imported(store: HistoryStore) -> None:
    mine = recorded(store, finished_game(minute=0))
    answer = store.record(finished_game(minute=1), imported=True)
    assert isinstance(answer, Recorded)
    assert [(summary.id, summary.imported) for summary in store.list_games()] == [
        (answer.game_id, True),
        (mine, False),
    ]
    loaded = store.load_game(answer.game_id)
    assert loaded is not None and loaded.imported


def test_nobody_s_record_has_no_seat_s_numbers() -> None:
    with pytest.raises(ValueError, match="nobody's has no seat's numbers"):
        dataclasses.replace(finished_game(), recording_seat=None, counts=(("rounds", 1),))


def test_a_game_that_is_not_there_loads_as_none(store: HistoryStore) -> None:
    recorded(store, finished_game())
    assert store.load_game(99) is None


def test_games_are_listed_newest_first_with_their_results(store: HistoryStore) -> None:
    ids = [recorded(store, finished_game(minute=minute)) for minute in (5, 30, 10)]
    listed = store.list_games()
    assert [summary.id for summary in listed] == [ids[1], ids[2], ids[0]]
    assert listed[0].seats == results(SETUP)
    assert listed[0].duration == timedelta(minutes=9, seconds=30, microseconds=123)
    assert [seat.name for seat in listed[0].opponents] == ["Ada", "Bea"]


def test_the_list_filters_by_game(store: HistoryStore) -> None:
    bills = recorded(store, finished_game(game="liars-poker-bills", minute=1))
    recorded(store, finished_game(minute=2))
    cards = recorded(store, finished_game(game="liars-poker-cards", minute=3))
    assert [s.id for s in store.list_games(HistoryFilter(game="liars-poker-bills"))] == [bills]
    assert [s.id for s in store.list_games(HistoryFilter(game="liars-poker-cards"))] == [cards]
    assert store.count_games(HistoryFilter(game="liar-game")) == 1


def test_the_list_filters_by_an_opponents_name_but_not_the_players_own(
    store: HistoryStore,
) -> None:
    against_ada = recorded(store, finished_game(minute=1))
    recorded(store, finished_game(seats=NORMAL_BOTS, minute=2))
    assert [s.id for s in store.list_games(HistoryFilter(opponent_name="Ada"))] == [against_ada]
    assert store.list_games(HistoryFilter(opponent_name="You")) == []


def test_the_list_filters_by_an_opponents_level(store: HistoryStore) -> None:
    hard_and_easy = recorded(store, finished_game(minute=1))
    normal = recorded(store, finished_game(seats=NORMAL_BOTS, minute=2))
    by_level = {
        level: [s.id for s in store.list_games(HistoryFilter(opponent_level=level))]
        for level in BotLevel
    }
    assert by_level == {
        BotLevel.EASY: [hard_and_easy],
        BotLevel.NORMAL: [normal],
        BotLevel.HARD: [hard_and_easy],
    }


def test_filters_combine(store: HistoryStore) -> None:
    recorded(store, finished_game(minute=1))
    wanted = recorded(store, finished_game(game="liars-poker-cards", minute=2))
    recorded(store, finished_game(game="liars-poker-cards", seats=NORMAL_BOTS, minute=3))
    chosen = HistoryFilter(game="liars-poker-cards", opponent_level=BotLevel.HARD)
    assert [s.id for s in store.list_games(chosen)] == [wanted]


def test_pages_follow_one_another_without_a_gap_or_a_repeat(store: HistoryStore) -> None:
    ids = [recorded(store, finished_game(minute=minute)) for minute in range(7)]
    pages = [store.list_games(limit=3, offset=offset) for offset in (0, 3, 6, 9)]
    assert [[s.id for s in page] for page in pages] == [
        ids[6:3:-1],
        ids[3:0:-1],
        ids[0:1],
        [],
    ]
    assert store.count_games() == 7


@pytest.mark.parametrize(
    "where",
    [
        HistoryFilter(),
        HistoryFilter(game="liar-game"),
        HistoryFilter(opponent_level=BotLevel.HARD),
        HistoryFilter(game="liar-game", opponent_name="Ada"),
    ],
    ids=["all", "game", "level", "game and name"],
)
def test_the_list_reads_an_index_in_order_and_never_sorts(where: HistoryFilter, path: Path) -> None:
    query, parameters = list_query(where, limit=50, offset=0)
    connection, _ = open_history(path)
    plan = [row[-1] for row in connection.execute(f"EXPLAIN QUERY PLAN {query}", parameters)]
    connection.close()
    assert any("INDEX games_" in step for step in plan), plan
    assert not any("TEMP B-TREE" in step for step in plan), plan


def test_a_record_of_a_game_no_longer_installed_is_refused_with_a_sentence(
    store: HistoryStore, path: Path
) -> None:
    game_id = recorded(store, finished_game())
    store.close()
    connection = sqlite3.connect(path)
    connection.execute("UPDATE games SET game = 'chess' WHERE id = ?", (game_id,))
    connection.commit()
    connection.close()
    with pytest.raises(HistoryError, match=r"^Game 1 of history is of a game .* not know\.$"):
        store.load_game(game_id)


def test_seats_and_log_go_with_their_game(store: HistoryStore, path: Path) -> None:
    """The seats and the log refer to their game: deleting a game (as a later "forget" would)
    takes them along."""
    game_id = recorded(store, finished_game())
    connection, _ = open_history(path)
    connection.execute("DELETE FROM games WHERE id = ?", (game_id,))
    left = [
        connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        for table in ("seats", "logs")
    ]
    connection.close()
    assert left == [0, 0]


def test_only_the_other_seats_are_opponents(store: HistoryStore, path: Path) -> None:
    recorded(store, dataclasses.replace(finished_game(), recording_seat=1))
    connection, _ = open_history(path)
    flags = connection.execute("SELECT opponent FROM seats ORDER BY seat").fetchall()
    connection.close()
    assert flags == [(1,), (0,), (1,)]


def test_a_result_for_each_seat_is_required() -> None:
    finished = finished_game()
    with pytest.raises(ValueError, match="one result for each seat"):
        FinishedGame(
            finished.setup,
            finished.seed,
            finished.seats[:2],
            finished.started_at,
            finished.ended_at,
            finished.duration,
            0,
            Visibility.COMPLETE,
        )


def test_a_person_has_no_bot_level() -> None:
    with pytest.raises(ValueError, match="a person's has none"):
        SeatResult("You", SeatKind.HUMAN, BotLevel.HARD, 1, True, 3.0)


def test_a_complete_record_knows_its_seed() -> None:
    finished = finished_game()
    with pytest.raises(ValueError, match="keeps the seed"):
        dataclasses.replace(finished, seed=None)


def test_a_game_lasts_no_less_than_no_time() -> None:
    with pytest.raises(ValueError, match="less than no time"):
        dataclasses.replace(finished_game(), duration=timedelta(seconds=-1))
