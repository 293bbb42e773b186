"""The stats of a history: per title and kind of opponent, games, wins, the Wilson interval,
streaks and the mean score, checked against fixed numbers and against a count by hand."""

from __future__ import annotations

import random
import sqlite3
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

import liar_tui.store.history.stats as stats_module
from liar_tui.store.history import FinishedGame, HistoryStore
from liar_tui.store.history.database import open_history
from liar_tui.store.history.stats import (
    ALL,
    PEOPLE,
    GameStats,
    Interval,
    LedgerPoint,
    OpponentStats,
    history_ledger,
    history_stats,
    stats_query,
    wilson_interval,
)
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from tests.store.history.builders import START, finished_game

YOU = SeatConfig("You", SeatKind.HUMAN)
CY = SeatConfig("Cy", SeatKind.HUMAN)
EASY = SeatConfig("Bea", level=BotLevel.EASY)
EASY_TOO = SeatConfig("Bob", level=BotLevel.EASY)
NORMAL = SeatConfig("Nia", level=BotLevel.NORMAL)
HARD = SeatConfig("Ada", level=BotLevel.HARD)


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (8, 10, 0.4902, 0.9433),  # the textbook example
        (0, 5, 0.0, 0.4345),
        (5, 5, 0.5655, 1.0),
        (50, 100, 0.4038, 0.5962),
    ],
)
def test_the_wilson_interval_has_the_published_bounds(
    wins: int, games: int, low: float, high: float
) -> None:
    interval = wilson_interval(wins, games)
    assert interval.low == pytest.approx(low, abs=5e-5)
    assert interval.high == pytest.approx(high, abs=5e-5)


def test_no_games_say_nothing_and_impossible_counts_are_refused() -> None:
    assert wilson_interval(0, 0) == Interval(0.0, 1.0)
    with pytest.raises(ValueError, match="3 wins cannot come from 2 games"):
        wilson_interval(3, 2)


def test_streaks_follow_the_order_games_ended_not_the_order_they_were_recorded(
    store: HistoryStore,
) -> None:
    # In time order: L W W L W W W W L W W; recorded newest first.
    outcomes = "LWWLWWWWLWW"
    for minute in reversed(range(len(outcomes))):
        winner = 0 if outcomes[minute] == "W" else 1
        store.record(finished_game(minute=minute, winner=winner))
    (liar_game,) = history_stats(store)
    assert liar_game.overall == OpponentStats(
        ALL, games=11, wins=8, total_score=8 * 100 + 3 * 90, longest_streak=4, current_streak=2
    )


def test_a_game_counts_once_for_each_kind_of_opponent_it_had(store: HistoryStore) -> None:
    store.record(finished_game(seats=(YOU, EASY, EASY_TOO, HARD), minute=0, winner=0))
    store.record(finished_game(seats=(YOU, CY, NORMAL), minute=1, winner=1))
    store.record(finished_game(seats=(YOU, EASY), minute=2, winner=1))
    (liar_game,) = history_stats(store)
    assert [(line.against, line.games, line.wins) for line in liar_game.lines] == [
        (ALL, 3, 1),
        ("easy", 2, 1),
        ("normal", 1, 0),
        ("hard", 1, 1),
        (PEOPLE, 1, 0),
    ]
    easy = liar_game.lines[1]
    assert (easy.current_streak, easy.longest_streak, easy.mean_score) == (0, 1, 95.0)


def test_only_the_recording_seats_games_count_and_the_game_filter_narrows(
    store: HistoryStore,
) -> None:
    store.record(finished_game(minute=0))
    store.record(replace(finished_game(minute=1, winner=0), recording_seat=None))
    store.record(finished_game(game="liars-poker-bills", minute=2, winner=2))
    assert [(stats.game, stats.overall.games) for stats in history_stats(store)] == [
        ("liar-game", 1),
        ("liars-poker-bills", 1),
    ]
    (bills,) = history_stats(store, "liars-poker-bills")
    assert (bills.overall.wins, bills.overall.mean_score) == (0, 90.0)
    assert history_stats(store, "liars-poker-cards") == ()


