"""The hard dollar-bill bot: a mixed strategy learnt by counterfactual regret minimisation,
leant towards what it reads of the others' bills.

Its bids must not tell its bill. A bot that bids the digit it holds, higher the more it
holds, and passes when it lacks the digit is read by anyone who keeps count (issue 15: the
bot this one replaces lost $0.44 a game to such a reader). This one starts from a strategy
learnt in self-play by Monte Carlo CFR (``tools/train_dollar_bills_hard.py``) on the
abstraction of :mod:`~liar_tui.bots.dollar_bills.abstraction`: in each situation the table in
:mod:`~liar_tui.bots.dollar_bills.hard_table` gives the chances of a pass and of each kind of
bid (the standing digit, a digit it holds none, one, or more of) at 0 to 2 steps above the
cheapest raise, bluffs included.

The table was learnt against itself and reads nobody, so the bot also weighs every other
seat's possible bills by how likely that seat was to bid as it did if it played like the
normal bot (particles, as the bot before it did): the chance the standing bid holds (which
picks the table's row), the digit of a kind it bids (the likeliest, which says nothing of its
own bill beyond the kind), and the money each action is worth. The table's mix is leant
towards that money, ``table × exp(value / VALUE_TEMPERATURE)``: it wins from players whose
bids can be read and keeps part of the table's bluffing. Its opening is on a digit drawn
uniformly. The coach's chances are these read chances, the exact odds before anyone has bid.

A situation the table lacks (a table size far from the ones trained on) falls back on the
normal bot's choice. Every draw comes from the generator the bot is given, so a table
replays exactly from its seed.
"""

from __future__ import annotations

import math
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
    concrete_bid,
    shape_of,
    situation,
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
VALUE_TEMPERATURE = 0.5
"""In stakes: how far the bot leans from the table towards the money it reads. At 0.5 an
action a stake worse is drawn e² ≈ 7 times less often than the table says. Lower leans
harder: it wins more from the normal bots and gives a learned reader more to read (600 games
on the same seeds, against two normal bots and two learned readers: 0.5, +$0.38 and −$0.07 a
game; 0.7, +$0.29 and −$0.04; 1.0, +$0.19 and −$0.02). At 2,000 games the reader took
$0.10 a game at 0.5 and $0.13 at 0.7: the lean is not what it reads most."""
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


@dataclass(frozen=True)
class Decision:
    """An action and the chances the coach shows beside it."""

    action: Turn
    standing_holds: float | None
    """The chance the bid to beat holds, given the own bill; None at the opening."""
    bid_holds: float
    """The chance the bot's own bid holds, given the own bill; 0 when it passes."""


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


class HardDollarBillsBot:
    """Draws its bids and passes from a learnt equilibrium-like strategy, reading the others'
    bills from their bids as the normal bot would make them."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._seed = rng.getrandbits(64)
        self._table: tuple[int, int, int, int] | None = None
        """Game, seat, seats and bill length the beliefs are about."""
        self._seen: tuple[Turn, ...] = ()
        self._beliefs: dict[int, SeatBelief] = {}
        """The seats that have acted this game: the others' bills are as dealt, uniform."""
        self._policies: dict[Bid | None, NormalPolicy] = {}

    def act(self, view: DollarBillsView) -> Turn:
        self._follow(view)
        return self._decide(view, self.rng).action

    def analyse(self, view: DollarBillsView) -> Analysis | None:
        """The chances of the standing bid and of its own bid, and the action :meth:`act`
        would take now: drawn from a copy of its generator, and catching up with the bidding
        is what ``act`` does first anyway, so the next ``act`` is unchanged."""
        if view.turn != view.seat:
            return None
        self._follow(view)
        shadow = random.Random()
        shadow.setstate(self.rng.getstate())
        decision = self._decide(view, shadow)
        estimates: list[tuple[str, float]] = []
        if decision.standing_holds is not None:
            estimates.append(("the standing bid holds", decision.standing_holds))
        if isinstance(decision.action, PlaceBid):
            estimates.append(("its bid holds", decision.bid_holds))
            words = decision.action.bid.text
            return Analysis(tuple(estimates), decision.action, f"bid {words[0].lower()}{words[1:]}")
        return Analysis(tuple(estimates), decision.action, "pass")

    # beliefs ------------------------------------------------------------------

    def _policy(self, standing: Bid | None, view: DollarBillsView) -> NormalPolicy:
        """The normal bot facing ``standing``; kept for the game, as bids come back round."""
        if standing not in self._policies:
            self._policies[standing] = NormalPolicy(standing, view.seats, view.rules.digits)
        return self._policies[standing]

    def _follow(self, view: DollarBillsView) -> None:
        """Bring the beliefs up to date with this game's turns since the last decision."""
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

    def _decide(self, view: DollarBillsView, rng: random.Random) -> Decision:
        """The action drawn from ``rng`` by the table, with the chances behind it."""
        own = [view.serial.count(str(digit)) for digit in range(10)]
        totals = self._others(view)

        def chance(count: int, digit: int) -> float:
            return min(1.0, sum(totals[digit][max(count - own[digit], 0) :]))

        standing = None if view.standing is None else (view.standing.count, view.standing.digit)
        standing_holds = None if standing is None else chance(*standing)
        tails = chances_of_at_least((view.seats - 1) * view.rules.digits)
        ends_on_pass = view.passes == view.seats - 2
        key, legal = situation(
            own, standing, standing_shape(view), ends_on_pass, tails, standing_holds
        )
        row = strategy().get(key)
        chances = [row.get(action, 0.0) for action in legal] if row is not None else []
        if sum(chances) <= 0:
            action = DollarBillsBot(rng).act(view)
            bid = (action.bid.count, action.bid.digit) if isinstance(action, PlaceBid) else None
        elif standing is None:
            bid = self._opening(view, legal, chances, rng)
        else:
            bids = [
                None
                if action == PASS
                else concrete_bid(action, own, standing, view.max_count, rng, chance)
                for action in legal
            ]
            bid = rng.choices(bids, self._leant(view, bids, chances, chance, standing_holds))[0]
        if bid is None:
            return Decision(Pass(view.seat), standing_holds, 0.0)
        return Decision(PlaceBid(view.seat, Bid(*bid)), standing_holds, chance(*bid))

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

    @staticmethod
    def _leant(
        view: DollarBillsView,
        bids: list[tuple[int, int] | None],
        chances: list[float],
        chance: Callable[[int, int], float],
        standing_holds: float | None,
    ) -> list[float]:
        """The table's chances leant towards what each action is worth by the odds the bot
        reads (a bid ``(seats − 1) × (2q − 1)`` if it holds with chance ``q``, a pass
        ``1 − 2p``): the mix that weighs the money against straying from the table,
        ``table × exp(value / VALUE_TEMPERATURE)``. The table was learnt against itself;
        the lean takes what other players' bids say into account, and the temperature keeps
        its bluffs from being leant away entirely."""
        if standing_holds is None:
            return chances
        others = view.seats - 1
        letting = 1 - 2 * standing_holds
        values = [letting if bid is None else others * (2 * chance(*bid) - 1) for bid in bids]
        best = max(values)
        return [
            weight * math.exp((value - best) / VALUE_TEMPERATURE)
            for weight, value in zip(chances, values, strict=True)
        ]
