"""``liar-tui stats``: a table per game or JSON, narrowed by game; an empty history, an
unreadable one and a bad --game each in one sentence; ASCII terminals and early readers."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from liar_tui import stats_command
from liar_tui.cli import main
from liar_tui.store.history import HistoryStore, history_path
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from tests.store.history.builders import build_fixture, finished_game
from tests.test_cli_history import run

YOU = SeatConfig("You", SeatKind.HUMAN)
ADA = SeatConfig("Ada", level=BotLevel.HARD)
ZOE = SeatConfig("Zoë", level=BotLevel.EASY)
CY = SeatConfig("Cy", SeatKind.HUMAN)
HEADER = "  against        games   wins  share   95% interval   streak now/best   mean score"
LIVES_HEADER = (
    "  against        games   wins  share   95% interval   streak now/best   mean lives left"
)


@pytest.fixture
def store(isolated_dirs: dict[str, Path]) -> Iterator[HistoryStore]:
    store = HistoryStore(history_path())
    yield store
    store.close()


def stats(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    return run(capsys, "stats", *argv)


def record_some(store: HistoryStore) -> None:
    """Liar Game: won, won, lost against Ada (hard) and Zoë (easy), then won against Cy (a
    person); Liar's Poker (cards): one loss against Ada. You score 100 a win, 90 a loss."""
    for minute, winner in enumerate((0, 0, 1)):
        store.record(finished_game(seats=(YOU, ADA, ZOE), minute=minute, winner=winner))
    store.record(finished_game(seats=(YOU, CY), minute=3, winner=0))
    store.record(finished_game(game="liars-poker-cards", seats=(YOU, ADA), minute=4, winner=1))


def test_each_game_is_a_table_with_a_line_per_kind_of_opponent(
    store: HistoryStore, capsys: pytest.CaptureFixture[str]
) -> None:
    record_some(store)
    code, out, err = stats(capsys)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Liar Game",
        HEADER,
        "  all opponents      4      3    75%    30% – 95%                 1/2         97.5",
        "  easy bots          3      2    67%    21% – 94%                 0/2         96.7",
        "  hard bots          3      2    67%    21% – 94%                 0/2         96.7",
        "  people             1      1   100%    21% – 100%                1/1        100.0",
        "",
        "Liar's Poker (cards)",
        LIVES_HEADER,
        "  all opponents      1      0     0%     0% – 79%                 0/0              90.0",
        "  hard bots          1      0     0%     0% – 79%                 0/0              90.0",
    ]


def test_json_is_an_array_of_games_in_the_documented_shape(
    store: HistoryStore, capsys: pytest.CaptureFixture[str]
) -> None:
    record_some(store)
    code, out, _ = stats(capsys, "--json", "--game", "liar-game")
    (liar_game,) = json.loads(out)
    assert code == 0
    assert (liar_game["game"], liar_game["title"]) == ("liar-game", "Liar Game")
    assert [line["against"] for line in liar_game["lines"]] == ["all", "easy", "hard", "people"]
    everyone = liar_game["lines"][0]
    assert set(everyone) == {
        "against",
        "games",
        "wins",
        "win_share",
        "interval",
        "current_streak",
        "longest_streak",
        "mean_score",
    }
    assert (everyone["games"], everyone["wins"], everyone["win_share"]) == (4, 3, 0.75)
    assert everyone["interval"]["low"] == pytest.approx(0.3006, abs=1e-4)
    assert everyone["interval"]["high"] == pytest.approx(0.9544, abs=1e-4)
    assert (everyone["current_streak"], everyone["longest_streak"]) == (1, 2)
    assert everyone["mean_score"] == 97.5


COUNTS = (("points", 45), ("rounds", 6), ("rounds won", 2), ("shown double", 6), ("won double", 2))


def test_a_game_s_own_numbers_follow_its_table_and_are_in_the_json(
    store: HistoryStore, capsys: pytest.CaptureFixture[str]
) -> None:
    store.record(replace(finished_game(seats=(YOU, ADA)), counts=COUNTS))
    code, out, _ = stats(capsys)
    assert code == 0
    assert out.splitlines()[4:] == [
        "  Points per round   7.5",
        "  Rounds won         2 of 6 (33%)",
        "  Doubles that won   2 of 6 (33%)",
    ]
    (liar_game,) = json.loads(stats(capsys, "--json")[1])
    assert liar_game["game_lines"][0] == {"label": "Points per round", "value": "7.5"}
    assert liar_game["counts"] == dict(COUNTS)


