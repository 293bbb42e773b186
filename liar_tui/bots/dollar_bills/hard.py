"""The hard dollar-bill bot: a mixed strategy learnt by counterfactual regret minimisation
against readers of its bids and against normal bots, played as it is.

Its bids must not tell its bill. A bot that bids the digit it holds, higher the more it
holds, and passes when it lacks the digit is read by anyone who keeps count (issue 15: the
bot this one replaces lost $0.44 a game to such a reader). This one plays a strategy learnt
by Monte Carlo CFR (``tools/train_dollar_bills_hard.py``) on the abstraction of
:mod:`~liar_tui.bots.dollar_bills.abstraction`: in each situation the table in
:mod:`~liar_tui.bots.dollar_bills.hard_table` gives the chances of a pass and of each kind of
bid (the standing digit, a digit it holds none, one, or more of) at 0 to 2 steps above the
cheapest raise, bluffs included. The table was learnt in self-play, against simulated
readers that bid by expected money on what its bids told them, and against the normal bot;
so it both hides its bill and wins from bidders that tell theirs.

It plays the table by its own bill and one public feature of the others' bids, the standing
digit's *support* (how many other seats have bid it this game), and reads nothing else from
them. The bot before this one read every seat as a normal bot and leant its mix towards the
money that reading promised; a learned reader, whose bids that reading misjudged, took $0.10
a game from it, and on a table learnt against readers the reading cost $0.49 a game (600
games). Support is no such reading: the trainer learns how far to trust it against readers
and normal bots together. The table keyed on it (half of its deals against readers, 45%
against normal bots, 240,000 iterations) wins +$0.51 a game from two normal bots (50,000
games, seed 1), as the particle bot before the table did (+$0.50), whose bids told its bill,
and the learned reader takes nothing from it (+$0.069 a game for this bot, 10,000 games).
Played by the own bill alone, a table learnt without support won +$0.44 from the normals.
Its opening is on a digit drawn uniformly, and it never makes a raise its own bill makes
all but sure to lose (:data:`HOPELESS`).

The coach still reads: its chances are those of the others' bills weighed by how likely
each seat was to bid as it did if it played like the normal bot (particles), the exact odds
before anyone has bid: they are a hint to the player, and a hint has nothing to hide. A
situation the table lacks (a table size far from the ones trained on) falls back on the
normal bot's choice. Every draw comes from the generator the bot is given, so a table replays
exactly from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from liar_tui.bots.coach import Analysis
from liar_tui.bots.dollar_bills.abstraction import (
    PASS,
    STEPS,
    Standing,
    action_parts,
    chance_of,
    concrete_bid,
    shape_of,
    situation,
    support_of,
)
from liar_tui.bots.dollar_bills.normal import ActionKey, DollarBillsBot, NormalPolicy
from liar_tui.rules.dollar_bills.game import Bid, DollarBillsView, Pass, PlaceBid, Turn
from liar_tui.rules.dollar_bills.odds import chances_of_at_least

PARTICLE_BUDGET = 240
"""Possible bills drawn per game, shared out among the other seats: enough that a few bids
still leave dozens of bills with real weight, few enough for a decision in a millisecond."""
FEWEST_PARTICLES = 40
"""Even at a full table every seat keeps this many, or one bid would leave none standing."""
POOL = 4 * PARTICLE_BUDGET
"""Random bills kept per bill length, of which each game's particles are a fresh sample."""
HOPELESS = 0.02
"""A raise less likely than this to hold, by the own bill, is never made."""
MODEL_NOISE = 0.02
"""The likelihood of any action beside the normal bot's own chance of it: how far a seat
may stray from the model before its bids stop telling us anything."""


@dataclass
class SeatBelief:
    """The bills one other seat may hold this game, each with its weight."""

    bills: list[tuple[int, ...]]
    weights: list[float]

    def observe(self, policy: NormalPolicy, action: ActionKey) -> None:
        """Weigh every possible bill by how likely the seat was to take ``action`` with it."""
        weights = [
            weight * (policy.probability(bill, action) + MODEL_NOISE)
            for bill, weight in zip(self.bills, self.weights, strict=True)
        ]
        total = sum(weights)
        self.weights = [weight / total for weight in weights]

    def histograms(self, most: int) -> list[list[float]]:
        """Per digit, the chance that the seat holds each number (0 to ``most``) of it."""
        chances = [[0.0] * (most + 1) for _ in range(10)]
        for bill, weight in zip(self.bills, self.weights, strict=True):
            for digit, held in enumerate(bill):
                chances[digit][held] += weight
        return chances


