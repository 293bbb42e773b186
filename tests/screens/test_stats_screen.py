"""The Stats screen, opened by ``t`` from home and from history: a section a game, cycled
by ``g``; a money game's running total drawn as a plot; an empty or unreadable history
said in one sentence."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input

from liar_tui.screens.history import HistoryScreen
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.ledger_steps import LedgerStep, ledger_steps
from liar_tui.screens.stats import GameSection, StatsScreen, game_lines_table
from liar_tui.screens.stats_plot import LedgerPlot, date_labels, money_ticks
from liar_tui.store.history import HistoryStore, counting, history_path
from liar_tui.store.history import stats as history_stats_module
from liar_tui.store.history.records import GameRecord
from liar_tui.store.history.stats import GameStats, LedgerPoint, LeftOut
from liar_tui.store.settings import CardStyle, Settings
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from tests.store.history.builders import build_fixture, finished_game

from .menus import RecordingApp, flat_text, screen_text

SIZE = (100, 30)
YOU = SeatConfig("You", SeatKind.HUMAN)
ZED = SeatConfig("Zed", level=BotLevel.NORMAL)
BILLS = "liars-poker-bills"


@pytest.fixture(autouse=True)
def utc_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The plot's dates are local: make them UTC, so the snapshot is the same anywhere."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def record_games() -> None:
    """Three Liar Games (won, lost, won), one of Liar's Poker with cards against Zed (won),
    and four money games an hour apart (won, lost, lost, won: +$100, -$10, -$20, +$100)."""
    store = HistoryStore(history_path())
    try:
        for minute, winner in ((0, 0), (10, 1), (20, 0)):
            store.record(finished_game(minute=minute, winner=winner))
        store.record(finished_game(game="liars-poker-cards", minute=5, seats=(YOU, ZED)))
        for hour, winner in enumerate((0, 1, 2, 0)):
            money = finished_game(game=BILLS, minute=60 * hour, winner=winner)
            seats = list(money.seats)
            seats[0] = replace(seats[0], score=(100.0, -10.0, -20.0, 100.0)[hour])
            store.record(replace(money, seats=tuple(seats)))
    finally:
        store.close()


async def settle(pilot: Pilot[Any]) -> None:
    """Let the screen's worker read the stats and the ledger, and both be shown."""
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def open_stats(pilot: Pilot[Any]) -> StatsScreen:
    await pilot.pause()
    await pilot.press("t")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    return screen


def shown_games(screen: StatsScreen) -> list[str]:
    return [section.game for section in screen.query(GameSection) if section.display]


async def test_stats_open_from_home_by_t_and_g_cycles_the_games() -> None:
    record_games()
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_stats(pilot)
        assert shown_games(screen) == ["liar-game", "liars-poker-cards", BILLS]
        text = flat_text(app)
        assert "8 games · all games" in text
        # games, wins, share, interval, streak now/best, mean score, as the command says them
        assert "games wins share 95% interval streak now/best mean score" in text
        assert "all opponents 3 2 67% 21% - 94% 1/1 96.7" in text.replace("–", "-")
        assert "normal bots 1 1 100% 21% - 100% 1/1 100.0" in text.replace("–", "-")
        # Liar's Poker's final number is the lives left
        assert "streak now/best mean lives left" in text
        await pilot.press("g")
        assert shown_games(screen) == ["liar-game"]
        assert "3 games · Liar Game" in flat_text(app)
        await pilot.press("g", "g")
        assert shown_games(screen) == [BILLS]
        assert "all opponents 4 2 50% 15% - 85% 1/1 +$42.50" in flat_text(app).replace("–", "-")
        await pilot.press("g")
        assert shown_games(screen) == ["liar-game", "liars-poker-cards", BILLS]
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)