def test_a_history_of_games_hosted_and_imported_says_what_it_holds(
    store: HistoryStore, capsys: pytest.CaptureFixture[str]
) -> None:
    """Neither a table host's record nor an imported game is the player's own: the stats
    say what the history holds instead of calling it empty."""
    for minute in (0, 1):
        store.record(replace(finished_game(minute=minute), recording_seat=None))
    store.record(finished_game(minute=2), imported=True)
    assert stats(capsys) == (
        0,
        "No games of your own to count: your history holds only 2 games hosted at your "
        "table and 1 imported game, which the stats leave out.\n",
        "",
    )
    assert stats(capsys, "--game", "liar-game")[1] == (
        "No Liar Game games of your own to count: your history holds only 2 games "
        "hosted at your table and 1 imported game, which the stats leave out.\n"
    )
    assert stats(capsys, "--game", "liars-poker-bills")[1] == (
        "No finished games of Liar's Poker (dollar bills) in your history.\n"
    )


def test_the_help_documents_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = stats(capsys, "--help")
    assert code == 0
    assert out.startswith("usage: liar-tui stats [-h] [--game G] [--json]\n")
    assert "win_share" in out.replace("\n", " ")


def test_an_empty_history_says_so_in_one_sentence_and_makes_no_file(
    isolated_dirs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert stats(capsys) == (
        0,
        "No finished games in your history yet: each game is recorded when it ends.\n",
        "",
    )
    assert stats(capsys, "--json") == (0, "[]\n", "")
    assert not isolated_dirs["data"].exists()


def test_a_game_not_played_yet_is_named(
    store: HistoryStore, capsys: pytest.CaptureFixture[str]
) -> None:
    store.record(finished_game())
    assert stats(capsys, "--game", "liars-poker-bills")[1] == (
        "No finished games of Liar's Poker (dollar bills) in your history.\n"
    )


def test_a_terminal_that_takes_only_ascii_gets_look_alikes_not_a_traceback(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store.record(finished_game(seats=(YOU, ZOE)))
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", stdout)
    assert main(["stats"]) == 0
    stdout.flush()
    assert stdout.buffer.getvalue().decode("ascii").splitlines()[2:] == [
        "  all opponents      1      1   100%    21% - 100%                1/1        100.0",
        "  easy bots          1      1   100%    21% - 100%                1/1        100.0",
    ]


def test_a_reader_that_stops_early_ends_it_quietly(store: HistoryStore) -> None:
    """``liar-tui stats | head``: the pipe closes before the tables are written."""
    store.record(finished_game())
    command = [sys.executable, "-m", "liar_tui", "stats"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.close()
    _, err = process.communicate(timeout=60)
    assert (process.returncode, err) == (0, b"")


def test_a_money_game_s_mean_is_money_as_the_stats_screen_writes_it(
    store: HistoryStore, capsys: pytest.CaptureFixture[str]
) -> None:
    money = finished_game(game="liars-poker-bills", seats=(YOU, ADA), winner=1)
    seats = (replace(money.seats[0], score=-1.5), *money.seats[1:])
    store.record(replace(money, seats=seats))
    lines = stats(capsys, "--game", "liars-poker-bills")[1].splitlines()
    assert lines[1].endswith("streak now/best     $ a game")
    assert lines[2].endswith("   0/0       -$1.50")


def test_games_an_older_liar_tui_recorded_are_counted_before_the_stats_are_printed(
    isolated_dirs: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The command ends before a background's counting would: it counts them itself, so it
    never prints stats that leave the games' numbers out."""
    monkeypatch.setattr(HistoryStore, "_count_in_background", lambda store, stopped: None)
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    build_fixture(1, path)
    code, out, err = stats(capsys, "--json")
    assert (code, err) == (0, ""), "counted before printing: no notice that it is not"
    (liar_game,) = [found for found in json.loads(out) if found["game"] == "liar-game"]
    assert liar_game["counts"]["points"] == 33


def test_a_long_count_is_said_before_the_wait(
    isolated_dirs: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(stats_command, "SAY_COUNTING_FROM", 3)
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    build_fixture(1, path)
    code, _, err = stats(capsys)
    assert (code, err) == (
        0,
        "liar-tui: Counting 3 games an older liar-tui recorded (once, about a second for every "
        "two hundred) before printing the stats.\n",
    )
    assert stats(capsys)[2] == "", "counted once: nothing to say the next time"


def test_stats_a_full_disk_keeps_from_counting_are_printed_without_those_games_numbers(
    isolated_dirs: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Counting first writes the numbers it counts: on a full disk the write fails, and the
    command printed no stats at all, though every other number can be read. It prints them,
    and says in one sentence why the older games' own numbers are left out."""
    import sqlite3

    from liar_tui.store.history import counting
    from liar_tui.store.messages import shown_path

    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    build_fixture(1, path)

    def full_disk(connection: sqlite3.Connection, found: list[counting.Counted]) -> None:
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorname = "SQLITE_FULL"
        raise error

    monkeypatch.setattr(counting, "write", full_disk)
    code, out, err = stats(capsys)
    assert code == 0
    assert out.startswith("Liar Game\n") and "Points per round" not in out
    assert err == (
        f"liar-tui: The history file {shown_path(path)} cannot be used (the disk is full): "
        "the stats leave out the points, bluffs and money of 3 games an older liar-tui "
        "recorded.\n"
    )
