"""The app records every local game when it ends, in the data folder's history, off the UI's
thread; a history that cannot be written is said once and the game goes on."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from liar_tui.app import LiarApp
from liar_tui.games import make_bot
from liar_tui.rules.dollar_bills.rules import Rules as BillsRules
from liar_tui.rules.liar_game.game import Rules
from liar_tui.screens.dollar_bills.play import DollarBillsPlayScreen
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.liar_game.game_over import GameOverScreen
from liar_tui.screens.liar_game.play import LiarGamePlayScreen
from liar_tui.screens.liar_game.reveal import RevealScreen
from liar_tui.store.history import HistoryStore, SeatResult, Visibility, history_path
from liar_tui.store.history.starts import state_at
from liar_tui.store.messages import shown_path
from liar_tui.store.saves import SavedClock, SaveStore
from liar_tui.store.settings import Settings
from liar_tui.table.finished import replayed_updates, seat_results
from liar_tui.table.local import bot_rng, open_table
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup

SIZE = (100, 32)
MAX_ROUNDS = 40
"""Games here play to 30 points: a few rounds. More means a screen is stuck."""
MAX_STEPS = 500
"""Pauses for bots and a person to settle two deals of dollar bills: a few dozen turns."""
SEATS = (
    SeatConfig("You", SeatKind.HUMAN),
    SeatConfig("Ada", level=BotLevel.HARD),
    SeatConfig("Bea", level=BotLevel.EASY),
)
SETUP = TableSetup("liar-game", Rules(target=30), SEATS, seed=4)


def screen_text(app: LiarApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def notices(app: LiarApp) -> list[str]:
    return [notification.message for notification in app._notifications]


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await pilot.pause()


async def play_to_the_end(pilot: Pilot[Any], app: LiarApp) -> None:
    """Show the first three cards each round until the game is over, and let the history's
    worker finish."""
    await settle(pilot)
    for _ in range(MAX_ROUNDS):
        assert isinstance(app.screen, LiarGamePlayScreen)
        await pilot.press("1", "2", "3", "enter")
        await settle(pilot)
        assert isinstance(app.screen, RevealScreen)
        await pilot.press("enter")
        await settle(pilot)
        if isinstance(app.screen, GameOverScreen):
            break
    assert isinstance(app.screen, GameOverScreen)
    await app.workers.wait_for_complete()
    await settle(pilot)


async def test_a_local_game_is_recorded_when_it_ends_with_its_seats_and_log() -> None:
    app = LiarApp(settings=Settings(bot_delay=0), start=SETUP)
    async with app.run_test(size=SIZE) as pilot:
        table = app.table
        assert table is not None
        await play_to_the_end(pilot, app)
        assert notices(app) == []
    store = HistoryStore()
    [summary] = store.list_games()
    record = store.load_game(summary.id)
    assert record is not None
    finished = record.finished
    assert finished.visibility is Visibility.COMPLETE
    assert (finished.setup, finished.seed, finished.recording_seat) == (SETUP, 4, 0)
    assert finished.actions == table.actions
    scores = table.view(0).scores
    winners = table.view(0).winners
    assert finished.seats == tuple(
        SeatResult(
            config.name,
            config.kind,
            None if config.is_human else config.level,
            1 + sum(other > score for other in scores),
            seat in winners,
            float(score),
        )
        for seat, (config, score) in enumerate(zip(SEATS, scores, strict=True))
    )
    assert finished.started_at <= finished.ended_at
    assert finished.duration <= finished.ended_at - finished.started_at


async def test_a_history_that_cannot_be_written_is_said_once_and_the_game_ends_as_ever(
    tmp_path: Path,
) -> None:
    not_a_folder = tmp_path / "not-a-folder"
    not_a_folder.write_text("a file where the history's folder should be", encoding="utf-8")
    app = LiarApp(settings=Settings(bot_delay=0), start=SETUP)
    async with app.run_test(size=SIZE) as pilot:
        app.history = HistoryStore(not_a_folder / "history.sqlite3")
        await play_to_the_end(pilot, app)
        [said] = notices(app)
        assert said.startswith("History is not being recorded: ")
        assert said.endswith(".") and "\n" not in said
        assert "Game over" in screen_text(app)
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_a_history_file_moved_aside_is_said_once_and_the_game_recorded_anew() -> None:
    path = history_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(bytes(range(256)) * 16)
    app = LiarApp(settings=Settings(bot_delay=0), start=SETUP)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_the_end(pilot, app)
        [said] = notices(app)
        assert said.startswith(f"The history file {shown_path(path)} ")
        assert "moved aside" in said and said.endswith(".") and "\n" not in said
        assert "Game over" in screen_text(app)
    assert HistoryStore().count_games() == 1
    assert len(list(path.parent.glob("history.sqlite3.*"))) == 1


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_a_resumed_game_is_recorded_once_with_its_whole_log_start_and_time() -> None:
    """Resumed from its save, a game's record starts when the game was first started and
    counts the time played before the app was closed (the save keeps its clock)."""
    table = open_table(SETUP)
    bots = {seat: make_bot("liar-game", SEATS[seat].level, bot_rng(SETUP, seat)) for seat in (1, 2)}
    for seat in (1, 2):  # the bots have chosen when the person leaves, and the game is saved
        table.handle(bots[seat].act(table.view(seat)))
    saved = table.actions
    assert len(saved) == 2 and not table.over
    clock = SavedClock(datetime(2026, 11, 30, 21, 5, 7, tzinfo=UTC), 754.0)
    SaveStore().save(SETUP, saved, clock)
    app = LiarApp(settings=Settings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        played = app.table
        assert played is not None
        await play_to_the_end(pilot, app)
    store = HistoryStore()
    assert store.count_games() == 1
    [summary] = store.list_games()
    record = store.load_game(summary.id)
    assert record is not None
    assert record.finished.actions == played.actions
    assert record.finished.actions[:2] == saved
    assert record.finished.started_at == clock.started_at
    assert record.finished.duration >= timedelta(seconds=754)


def test_the_home_screen_opens_without_the_history_store() -> None:
    """The history opens at the first game's end, never on the way to the first frame."""
    probe = (
        "import asyncio, sys\n"
        "from liar_tui.app import LiarApp\n"
        "async def main():\n"
        "    async with LiarApp().run_test() as pilot:\n"
        "        await pilot.pause()\n"
        "asyncio.run(main())\n"
        "print(sorted(m for m in ('sqlite3', 'liar_tui.store.history') if m in sys.modules))\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    assert shown.stdout.strip() == "[]"


async def test_a_hot_seat_game_is_the_first_person_s_own_record_of_what_that_seat_saw() -> None:
    """A game with other people keeps only what the recording seat saw and what became
    public (issue 14, point 2): not the other person's hands, nor the seed that deals them."""
    seats = (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Ben", SeatKind.HUMAN), SEATS[1])
    setup = TableSetup("liar-game", Rules(target=30), seats, seed=4)
    app = LiarApp(settings=Settings(bot_delay=0), start=setup)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        screen = app.screen_stack[1]
        assert table is not None and isinstance(screen, LiarGamePlayScreen)
        people = {
            seat: make_bot(setup.game, BotLevel.EASY, bot_rng(setup, seat)) for seat in (0, 1)
        }
        for _ in range(MAX_STEPS):  # the people's hands chosen for them, past the screens
            if table.over:
                break
            for seat in set(table.to_act()) & set(people):
                screen.channel.send(people[seat].act(table.view(seat)))
            await pilot.pause()
        assert table.over
        await app.workers.wait_for_complete()
        await settle(pilot)
    store = HistoryStore()
    [summary] = store.list_games()
    assert (summary.visibility, summary.recording_seat) == (Visibility.SEAT, 0)
    assert [seat.kind for seat in summary.seats] == [SeatKind.HUMAN, SeatKind.HUMAN, SeatKind.BOT]
    assert [seat.name for seat in summary.opponents] == ["Ben", "Ada"]
    record = store.load_game(summary.id)
    assert record is not None
    finished = record.finished
    assert (finished.seed, finished.setup.seed, finished.actions) == (None, 0, ())
    assert finished.seat_updates == tuple(replayed_updates(setup, table.actions, 0))
    assert finished.seats == seat_results(setup, finished.seat_updates)
    store.close()


async def test_each_settled_deal_of_dollar_bills_is_a_game_and_an_unsettled_one_is_none() -> None:
    setup = TableSetup("liars-poker-bills", BillsRules(), SEATS, seed=9)
    app = LiarApp(settings=Settings(bot_delay=0), start=setup)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        assert table is not None
        screen = app.screen
        assert isinstance(screen, DollarBillsPlayScreen)
        person = make_bot(setup.game, BotLevel.NORMAL, bot_rng(setup, 0))
        for _ in range(MAX_STEPS):
            if table.completed_games() == 2 and table.view(0).turns:
                break  # two deals settled, and the third begun
            if 0 in table.to_act():
                screen.channel.send(person.act(table.view(0)))
            await pilot.pause()
        assert table.completed_games() == 2
        await app.workers.wait_for_complete()
        await settle(pilot)
    store = HistoryStore()
    games = list(reversed(store.list_games()))
    assert len(games) == 2, "the deal left unsettled is no game"
    begins = 0
    for deals, summary in enumerate(games, start=1):
        record = store.load_game(summary.id)
        assert record is not None
        log, start = record.finished.actions, record.finished.start
        # Each deal's own actions, from the deal's start: the first deal's from the setup.
        assert log == table.actions[begins : begins + len(log)]
        assert (start is None) == (deals == 1)
        begins += len(log)
        ended = state_at(setup, start)
        for action in log[:-1]:
            ended.apply(action)
        assert ended.completed_games() == deals - 1
        ended.apply(log[-1])
        assert ended.completed_games() == deals, "it ends as it settles"
        assert sum(seat.score for seat in record.finished.seats) == 0