def test_a_random_history_matches_a_count_by_hand(store: HistoryStore) -> None:
    chooser = random.Random(14)
    opponents = (CY, EASY, EASY_TOO, NORMAL, HARD)
    games: list[FinishedGame] = []
    for number in range(120):
        seats = (YOU, *chooser.sample(opponents, chooser.randint(1, 3)))
        game = chooser.choice(("liar-game", "liars-poker-cards"))
        minute = chooser.randrange(10_000)
        finished = finished_game(game=game, seats=seats, minute=minute, winner=0)
        finished = _with_result(finished, won=chooser.random() < 0.45, score=number % 7 - 2.5)
        games.append(finished)
        store.record(finished)
    assert history_stats(store) == _by_hand(games)


def test_the_ledger_adds_up_one_games_scores_in_the_order_they_ended(
    store: HistoryStore,
) -> None:
    bills = "liars-poker-bills"
    for minute, score in ((20, -3.0), (0, 5.0), (10, 2.0)):
        store.record(_with_result(finished_game(game=bills, minute=minute), won=True, score=score))
    store.record(finished_game(minute=5))
    store.record(replace(finished_game(game=bills, minute=15), recording_seat=None))
    assert history_ledger(store, bills) == (
        LedgerPoint(START, 5.0),
        LedgerPoint(START + timedelta(minutes=10), 7.0),
        LedgerPoint(START + timedelta(minutes=20), 4.0),
    )
    assert history_ledger(store, "liars-poker-cards") == ()


def test_imported_games_are_left_out_of_the_stats_and_the_ledger(store: HistoryStore) -> None:
    """An imported game is someone else's play: it is neither a win of the player's nor
    money in the player's ledger."""
    bills = "liars-poker-bills"
    store.record(_with_result(finished_game(game=bills, minute=0), won=True, score=2.0))
    won_elsewhere = _with_result(finished_game(game=bills, minute=5), won=True, score=9.0)
    store.record(won_elsewhere, imported=True)
    (stats,) = history_stats(store)
    assert (stats.overall.games, stats.overall.total_score) == (1, 2.0)
    assert history_ledger(store, bills) == (LedgerPoint(START, 2.0),)


def test_a_game_whose_result_step_2_could_not_fill_in_counts_for_nothing(
    store: HistoryStore,
) -> None:
    """A version-1 file that lost the recording seat's row migrates with an empty result:
    the stats and the ledger leave that game out (they raised a TypeError, a traceback on
    the stats screen)."""
    bills = "liars-poker-bills"
    store.record(_with_result(finished_game(game=bills, minute=0), won=True, score=2.0))
    store.record(_with_result(finished_game(game=bills, minute=5), won=True, score=3.0))

    def lose_the_result(connection: sqlite3.Connection) -> None:
        connection.execute(
            "UPDATE games SET player_won = NULL, player_score = NULL WHERE ended_at = "
            "(SELECT MAX(ended_at) FROM games)"
        )
        connection.commit()

    store.read(lose_the_result)
    (stats,) = history_stats(store)
    assert (stats.overall.games, stats.overall.total_score) == (1, 2.0)
    assert history_ledger(store, bills) == (LedgerPoint(START, 2.0),)


LIAR_GAME_COUNTS = (("points", 30), ("rounds", 4), ("rounds won", 1), ("shown double", 4))


def test_each_title_s_own_numbers_are_summed_and_worded_by_its_plugin(
    store: HistoryStore,
) -> None:
    """Two games of the player's count; an imported one does not."""
    for minute in (0, 1):
        store.record(replace(finished_game(minute=minute), counts=LIAR_GAME_COUNTS))
    store.record(replace(finished_game(minute=2), counts=LIAR_GAME_COUNTS), imported=True)
    (stats,) = history_stats(store)
    assert stats.game_lines == (
        ("Points per round", "7.5"),
        ("Rounds won", "2 of 8 (25%)"),
        ("Doubles that won", "0 of 8 (0%)"),
    )


