"""The bills table in a light theme: the seat to act stands out and the bill reads."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from liar_tui.app import LiarApp
from liar_tui.rules.dollar_bills.rules import Rules
from liar_tui.screens.dollar_bills.bill import BillFace
from liar_tui.screens.dollar_bills.panels import SeatsPanel
from liar_tui.store.settings import Settings
from liar_tui.table.setup import TableSetup
from liar_tui.widgets.card_art import LIGHT_INK
from tests.screens.dollar_bills.test_play import ONE_HUMAN, settle
from tests.screens.theme_ink import assert_the_turn_is_in_deep_ink


async def test_in_a_light_theme_the_seat_to_act_is_marked_in_deep_ink_and_the_bill_reads() -> None:
    setup = TableSetup("liars-poker-bills", Rules(), ONE_HUMAN, seed=5)
    app = LiarApp(settings=Settings(bot_delay=0, theme="textual-light"), start=setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert_the_turn_is_in_deep_ink(app.screen.query_one(SeatsPanel).content, "You", "Ada")
        bill = app.screen.query_one(BillFace).render()
        assert isinstance(bill, Text)
        assert {Style.parse(str(span.style)).color for span in bill.spans} == {
            Style.parse(LIGHT_INK.money).color
        }
