"""Finished games to record, and databases as each past version of liar-tui left them."""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from liar_tui import games
from liar_tui.rules.liar_game.game import LiarGame, Rules, ShowHand
from liar_tui.store.history import FinishedGame, SeatResult, Visibility
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import SeatUpdate

FIXTURES = Path(__file__).parent / "fixtures"
"""``version_N.sql``: a database at schema version N, with games in it, as liar-tui wrote it.
A new migration adds the fixture of its version (dumped from a database the new code made)."""

START = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)
SETUP = TableSetup(
    "liar-game",
    Rules(target=300),
    (
        SeatConfig("You", SeatKind.HUMAN),
        SeatConfig("Ada", SeatKind.BOT, BotLevel.HARD),
        SeatConfig("Bea", SeatKind.BOT, BotLevel.EASY),
    ),
    seed=42,
)


def fixture_versions() -> list[int]:
    return sorted(
        int(path.stem.removeprefix("version_")) for path in FIXTURES.glob("version_*.sql")
    )


def build_fixture(version: int, path: Path) -> None:
    """The database of schema ``version`` at ``path``, built from its dump."""
    connection = sqlite3.connect(path)
    try:
        connection.executescript((FIXTURES / f"version_{version}.sql").read_text(encoding="utf-8"))
    finally:
        connection.close()


def played(count: int, seed: int = 1) -> tuple[tuple[ShowHand, ...], tuple[SeatUpdate, ...]]:
    """Up to ``count`` random legal actions of :data:`SETUP`'s game, and what seat 0 was sent."""
    game = LiarGame(SETUP.rules, len(SETUP.seats), SETUP.seed)
    chooser = random.Random(seed)
    actions: list[ShowHand] = []
    updates = [SeatUpdate(0, (), game.view(0), game.to_act())]
    for _ in range(count):
        actor = chooser.choice(game.to_act())
        action = chooser.choice(game.legal_actions(actor))
        events = game.apply(action)
        actions.append(action)
        updates.append(SeatUpdate(0, tuple(events), game.view(0), game.to_act(), actor))
        if game.over:
            break
    return tuple(actions), tuple(updates)


def results(setup: TableSetup, winner: int = 0) -> tuple[SeatResult, ...]:
    """A result for each seat of ``setup``: ``winner`` first, the others after in seat order."""
    order = [winner, *(seat for seat in range(len(setup.seats)) if seat != winner)]
    return tuple(
        SeatResult(
            seat.name,
            seat.kind,
            None if seat.is_human else seat.level,
            order.index(number) + 1,
            number == winner,
            float(100 - 10 * order.index(number)),
        )
        for number, seat in enumerate(setup.seats)
    )


def finished_game(
    *,
    game: str = "liar-game",
    seats: tuple[SeatConfig, ...] | None = None,
    minute: int = 0,
    winner: int = 0,
    actions: tuple[object, ...] = (),
) -> FinishedGame:
    """A complete record of a game against bots, ended ``minute`` minutes after :data:`START`."""
    plugin = games.plugin(game)
    setup = TableSetup(
        game,
        SETUP.rules if game == "liar-game" else plugin.default_rules(),
        seats or SETUP.seats,
        seed=7 + minute,
    )
    return FinishedGame(
        setup=setup,
        seed=setup.seed,
        seats=results(setup, winner),
        started_at=START + timedelta(minutes=minute - 10),
        ended_at=START + timedelta(minutes=minute),
        duration=timedelta(minutes=9, seconds=30, microseconds=123),
        recording_seat=0,
        visibility=Visibility.COMPLETE,
        actions=actions,
    )


def seat_view_game(minute: int = 0) -> FinishedGame:
    """An online client's record: seat 0's updates, no actions and no seed."""
    _, updates = played(6)
    return FinishedGame(
        setup=SETUP,
        seed=None,
        seats=results(SETUP, winner=1),
        started_at=START + timedelta(minutes=minute - 10),
        ended_at=START + timedelta(minutes=minute),
        duration=timedelta(minutes=10),
        recording_seat=0,
        visibility=Visibility.SEAT,
        seat_updates=updates,
    )