async def test_the_running_total_is_drawn_for_money_games_only_in_ascii_too() -> None:
    record_games()
    app = RecordingApp(settings=Settings(card_style=CardStyle.ASCII))
    async with app.run_test(size=(80, 40)) as pilot:
        screen = await open_stats(pilot)
        [plot] = screen.query(LedgerPlot)
        assert [section.game for section in plot.ancestors if isinstance(section, GameSection)] == [
            BILLS
        ]
        assert [step.total for step in plot.steps] == [0.0, 100.0, 90.0, 70.0, 170.0]
        await pilot.press("g", "g", "g")
        text = screen_text(app)
        assert text.isascii() and "*" in text  # the line drawn in ASCII
        assert "+$170 after 4 games" in text
        await pilot.press("g")  # all games, then Liar Game: no plot
        await pilot.press("g")
        assert "after 4 games" not in screen_text(app)


async def test_an_empty_history_says_so_from_history_s_t_and_makes_no_file() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await settle(pilot)
        await pilot.press("o", "t")  # typed into the opponent's question, not offered
        assert app.screen.query_one("#history-opponent", Input).value == "t"
        assert "t Stats" not in screen_text(app).splitlines()[-1]
        await pilot.press("escape")
        screen = await open_stats(pilot)
        assert shown_games(screen) == []
        assert "No finished games in your history yet: each game is recorded when it ends." in (
            flat_text(app)
        )
        await pilot.press("escape")
        assert isinstance(app.screen, HistoryScreen)
    assert not history_path().exists()


async def test_a_history_of_hosted_games_only_says_what_it_holds() -> None:
    store = HistoryStore(history_path())
    store.record(replace(finished_game(), recording_seat=None))
    store.close()
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        assert (
            "No games of your own to count: your history holds only 1 game hosted at your "
            "table, which the stats leave out."
        ) in flat_text(app)
        await pilot.press("g", "g")  # a game with none at all
        assert "No finished games of Liar's Poker (cards) in your history." in flat_text(app)


async def test_a_history_that_cannot_be_read_is_one_sentence_not_a_traceback() -> None:
    history_path().mkdir(parents=True)
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        assert "Stats cannot be read." in flat_text(app)
        notices = [notification.message for notification in app._notifications]
        assert len(notices) == 1 and "history file" in notices[0]


def test_a_long_ledger_is_thinned_to_evenly_spaced_games_ending_with_the_last() -> None:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    points = tuple(LedgerPoint(start + timedelta(hours=n), float(n)) for n in range(1000))
    steps = ledger_steps(points, most=10)
    assert steps[0] == LedgerStep(0, None, 0.0)
    assert [step.number for step in steps[1:]] == [1, 112, 223, 334, 445, 556, 667, 778, 889, 1000]
    assert len(ledger_steps(points[:10], most=10)) == 11


def test_a_game_s_own_numbers_are_shown_as_its_plugin_words_them() -> None:
    stats = GameStats("liar-game", (), (("Points per round", "12.5"), ("[b]Hands won[/b]", "3")))
    console = Console(width=60, record=True)
    console.print(game_lines_table(stats))
    assert console.export_text().splitlines() == [
        "Points per round  12.5",
        "[b]Hands won[/b]     3",
    ]


def test_money_ticks_are_round_amounts_with_room_between_them() -> None:
    assert money_ticks(-10, 89, rows=12) == [0, 20, 40, 60, 80]
    assert money_ticks(0, 560, rows=7) == [0, 200, 400]
    assert money_ticks(-3, 2, rows=30) == [-3, -2, -1, 0, 1, 2]  # whole dollars at least


def test_date_ticks_say_the_time_where_the_date_alone_would_repeat() -> None:
    def at(*hours: int) -> list[LedgerStep]:
        start = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)
        return [LedgerStep(n, start + timedelta(hours=hour), 0.0) for n, hour in enumerate(hours)]

    assert date_labels(at(0, 2)) == ["20:00", "22:00"]
    assert date_labels(at(0, 2, 4)) == ["11-30 20:00", "11-30 22:00", "12-01 00:00"]
    assert date_labels(at(0, 24, 48)) == ["2026-11-30", "2026-12-01", "2026-12-02"]


def test_snapshot_stats_of_a_money_game(snap_compare: Any) -> None:
    record_games()

    async def open_it(pilot: Pilot[Any]) -> None:
        await open_stats(pilot)
        await pilot.press("g", "g", "g")

    assert snap_compare(RecordingApp(), terminal_size=(80, 24), run_before=open_it)


