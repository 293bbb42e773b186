"""The hard bill bot's coach: at the opening, before anyone has bid, the chance it gives its
own bid is the exact chance that bid holds, given its bill and the others' uniform digits."""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import replace

import pytest

from liar_tui.bots.dollar_bills.hard import HardDollarBillsBot, particles_per_seat
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
    """Each bot's beliefs are ``particles_per_seat`` random bills a seat, so one estimate
    misses the exact chance by a standard error of at most sqrt((seats-1)/4/particles); the
    mean over ``bots`` bots (each with its own particles) must fall within four standard
    errors of the mean, and no single estimate beyond five of its own."""
    particles = particles_per_seat(seats)
    error = math.sqrt((seats - 1) / 4 / particles)
    misses = []
    for seed in range(bots):
        view = crafted_view(SERIAL, seats=seats)
        analysis = HardDollarBillsBot(random.Random(seed)).analyse(view)
        assert analysis is not None
        assert isinstance(analysis.action, PlaceBid)
        labels = dict(analysis.estimates)
        assert set(labels) == {"its bid holds"}, "no standing bid at the opening"
        miss = labels["its bid holds"] - exact_chance(analysis.action.bid, SERIAL, seats)
        assert abs(miss) <= 5 * error
        misses.append(miss)
    assert abs(statistics.mean(misses)) <= 4 * error / math.sqrt(bots)


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
