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
from liar_tui.rules.dollar_bills.game import (
    Bid,
    DollarBillsSession,
    DollarBillsView,
    Pass,
    PlaceBid,
)
from liar_tui.rules.dollar_bills.rules import Rules
from liar_tui.screens.dollar_bills.ledger import BillsLedgerScreen
from liar_tui.store.settings import Settings
from liar_tui.table.seats import SeatConfig, SeatKind, default_seats
from liar_tui.table.setup import TableSetup
from liar_tui.widgets.card_art import CardLook

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


@pytest.mark.slow
def test_play_screen_after_a_lower_count_moves_the_digit(snap_compare: SnapCompare) -> None:
    """Two 1s raise One 6; one fewer moves the digit to the lowest that raises: One 7.
    (Slow: test_bid_builder checks the bids by Pilot; the ten-seat picture is the default
    run's picture of the table.)"""
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


@pytest.mark.slow
def test_reveal_screen_in_a_light_theme(snap_compare: SnapCompare) -> None:
    app = table_app(TWO_PEOPLE, seed=1, settings=LIGHT)
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys(*OPEN_THEN_BOTH_PASS))


TWO_GAMES = (*OPEN_THEN_BOTH_PASS, "enter", "enter", "enter", "enter", "p")
"""Two games between Ann and Ben, each shown at once: the ledger then has a row for each."""


def two_games_by_the_rules() -> DollarBillsView:
    """Two games between Ann and Ben, each opened and passed, played by the rules alone."""
    session = DollarBillsSession(Rules(digits=8), 2, seed=1)
    while session.game <= 2:
        (seat,) = session.to_act()
        session.apply(Pass(seat) if session.turns else PlaceBid(seat, Bid(2, 7)))
    return session.view(0)


def test_ledger_screen(snap_compare: SnapCompare) -> None:
    """The ledger the table opens with l, opened here over the home screen from a session
    played by the rules: the same screen without two games played through the app first
    (that path is the slow test below)."""

    async def open_ledger(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, LiarApp)
        look = CardLook.from_settings(app.settings).in_theme(app.current_theme.dark)
        await app.push_screen(BillsLedgerScreen(("Ann", "Ben"), two_games_by_the_rules(), look))
        await pilot.pause()

    app = LiarApp(settings=Settings(bot_delay=0))
    assert snap_compare(app, terminal_size=(100, 32), run_before=open_ledger)


@pytest.mark.slow
def test_ledger_screen_after_two_games_at_the_table(snap_compare: SnapCompare) -> None:
    app = table_app(TWO_PEOPLE, seed=1)
    assert snap_compare(app, terminal_size=(100, 32), run_before=keys(*TWO_GAMES, "l"))


@pytest.mark.slow
def test_ledger_screen_in_a_light_theme(snap_compare: SnapCompare) -> None:
    app = table_app(TWO_PEOPLE, seed=1, settings=LIGHT)
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys(*TWO_GAMES, "l"))


@pytest.mark.slow
def test_reveal_screen_with_ten_seats_at_160_by_48(snap_compare: SnapCompare) -> None:
    app = table_app(BIG_TABLE, digits=12)
    assert snap_compare(app, terminal_size=(160, 48), run_before=keys("up", "enter", "p", "p", "p"))