def random_bills(number: int, digits: int, rng: random.Random) -> list[tuple[int, ...]]:
    """``number`` bills of ``digits`` random digits, as how many of each digit they hold."""
    drawn = rng.choices(range(10), k=number * digits)
    bills: list[tuple[int, ...]] = []
    for start in range(0, len(drawn), digits):
        counts = [0] * 10
        for digit in drawn[start : start + digits]:
            counts[digit] += 1
        bills.append(tuple(counts))
    return bills


@cache
def bill_pool(digits: int) -> list[tuple[int, ...]]:
    """Random bills to draw each game's particles from, the same for every bot (they are
    drawn from a fixed seed): drawing digits is the slow part, so it is done once per bill
    length in a process rather than at every deal."""
    return random_bills(POOL, digits, random.Random(f"bill pool:{digits}"))


def particles_per_seat(seats: int) -> int:
    return max(FEWEST_PARTICLES, PARTICLE_BUDGET // (seats - 1))


def binomial(digits: int) -> list[float]:
    """The chances of 0 to ``digits`` of a digit on a bill nobody has read anything from."""
    tails = chances_of_at_least(digits)
    return [tails[held] - (tails[held + 1] if held < digits else 0.0) for held in range(digits + 1)]


def convolve(first: Sequence[float], second: Sequence[float]) -> list[float]:
    total = [0.0] * (len(first) + len(second) - 1)
    for i, a in enumerate(first):
        if a:
            for j, b in enumerate(second):
                total[i + j] += a * b
    return total


@cache
def strategy() -> dict[str, dict[int, float]]:
    """The learnt table, imported on the first decision: the app opens without it."""
    from liar_tui.bots.dollar_bills.hard_table import STRATEGY

    return STRATEGY


def standing_shape(view: DollarBillsView) -> int:
    """The public shape of the standing bid (see :func:`shape_of`); 0 at the opening."""
    before: Standing = None
    shape = 0
    for turn in view.turns:
        if isinstance(turn, PlaceBid):
            bid = (turn.bid.count, turn.bid.digit)
            shape = shape_of(before, bid)
            before = bid
    return shape


def standing_support(view: DollarBillsView) -> int:
    """How many seats other than the one to act have bid the standing digit this game (see
    :func:`support_of`); 0 at the opening."""
    if view.standing is None:
        return 0
    bidders = 0
    for turn in view.turns:
        if isinstance(turn, PlaceBid) and turn.bid.digit == view.standing.digit:
            bidders |= 1 << turn.seat
    return support_of(bidders, view.seat)


class HardDollarBillsBot:
    """Draws its bids and passes from a learnt strategy, by its own bill and the standing
    digit's support; its coach reads the others' bills from their bids as the normal bot
    would make them."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._seed = rng.getrandbits(64)
        self._table: tuple[int, int, int, int] | None = None
        """Game, seat, seats and bill length the coach's beliefs are about."""
        self._seen: tuple[Turn, ...] = ()
        self._beliefs: dict[int, SeatBelief] = {}
        """The seats that have acted this game: the others' bills are as dealt, uniform."""
        self._policies: dict[Bid | None, NormalPolicy] = {}

    def act(self, view: DollarBillsView) -> Turn:
        return self._decide(view, self.rng)

    def analyse(self, view: DollarBillsView) -> Analysis | None:
        """The chances of the standing bid and of its own bid as the bidding reads, and the
        action :meth:`act` would take now (drawn from a copy of its generator, so the next
        ``act`` is unchanged)."""
        if view.turn != view.seat:
            return None
        self._follow(view)
        shadow = random.Random()
        shadow.setstate(self.rng.getstate())
        action = self._decide(view, shadow)
        totals = self._others(view)

        def holds(bid: Bid) -> float:
            needed = max(bid.count - view.serial.count(str(bid.digit)), 0)
            return min(1.0, sum(totals[bid.digit][needed:]))

        estimates: list[tuple[str, float]] = []
        if view.standing is not None:
            estimates.append(("the standing bid holds", holds(view.standing)))
        if isinstance(action, PlaceBid):
            estimates.append(("its bid holds", holds(action.bid)))
            words = action.bid.text
            return Analysis(tuple(estimates), action, f"bid {words[0].lower()}{words[1:]}")
        return Analysis(tuple(estimates), action, "pass")

    # the coach's beliefs ------------------------------------------------------

    def _policy(self, standing: Bid | None, view: DollarBillsView) -> NormalPolicy:
        """The normal bot facing ``standing``; kept for the game, as bids come back round."""
        if standing not in self._policies:
            self._policies[standing] = NormalPolicy(standing, view.seats, view.rules.digits)
        return self._policies[standing]

    def _follow(self, view: DollarBillsView) -> None:
        """Bring the beliefs up to date with this game's turns since the last analysis."""
        table = (view.game, view.seat, view.seats, view.rules.digits)
        if self._table != table or view.turns[: len(self._seen)] != self._seen:
            self._table = table
            self._seen = ()
            self._policies = {}
            self._beliefs = {}
        standing: Bid | None = None
        for turn in self._seen:
            if isinstance(turn, PlaceBid):
                standing = turn.bid
        for turn in view.turns[len(self._seen) :]:
            if turn.seat != view.seat:
                key = (turn.bid.count, turn.bid.digit) if isinstance(turn, PlaceBid) else None
                self._belief(turn.seat, view).observe(self._policy(standing, view), key)
            if isinstance(turn, PlaceBid):
                standing = turn.bid
        self._seen = view.turns

    def _belief(self, seat: int, view: DollarBillsView) -> SeatBelief:
        """The seat's possible bills, drawn the first time it acts in the game."""
        if seat not in self._beliefs:
            draw = random.Random(f"{self._seed}:{view.game}:{seat}")
            each = particles_per_seat(view.seats)
            bills = draw.sample(bill_pool(view.rules.digits), each)
            self._beliefs[seat] = SeatBelief(bills, [1 / each] * each)
        return self._beliefs[seat]

    def _others(self, view: DollarBillsView) -> list[list[float]]:
        """Per digit, the chances of each number of it on the other bills together."""
        digits = view.rules.digits
        plain = binomial(digits)
        read = [belief.histograms(digits) for belief in self._beliefs.values()]
        unread = view.seats - 1 - len(read)
        totals = []
        for digit in range(10):
            total = [1.0]
            for histograms in read:
                total = convolve(total, histograms[digit])
            for _ in range(unread):
                total = convolve(total, plain)
            totals.append(total)
        return totals

    # decisions ----------------------------------------------------------------

    @staticmethod
    def _decide(view: DollarBillsView, rng: random.Random) -> Turn:
        """The action the table draws from ``rng`` for the own bill."""
        own = [view.serial.count(str(digit)) for digit in range(10)]
        tails = chances_of_at_least((view.seats - 1) * view.rules.digits)

        def chance(count: int, digit: int) -> float:
            return chance_of(count - own[digit], tails)

        standing = None if view.standing is None else (view.standing.count, view.standing.digit)
        ends_on_pass = view.passes == view.seats - 2
        shape, support = standing_shape(view), standing_support(view)
        key, legal = situation(own, standing, shape, ends_on_pass, tails, support)
        row = strategy().get(key)
        chances = [row.get(action, 0.0) for action in legal] if row is not None else []
        if sum(chances) <= 0:
            return DollarBillsBot(rng).act(view)
        bid: tuple[int, int] | None
        if standing is None:
            bid = HardDollarBillsBot._opening(view, legal, chances, rng)
        else:
            bids = [
                None
                if action == PASS
                else concrete_bid(action, own, standing, view.max_count, rng, chance)
                for action in legal
            ]
            bid = rng.choices(bids, HardDollarBillsBot._without_hopeless(bids, chances, chance))[0]
        return Pass(view.seat) if bid is None else PlaceBid(view.seat, Bid(*bid))

    @staticmethod
    def _without_hopeless(
        bids: list[tuple[int, int] | None],
        chances: list[float],
        chance: Callable[[int, int], float],
    ) -> list[float]:
        """The table's chances with raises that its own bill makes all but sure to lose
        dropped: rows of situations seldom met keep a little of the uniform start of the
        learning (one bid thirteen 3s over twelve, holding none)."""
        kept = [
            weight if bid is None or chance(*bid) >= HOPELESS else 0.0
            for bid, weight in zip(bids, chances, strict=True)
        ]
        return kept if sum(kept) > 0 else chances

    @staticmethod
    def _opening(
        view: DollarBillsView, legal: tuple[int, ...], chances: list[float], rng: random.Random
    ) -> tuple[int, int]:
        """An opening bid: as many steps above one as the table's opening mix draws, on a digit
        drawn uniformly, whatever the bill holds. The table's openings told the bill (of its
        openings of two of a digit, 85% came with two or more of it), and a learned reader
        read more from them than from any other bid; an opening is seldom the bid that is
        shown, so it costs little to say nothing with it (in 600 games on the same seeds the
        learned reader's take fell from $0.12 to $0.07 a game, the normal bots' loss held)."""
        steps = [0.0] * STEPS
        for action, weight in zip(legal, chances, strict=True):
            steps[action_parts(action)[1]] += weight
        count = 1 + rng.choices(range(STEPS), steps)[0]
        return min(count, view.max_count), rng.randrange(10)
