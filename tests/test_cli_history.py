"""``liar-tui history``: the finished games newest first, as lines or JSON, narrowed by game
and opponent; a bad --game, an empty history and an unreadable one each in one sentence."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from liar_tui.cli import main
from liar_tui.games import new_state
from liar_tui.rules.liar_game.game import Rules
from liar_tui.store.history import FinishedGame, HistoryStore, history_path
from liar_tui.table.finished import GameTimes, complete_record
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from tests.store.history.builders import build_fixture, finished_game

SEATS = (
    SeatConfig("You", SeatKind.HUMAN),
    SeatConfig("Ada", level=BotLevel.HARD),
    SeatConfig("Bea", level=BotLevel.EASY),
)
MAX_ACTIONS = 2000
"""A Liar Game to 30 points of random legal actions ends within a few hundred."""


@pytest.fixture(autouse=True)
def utc_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Lines show local time: make local time UTC, so the times below are the ones shown."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def store(isolated_dirs: dict[str, Path]) -> Iterator[HistoryStore]:
    store = HistoryStore(history_path())
    yield store
    store.close()


def played_game(ended_at: datetime, seed: int) -> FinishedGame:
    """The complete record of a short Liar Game played to its end by random legal actions."""
    setup = TableSetup("liar-game", Rules(target=30), SEATS, seed=seed)
    game = new_state(setup)
    chooser = random.Random(seed)
    actions: list[Any] = []
    while not game.over:
        assert len(actions) < MAX_ACTIONS, "the game should have ended"
        action = chooser.choice(game.legal_actions(chooser.choice(game.to_act())))
        game.apply(action)
        actions.append(action)
    times = GameTimes(ended_at - timedelta(minutes=9), ended_at, timedelta(minutes=9))
    return complete_record(setup, actions, times, recording_seat=0)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``liar-tui *argv``: its exit code, what it printed and what it said on stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def history(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    return run(capsys, "history", *argv)


PLACES = {1: "1st", 2: "2nd", 3: "3rd"}


def test_games_are_listed_newest_first_one_line_each_with_every_seats_result(
    store: HistoryStore, capsys: pytest.CaptureFixture[str]
) -> None:
    played = played_game(datetime(2026, 11, 29, 22, 5, tzinfo=UTC), seed=3)
    store.record(played)
    store.record(finished_game(game="liars-poker-cards", minute=0, winner=1))
    store.record(finished_game(game="liars-poker-bills", minute=30, winner=2))
    code, out, err = history(capsys)
    assert (code, err) == (0, "")
    you, *others = played.seats
    by_place = [you, *sorted(others, key=lambda seat: seat.place)]
    seats = " · ".join(f"{s.name} {PLACES[s.place]} ({s.score:.0f})" for s in by_place)
    assert out.splitlines() == [
        "#3  2026-11-30 20:30  Liar's Poker (dollar bills)  "
        "You 2nd (+$90) · Bea 1st (+$100) · Ada 3rd (+$80)",
        "#2  2026-11-30 20:00  Liar's Poker (cards)  You 2nd (90) · Ada 1st (100) · Bea 3rd (80)",
        f"#1  2026-11-29 22:05  Liar Game  {seats}",
    ]


def test_the_recording_seat_comes_first_wherever_it_sat(
    store: HistoryStore, capsys: pytest.CaptureFixture[str]
) -> None:
    game = finished_game(winner=1)
    store.record(replace(game, recording_seat=2))
    assert history(capsys)[1] == (
        "#1  2026-11-30 20:00  Liar Game  Bea 3rd (80) · Ada 1st (100) · You 2nd (90)\n"
    )


def test_an_imported_game_is_marked_on_its_line_and_in_the_json(
    store: HistoryStore, capsys: pytest.CaptureFixture[str]
) -> None:
    store.record(finished_game(minute=0))
    store.record(finished_game(minute=5), imported=True)
    assert history(capsys)[1].splitlines() == [
        "#2  2026-11-30 20:05  Liar Game, imported  You 1st (100) · Ada 2nd (90) · Bea 3rd (80)",
        "#1  2026-11-30 20:00  Liar Game  You 1st (100) · Ada 2nd (90) · Bea 3rd (80)",
    ]
    assert [game["imported"] for game in json.loads(history(capsys, "--json")[1])] == [
        True,
        False,
    ]


def test_game_and_opponent_narrow_the_list(
    store: HistoryStore, capsys: pytest.CaptureFixture[str]
) -> None:
    zed = SeatConfig("Zed", level=BotLevel.NORMAL)
    store.record(finished_game(minute=0))
    store.record(finished_game(minute=10, seats=(SEATS[0], zed)))
    store.record(finished_game(game="liars-poker-cards", minute=20, seats=(SEATS[0], zed)))

    def ended(*argv: str) -> list[str]:
        return [line.split()[2] for line in history(capsys, *argv)[1].splitlines()]

    assert ended("--game", "liar-game") == ["20:10", "20:00"]
    assert ended("--opponent", "Zed") == ["20:20", "20:10"]
    assert ended("--opponent", "hard") == ["20:00"]
    assert ended("--game", "liar-game", "--opponent", "normal") == ["20:10"]
    assert history(capsys, "--opponent", "Nobody")[1] == (
        "No finished games against Nobody in your history.\n"
    )


def test_json_is_an_array_of_games_newest_first_in_the_documented_shape(
    store: HistoryStore, capsys: pytest.CaptureFixture[str]
) -> None:
    store.record(finished_game(minute=0))
    store.record(finished_game(game="liars-poker-cards", minute=5, winner=2))
    code, out, _ = history(capsys, "--json")
    games = json.loads(out)
    assert code == 0
    assert [game["game"] for game in games] == ["liars-poker-cards", "liar-game"]
    newest = games[0]
    assert set(newest) == {
        "id",
        "game",
        "title",
        "started_at",
        "ended_at",
        "duration_seconds",
        "visibility",
        "recording_seat",
        "imported",
        "seats",
    }
    assert newest["imported"] is False
    assert newest["title"] == "Liar's Poker (cards)"
    assert newest["ended_at"] == "2026-11-30T20:05:00+00:00"
    assert newest["duration_seconds"] == pytest.approx(570.000123)
    assert (newest["visibility"], newest["recording_seat"]) == ("complete", 0)
    assert newest["seats"][0] == {
        "name": "You",
        "kind": "human",
        "level": None,
        "place": 2,
        "won": False,
        "score": 90.0,
        "recording": True,
    }
    assert newest["seats"][2]["level"] == "easy" and newest["seats"][2]["won"] is True


def test_an_empty_history_says_so_in_one_sentence_and_makes_no_file(
    isolated_dirs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert history(capsys) == (
        0,
        "No finished games in your history yet: each game is recorded when it ends.\n",
        "",
    )
    assert history(capsys, "--json") == (0, "[]\n", "")
    assert not isolated_dirs["data"].exists()


def test_a_filter_that_picks_nothing_says_what_it_looked_for(
    store: HistoryStore, capsys: pytest.CaptureFixture[str]
) -> None:
    store.record(finished_game())
    assert history(capsys, "--game", "liars-poker-cards", "--opponent", "Ada")[1] == (
        "No finished games of Liar's Poker (cards) against Ada in your history.\n"
    )


@pytest.mark.parametrize("command", ["history", "stats"])
def test_an_unknown_game_names_the_games_there_are_with_exit_code_2(
    command: str, isolated_dirs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Both commands read --game and the history file the same way (history_command)."""
    code, out, err = run(capsys, command, "--game", "chess")
    assert (code, out) == (2, "")
    assert err == (
        "liar-tui: error: argument --game: unknown game 'chess' "
        "(choose from liar-game, liars-poker-cards, liars-poker-bills)\n"
    )