def test_the_sums_of_the_numbers_follow_a_game_deleted(store: HistoryStore) -> None:
    """SQLite keeps each title's sums as games come and go: after a deletion they are what
    summing the games left gives."""
    for minute in (0, 1):
        store.record(replace(finished_game(minute=minute), counts=LIAR_GAME_COUNTS))
    store.read(lambda connection: connection.execute("DELETE FROM games WHERE id = 1"))
    (stats,) = history_stats(store)
    assert stats.game_lines[:2] == (("Points per round", "7.5"), ("Rounds won", "1 of 4 (25%)"))
    totals = store.read(
        lambda connection: connection.execute(
            "SELECT name, total FROM count_totals WHERE total != 0 ORDER BY name"
        ).fetchall()
    )
    assert totals == list(LIAR_GAME_COUNTS)


def test_a_title_whose_plugin_is_gone_keeps_its_lines_without_numbers(
    store: HistoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.record(replace(finished_game(), counts=LIAR_GAME_COUNTS))
    monkeypatch.setattr(stats_module, "registered", dict)
    (stats,) = history_stats(store)
    assert (stats.overall.games, stats.game_lines) == (1, ())


@pytest.mark.parametrize(
    "query",
    [
        stats_query(None),
        stats_query("liar-game"),
        (stats_module._LEDGER_QUERY, ("liars-poker-bills",)),
    ],
    ids=["stats", "stats of one title", "ledger"],
)
def test_the_stats_read_one_index_in_order_and_nothing_else(
    query: tuple[str, tuple[object, ...]], path: Path
) -> None:
    """No sort, no game's row and no seat: what keeps the stats fast however long the
    history is."""
    connection, _ = open_history(path)
    plan = [row[-1] for row in connection.execute(f"EXPLAIN QUERY PLAN {query[0]}", query[1])]
    connection.close()
    assert plan == ["SCAN g USING COVERING INDEX games_played_by_title"] or plan == [
        "SEARCH g USING COVERING INDEX games_played_by_title (game=?)"
    ], plan


def _with_result(finished: FinishedGame, *, won: bool, score: float) -> FinishedGame:
    mine = replace(finished.seats[0], won=won, place=1 if won else 2, score=score)
    return replace(finished, seats=(mine, *finished.seats[1:]))


def _by_hand(games: list[FinishedGame]) -> tuple[GameStats, ...]:
    """The stats counted the slow way: every game, in the order it ended (the order it was
    recorded breaks ties of time, as the store's ids do)."""
    order = sorted(range(len(games)), key=lambda number: (games[number].ended_at, number))
    found: dict[str, dict[str, list[FinishedGame]]] = {}
    for number in order:
        game = games[number]
        kinds = {ALL} | {
            PEOPLE if seat.level is None else seat.level.value for seat in game.seats[1:]
        }
        for kind in kinds:
            found.setdefault(game.game, {}).setdefault(kind, []).append(game)
    line_order = [ALL, "easy", "normal", "hard", PEOPLE]
    return tuple(
        GameStats(
            title,
            tuple(_line(kind, lines[kind]) for kind in sorted(lines, key=line_order.index)),
        )
        for title, lines in sorted(found.items())
    )


def _line(kind: str, games: list[FinishedGame]) -> OpponentStats:
    wins = [game.seats[0].won for game in games]
    runs = "".join("W" if won else "L" for won in wins).split("L")
    return OpponentStats(
        kind,
        games=len(games),
        wins=sum(wins),
        total_score=sum(game.seats[0].score for game in games),
        longest_streak=max(len(run) for run in runs),
        current_streak=len(runs[-1]),
    )
