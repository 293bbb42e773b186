"""Snapshots of the dollar-bill table screens (fixed seeds, bots answering at once).

Refresh with
``pytest tests/screens/dollar_bills/test_dollar_bills_snapshots.py --snapshot-update`` and
look at the SVGs under ``__snapshots__`` before keeping them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from liar_tui.app import LiarApp
from liar_tui.rules.dollar_bills.rules import Rules
from liar_tui.store.settings import Settings
from liar_tui.table.seats import SeatConfig, SeatKind, default_seats
from liar_tui.table.setup import TableSetup

ONE_HUMAN = (
    SeatConfig("You", SeatKind.HUMAN),
    SeatConfig("Ada"),
    SeatConfig("Bea"),
    SeatConfig("Cal"),
)
TWO_PEOPLE = (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Ben", SeatKind.HUMAN))
BIG_TABLE = default_seats(bots=9, humans=1)

SnapCompare = Callable[..., bool]


LIGHT = Settings(bot_delay=0, theme="textual-light")
"""The light look: every colour of the table must read on a light background."""


def table_app(
    seats: tuple[SeatConfig, ...],
    seed: int = 5,
    digits: int = 8,
    settings: Settings | None = None,
) -> LiarApp:
    setup = TableSetup("liars-poker-bills", Rules(digits=digits), seats, seed=seed)
    return LiarApp(settings=settings or Settings(bot_delay=0), start=setup)


def keys(*pressed: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Settle the table, press keys, and settle again before the picture is taken."""

    async def run(pilot: Pilot[Any]) -> None:
        for _ in range(3):
            await pilot.pause()
        for key in pressed:
            await pilot.press(key)
            for _ in range(3):
                await pilot.pause()

    return run


OPEN_THEN_BOTH_PASS = ("enter", "enter", "enter", "p")
"""Ann passes the curtain and opens; Ben passes the curtain and passes: the bills show."""


def test_play_screen_after_a_lower_count_moves_the_digit(snap_compare: SnapCompare) -> None:
    """Two 1s raise One 6; one fewer moves the digit to the lowest that raises: One 7."""
    app = table_app(ONE_HUMAN)
    assert snap_compare(app, terminal_size=(100, 32), run_before=keys("1", "down"))


def test_play_screen_with_ten_seats_and_twelve_digits_at_80_by_24(
    snap_compare: SnapCompare,
) -> None:
    app = table_app(BIG_TABLE, digits=12)
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys("0", "up"))


def test_privacy_screen(snap_compare: SnapCompare) -> None:
    app = table_app(TWO_PEOPLE, seed=1)
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys())


def test_reveal_screen(snap_compare: SnapCompare) -> None:
    app = table_app(TWO_PEOPLE, seed=1)
    assert snap_compare(app, terminal_size=(100, 32), run_before=keys(*OPEN_THEN_BOTH_PASS))


def test_reveal_screen_in_a_light_theme(snap_compare: SnapCompare) -> None:
    app = table_app(TWO_PEOPLE, seed=1, settings=LIGHT)
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys(*OPEN_THEN_BOTH_PASS))


TWO_GAMES = (*OPEN_THEN_BOTH_PASS, "enter", "enter", "enter", "enter", "p")
"""Two games between Ann and Ben, each shown at once: the ledger then has a row for each."""


def test_ledger_screen(snap_compare: SnapCompare) -> None:
    app = table_app(TWO_PEOPLE, seed=1)
    assert snap_compare(app, terminal_size=(100, 32), run_before=keys(*TWO_GAMES, "l"))


@pytest.mark.slow
def test_ledger_screen_in_a_light_theme(snap_compare: SnapCompare) -> None:
    app = table_app(TWO_PEOPLE, seed=1, settings=LIGHT)
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys(*TWO_GAMES, "l"))


def test_reveal_screen_with_ten_seats_at_160_by_48(snap_compare: SnapCompare) -> None:
    app = table_app(BIG_TABLE, digits=12)
    assert snap_compare(app, terminal_size=(160, 48), run_before=keys("up", "enter", "p", "p", "p"))
