"""Learning the hard dollar-bill bot's strategy: Monte Carlo CFR on its abstraction.

Run it to write :mod:`liar_tui.bots.dollar_bills.hard_table` afresh::

    .venv/bin/python -m tools.train_dollar_bills_hard [--iterations 240000] [--jobs 2]

(about 25 minutes with ``--jobs 2`` on a shared two-core machine).

Every seat of a simulated table plays the same strategy, decision by decision on the
abstraction of :mod:`liar_tui.bots.dollar_bills.abstraction` (the bills are dealt at random,
the bids are the real ladder's, the show pays as the rules do). Each iteration deals one
game and picks one seat to learn for; the others play the current strategy (regret matching
on the regrets so far). At each of the learning seat's decisions every action is tried and
valued by one game played on from it by the current strategy; the regrets move by each
value's difference from the strategy's, and the seat goes on by a uniform draw: a sampling of
its own play that does not change from iteration to iteration, so no regret needs reweighing
by the chance of being sampled (as in ESCHER, McAleer et al. 2023). Outcome sampling, tried
first, weighed its single sampled path by up to thousands and after a million iterations
still passed on sure bids. The strategy shipped is the average of the strategies played,
weighed by batch (later batches count more), the one that approaches an equilibrium; in a
game of more than two seats CFR is not proven to reach one, but self-play regret minimisation
is what strong multi-player poker bots are built on, and what counts here is measured:
``benchmarks/exploit.py``.

Work is done in batches: every batch runs :data:`CHUNKS` chunks of iterations, each from the
same regrets and with its own seed, and adds up what they learnt in the chunks' order. The
chunks run in ``--jobs`` local processes or on a Ray cluster (``--ray ADDRESS``, through
:func:`liar_tui.arena.pool.open_pool`); the result does not depend on where they ran.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from liar_tui.arena.pool import PoolUnavailable, WorkPool, add_pool_arguments, open_pool
from liar_tui.bots.dollar_bills import abstraction
from liar_tui.bots.dollar_bills.abstraction import (
    ACTIONS,
    PASS,
    Standing,
    concrete_bid,
    shape_of,
    situation,
)
from liar_tui.rules.dollar_bills.odds import chances_of_at_least

TABLES = ((3, 8, 8), (2, 8, 1), (4, 8, 1))
"""Seats, digits and weight of the tables trained on: the three-seat default table most,
two and four seats beside it so the strategy holds at other sizes (its features are chances,
not counts, so it carries over)."""
CHUNKS = 8
"""Chunks per batch, each from the same regrets."""
SMALLEST_SHARE = 0.005
"""Chances below this are dropped from the shipped strategy (noise of the averaging)."""
LINE_LENGTH = 100
"""The project's line length: the written module is left as ``ruff format`` would."""
TABLE_PATH = Path(abstraction.__file__).with_name("hard_table.py")

Row = list[float]


State = tuple[Standing, int, int, int, int]
"""A game in play: the standing bid, its shape, passes since it, the seat to act, the
bidder (-1 before the opening)."""


@dataclass
class Deal:
    """One simulated game: the table and each seat's count of each digit."""

    seats: int
    max_count: int
    counts: list[list[int]]
    tails: tuple[float, ...]
    situations: dict[tuple[int, Standing, int, bool], tuple[str, tuple[int, ...]]] = field(
        default_factory=dict
    )
    """Each seat's situations met so far: rollouts meet the same ones over and over."""

    def situation(self, state: State) -> tuple[str, tuple[int, ...]]:
        """The key and the actions of the seat to act at ``state``."""
        standing, shape, passes, turn, _ = state
        ends_on_pass = passes == self.seats - 2
        memo = (turn, standing, shape, ends_on_pass)
        found = self.situations.get(memo)
        if found is None:
            own = self.counts[turn]
            found = situation(own, standing, shape, ends_on_pass, self.tails)
            self.situations[memo] = found
        return found


def deal(rng: random.Random) -> Deal:
    seats, digits = rng.choices([table[:2] for table in TABLES], [table[2] for table in TABLES])[0]
    counts = []
    for _ in range(seats):
        own = [0] * 10
        for _ in range(digits):
            own[rng.randrange(10)] += 1
        counts.append(own)
    return Deal(seats, seats * digits, counts, chances_of_at_least((seats - 1) * digits))


