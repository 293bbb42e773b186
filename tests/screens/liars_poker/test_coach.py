"""The coach at the Liar's Poker table: ``h`` on your turn shows what the hard bot would do
in your place (``Ctrl+O`` while a declaration is typed, where ``h`` is a letter of it); off
your turn, one sentence says why it has nothing to say."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from liar_tui.app import LiarApp
from liar_tui.bots.coach import NOT_YOUR_TURN, analyse, coach_line
from liar_tui.games import plugin
from liar_tui.rules.liars_poker.game import LiarsPokerGame, Phase
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.screens.liars_poker.play import LiarsPokerPlayScreen
from liar_tui.store.settings import MAX_BOT_DELAY, Coach, Settings
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Table
from liar_tui.widgets.footer import footer_items
from tests.screens.liars_poker.test_play import SIZE, declare, settle

SEATS = (SeatConfig("You", SeatKind.HUMAN), SeatConfig("Ada"), SeatConfig("Bea"))


def coach_keys(app: LiarApp) -> list[str]:
    """The keys the footer offers for the coach."""
    screen: Screen[Any] = app.screen
    return [item.key for item in footer_items(screen) if item.action == "coach"]


def table(app: LiarApp) -> Table:
    assert app.table is not None
    return app.table


def seed_you_open() -> int:
    """A seed whose first round the person, seat 0, opens."""
    return next(
        seed for seed in range(100) if LiarsPokerGame(LiarsPokerRules(), 3, seed).opener == 0
    )


async def test_the_coach_key_gives_the_hard_bots_line_on_your_turn_and_a_sentence_off_it() -> None:
    setup = TableSetup("liars-poker-cards", LiarsPokerRules(), SEATS, seed=seed_you_open())
    # The bots think for the longest delay, so after your declaration the table waits.
    app = LiarApp(settings=Settings(bot_delay=MAX_BOT_DELAY), start=setup)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LiarsPokerPlayScreen)
        view = table(app).view(0)
        assert view.phase is Phase.DECLARE
        assert coach_keys(app) == ["ctrl+o"], "h is a letter of the declaration being typed"
        await pilot.press("ctrl+o")
        await app.workers.wait_for_complete()
        await settle(pilot)
        analysis = analyse(plugin("liars-poker-cards"), view)
        assert analysis is not None
        said = [str(notice.message) for notice in app._notifications]
        assert said == [coach_line(analysis)]
        assert said[0].startswith("Coach: it would declare ")

        await declare(pilot, "A high")
        assert table(app).view(0).to_act != 0
        assert coach_keys(app) == []
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await settle(pilot)
        # The line about the step gone by went with it.
        assert [str(notice.message) for notice in app._notifications] == [NOT_YOUR_TURN]


async def test_with_the_coach_off_no_coach_key_is_offered_even_while_declaring() -> None:
    """Review: the declaring turn's own choice of key (h or Ctrl+O) left one offered with
    the coach off."""
    setup = TableSetup("liars-poker-cards", LiarsPokerRules(), SEATS, seed=seed_you_open())
    settings = Settings(bot_delay=MAX_BOT_DELAY, coach=Coach.OFF)
    app = LiarApp(settings=settings, start=setup)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert table(app).view(0).phase is Phase.DECLARE
        assert coach_keys(app) == []
