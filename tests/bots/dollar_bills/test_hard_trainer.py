"""The trainer of the hard dollar-bill bot's table (tools/train_dollar_bills_hard.py): what it
writes is a module the bot reads back as the strategy it learnt, and where the work ran does
not change it."""

from __future__ import annotations

import random
import runpy
from pathlib import Path

import pytest

from liar_tui.arena.pool import InProcessPool
from liar_tui.bots.dollar_bills.normal import DollarBillsBot
from liar_tui.rules.dollar_bills.game import Bid, DollarBillsSession, PlaceBid, Rules
from liar_tui.rules.dollar_bills.odds import chances_of_at_least
from tests.bots.dollar_bills.test_bots import crafted_view
from tests.bots.dollar_bills.test_hard_strategy import key_of
from tools.train_dollar_bills_hard import (
    NO_BIDDERS,
    NOTHING_SAID,
    Deal,
    Learner,
    State,
    average_strategy,
    train,
    write_table,
)


def test_the_written_table_reads_back_as_the_strategy_learnt(tmp_path: Path) -> None:
    table = average_strategy(train(48, 16, 1, InProcessPool()))
    assert table
    for row in table.values():
        assert sum(row.values()) == pytest.approx(1, abs=1e-3)
    path = tmp_path / "table.py"
    write_table(table, "48 iterations", path)
    assert runpy.run_path(str(path))["STRATEGY"] == table


def test_a_run_is_the_same_from_the_same_seed() -> None:
    assert train(32, 16, 7, InProcessPool()) == train(32, 16, 7, InProcessPool())


def test_the_simulated_normal_bot_bids_as_the_normal_bot_does() -> None:
    """Facing two 5s at a three-seat table of 8-digit bills, the trainer's normal opponent
    (the normal bot's chances on counts) makes the bids the normal bot makes, as often."""
    serial = "55123678"
    own = [serial.count(str(digit)) for digit in range(10)]
    others = [[0] * 10, [0] * 10]
    game = Deal(3, 24, [own, *others], chances_of_at_least(16), normals=True)
    learner = Learner({}, 1.0, random.Random(1), reader_share=0.0, normal_share=1.0)
    state = State((2, 5), 0, 0, 0, 2, NOTHING_SAID, 0, NO_BIDDERS)
    simulated = [learner.normal_bid(game, state) for _ in range(2000)]
    view = crafted_view(serial, seats=3, standing=Bid(2, 5))
    real = []
    for seed in range(2000):
        action = DollarBillsBot(random.Random(seed)).act(view)
        real.append((action.bid.count, action.bid.digit) if isinstance(action, PlaceBid) else None)
    assert set(simulated) == set(real)
    for action in set(real):
        assert simulated.count(action) == pytest.approx(real.count(action), abs=120), action


@pytest.mark.parametrize("seats", [3, 4])
def test_the_simulator_sees_each_decision_as_the_bot_does(seats: int) -> None:
    """Followed turn by turn, the trainer's game gives every decision of a real one the key the
    bot looks up, support and shape included: a table learnt on other keys than the bot's
    would be played in the wrong rows."""
    tails = chances_of_at_least((seats - 1) * 8)
    learner = Learner({}, 1.0, random.Random(1))
    supported = 0
    for number in range(30):
        session = DollarBillsSession(Rules(), seats, number)
        counts = [
            [session.view(seat).serial.count(str(d)) for d in range(10)] for seat in range(seats)
        ]
        game = Deal(seats, seats * 8, counts, tails)
        bots = [DollarBillsBot(random.Random(f"{number}:{seat}")) for seat in range(seats)]
        state = State(None, 0, 0, session.turn, -1, NOTHING_SAID, 0, NO_BIDDERS)
        while session.game == 1:
            view = session.view(session.turn)
            assert game.situation(state) == key_of(view)
            supported += key_of(view)[0].endswith(" 2")
            action = bots[session.turn].act(view)
            bid = (action.bid.count, action.bid.digit) if isinstance(action, PlaceBid) else None
            state = learner.advance(game, state, bid)
            session.apply(action)
    assert supported > 0