def regret_matching(row: Row, legal: Sequence[int]) -> list[float]:
    """Each legal action's chance in proportion to its positive regret (uniform if none)."""
    positive = [max(row[action], 0.0) for action in legal]
    total = sum(positive)
    if total <= 0:
        return [1 / len(legal)] * len(legal)
    return [value / total for value in positive]


class Learner:
    """Regrets and strategy sums, updated by sampled episodes."""

    def __init__(self, regrets: dict[str, Row], weight: float, rng: random.Random) -> None:
        self.regrets = {key: list(row) for key, row in regrets.items()}
        self.strategy_sums: dict[str, Row] = {}
        self.weight = weight
        self.rng = rng

    def policy(self, game: Deal, state: State) -> tuple[str, tuple[int, ...], list[float]]:
        """The situation of the seat to act, its actions and the current strategy's chances."""
        key, legal = game.situation(state)
        regret = self.regrets.get(key)
        return key, legal, regret_matching(regret, legal) if regret else uniform(legal)

    def step(self, game: Deal, state: State, action: int) -> State:
        standing, shape, passes, turn, bidder = state
        following = (turn + 1) % game.seats
        bid = (
            None
            if action == PASS
            else concrete_bid(action, game.counts[turn], standing, game.max_count, self.rng)
        )
        if bid is None:
            return standing, shape, passes + 1, following, bidder
        return bid, shape_of(standing, bid), 0, following, turn

    def payoff(self, game: Deal, state: State, seat: int) -> float:
        """What ``seat`` wins when every seat plays the current strategy from ``state``."""
        while state[2] < game.seats - 1:
            _, legal, chances = self.policy(game, state)
            state = self.step(game, state, self.rng.choices(legal, chances)[0])
        standing, _, _, _, bidder = state
        assert standing is not None
        count, digit = standing
        sign = 1 if sum(own[digit] for own in game.counts) >= count else -1
        return sign * (game.seats - 1) if seat == bidder else -sign

    def iterate(self, iterations: int) -> None:
        """Each iteration deals a game and picks a seat to learn for. The other seats play
        the current strategy (and their choices feed the average strategy); the learning
        seat tries every action at each of its decisions, each valued by one game played on
        by the current strategy, and its regrets move by the difference; then it goes on by
        a uniform draw, a sampling that does not change with the strategy, so no regret
        needs reweighing (ESCHER, McAleer et al. 2023)."""
        for _ in range(iterations):
            game = deal(self.rng)
            learner = self.rng.randrange(game.seats)
            state: State = (None, 0, 0, self.rng.randrange(game.seats), -1)
            while state[2] < game.seats - 1:
                key, legal, chances = self.policy(game, state)
                if state[3] != learner:
                    sums = self.strategy_sums.setdefault(key, [0.0] * ACTIONS)
                    for action, chance in zip(legal, chances, strict=True):
                        sums[action] += self.weight * chance
                    state = self.step(game, state, self.rng.choices(legal, chances)[0])
                    continue
                values = [
                    self.payoff(game, self.step(game, state, action), learner) for action in legal
                ]
                expected = sum(v * c for v, c in zip(values, chances, strict=True))
                regret = self.regrets.setdefault(key, [0.0] * ACTIONS)
                for action, value in zip(legal, values, strict=True):
                    regret[action] += value - expected
                state = self.step(game, state, self.rng.choice(legal))


def uniform(legal: Sequence[int]) -> list[float]:
    return [1 / len(legal)] * len(legal)


Chunk = tuple[dict[str, Row], int, float, str]
"""The regrets a chunk starts from, its number of iterations, the weight of its strategy
in the average, and its seed."""


