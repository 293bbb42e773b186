"""The coach at the dollar-bill table: ``h`` on your turn shows the hard bot's chances and its
bid or pass in your place; off your turn, one sentence says why it has nothing to say."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from liar_tui.app import LiarApp
from liar_tui.bots.coach import NOT_YOUR_TURN, analyse, coach_line
from liar_tui.games import plugin
from liar_tui.rules.dollar_bills.game import Rules
from liar_tui.screens.dollar_bills.play import DollarBillsPlayScreen
from liar_tui.store.settings import MAX_BOT_DELAY, Settings
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Table
from liar_tui.widgets.footer import footer_items
from tests.screens.dollar_bills.test_play import ONE_HUMAN, YOU_OPEN, settle


def coach_keys(app: LiarApp) -> list[str]:
    """The keys the footer offers for the coach."""
    screen: Screen[Any] = app.screen
    return [item.key for item in footer_items(screen) if item.action == "coach"]


def table(app: LiarApp) -> Table:
    assert app.table is not None
    return app.table


async def test_the_coach_key_gives_the_hard_bots_line_on_your_turn_and_a_sentence_off_it() -> None:
    setup = TableSetup("liars-poker-bills", Rules(), ONE_HUMAN, seed=YOU_OPEN)
    # The bots think for the longest delay, so after your bid the table waits for them.
    app = LiarApp(settings=Settings(bot_delay=MAX_BOT_DELAY), start=setup)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, DollarBillsPlayScreen)
        assert coach_keys(app) == ["h"]
        view = table(app).view(0)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await settle(pilot)
        analysis = analyse(plugin("liars-poker-bills"), view)
        assert analysis is not None
        said = [str(notice.message) for notice in app._notifications]
        assert said == [coach_line(analysis)]
        assert said[0].startswith("Coach: its bid holds ")

        await pilot.press("enter")
        await settle(pilot)
        assert table(app).view(0).turn != 0
        assert coach_keys(app) == []
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await settle(pilot)
        # The line about the step gone by went with it.
        assert [str(notice.message) for notice in app._notifications] == [NOT_YOUR_TURN]
