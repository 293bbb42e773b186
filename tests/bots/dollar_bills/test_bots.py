"""The dollar-bill bots: always legal, sensible where the odds are plain, not readable from
their bids alone, blind to other bills, and clearly better than chance."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from liar_tui.bots.base import Bot
from liar_tui.bots.dollar_bills.normal import (
    ActionKey,
    DollarBillsBot,
    NormalPolicy,
    RandomDollarBillsBot,
)
from liar_tui.rules.dollar_bills.game import (
    Bid,
    DollarBillsSession,
    DollarBillsView,
    Pass,
    PlaceBid,
    Rules,
    Turn,
    bid_numbered,
    raise_numbers,
)
from liar_tui.table.bot_seat import BotSeat, Scheduler
from liar_tui.table.seats import BotLevel, SeatConfig
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Bus, Table
from tests.rules.dollar_bills.test_game import check_view_is_private

BotFactory = Callable[[random.Random], Bot]
BOTS: dict[str, BotFactory] = {"odds": DollarBillsBot, "random": RandomDollarBillsBot}


def crafted_view(
    serial: str, seats: int = 2, standing: Bid | None = None, seat: int = 0
) -> DollarBillsView:
    """A view as the session would hand it over, with a bill of our choosing."""
    bidder = None if standing is None else (seat - 1) % seats
    turns = () if standing is None or bidder is None else (PlaceBid(bidder, standing),)
    return DollarBillsView(
        seat=seat,
        seats=seats,
        rules=Rules(digits=len(serial)),
        game=1,
        starter=seat if standing is None else (seat - 1) % seats,
        serial=serial,
        turn=seat,
        turns=turns,
        standing=standing,
        bidder=bidder,
        passes=0,
        ledger=(0,) * seats,
        last_bids=(0,) * seats,
        bids_held=(0,) * seats,
        recent_games=(),
    )


# --------------------------------------------------------------------------- always legal


@pytest.mark.parametrize("name", BOTS)
def test_the_bots_never_take_an_illegal_action(name: str) -> None:
    """Thousands of states: every table size and bill length, bids low and high."""
    chooser = random.Random(f"states:{name}")
    bot = BOTS[name](random.Random(name))
    checked = 0
    while checked < 3000:
        rules = Rules(digits=chooser.randint(4, 12), stake=chooser.randint(1, 5))
        session = DollarBillsSession(rules, chooser.randint(2, 10), chooser.randrange(2**32))
        while session.game <= 3:
            view = session.view(session.turn)
            action = bot.act(view)
            assert session.refusal(action) is None, (view, action)
            checked += 1
            session.apply(random_turn(session, chooser))


def random_turn(session: DollarBillsSession, chooser: random.Random) -> Turn:
    """Move the session on by chance: passes, the cheapest raise, or a jump anywhere."""
    seat = session.turn
    raises = raise_numbers(session.standing, session.max_count)
    roll = chooser.random()
    if session.standing is not None and (roll < 0.75 or not raises):
        return Pass(seat)
    return PlaceBid(seat, bid_numbered(raises[0] if roll < 0.95 else chooser.choice(raises)))


@pytest.mark.parametrize("name", BOTS)
def test_the_bots_pass_when_nothing_can_raise(name: str) -> None:
    view = crafted_view("00000000", standing=Bid(16, 0))
    assert BOTS[name](random.Random(1)).act(view) == Pass(0)


@pytest.mark.parametrize("name", BOTS)
def test_the_bots_open_with_a_bid(name: str) -> None:
    for seed in range(50):
        action = BOTS[name](random.Random(seed)).act(crafted_view("12345678", seats=5))
        assert isinstance(action, PlaceBid)


# --------------------------------------------------------------------------- sensible


def test_it_raises_a_bid_its_own_bill_makes_true() -> None:
    view = crafted_view("77777123", seats=3, standing=Bid(4, 7))
    for seed in range(100):
        action = DollarBillsBot(random.Random(seed)).act(view)
        assert isinstance(action, PlaceBid), seed


def test_it_passes_a_bid_that_is_probably_false() -> None:
    view = crafted_view("12456789", seats=2, standing=Bid(6, 3))
    for seed in range(100):
        assert DollarBillsBot(random.Random(seed)).act(view) == Pass(0), seed


def test_it_mostly_opens_on_what_it_holds_and_pushes_the_count() -> None:
    view = crafted_view("77777123", seats=4)
    bids = [DollarBillsBot(random.Random(seed)).act(view) for seed in range(300)]
    digits = Counter(action.bid.digit for action in bids if isinstance(action, PlaceBid))
    assert digits.most_common(1)[0] == (7, digits[7])
    assert digits[7] >= 200
    sevens = {action.bid.count for action in bids if isinstance(action, PlaceBid)}
    assert max(sevens) >= 6


def test_it_bluffs_now_and_then_so_its_digit_does_not_give_its_bill_away() -> None:
    view = crafted_view("77777123", seats=4)
    bids = [DollarBillsBot(random.Random(seed)).act(view) for seed in range(300)]
    other_digits = [a for a in bids if isinstance(a, PlaceBid) and a.bid.digit != 7]
    assert 20 <= len(other_digits) <= 100
    assert len({action.bid.digit for action in other_digits}) >= 5


def test_it_is_repeatable_from_its_generator() -> None:
    view = crafted_view("31415926", seats=6, standing=Bid(5, 1))
    first = [DollarBillsBot(random.Random(9)).act(view) for _ in range(3)]
    assert first == [DollarBillsBot(random.Random(9)).act(view) for _ in range(3)]


def play_session(bots: list[Bot], seed: int, games: int) -> DollarBillsSession:
    session = DollarBillsSession(Rules(), len(bots), seed)
    while session.game <= games:
        session.apply(bots[session.turn].act(session.view(session.turn)))
    return session


@pytest.mark.parametrize("seats", [2, 4])
def test_it_wins_money_from_random_players(seats: int) -> None:
    winnings = 0
    for seed in range(10):
        bots: list[Bot] = [DollarBillsBot(random.Random(seed))]
        bots += [RandomDollarBillsBot(random.Random(f"{seed}:{s}")) for s in range(1, seats)]
        winnings += play_session(bots, seed, games=30).ledger[0]
    assert winnings > 10 * 30 * 0.5


# --------------------------------------------------------------------------- blind to other bills


class WatchedBot:
    """A real bot whose every view is checked against the session at the moment it acts."""

    def __init__(self, bot: Bot, session: DollarBillsSession) -> None:
        self.bot = bot
        self.session = session
        self.views = 0

    def act(self, view: DollarBillsView) -> Turn:
        check_view_is_private(view, self.session)
        self.views += 1
        return self.bot.act(view)


GAMES_AT_THE_TABLE = 8


def until_the_last_game(session: DollarBillsSession) -> Scheduler:
    """Bots answer at once, as headless tables do, until the session has had its games."""

    def schedule(act: Callable[[], None]) -> None:
        if session.game <= GAMES_AT_THE_TABLE:
            act()

    return schedule


def test_a_bot_at_the_table_sees_only_its_own_bill_before_the_show() -> None:
    seats = 5
    setup = TableSetup(
        "liars-poker-bills",
        Rules(digits=6),
        tuple(SeatConfig(f"Bot {s}", level=BotLevel.NORMAL) for s in range(seats)),
        seed=77,
    )
    session = DollarBillsSession(setup.rules, seats, setup.seed)
    table = Table(setup, session)
    bus = Bus(table)
    bots = [WatchedBot(DollarBillsBot(random.Random(s)), session) for s in range(seats)]
    for seat, bot in enumerate(bots):
        table.subscribe(seat, BotSeat(seat, bot, bus, until_the_last_game(session)))
    assert session.game == GAMES_AT_THE_TABLE + 1
    assert sum(bot.views for bot in bots) == len(table.actions) > 40


# --------------------------------------------------------------------------- as chances


def test_its_chances_are_what_it_does() -> None:
    """:class:`NormalPolicy` is the bot written as chances: the hard bot's model of a seat.

    For states met in play, the bot's own choices over many generators land on the modelled
    actions only, each about as often as modelled.
    """
    chooser = random.Random("policy")
    for _ in range(20):
        seats, digits = chooser.randint(2, 6), chooser.randint(4, 12)
        session = DollarBillsSession(Rules(digits=digits), seats, chooser.randrange(2**32))
        for _ in range(chooser.randint(0, 4)):
            session.apply(random_turn(session, chooser))
        view = session.view(session.turn)
        held = [view.serial.count(str(digit)) for digit in range(10)]
        modelled = NormalPolicy(view.standing, seats, digits).distribution(held)
        assert sum(modelled.values()) == pytest.approx(1)
        tries = 600
        seen = Counter(action_key(DollarBillsBot(random.Random(n)).act(view)) for n in range(tries))
        assert set(seen) <= {key for key, chance in modelled.items() if chance > 0}
        for key, chance in modelled.items():
            assert seen[key] / tries == pytest.approx(chance, abs=0.06), (view, key)
            assert NormalPolicy(view.standing, seats, digits).probability(held, key) == chance


def action_key(action: Turn) -> ActionKey:
    return (action.bid.count, action.bid.digit) if isinstance(action, PlaceBid) else None
