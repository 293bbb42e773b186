"""The easy and hard dollar-bill bots: always legal, repeatable, blind to other bills, each
playing like its level, and ordered in money: hard beats normal, normal beats easy."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from liar_tui.bots.base import Bot
from liar_tui.bots.dollar_bills.easy import EasyDollarBillsBot
from liar_tui.bots.dollar_bills.hard import HardDollarBillsBot
from liar_tui.bots.dollar_bills.normal import DollarBillsBot, RandomDollarBillsBot
from liar_tui.rules.dollar_bills.game import Bid, DollarBillsSession, Pass, PlaceBid, Rules
from tests.bots.dollar_bills.test_bots import WatchedBot, crafted_view, random_turn

LEVELS = {"easy": EasyDollarBillsBot, "hard": HardDollarBillsBot}


# --------------------------------------------------------------------------- always legal


def check_legal_over_random_states(name: str, states: int) -> None:
    """Every table size and bill length, bids low and high, a bot in each chair following
    the games while chance plays the turns."""
    chooser = random.Random(f"levels:{name}")
    checked = 0
    while checked < states:
        rules = Rules(digits=chooser.randint(4, 12), stake=chooser.randint(1, 5))
        session = DollarBillsSession(rules, chooser.randint(2, 10), chooser.randrange(2**32))
        bots = [LEVELS[name](random.Random(seat)) for seat in range(session.seats)]
        while session.game <= 3 and checked < states:
            action = bots[session.turn].act(session.view(session.turn))
            assert session.refusal(action) is None, (session.view(session.turn), action)
            checked += 1
            session.apply(random_turn(session, chooser))


@pytest.mark.parametrize(("name", "states"), [("easy", 3000), ("hard", 100)])
def test_the_levels_never_take_an_illegal_action(name: str, states: int) -> None:
    """The hard bot thinks longer a turn: a hundred states here, five thousand in the slow
    run below."""
    check_legal_over_random_states(name, states)


@pytest.mark.slow
def test_the_hard_bot_never_takes_an_illegal_action_over_thousands_of_states() -> None:
    check_legal_over_random_states("hard", 5000)


@pytest.mark.parametrize("name", LEVELS)
def test_the_levels_pass_when_nothing_can_raise(name: str) -> None:
    view = crafted_view("00000000", standing=Bid(16, 0))
    assert LEVELS[name](random.Random(1)).act(view) == Pass(0)


@pytest.mark.parametrize("name", LEVELS)
def test_the_levels_open_with_a_bid(name: str) -> None:
    for seed in range(20):
        action = LEVELS[name](random.Random(seed)).act(crafted_view("12345678", seats=5))
        assert isinstance(action, PlaceBid)


# --------------------------------------------------------------------------- repeatable


def play_session(bots: list[Bot], seed: int, games: int, digits: int = 8) -> DollarBillsSession:
    session = DollarBillsSession(Rules(digits=digits), len(bots), seed)
    while session.game <= games:
        session.apply(bots[session.turn].act(session.view(session.turn)))
    return session


@pytest.mark.parametrize("name", LEVELS)
def test_the_levels_are_repeatable_from_their_generators(name: str) -> None:
    def series() -> DollarBillsSession:
        bots: list[Bot] = [LEVELS[name](random.Random(seat)) for seat in range(3)]
        return play_session(bots, seed=5, games=10)

    assert series() == series()


def test_the_hard_bot_sees_only_its_own_bill_before_the_show() -> None:
    session = DollarBillsSession(Rules(digits=6), 4, 31)
    bots = [WatchedBot(HardDollarBillsBot(random.Random(seat)), session) for seat in range(4)]
    while session.game <= 6:
        session.apply(bots[session.turn].act(session.view(session.turn)))
    assert sum(bot.views for bot in bots) == sum(len(r.turns) for r in session.past_games)


# --------------------------------------------------------------------------- easy


def test_the_easy_bot_bids_its_most_common_digit_too_high() -> None:
    """Two 7s of its own and 1.6 expected elsewhere: it calls five 7s, not the likely three."""
    for seed in range(20):
        action = EasyDollarBillsBot(random.Random(seed)).act(crafted_view("77123456", seats=3))
        assert action == PlaceBid(0, Bid(5, 7))


def test_the_easy_bot_ignores_the_bid_it_raises() -> None:
    """A bid its bill makes hopeless for the bidder is still raised on its own digit."""
    view = crafted_view("77123456", seats=3, standing=Bid(3, 9))
    for seed in range(20):
        assert EasyDollarBillsBot(random.Random(seed)).act(view) == PlaceBid(0, Bid(4, 7))


def test_the_easy_bot_rarely_passes_even_past_its_hopes() -> None:
    view = crafted_view("77123456", seats=3, standing=Bid(9, 8))
    actions = Counter(EasyDollarBillsBot(random.Random(seed)).act(view) for seed in range(200))
    assert 30 <= actions[Pass(0)] <= 110
    assert actions[PlaceBid(0, Bid(10, 7))] == 200 - actions[Pass(0)]


# --------------------------------------------------------------------------- hard


def test_the_hard_bot_lets_a_hopeless_bid_be_shown() -> None:
    """Last to pass on twelve 3s with no 3 of its own: passing wins the stake almost surely."""
    view = crafted_view("12456789", seats=3, standing=Bid(12, 3), seat=0)
    for seed in range(30):
        assert HardDollarBillsBot(random.Random(seed)).act(view) == Pass(0), seed


def test_the_hard_bot_answers_a_long_shot_with_a_pass_or_a_sure_bid() -> None:
    """Seven 7s facing an opening of four 3s, with a seat still to answer: the opening holds
    with 7% by its bill, and any count of 7s up to seven is sure. It passes (winning the
    stake if the bid is shown) or bids 7s, never a bluff on a digit it lacks. Its table
    sees its bill only as which kinds of digit it holds (none, one, two or more of), so it
    does not always raise on a bill this strong: a mixed strategy on kinds is what hides
    its bill from a reader."""
    view = crafted_view("77777771", seats=3, standing=Bid(4, 3))
    for seed in range(100):
        action = HardDollarBillsBot(random.Random(seed)).act(view)
        assert action == Pass(0) or (isinstance(action, PlaceBid) and action.bid.digit == 7)


def test_the_hard_bot_mixes_its_bids() -> None:
    """Facing the same table, it does not always make the same bid: its bids cannot simply
    be read back into its bill."""
    view = crafted_view("77123456", seats=3)
    bids = {HardDollarBillsBot(random.Random(seed)).act(view) for seed in range(60)}
    assert len(bids) >= 3


# --------------------------------------------------------------------------- money


def winnings_of_one(hero: type[Bot], others: type[Bot], games: int, sessions: int) -> int:
    """What one ``hero`` wins against two ``others`` over short sessions, its seat rotating."""
    total = 0
    for number in range(sessions):
        bots: list[Bot] = [others(random.Random(f"{number}:{seat}")) for seat in range(3)]
        bots[number % 3] = hero(random.Random(number))
        total += play_session(bots, seed=number, games=games).ledger[number % 3]
    return total


def test_hard_wins_money_from_normal_bots() -> None:
    assert winnings_of_one(HardDollarBillsBot, DollarBillsBot, games=20, sessions=6) > 20


def test_normal_wins_money_from_easy_bots() -> None:
    assert winnings_of_one(DollarBillsBot, EasyDollarBillsBot, games=30, sessions=10) > 100


def test_easy_wins_money_from_random_bots_and_loses_it_to_normal_ones() -> None:
    assert winnings_of_one(EasyDollarBillsBot, RandomDollarBillsBot, games=50, sessions=12) > 0
    assert winnings_of_one(EasyDollarBillsBot, DollarBillsBot, games=30, sessions=10) < 0


@pytest.mark.slow
def test_hard_wins_at_least_twenty_cents_a_game_from_normal_bots() -> None:
    assert winnings_of_one(HardDollarBillsBot, DollarBillsBot, games=50, sessions=30) > 300
