"""The easy dollar-bill bot: plays like someone on their first evening at the game.

A beginner looks at their own bill, falls for the digit they hold most of, and keeps calling
it: they count on the other bills holding a fair share of it and then some, they never think
about what the others' bids say about the other bills, and they find passing dull. Every
bid is legal and follows from the bill, so the bot looks like a player, not like noise; its
money goes on bids that are too high and on raising where letting a bid be was cheaper.
"""

from __future__ import annotations

import math
import random

from liar_tui.rules.dollar_bills.game import (
    Bid,
    DollarBillsView,
    Pass,
    PlaceBid,
    Turn,
    lowest_raise,
)

HOPE = 1
"""How many more of its digit the beginner counts on than the other bills hold on average."""
PASS_RATE = 0.35
"""How often it lets a bid be once the bidding has gone past what it hoped for; the rest of
the time it pushes its digit one step further anyway."""


class EasyDollarBillsBot:
    """Bids its own most common digit too high, ignores the other bids, rarely passes."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: DollarBillsView) -> Turn:
        held = {digit: view.serial.count(str(digit)) for digit in range(10)}
        most = max(held.values())
        favourite = self.rng.choice([digit for digit, count in held.items() if count == most])
        average_elsewhere = (view.seats - 1) * view.rules.digits / 10
        hoped = min(view.max_count, most + math.ceil(average_elsewhere) + HOPE)
        cheapest = lowest_raise(view.standing, favourite)
        if view.standing is None:
            return PlaceBid(view.seat, Bid(max(cheapest.count, hoped), favourite))
        if cheapest.count > view.max_count:
            return Pass(view.seat)
        if cheapest.count <= hoped or self.rng.random() >= PASS_RATE:
            return PlaceBid(view.seat, cheapest)
        return Pass(view.seat)