def run_chunk(chunk: Chunk) -> tuple[dict[str, Row], dict[str, Row]]:
    """A chunk's episodes from its regrets: what they change in the regrets (each episode
    sees the changes of those before it) and the strategy sums they add."""
    regrets, iterations, weight, seed = chunk
    learner = Learner(regrets, weight, random.Random(seed))
    learner.iterate(iterations)
    changes: dict[str, Row] = {}
    for key, row in learner.regrets.items():
        before = regrets.get(key, [0.0] * ACTIONS)
        changes[key] = [after - old for after, old in zip(row, before, strict=True)]
    return changes, learner.strategy_sums


def add_into(total: dict[str, Row], part: dict[str, Row]) -> None:
    for key, row in part.items():
        into = total.setdefault(key, [0.0] * ACTIONS)
        for action, value in enumerate(row):
            into[action] += value


def average_strategy(sums: dict[str, Row]) -> dict[str, dict[int, float]]:
    """Each key's average strategy as the chance of each action it plays, the smallest
    chances dropped and the rest rounded for the module."""
    table: dict[str, dict[int, float]] = {}
    for key, row in sorted(sums.items()):
        total = sum(row)
        if total <= 0:
            continue
        kept = {action: value / total for action, value in enumerate(row) if value > 0}
        kept = {action: chance for action, chance in kept.items() if chance >= SMALLEST_SHARE}
        scale = sum(kept.values())
        table[key] = {action: round(chance / scale, 4) for action, chance in kept.items()}
    return table


def row_lines(key: str, row: dict[int, float]) -> list[str]:
    """One situation's entry as ``ruff format`` lays it out: on one line when it fits."""
    items = [f"{action}: {chance:g}" for action, chance in row.items()]
    line = f'    "{key}": {{{", ".join(items)}}},'
    if len(line) <= LINE_LENGTH:
        return [line]
    return [f'    "{key}": {{', *(f"        {item}," for item in items), "    },"]


def write_table(table: dict[str, dict[int, float]], note: str, path: Path = TABLE_PATH) -> None:
    lines = [
        '"""The hard dollar-bill bot\'s strategy: for each situation of',
        ":mod:`liar_tui.bots.dollar_bills.abstraction`, the chance of each action it plays (0",
        "the pass, ``1 + 3 × kind + steps`` a bid). Written by "
        "``tools/train_dollar_bills_hard.py``",
        f'({note}); do not edit."""',
        "",
        "STRATEGY: dict[str, dict[int, float]] = {",
    ]
    for key, row in table.items():
        lines += row_lines(key, row)
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")


def train(iterations: int, batch: int, seed: int, pool: WorkPool) -> dict[str, Row]:
    """The strategy sums of ``iterations`` episodes, in batches of ``batch``."""
    regrets: dict[str, Row] = {}
    sums: dict[str, Row] = {}
    started = time.perf_counter()
    done = batch_number = 0
    while done < iterations:
        size = min(batch, iterations - done)
        chunks = [
            (
                regrets,
                size // CHUNKS + (chunk < size % CHUNKS),
                batch_number + 1.0,
                f"{seed}:{batch_number}:{chunk}",
            )
            for chunk in range(CHUNKS)
        ]
        for changes, part_sums in pool.map(run_chunk, chunks):
            add_into(regrets, changes)
            add_into(sums, part_sums)
        done += size
        batch_number += 1
        elapsed = time.perf_counter() - started
        print(f"{done:,} iterations, {len(regrets):,} situations, {elapsed:.0f} s", flush=True)
    return sums


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=240_000)
    parser.add_argument("--batch", type=int, default=12_000, help="iterations per batch")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--output", type=Path, default=TABLE_PATH, help="the module to write (the bot's own)"
    )
    add_pool_arguments(parser)
    args = parser.parse_args(argv)
    if args.iterations < 1 or args.batch < CHUNKS:
        parser.error(f"train at least 1 iteration, in batches of at least {CHUNKS}")
    try:
        with open_pool(args.jobs, args.ray) as pool:
            sums = train(args.iterations, args.batch, args.seed, pool)
    except PoolUnavailable as error:
        parser.exit(2, f"{error}\n")
    table = average_strategy(sums)
    note = f"{args.iterations:,} iterations in batches of {args.batch:,}, seed {args.seed}"
    write_table(table, note, args.output)
    print(f"wrote {len(table):,} situations to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