@pytest.mark.parametrize("command", ["history", "stats"])
def test_a_history_that_cannot_be_read_says_why_in_one_line_without_a_traceback(
    command: str, isolated_dirs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    history_path().mkdir(parents=True)
    code, out, err = run(capsys, command)
    assert (code, out) == (1, "")
    assert err.startswith("liar-tui: error: ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_a_terminal_that_takes_only_ascii_gets_look_alikes_not_a_traceback(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    zoe = SeatConfig("Zoë", level=BotLevel.EASY)
    store.record(finished_game(seats=(SEATS[0], SEATS[1], zoe)))
    for argv in ((), ("--json",)):
        stdout = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
        monkeypatch.setattr(sys, "stdout", stdout)
        assert main(["history", *argv]) == 0
        stdout.flush()
        printed = stdout.buffer.getvalue().decode("ascii")
        if argv:
            assert json.loads(printed)[0]["seats"][2]["name"] == "Zoë"
        else:
            assert (
                printed
                == "#1  2026-11-30 20:00  Liar Game  You 1st (100) - Ada 2nd (90) - Zoe 3rd (80)\n"
            )


def test_a_reader_that_stops_early_ends_it_quietly(store: HistoryStore) -> None:
    """``liar-tui history | head``: the pipe closes before the list is written."""
    store.record(finished_game())
    command = [sys.executable, "-m", "liar_tui", "history"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.close()
    _, err = process.communicate(timeout=60)
    assert (process.returncode, err) == (0, b"")


@pytest.mark.parametrize("command", [("history",), ("export", "2")])
def test_a_command_that_ends_at_once_leaves_an_older_liar_tui_s_games_uncounted_unsaid(
    isolated_dirs: dict[str, Path], capsys: pytest.CaptureFixture[str], command: tuple[str, ...]
) -> None:
    """Counting the games an older liar-tui recorded takes about 5 ms a game, in the
    background, and lists and exports need none of it: a command that ends before a
    background's counting would began it anyway, to stop it at its end, and told the player
    each time that history was counting them (the stats command counts them first)."""
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    build_fixture(1, path)
    code, _, err = run(capsys, *command)
    assert (code, err) == (0, "")
    store = HistoryStore(path)
    try:
        assert store.games_to_count() == 3, "left to the app, which counts in the background"
    finally:
        store.close()
