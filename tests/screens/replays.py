"""Finished games of each title played to their end by easy bots, recorded for the replay
tests, and an app opened straight at a replay."""

from __future__ import annotations

import random
from typing import Any

from textual.pilot import Pilot

from liar_tui import games
from liar_tui.rules.liar_game.game import Rules as LiarGameRules
from liar_tui.screens.replay import ReplayScreen
from liar_tui.store.history import FinishedGame, HistoryStore, Recorded, history_path
from liar_tui.store.settings import Settings
from liar_tui.table.finished import GameTimes, complete_record, seat_record
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from tests.store.history.builders import START

from .menus import RecordingApp

SEATS = (
    SeatConfig("You", SeatKind.HUMAN),
    SeatConfig("Ada", SeatKind.BOT, BotLevel.EASY),
    SeatConfig("Bea", SeatKind.BOT, BotLevel.EASY),
)
TIMES = GameTimes(START, START, START - START)


def short_rules(game: str) -> Any:
    """Each game's default rules, the Liar Game's played to a low target: a short game."""
    if game == "liar-game":
        return LiarGameRules(target=150)
    return games.plugin(game).default_rules()


def played_to_end(
    game: str, seats: tuple[SeatConfig, ...] = SEATS, seed: int = 5, deals: int = 1
) -> tuple[TableSetup, tuple[Any, ...]]:
    """A game of ``game`` played by easy bots in every seat until it is scored (or, at a
    table that deals game after game, until ``deals`` are)."""
    plugin = games.plugin(game)
    setup = TableSetup(game, short_rules(game), seats, seed)
    state = plugin.new_state(setup)
    bots = [plugin.bot(BotLevel.EASY, random.Random(seat)) for seat in range(len(seats))]
    actions: list[Any] = []
    while state.completed_games() < deals:
        seat = state.to_act()[0]
        action = bots[seat].act(state.view(seat))
        state.apply(action)
        actions.append(action)
    return setup, tuple(actions)


def record(finished: FinishedGame) -> int:
    """Store ``finished`` in the test's history; its id."""
    store = HistoryStore(history_path())
    try:
        result = store.record(finished)
    finally:
        store.close()
    assert isinstance(result, Recorded)
    return result.game_id


def record_complete(game: str, seats: tuple[SeatConfig, ...] = SEATS) -> int:
    """A game played to its end, recorded whole from seat 0's side."""
    setup, actions = played_to_end(game, seats)
    return record(complete_record(setup, actions, TIMES, 0))


def record_seat_view(game: str, seats: tuple[SeatConfig, ...]) -> int:
    """A game played to its end, recorded as seat 0 saw it (a hot-seat game's record)."""
    setup, actions = played_to_end(game, seats)
    return record(seat_record(setup, actions, TIMES, 0))


def replay_app(game_id: int, settings: Settings | None = None) -> RecordingApp:
    """The app opened at the replay of one game, as ``liar-tui replay ID`` opens it."""
    return RecordingApp(
        settings=settings,
        start_screen=lambda: ReplayScreen(HistoryStore(history_path()), game_id),
    )


async def settled(pilot: Pilot[Any]) -> ReplayScreen:
    """The replay screen, once its worker has read the game and the first step is drawn."""
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    return screen
