"""Bots for Liar's Poker with dollar bills: one that weighs the odds, one that plays at random.

The odds bot is also written out as chances (:class:`NormalPolicy`), so the hard bot can ask
how likely each of its bids and passes was for any bill the seat might hold.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from liar_tui.rules.dollar_bills.game import (
    DIGIT_ORDER,
    Bid,
    DollarBillsView,
    Pass,
    PlaceBid,
    Turn,
    bid_numbered,
    lowest_raise,
    raise_numbers,
)
from liar_tui.rules.dollar_bills.odds import chances_of_at_least, probability_at_least

CONFIDENT = 0.7
"""How likely a bid must stay for the bot to push its count up: high enough that a jump is
rarely the bid that loses, low enough that it still puts the next seat under pressure."""
BLUFF_RATE = 0.2
"""How often the bot bids another digit than its best: often enough that its digit says
little about its bill, rarely enough that it mostly bids what it holds."""
BLUFF_FLOOR = 0.3
"""A bluff still has to stand a fair chance: calling something hopeless only gives money away."""


class DollarBillsBot:
    """Bids what its bill makes likely, lets probable lies stand, and bluffs now and then.

    From its own serial it knows the exact chance that any bid is true (the rest of the
    digits are uniformly random to it). If the standing bid were shown, it would win the
    stake when the bid is false and lose it when true; if its own raise were shown, it
    would win or lose the stake against every other seat. It raises when that bet is
    worth more than letting the standing bid be:

        (seats − 1) × (2 × chance of its raise − 1)  >  1 − 2 × chance of the standing bid

    so it passes on a bid that is probably false unless its own raise is very likely. Its
    raise is the digit whose cheapest raise is most likely true (of equally likely ones,
    the digit its bill holds most of), pushed up in count while it stays likely
    (``CONFIDENT``). Now and then it bids another fair-chance digit instead, at its
    cheapest raise, so a strong bid does not always mean a strong bill; a bluff that the
    bet above does not justify gives way to the honest raise.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: DollarBillsView) -> Turn:
        def chance(bid: Bid) -> float:
            return probability_at_least(
                bid.count, bid.digit, view.serial, view.seats, view.rules.digits
            )

        cheapest = [
            bid
            for bid in (lowest_raise(view.standing, digit) for digit in DIGIT_ORDER)
            if bid.count <= view.max_count
        ]
        if not cheapest:
            return Pass(view.seat)
        honest = self._pushed(
            max(
                cheapest,
                key=lambda bid: (chance(bid), view.serial.count(str(bid.digit)), self.rng.random()),
            ),
            view,
        )
        choice = honest
        if self.rng.random() < BLUFF_RATE:
            bluffs = [bid for bid in cheapest if bid != honest and chance(bid) >= BLUFF_FLOOR]
            if bluffs:
                choice = self.rng.choice(bluffs)
        if view.standing is None:
            return PlaceBid(view.seat, choice)
        letting_it_stand = 1 - 2 * chance(view.standing)
        for bid in (choice, honest):
            if (view.seats - 1) * (2 * chance(bid) - 1) > letting_it_stand:
                return PlaceBid(view.seat, bid)
        return Pass(view.seat)

    @staticmethod
    def _pushed(bid: Bid, view: DollarBillsView) -> Bid:
        """The same digit at the highest count that is still ``CONFIDENT`` (at least ``bid``)."""
        count = bid.count
        while (
            count < view.max_count
            and probability_at_least(
                count + 1, bid.digit, view.serial, view.seats, view.rules.digits
            )
            >= CONFIDENT
        ):
            count += 1
        return Bid(count, bid.digit)


ActionKey = tuple[int, int] | None
"""A bid as ``(count, digit)``, or None for a pass: light enough to count millions of."""


