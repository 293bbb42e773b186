"""The coach at the Liar Game table: ``h`` on your turn shows what the hard bot would show
in your place and its chance; off your turn, one sentence says why it has nothing to say."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from liar_tui.app import LiarApp
from liar_tui.bots.coach import NOT_YOUR_TURN, analyse, coach_line
from liar_tui.games import plugin
from liar_tui.rules.liar_game.game import Rules
from liar_tui.screens.liar_game.play import LiarGamePlayScreen
from liar_tui.screens.privacy import PrivacyScreen
from liar_tui.store.settings import MAX_BOT_DELAY, Coach, Settings
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Table
from liar_tui.widgets.footer import footer_items
from tests.screens.liar_game.test_play import HOT_SEAT, ONE_HUMAN, settle


def coach_keys(app: LiarApp) -> list[str]:
    """The keys the footer offers for the coach."""
    screen: Screen[Any] = app.screen
    return [item.key for item in footer_items(screen) if item.action == "coach"]


def table(app: LiarApp) -> Table:
    assert app.table is not None
    return app.table


async def test_the_coach_key_gives_the_hard_bots_line_on_your_turn_and_a_sentence_off_it() -> None:
    setup = TableSetup("liar-game", Rules(target=60), ONE_HUMAN, seed=7)
    # The bots think for the longest delay, so after your hand the table waits for them.
    app = LiarApp(settings=Settings(bot_delay=MAX_BOT_DELAY), start=setup)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LiarGamePlayScreen)
        assert coach_keys(app) == ["h"]
        view = table(app).view(0)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await settle(pilot)
        analysis = analyse(plugin("liar-game"), view)
        assert analysis is not None
        said = [str(notice.message) for notice in app._notifications]
        assert said == [coach_line(analysis)]
        assert said[0].startswith("Coach: the hand it would show wins the round ")

        await pilot.press("1", "2", "3", "enter")
        await settle(pilot)
        assert table(app).view(0).chosen is not None
        assert coach_keys(app) == []
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await settle(pilot)
        # The line about the step gone by went with it.
        assert [str(notice.message) for notice in app._notifications] == [NOT_YOUR_TURN]


async def test_the_coach_line_goes_when_the_keyboard_passes_to_the_next_person() -> None:
    """Hot seat: the line names the cards of the person who asked, so it must not stay up
    over the curtain, or be shown to the next person when the bot's answer comes late."""
    setup = TableSetup("liar-game", Rules(target=60), HOT_SEAT, seed=7)
    app = LiarApp(settings=Settings(bot_delay=0), start=setup)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await settle(pilot)
        said = [str(notice.message) for notice in app._notifications]
        assert len(said) == 1 and said[0].startswith("Coach: ")
        await pilot.press("1", "2", "3", "enter")
        await settle(pilot)
        assert isinstance(app.screen, PrivacyScreen)
        assert list(app._notifications) == []


async def test_the_coach_setting_off_hides_the_key_and_always_speaks_at_each_turn() -> None:
    """Settings > Coach: off takes the key out of the footer (pressed, it says how to switch
    the coach on); always says the line as each turn of yours comes, unasked."""
    setup = TableSetup("liar-game", Rules(target=60), ONE_HUMAN, seed=7)
    off = LiarApp(settings=Settings(bot_delay=MAX_BOT_DELAY, coach=Coach.OFF), start=setup)
    async with off.run_test(size=(100, 32), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(off.screen, LiarGamePlayScreen)
        assert coach_keys(off) == []
        await pilot.press("h")
        await settle(pilot)
        said = [str(notice.message) for notice in off._notifications]
        assert said == ["The coach is off: switch it on in Settings."]
    always = LiarApp(settings=Settings(bot_delay=MAX_BOT_DELAY, coach=Coach.ALWAYS), start=setup)
    async with always.run_test(size=(100, 32), notifications=True) as pilot:
        await settle(pilot)
        await always.workers.wait_for_complete()
        await settle(pilot)
        analysis = analyse(plugin("liar-game"), table(always).view(0))
        assert analysis is not None
        said = [str(notice.message) for notice in always._notifications]
        assert said == [coach_line(analysis)]


async def test_the_coach_takes_down_only_its_own_line() -> None:
    """Review: the coach cleared every toast to replace its line, so a notice that history
    was not being recorded went with it."""
    setup = TableSetup("liar-game", Rules(target=60), ONE_HUMAN, seed=7)
    app = LiarApp(settings=Settings(bot_delay=MAX_BOT_DELAY), start=setup)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await settle(pilot)
        app.notify("History is not being recorded: the disk is full.")
        for _ in range(2):
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await settle(pilot)
        said = [str(notice.message) for notice in app._notifications]
        assert said[0] == "History is not being recorded: the disk is full."
        assert len(said) == 2 and said[1].startswith("Coach: ")
