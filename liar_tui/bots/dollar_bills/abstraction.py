"""The hard dollar-bill bot's picture of a decision: a few coarse features, and a few kinds of bid.

A real table has 10⁸ deals and a ladder of up to 1,200 bids, far beyond any exact solver, so
the hard bot's strategy is learnt (by counterfactual regret minimisation, in
``tools/train_dollar_bills_hard.py``) and played on an *abstraction*: decisions that look
alike through the features below share one mixed strategy, and a bid is named by its kind,
not its digit and count.

An information set is the key :func:`situation` gives:

* at the opening, only which kinds of digit the own bill has (none of, one of, two or more);
* facing a bid: the chance the standing bid holds given the own bill (the exact binomial
  chance, in :data:`CHANCE_EDGES` buckets), the chance a bid of the same count on a digit
  the bill lacks would hold (how high the bidding has got), the standing bid's public shape
  (whether it changed digit, its steps above the cheapest raise: what a reader of bids
  reads), whether a pass now ends the game, which kinds of digit the bill has, and its
  *support*: how many other seats have bid the standing digit this game (0 to
  :data:`MOST_SUPPORT`). A digit two seats have bid is likelier there than the own bill
  alone says when they bid what they hold, and no likelier when they bluff; the trainer
  learns how far to trust it against readers and normal bots together. Without it the table
  won $0.07 a game less from two normal bots (+$0.44 against +$0.51, 50,000 games).

An action is a pass or a bid of a kind (the standing digit, or another digit held 0, 1, or 2
or more times) at 0, 1 or 2 steps above that digit's cheapest raise. Which digit of a kind
is chosen from those with the cheapest raise, at random: nothing in the choice depends on
the bill beyond its kind. The module is pure arithmetic on counts, shared by the trainer's
simulator and the bot, so both see a decision the same way.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence

from liar_tui.rules.dollar_bills.rules import DIGIT_ORDER, digit_rank

CHANCE_EDGES = (0.1, 0.25, 0.4, 0.55, 0.7, 0.85)
"""Where a chance changes bucket: fine enough to tell a likely bid from a coin flip from a
bluff, coarse enough that every bucket is visited often in training."""
STEPS = 3
"""Bids 0, 1 or 2 steps above the cheapest raise of their digit."""
SAME, HELD_NONE, HELD_ONE, HELD_MORE = range(4)
"""The kinds of bid: on the standing digit, or on another digit the bill holds 0, 1, or 2+
times."""
KINDS = 4
MOST_SUPPORT = 2
"""Support is counted up to this many seats: three (only at a four-seat table) is too rare
to learn a row of its own."""
PASS = 0
"""Action 0 is the pass; action ``1 + STEPS × kind + steps`` a bid."""
ACTIONS = 1 + KINDS * STEPS

Standing = tuple[int, int] | None
"""The bid to beat as ``(count, digit)``; None at the opening."""


def kind_of(held: int) -> int:
    """The kind of a digit other than the standing one, by how many of it the bill holds."""
    return HELD_NONE if held == 0 else HELD_ONE if held == 1 else HELD_MORE


def bid_action(kind: int, steps: int) -> int:
    return 1 + STEPS * kind + steps


def action_parts(action: int) -> tuple[int, int]:
    """The kind and steps of bid ``action`` (not the pass)."""
    return divmod(action - 1, STEPS)


def bucket(chance: float) -> int:
    return bisect_right(CHANCE_EDGES, chance)


def chance_of(needed: int, tails: Sequence[float]) -> float:
    """The chance the unseen digits hold at least ``needed`` of a digit (``tails`` are
    :func:`~liar_tui.rules.dollar_bills.odds.chances_of_at_least` of the unseen digits)."""
    return 1.0 if needed <= 0 else tails[needed] if needed < len(tails) else 0.0


def cheapest_count(standing: Standing, digit: int) -> int:
    """The count of the cheapest raise on ``digit`` over ``standing`` (1 at the opening)."""
    if standing is None:
        return 1
    count, standing_digit = standing
    return count if digit_rank(digit) > digit_rank(standing_digit) else count + 1


def shape_of(before: Standing, bid: tuple[int, int]) -> int:
    """A bid's public shape, 0 to 5: whether it changed digit (or opened) and its steps above
    the cheapest raise of its digit (2 or more as 2)."""
    count, digit = bid
    switched = before is None or before[1] != digit
    steps = min(STEPS - 1, count - cheapest_count(before, digit))
    return STEPS * switched + steps


def available_kinds(own: Sequence[int], standing: Standing) -> int:
    """Which kinds of other digit the bill offers, as bits (1: held none, 2: one, 4: more)."""
    excluded = -1 if standing is None else standing[1]
    bits = 0
    for digit, held in enumerate(own):
        if digit != excluded:
            bits |= 1 if held == 0 else 2 if held == 1 else 4
    return bits


def support_of(bidders: int, decider: int) -> int:
    """The support of a standing digit (see the module's docstring) for seat ``decider``, from
    the bits of the seats that have bid it this game (bit ``seat``)."""
    return min(MOST_SUPPORT, (bidders & ~(1 << decider)).bit_count())


def _actions(opening: bool, kinds: int) -> tuple[int, ...]:
    actions = [] if opening else [PASS, *(bid_action(SAME, steps) for steps in range(STEPS))]
    for kind in (HELD_NONE, HELD_ONE, HELD_MORE):
        if kinds & (1 << (kind - 1)):
            actions += [bid_action(kind, steps) for steps in range(STEPS)]
    return tuple(actions)


_ACTIONS = {
    (opening, kinds): _actions(opening, kinds) for opening in (False, True) for kinds in range(8)
}
"""The actions open at each kind of decision, worked out once."""


def situation(
    own: Sequence[int],
    standing: Standing,
    shape: int,
    ends_on_pass: bool,
    tails: Sequence[float],
    support: int,
) -> tuple[str, tuple[int, ...]]:
    """The information set of a decision (see the module's docstring), and the actions open
    there (they depend only on the key)."""
    kinds = available_kinds(own, standing)
    if standing is None:
        return f"open {kinds}", _ACTIONS[True, kinds]
    count, digit = standing
    holds = bucket(chance_of(count - own[digit], tails))
    height = bucket(chance_of(count, tails))
    key = f"{holds} {height} {shape} {int(ends_on_pass)} {kinds} {support}"
    return key, _ACTIONS[False, kinds]


def concrete_bid(
    action: int,
    own: Sequence[int],
    standing: Standing,
    max_count: int,
    rng: random.Random,
    chance: Callable[[int, int], float] | None = None,
) -> tuple[int, int] | None:
    """The bid ``(count, digit)`` that bid ``action`` stands for; None when it would go over
    ``max_count`` (then the bot passes). Of the digits of its kind, one whose cheapest raise
    is lowest, drawn from ``rng``; or, given ``chance`` (of a count of a digit, from what
    the bidding says of the others' bills, which the own bill does not enter beyond its
    kind), the likeliest of the digits of its kind."""
    kind, steps = action_parts(action)
    if kind == SAME:
        assert standing is not None
        digits = [standing[1]]
    else:
        excluded = -1 if standing is None else standing[1]
        digits = [d for d in DIGIT_ORDER if d != excluded and kind_of(own[d]) == kind]
    lowest = min(cheapest_count(standing, digit) for digit in digits)
    if lowest > max_count:
        return None
    if chance is not None:
        cheapest_of = {digit: cheapest_count(standing, digit) for digit in digits}
        bids = [
            (min(max_count, cheapest + steps), digit)
            for digit, cheapest in cheapest_of.items()
            if cheapest <= max_count
        ]
        best = max(chance(*bid) for bid in bids)
        likeliest = [bid for bid in bids if chance(*bid) >= best - 1e-9]
        return likeliest[0] if len(likeliest) == 1 else rng.choice(likeliest)
    cheapest = [digit for digit in digits if cheapest_count(standing, digit) == lowest]
    digit = cheapest[0] if len(cheapest) == 1 else rng.choice(cheapest)
    return min(max_count, lowest + steps), digit
