"""The hard dollar-bill bot: it reads the other bills from the bidding and bids for money.

Every other seat's bill is a cloud of possible bills (particles), drawn at random at the
start of a game and weighed, bid by bid, by how likely that seat was to act as it did with
that bill. The model of a seat is the normal bot (:class:`NormalPolicy`), blended with a
little noise so that a seat that plays otherwise (a human, an easy bot) only blurs the
picture instead of breaking it. Seats are weighed apart: a seat sees only its own bill, so
given the bidding the bills are independent.

With those beliefs each bid and the pass is worth what it is expected to pay: a bid pays
``stake × (seats − 1)`` when it holds and every other seat lets it stand, a pass pays the
stake when the standing bid fails and the seats still to pass let it stand. The chance that
they let it stand comes from the same model, applied to a smaller sample of each cloud, and
is joined with the count it implies (a seat that holds the digit tends to raise, not pass).
A game that someone raises on counts as even: it is open again, and nobody has paid yet.
The bot then draws its action with chances that fall off steeply with lost value, so equal
options are mixed and its bids say less about its bill than the best bid alone would.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from liar_tui.bots.coach import Analysis
from liar_tui.bots.dollar_bills.normal import ActionKey, NormalPolicy
from liar_tui.rules.dollar_bills.game import (
    DIGIT_ORDER,
    Bid,
    DollarBillsView,
    Pass,
    PlaceBid,
    Turn,
    lowest_raise,
)

PARTICLE_BUDGET = 320
"""Possible bills drawn per game, shared out among the other seats: the fixed budget that
keeps a decision in milliseconds at any table size. At three seats, 160 each, enough that a
few bids still leave dozens of bills with real weight."""
FEWEST_PARTICLES = 40
"""Even at a full table every seat keeps this many, or one bid would leave none standing."""
POOL = 4 * PARTICLE_BUDGET
"""Random bills kept per bill length, of which each game's particles are a fresh sample."""
LOOKAHEAD_BUDGET = 24
"""Of those, how many (drawn by weight, shared out among the other seats) are asked how
they would answer each of our bids."""
MODEL_NOISE = 0.02
"""The likelihood of any action beside the normal bot's own chance of it: how far a seat
may stray from the model before its bids stop telling us anything."""
SPAN = 3
"""How far above the cheapest raise of each digit the bot considers bidding."""
CANDIDATES = 5
"""How many of the best bids by plain odds get the slower look at how the others answer."""
TEMPERATURE = 0.08
"""In stakes: how much worse an option may be and still be drawn now and then."""


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

    def sample(self, size: int, rng: random.Random) -> list[tuple[int, ...]]:
        """``size`` bills drawn by weight, evenly spaced so the sample follows the weights."""
        start = rng.random() / size
        picked: list[tuple[int, ...]] = []
        cumulative = 0.0
        index = -1
        for step in range(size):
            target = start + step / size
            while cumulative < target and index < len(self.bills) - 1:
                index += 1
                cumulative += self.weights[index]
            picked.append(self.bills[max(index, 0)])
        return picked


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


