"""Money is written one way everywhere, as ``liar-tui history`` and ``stats`` write it:
``+$3``, ``-$1.50``, ``$0``, by one formatter (:mod:`liar_tui.money`), which the bills'
stats lines, the bills table and the commands all use."""

from __future__ import annotations

import pytest

from liar_tui.games import plugin
from liar_tui.money import money_text
from liar_tui.rules.dollar_bills.counts import MONEY
from liar_tui.screens.dollar_bills import panels
from liar_tui.widgets.card_art import CardLook


@pytest.mark.parametrize(
    ("amount", "written"),
    [
        (3, "+$3"),
        (-1.5, "-$1.50"),
        (0, "$0"),
        (-0.004, "$0"),  # less than a cent is even, not "-$0.00"
        (0.35, "+$0.35"),
        (1234.5, "+$1,234.50"),
        (-1000, "-$1,000"),
    ],
)
def test_an_amount_is_written_with_its_sign_and_cents_only_where_there_are_some(
    amount: float, written: str
) -> None:
    assert money_text(amount) == written


def test_the_bills_stats_lines_and_table_write_money_as_the_commands_do() -> None:
    (money_line, *_) = plugin("liars-poker-bills").count_lines({MONEY: 4}, 2)
    assert money_line == ("Money per deal", "+$2")  # it said +$2.00
    # The table wrote a Unicode minus the commands do not.
    assert panels.money_text(-1, CardLook()).plain == "-$1"