class NormalPolicy:
    """:class:`DollarBillsBot` facing one standing bid, as the chance of each action per bill.

    The bot's choice depends on its bill only through how many of each digit it holds, so a
    bill is given as ten counts (index = digit). Everything that depends only on the table
    (the cheapest raise of each digit, the odds of the unseen digits) is worked out once here
    and shared by every bill asked about, which is what makes weighing hundreds of possible
    bills per decision affordable.
    """

    def __init__(self, standing: Bid | None, seats: int, digits: int) -> None:
        self.standing = standing
        self.others = seats - 1
        unseen = (seats - 1) * digits
        tails = chances_of_at_least(unseen)
        reach = max(need for need, tail in enumerate(tails) if tail >= CONFIDENT)

        def chance(count: int, held: int) -> float:
            need = count - held
            return 1.0 if need <= 0 else tails[need] if need <= unseen else 0.0

        most = seats * digits
        holdings = range(digits + 1)
        self.rows: list[tuple[int, int, list[float], list[int], list[float]]] = []
        """Per digit that may still be raised: its cheapest count, the chance of that bid
        by how many the bill holds, and the count and chance of the honest (pushed) bid."""
        for digit in DIGIT_ORDER:
            cheapest = lowest_raise(standing, digit).count
            if cheapest <= most:
                honest = [max(cheapest, min(most, held + reach)) for held in holdings]
                self.rows.append(
                    (
                        digit,
                        cheapest,
                        [chance(cheapest, held) for held in holdings],
                        honest,
                        [chance(honest[held], held) for held in holdings],
                    )
                )
        self.letting = [
            0.0 if standing is None else 1 - 2 * chance(standing.count, held) for held in holdings
        ]
        """What letting the standing bid be would be worth, by how many of its digit are held."""

    def probability(self, held: Sequence[int], action: ActionKey) -> float:
        """The chance of ``action`` alone: a bid above the cheapest raise can only be the honest
        bid, so most bills are ruled out by one look at how many of its digit they hold."""
        if action is not None:
            count, digit = action
            row = next((row for row in self.rows if row[0] == digit), None)
            if row is None or (count != row[1] and count != row[3][held[digit]]):
                return 0.0
        return self.distribution(held).get(action, 0.0)

    def distribution(self, held: Sequence[int]) -> dict[ActionKey, float]:
        """The chance of each action of a bot whose bill holds ``held[d]`` of each digit d."""
        if not self.rows:
            return {None: 1.0}
        standing = self.standing
        others = self.others
        letting = self.letting[held[standing.digit]] if standing is not None else 0.0
        cheap = [(row, row[2][held[row[0]]]) for row in self.rows]
        best = max((chance, held[row[0]]) for row, chance in cheap)
        tied = [row for row, chance in cheap if (chance, held[row[0]]) == best]
        share = 1 / len(tied)
        outcomes: dict[ActionKey, float] = {}
        for digit, _, _, honest_counts, honest_chances in tied:
            count = honest_counts[held[digit]]
            honest = (count, digit)
            fallback = (
                honest
                if standing is None or others * (2 * honest_chances[held[digit]] - 1) > letting
                else None
            )
            bluffs = [
                (row[1], row[0], chance)
                for row, chance in cheap
                if chance >= BLUFF_FLOOR and (row[1], row[0]) != honest
            ]
            if not bluffs:
                outcomes[fallback] = outcomes.get(fallback, 0.0) + share
                continue
            outcomes[fallback] = outcomes.get(fallback, 0.0) + share * (1 - BLUFF_RATE)
            each = share * BLUFF_RATE / len(bluffs)
            for bluff in bluffs:
                action = (
                    bluff[:2]
                    if standing is None or others * (2 * bluff[2] - 1) > letting
                    else fallback
                )
                outcomes[action] = outcomes.get(action, 0.0) + each
        return outcomes


class RandomDollarBillsBot:
    """Passes half the time it may, else bids any legal raise: the baseline, and a fuzzer."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: DollarBillsView) -> Turn:
        raises = raise_numbers(view.standing, view.max_count)
        if view.standing is not None and (not raises or self.rng.random() < 0.5):
            return Pass(view.seat)
        return PlaceBid(view.seat, bid_numbered(self.rng.choice(raises)))
