"""The History screen, opened from home by ``h``: the games newest first, narrowed by game
and by opponent by keys, a page at a time; an empty or unreadable history said so."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from liar_tui.screens.history import PAGE, HistoryScreen
from liar_tui.screens.home import HomeScreen
from liar_tui.store.history import HistoryStore, history_path
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from tests.store.history.builders import finished_game

from .menus import RecordingApp, flat_text, screen_text

SIZE = (100, 24)
YOU = SeatConfig("You", SeatKind.HUMAN)
ZED = SeatConfig("Zed", level=BotLevel.NORMAL)


@pytest.fixture(autouse=True)
def utc_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The list shows local time: make it UTC, so the times below are the ones shown."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def record_games() -> None:
    """Four games, ended at 20:00, 20:10, 20:20 and 20:30 of 2026-11-30, recorded out of
    order; Zed sits only at the two of 20:10 and 20:30."""
    store = HistoryStore(history_path())
    try:
        store.record(finished_game(game="liars-poker-bills", minute=20, winner=2))
        store.record(finished_game(minute=0))
        store.record(finished_game(minute=30, seats=(YOU, ZED), winner=1))
        store.record(finished_game(game="liars-poker-cards", minute=10, seats=(YOU, ZED)))
    finally:
        store.close()


async def settle(pilot: Pilot[Any]) -> None:
    """Let the screen's reading worker finish and its rows be shown."""
    for _ in range(2):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def open_history(pilot: Pilot[Any]) -> HistoryScreen:
    await pilot.pause()
    await pilot.press("h")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, HistoryScreen)
    return screen


def rows(screen: HistoryScreen) -> list[list[str]]:
    table = screen.query_one("#history-table", DataTable)
    return [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]


def ended(screen: HistoryScreen) -> list[str]:
    return [row[0][-5:] for row in rows(screen)]


async def test_history_opens_from_home_by_h_with_the_games_newest_first() -> None:
    record_games()
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        assert rows(screen) == [
            ["2026-11-30 20:30", "Liar Game", "2nd (90)", "Zed 1st"],
            ["2026-11-30 20:20", "Liar's Poker (dollar bills)", "2nd (+$90)", "Bea 1st · Ada 3rd"],
            ["2026-11-30 20:10", "Liar's Poker (cards)", "1st (100)", "Zed 2nd"],
            ["2026-11-30 20:00", "Liar Game", "1st (100)", "Ada 2nd · Bea 3rd"],
        ]
        assert "4 games · all games · any opponent" in flat_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)


async def test_g_cycles_the_game_filter_and_o_asks_for_an_opponent() -> None:
    record_games()
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        await pilot.press("g")
        await settle(pilot)
        assert ended(screen) == ["20:30", "20:00"]
        assert "2 games · Liar Game · any opponent" in flat_text(app)
        await pilot.press("g")
        await settle(pilot)
        assert ended(screen) == ["20:10"]
        await pilot.press("g", "g")  # dollar bills, then all games again
        await settle(pilot)
        assert ended(screen) == ["20:30", "20:20", "20:10", "20:00"]
        await pilot.press("o", *"Zed", "enter")
        await settle(pilot)
        assert ended(screen) == ["20:30", "20:10"]
        await pilot.press("g")
        await settle(pilot)
        assert ended(screen) == ["20:30"]
        assert "1 game · Liar Game · against Zed" in flat_text(app)
        await pilot.press("slash", "ctrl+u", *"easy", "enter")  # a level: Bea's
        await settle(pilot)
        assert ended(screen) == ["20:00"]
        await pilot.press("o")
        assert "Game filter" not in screen_text(app)  # g is typed into the question now
        await pilot.press("escape")  # the question closes; the screen stays
        assert isinstance(app.screen, HistoryScreen)
        assert "Game filter" in screen_text(app)


async def test_an_empty_history_says_so_and_makes_no_file() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        assert screen.query_one("#history-empty", Static).display
        assert "No finished games in your history yet: each game is recorded when it ends." in (
            flat_text(app)
        )
    assert not history_path().exists()


async def test_a_filter_that_picks_nothing_says_what_it_looked_for() -> None:
    record_games()
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_history(pilot)
        await pilot.press("o", *"Nobody", "enter")
        await settle(pilot)
        assert "No finished games against Nobody in your history." in flat_text(app)


async def test_a_history_that_cannot_be_read_is_a_notice_not_a_traceback() -> None:
    history_path().mkdir(parents=True)
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_history(pilot)
        assert "History cannot be read." in flat_text(app)
        notices = [notification.message for notification in app._notifications]
        assert len(notices) == 1 and "history file" in notices[0]


async def test_the_list_reads_a_page_at_a_time_and_the_next_as_the_cursor_nears_its_end() -> None:
    store = HistoryStore(history_path())
    for minute in range(PAGE + 30):
        store.record(finished_game(minute=minute))
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        table = screen.query_one("#history-table", DataTable)
        assert table.row_count == PAGE
        assert f"{PAGE + 30} games" in flat_text(app)
        # A game recorded meanwhile (the last game's worker, finishing late) moves every
        # game one place down the list: the next page begins with the last one shown.
        store.record(finished_game(minute=PAGE + 30))
        store.close()
        table.move_cursor(row=PAGE - 5)
        await settle(pilot)
        assert table.row_count == PAGE + 30
        assert isinstance(app.screen, HistoryScreen)


def test_snapshot_history(snap_compare: Any) -> None:
    record_games()

    async def open_it(pilot: Pilot[Any]) -> None:
        await open_history(pilot)

    assert snap_compare(RecordingApp(), terminal_size=(80, 24), run_before=open_it)
