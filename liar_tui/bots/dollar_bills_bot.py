"""Bots for Liar's Poker with dollar bills: one that weighs the odds, one that plays at random."""

from __future__ import annotations

import random

from liar_tui.rules.bill_odds import probability_at_least
from liar_tui.rules.dollar_bills import (
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


class RandomDollarBillsBot:
    """Passes half the time it may, else bids any legal raise: the baseline, and a fuzzer."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: DollarBillsView) -> Turn:
        raises = raise_numbers(view.standing, view.max_count)
        if view.standing is not None and (not raises or self.rng.random() < 0.5):
            return Pass(view.seat)
        return PlaceBid(view.seat, bid_numbered(self.rng.choice(raises)))
