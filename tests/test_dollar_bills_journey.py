"""Liar's Poker with dollar bills from the home screen, as a person plays it: set up a table,
bid, quit mid-game, and resume exactly where the table stood."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from liar_tui.app import LiarApp
from liar_tui.money import money_text
from liar_tui.screens.dollar_bills.bill import BillFace
from liar_tui.screens.dollar_bills.play import DollarBillsPlayScreen
from liar_tui.screens.dollar_bills.reveal import BillsRevealScreen
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.setup import SetupScreen
from liar_tui.store.settings import Settings

SIZE = (100, 32)
MAX_TURNS = 30


def screen_text(app: App[Any]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def settle(pilot: Pilot[Any]) -> None:
    """Let bots answer until a person is to act, and screens switch (each takes a pause)."""
    app = pilot.app
    assert isinstance(app, LiarApp)
    for _ in range(MAX_TURNS):
        await pilot.pause()
        if app.table is None or app.table.to_act()[0] in app.table.setup.human_seats:
            break
    for _ in range(3):
        await pilot.pause()


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_home_to_a_table_then_quit_mid_game_and_resume_where_it_stood() -> None:
    settings = Settings(bot_delay=0)
    first = LiarApp(settings=settings)
    async with first.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(first.screen, HomeScreen)
        await pilot.press("3")
        await settle(pilot)
        assert isinstance(first.screen, SetupScreen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        table = first.table
        for _ in range(MAX_TURNS):
            if table.view(0).game == 2 and table.view(0).turns:
                break
            if isinstance(first.screen, BillsRevealScreen):
                await pilot.press("enter")
            else:
                assert isinstance(first.screen, DollarBillsPlayScreen)
                await pilot.press("up", "enter")
            await settle(pilot)
        assert table.to_act() == (0,), "mid-game: the bots have had their say, the person not"
        before = table.snapshot()
        ledger = table.view(0).ledger
        await pilot.press("ctrl+q")
    second = LiarApp(settings=settings)
    async with second.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(second)
        assert "Resume" in text
        you, ada = ledger[:2]
        assert (
            f"Liar's Poker (dollar bills), game 2: You {money_text(you)} · Ada {money_text(ada)}"
            in text
        )
        await pilot.press("r")
        await settle(pilot)
        resumed = second.table
        assert resumed.snapshot() == before
        assert isinstance(second.screen, DollarBillsPlayScreen)
        assert second.screen.query_one(BillFace).serial == resumed.view(0).serial
        standing = resumed.view(0).standing
        assert standing is not None
        assert f"To beat: {standing.text}" in screen_text(second)
