"""Snapshots of the Liar's Poker table screens (fixed seeds, people at every seat).

Every seat is a person, so each picture depends on the rules and the deal only, never on how
bots play. Refresh with ``pytest tests/screens/liars_poker/test_liars_poker_snapshots.py
--snapshot-update`` and look at the SVGs under ``__snapshots__`` before keeping them.

The default run keeps the busiest picture, the declare step (the decision step is in
``tests/screens/test_play_screen_looks.py``); the other steps and screens run in the slow suite.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from liar_tui.app import LiarApp
from liar_tui.rules.liars_poker.game import LiarsPokerRules
from liar_tui.store.settings import Settings
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup

SnapCompare = Callable[..., bool]

TWO_PEOPLE = (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Ben", SeatKind.HUMAN))
THREE_PEOPLE = (*TWO_PEOPLE, SeatConfig("Cy", SeatKind.HUMAN))
SMALL = (80, 24)

OPEN_AND_PASS = ("enter", *"A high", "enter", "enter")
"""The opener passes the curtain and declares A high; the next person passes the curtain."""
TAKE_AND_PICK = (*OPEN_AND_PASS, "t", "1", "2")
DRAW_AND_TYPE = (*TAKE_AND_PICK, "enter", *"2 pair")
CHALLENGED = (*DRAW_AND_TYPE, "enter", "enter", "c")


def table_app(seats: tuple[SeatConfig, ...] = TWO_PEOPLE, chips: bool = False) -> LiarApp:
    setup = TableSetup("liars-poker-cards", LiarsPokerRules(chips=chips), seats, seed=3)
    return LiarApp(settings=Settings(bot_delay=0), start=setup)


def keys(*pressed: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Settle the table, press keys, and settle again before the picture is taken."""

    async def run(pilot: Pilot[Any]) -> None:
        for _ in range(2):
            await pilot.pause()
        for key in pressed:
            await pilot.press(key)
            await pilot.pause()
        for _ in range(2):
            await pilot.pause()

    return run


@pytest.mark.slow
def test_decision(snap_compare: SnapCompare) -> None:
    assert snap_compare(table_app(), terminal_size=SMALL, run_before=keys(*OPEN_AND_PASS))


@pytest.mark.slow
def test_discard(snap_compare: SnapCompare) -> None:
    assert snap_compare(table_app(), terminal_size=SMALL, run_before=keys(*TAKE_AND_PICK))


def test_declare(snap_compare: SnapCompare) -> None:
    assert snap_compare(table_app(), terminal_size=SMALL, run_before=keys(*DRAW_AND_TYPE))


@pytest.mark.slow
def test_challenge_resolution(snap_compare: SnapCompare) -> None:
    assert snap_compare(table_app(), terminal_size=SMALL, run_before=keys(*CHALLENGED))


@pytest.mark.slow
def test_game_over(snap_compare: SnapCompare) -> None:
    assert snap_compare(table_app(), terminal_size=SMALL, run_before=keys(*CHALLENGED, "enter"))


@pytest.mark.slow
def test_declare_with_chips_at_120_by_36(snap_compare: SnapCompare) -> None:
    app = table_app(THREE_PEOPLE, chips=True)
    assert snap_compare(app, terminal_size=(120, 36), run_before=keys(*DRAW_AND_TYPE))