def particles_per_seat(seats: int) -> int:
    return max(FEWEST_PARTICLES, PARTICLE_BUDGET // (seats - 1))


def convolve(first: Sequence[float], second: Sequence[float]) -> list[float]:
    total = [0.0] * (len(first) + len(second) - 1)
    for i, a in enumerate(first):
        if a:
            for j, b in enumerate(second):
                total[i + j] += a * b
    return total


def at_least(distribution: Sequence[float], count: int) -> float:
    return sum(distribution[max(count, 0) :])


@dataclass(frozen=True)
class Decision:
    """An action and the chances it was chosen by."""

    action: Turn
    standing_holds: float | None
    """The chance the bid to beat holds; None at the opening."""
    bid_holds: float
    """The chance the bot's own bid holds; 0 when it passes."""


class HardDollarBillsBot:
    """Infers the other bills from the bidding and chooses bids and passes by expected money."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._seed = rng.getrandbits(64)
        self._table: tuple[int, int, int, int] | None = None
        """Game, seat, seats and bill length the beliefs are about."""
        self._seen: tuple[Turn, ...] = ()
        self._beliefs: dict[int, SeatBelief] = {}
        self._policies: dict[Bid | None, NormalPolicy] = {}
        self._pools: dict[int, list[tuple[int, ...]]] = {}

    def _pool(self, digits: int) -> list[tuple[int, ...]]:
        """Random bills to draw each game's particles from: drawing digits is the slow part,
        so it is done once per bill length rather than at every deal."""
        if digits not in self._pools:
            self._pools[digits] = random_bills(POOL, digits, random.Random(f"{self._seed}:pool"))
        return self._pools[digits]

    def _policy(self, standing: Bid | None, view: DollarBillsView) -> NormalPolicy:
        """The normal bot facing ``standing``; kept for the game, as bids come back round."""
        if standing not in self._policies:
            self._policies[standing] = NormalPolicy(standing, view.seats, view.rules.digits)
        return self._policies[standing]

    def act(self, view: DollarBillsView) -> Turn:
        self._follow(view)
        return self._decide(view, self.rng).action

    def analyse(self, view: DollarBillsView) -> Analysis | None:
        """The chances it decides by and the action :meth:`act` would take now. Its draws come
        from a copy of its generator, and catching up with the bidding is what ``act`` does
        first anyway, so the next ``act`` is unchanged."""
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

    def _decide(self, view: DollarBillsView, rng: random.Random) -> Decision:
        """The action, drawn from ``rng`` by expected money, with the chances behind it."""
        own = [view.serial.count(str(digit)) for digit in range(10)]
        options, truth = self._options(view, own, rng)
        standing_holds = (
            None if view.standing is None else truth((view.standing.count, view.standing.digit))
        )
        if not options:
            return Decision(Pass(view.seat), standing_holds, 0.0)
        best = max(value for _, value in options)
        scale = TEMPERATURE * view.rules.stake
        weights = [math.exp((value - best) / scale) for _, value in options]
        action = rng.choices([key for key, _ in options], weights)[0]
        if action is None:
            return Decision(Pass(view.seat), standing_holds, 0.0)
        return Decision(PlaceBid(view.seat, Bid(*action)), standing_holds, truth(action))

    # beliefs ------------------------------------------------------------------

    def _follow(self, view: DollarBillsView) -> None:
        """Bring the beliefs up to date with this game's turns since the last decision."""
        table = (view.game, view.seat, view.seats, view.rules.digits)
        if self._table != table or view.turns[: len(self._seen)] != self._seen:
            self._table = table
            self._seen = ()
            self._policies = {}
            draw = random.Random(f"{self._seed}:{view.game}")
            pool = self._pool(view.rules.digits)
            each = particles_per_seat(view.seats)
            self._beliefs = {
                seat: SeatBelief(draw.sample(pool, each), [1 / each] * each)
                for seat in range(view.seats)
                if seat != view.seat
            }
        standing: Bid | None = None
        for turn in self._seen:
            if isinstance(turn, PlaceBid):
                standing = turn.bid
        for turn in view.turns[len(self._seen) :]:
            if turn.seat != view.seat:
                policy = self._policy(standing, view)
                key = (turn.bid.count, turn.bid.digit) if isinstance(turn, PlaceBid) else None
                self._beliefs[turn.seat].observe(policy, key)
            if isinstance(turn, PlaceBid):
                standing = turn.bid
        self._seen = view.turns

    # values -------------------------------------------------------------------

    def _options(
        self, view: DollarBillsView, own: list[int], rng: random.Random
    ) -> tuple[list[tuple[ActionKey, float]], Callable[[tuple[int, int]], float]]:
        """Every action worth a look, with what it is expected to win; and the chance that
        a bid holds, given the own bill and what the bidding says of the others."""
        digits = view.rules.digits
        stake = view.rules.stake
        others = [seat for seat in range(view.seats) if seat != view.seat]
        by_seat = [self._beliefs[seat].histograms(digits) for seat in others]
        histograms = {digit: [seat[digit] for seat in by_seat] for digit in range(10)}

        totals = {digit: [1.0] for digit in range(10)}
        for digit, seats in histograms.items():
            for histogram in seats:
                totals[digit] = convolve(totals[digit], histogram)

        def truth(bid: tuple[int, int]) -> float:
            count, digit = bid
            return at_least(totals[digit], count - own[digit])

        bids: list[tuple[int, int]] = []
        for digit in DIGIT_ORDER:
            cheapest = lowest_raise(view.standing, digit).count
            bids += [
                (count, digit)
                for count in range(cheapest, min(view.max_count, cheapest + SPAN) + 1)
            ]
        bids.sort(key=truth, reverse=True)
        lookahead = max(2, LOOKAHEAD_BUDGET // len(others))
        samples = {seat: self._beliefs[seat].sample(lookahead, rng) for seat in others}
        options: list[tuple[ActionKey, float]] = []
        for bid in bids[:CANDIDATES]:
            answering = dict.fromkeys(others, Bid(*bid))
            held, passing = self._let_stand(bid, own, answering, histograms, samples, view)
            value = stake * (view.seats - 1) * (2 * held - passing)
            options.append((bid, value))
        if view.standing is not None and view.bidder is not None:
            standing = (view.standing.count, view.standing.digit)
            still_to_pass = [
                (view.seat + step) % view.seats for step in range(1, view.seats - 1 - view.passes)
            ]
            answering = dict.fromkeys(still_to_pass, view.standing)
            held, passing = self._let_stand(standing, own, answering, histograms, samples, view)
            value = -stake * (2 * held - passing)
            options.append((None, value))
        return options, truth

    def _let_stand(
        self,
        bid: tuple[int, int],
        own: list[int],
        answering: dict[int, Bid],
        histograms: dict[int, list[list[float]]],
        samples: dict[int, list[tuple[int, ...]]],
        view: DollarBillsView,
    ) -> tuple[float, float]:
        """The chance that every seat in ``answering`` passes and the bid holds, and that
        they all pass, joining each seat's pass with how many of the digit it holds."""
        count, digit = bid
        digits = view.rules.digits
        others = [seat for seat in range(view.seats) if seat != view.seat]
        total = [1.0]
        for seat, histogram in zip(others, histograms[digit], strict=True):
            if seat in answering:
                policy = self._policy(answering[seat], view)
                share = 1 / len(samples[seat])
                histogram = [0.0] * (digits + 1)
                for bill in samples[seat]:
                    histogram[bill[digit]] += share * policy.distribution(bill).get(None, 0.0)
            total = convolve(total, histogram)
        return at_least(total, count - own[digit]), sum(total)