async def test_one_game_s_running_total_is_a_step_not_a_ramp() -> None:
    """A total is level until a game ends and moves at its end: one lost game is $0 up to
    it and the loss at it, where a line from point to point drew a slope between them."""
    store = HistoryStore(history_path())
    try:
        lost = finished_game(game=BILLS, winner=1)
        store.record(replace(lost, seats=(replace(lost.seats[0], score=-5.0), *lost.seats[1:])))
    finally:
        store.close()
    app = RecordingApp(settings=Settings(card_style=CardStyle.ASCII))
    async with app.run_test(size=(80, 40)) as pilot:
        screen = await open_stats(pilot)
        [plot] = screen.query(LedgerPlot)
        region = plot.content_region
        rows = screen_text(app).splitlines()[region.y : region.bottom]
        drawn = [row[region.x : region.right] for row in rows]
        marked = [index for index, row in enumerate(drawn) if "*" in row]
        zero = next(index for index, row in enumerate(drawn) if "$0" in row)
        top, bottom = marked[0], marked[-1]
        assert top == zero  # level at $0 up to the game...
        assert drawn[zero].count("*") > region.width // 2
        # ...then straight down at it: every marked row below $0 is marked in one column
        columns = {row.rindex("*") for row in drawn[zero + 1 : bottom + 1]}
        assert len(columns) == 1


async def test_the_stats_are_read_again_once_an_older_liar_tui_s_games_are_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A history an older liar-tui recorded is counted in the background: stats opened
    meanwhile leave out its games' own numbers, and show them once the counting ends,
    without being opened again."""
    path = history_path()
    path.parent.mkdir(parents=True)
    build_fixture(1, path)  # two Liar Games and a dollar-bills deal, none counted
    counted = counting.counted
    held = threading.Event()

    def held_counted(record: GameRecord) -> counting.Counted:
        held.wait(timeout=30)
        return counted(record)

    monkeypatch.setattr(counting, "counted", held_counted)
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_stats(pilot)
        liar_game = {section.game: section for section in screen.query(GameSection)}["liar-game"]
        assert liar_game.stats.game_lines == ()
        assert "Points per round" not in flat_text(app)
        held.set()
        for _ in range(100):  # until the counting thread has written them, and they are read
            await pilot.pause(0.05)
            await settle(pilot)
            if "Points per round" in flat_text(app):
                break
        assert "Points per round 16.5" in flat_text(app)
        assert [section.game for section in screen.query(GameSection)] == [
            "liar-game",
            "liars-poker-bills",
        ]


async def test_stats_read_before_the_counting_ended_never_replace_those_read_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first read of the stats, begun while the games were being counted, ends after
    the read the end of the counting began: what it read is older, and is not shown."""
    path = history_path()
    path.parent.mkdir(parents=True)
    build_fixture(1, path)  # two Liar Games and a dollar-bills deal, none counted
    counted, left_out = counting.counted, history_stats_module.history_left_out
    held, first_read_waits, first_read_goes_on = (
        threading.Event(),
        threading.Event(),
        threading.Event(),
    )

    def held_counted(record: GameRecord) -> counting.Counted:
        held.wait(timeout=30)
        return counted(record)

    def slow_first_read(store: HistoryStore, game: str | None = None) -> LeftOut:
        if not first_read_waits.is_set():
            first_read_waits.set()
            first_read_goes_on.wait(timeout=30)
        return left_out(store, game)

    monkeypatch.setattr(counting, "counted", held_counted)
    monkeypatch.setattr(history_stats_module, "history_left_out", slow_first_read)
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        for _ in range(100):
            if first_read_waits.is_set():
                break
            await pilot.pause(0.05)
        held.set()  # the counting ends while the first read is under way
        for _ in range(100):  # the second read, once the counting ended, is shown
            await pilot.pause(0.05)
            if "Points per round" in flat_text(app):
                break
        assert "Points per round 16.5" in flat_text(app)
        first_read_goes_on.set()
        await settle(pilot)
        assert "Points per round 16.5" in flat_text(app)
