"""The hard bill bot's coach: before anyone has bid, the chance it gives its own bid is the
exact chance that bid holds, given its bill and the others' uniform digits; once a seat has
bid, the chances read that seat's bill from its bid."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from liar_tui.bots.dollar_bills.hard import HardDollarBillsBot
from liar_tui.rules.dollar_bills.game import Bid, PlaceBid
from tests.bots.dollar_bills.test_bots import crafted_view
from tests.marks import slow_after_rows

SERIAL = "33375210"


def exact_chance(bid: Bid, serial: str, seats: int) -> float:
    """The chance the bills hold at least ``bid.count`` of its digit: the own bill's, plus a
    binomial count over the other seats' digits (each one the digit with chance 1/10)."""
    unknown = (seats - 1) * len(serial)
    needed = bid.count - serial.count(str(bid.digit))
    return sum(
        math.comb(unknown, held) * 0.1**held * 0.9 ** (unknown - held)
        for held in range(max(needed, 0), unknown + 1)
    )


def test_the_exact_chance_is_the_brute_force_count() -> None:
    """The binomial above, checked once by counting every bill of a small table."""
    bid, serial = Bid(2, 7), "71"
    holding = sum((serial + f"{other:02d}").count("7") >= bid.count for other in range(100))
    assert exact_chance(bid, serial, 2) == pytest.approx(holding / 100)


@pytest.mark.parametrize(
    ("seats", "bots"),
    slow_after_rows(1, [(3, 12), (3, 300), (5, 300)]),
)
def test_the_opening_bid_holds_with_the_exact_chance(seats: int, bots: int) -> None:
    """Whatever bid each bot draws, the chance it gives it is the exact one."""
    for seed in range(bots):
        view = crafted_view(SERIAL, seats=seats)
        analysis = HardDollarBillsBot(random.Random(seed)).analyse(view)
        assert analysis is not None
        assert isinstance(analysis.action, PlaceBid)
        labels = dict(analysis.estimates)
        assert set(labels) == {"its bid holds"}, "no standing bid at the opening"
        exact = exact_chance(analysis.action.bid, SERIAL, seats)
        assert labels["its bid holds"] == pytest.approx(exact, abs=1e-12)


def test_a_bid_read_from_another_seat_moves_the_chance_its_way() -> None:
    """Once a seat has bid, its bill is read from the bid (as the normal bot would make it):
    an opening of three 8s says that seat likely holds 8s, so three 8s are likelier than the
    exact odds of a table nobody has read."""
    view = crafted_view(SERIAL, seats=3, standing=Bid(3, 8))
    analysis = HardDollarBillsBot(random.Random(0)).analyse(view)
    assert analysis is not None
    labels = dict(analysis.estimates)
    assert labels["the standing bid holds"] > exact_chance(Bid(3, 8), SERIAL, 3)


def test_the_standing_bid_and_the_raise_are_both_judged() -> None:
    """Facing a bid, the coach gives the chance it holds and, when the bot raises, the chance
    of its own bid; its words are the table's ("bid three 3s", "pass")."""
    view = crafted_view(SERIAL, seats=2, standing=Bid(2, 3))
    analysis = HardDollarBillsBot(random.Random(0)).analyse(view)
    assert analysis is not None
    labels = dict(analysis.estimates)
    assert 0 < labels["the standing bid holds"] <= 1
    if isinstance(analysis.action, PlaceBid):
        assert analysis.action_text == f"bid {analysis.action.bid.text.lower()}"
        assert 0 < labels["its bid holds"] <= 1
    else:
        assert analysis.action_text == "pass"


def test_it_is_not_asked_when_it_is_not_the_seats_turn() -> None:
    view = replace(crafted_view(SERIAL, seats=3, standing=Bid(2, 3), seat=1), turn=2)
    assert HardDollarBillsBot(random.Random(0)).analyse(view) is None
