"""The app stays up when something it hosts misbehaves."""

from __future__ import annotations

import random
from typing import Any

import pytest

from liar_tui.app import LiarApp
from liar_tui.rules.cards import parse_cards
from liar_tui.rules.liar_game.game import LiarGameView, Rules, ShowHand
from liar_tui.screens.liar_game.play import LiarGamePlayScreen
from liar_tui.store.settings import Settings
from liar_tui.table import local
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup


class CheatingBot:
    """Shows cards it does not hold: the table refuses, as it must."""

    def act(self, view: LiarGameView) -> ShowHand:
        return ShowHand(view.seat, tuple(parse_cards("AS AH AD")))


async def test_a_bot_refused_by_the_rules_is_reported_not_a_crash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def cheating_bot(game: str, level: Any, rng: random.Random) -> CheatingBot:
        return CheatingBot()

    monkeypatch.setattr(local, "make_bot", cheating_bot)
    seats = (SeatConfig("You", SeatKind.HUMAN), SeatConfig("Ada"))
    setup = TableSetup("liar-game", Rules(), seats, seed=2)
    app = LiarApp(settings=Settings(bot_delay=0), start=setup)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, LiarGamePlayScreen)
        errors = [notice for notice in app._notifications if notice.title == "Bot error"]
        assert len(errors) == 1
        assert "Ada (a bot)" in errors[0].message
        assert "own pocket" in errors[0].message
        assert app.table is not None
        assert app.table.actions == ()


async def test_a_theme_that_cannot_be_saved_is_said_and_kept_for_this_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from liar_tui import app as app_module

    def full_disk(theme: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(app_module, "save_theme", full_disk)
    app = LiarApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.theme = "textual-light"
        await pilot.pause()
        assert app.theme == "textual-light"
        assert app.settings == Settings()
        assert [n.message for n in app._notifications] == [
            "Theme not saved: No space left on device."
        ]
