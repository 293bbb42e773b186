"""Liar's Poker with cards from the home screen, as people play it: choose the game, start
from the setup screen, play part of a round, leave, and resume exactly where it stood."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from liar_tui.app import LiarApp
from liar_tui.rules.liars_poker.game import LiarsPokerRules, Phase
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.liars_poker.discard_picker import DiscardPicker
from liar_tui.screens.liars_poker.play import LiarsPokerPlayScreen
from liar_tui.screens.privacy import PrivacyScreen
from liar_tui.screens.setup import SetupScreen
from liar_tui.store.settings import Settings
from liar_tui.table.seats import SeatConfig, SeatKind

SIZE = (100, 32)
SETTINGS = Settings(
    bot_delay=0,
    player_name="Ann",
    seats=(SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Ben", SeatKind.HUMAN)),
).with_rules("liars-poker-cards", LiarsPokerRules(lives=2))


def screen_text(app: App[Any]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await pilot.pause()


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_home_to_the_table_leave_and_resume_where_it_stood() -> None:
    first = LiarApp(settings=SETTINGS)
    async with first.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(first.screen, HomeScreen)
        await pilot.press("2")
        await settle(pilot)
        assert isinstance(first.screen, SetupScreen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        table = first.table
        assert table.setup.game == "liars-poker-cards"
        assert table.setup.rules == SETTINGS.rules_for("liars-poker-cards")
        assert isinstance(first.screen, PrivacyScreen)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press(*"A high", "enter")
        await settle(pilot)
        await pilot.press("enter", "t")
        await settle(pilot)
        (taker,) = table.to_act()
        assert table.view(taker).phase is Phase.DISCARD
        before = table.snapshot()
        await pilot.press("escape", "y")
        await settle(pilot)
        assert isinstance(first.screen, HomeScreen)
        assert "Liar's Poker (cards), round 1: Ann ♥♥ · Ben ♥♥" in screen_text(first)
    second = LiarApp(settings=SETTINGS)
    async with second.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert second.table.snapshot() == before
        assert isinstance(second.screen, PrivacyScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(second.screen, LiarsPokerPlayScreen)
        picker = second.screen.query_one(DiscardPicker)
        assert sorted(picker.cards) == sorted(second.table.view(taker).hand)
        await pilot.press("1", "enter")
        await settle(pilot)
        assert second.table.view(taker).phase is Phase.DECLARE
