"""Learning the hard dollar-bill bot's strategy: Monte Carlo CFR on its abstraction.

Run it to write :mod:`liar_tui.bots.dollar_bills.hard_table` afresh::

    .venv/bin/python -m tools.train_dollar_bills_hard [--iterations 240000] [--jobs 2]

(5 to 10 minutes with ``--jobs 2`` on a shared two-core machine).

A simulated table plays decision by decision on the abstraction of
:mod:`liar_tui.bots.dollar_bills.abstraction` (the bills are dealt at random, the bids are the
real ladder's, the show pays as the rules do). Each iteration deals one game and picks one
seat to learn for; the others are, by the deal, one of three kinds: copies of the current
strategy (regret matching on the regrets so far), *readers* that bid by expected money on
what the learner's bids told them (:data:`READER_SHARE`), or normal bots
(:data:`NORMAL_SHARE`). Self-play alone never punishes a bid that tells the bill (nobody in
it reads) and never meets the bluffing, jumping bidders of the arena; a table learnt mostly
against readers hides its bill but loses to normal bots. At each of the learning seat's
decisions every action is tried and valued by one game played on from it (the others
playing as they do); the regrets move by each value's difference from the strategy's, and
the seat goes on by a uniform draw: a sampling of its own play that does not change from
iteration to iteration, so no regret needs reweighing by the chance of being sampled (as in
ESCHER, McAleer et al. 2023). Outcome sampling, tried first, weighed its single sampled path
by up to thousands and after a million iterations still passed on sure bids. The strategy
shipped is the average of the strategies played by the self-play seats, weighed by batch
(later batches count more); in a game of more than two seats CFR is not proven to reach an
equilibrium, and the opponents' mix makes it a best response to a field rather than a
solution, so what counts is measured: ``benchmarks/exploit.py`` and the arena.

Work is done in batches: every batch runs :data:`CHUNKS` chunks of iterations, each from the
same regrets and with its own seed, and adds up what they learnt in the chunks' order. The
chunks run in ``--jobs`` local processes or on a Ray cluster (``--ray ADDRESS``, through
:func:`liar_tui.arena.pool.open_pool`); the result does not depend on where they ran.
"""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple, TypeVar

from liar_tui.arena.pool import PoolUnavailable, WorkPool, add_pool_arguments, open_pool
from liar_tui.bots.dollar_bills import abstraction
from liar_tui.bots.dollar_bills.abstraction import (
    ACTIONS,
    PASS,
    Standing,
    concrete_bid,
    shape_of,
    situation,
    support_of,
)
from liar_tui.bots.dollar_bills.normal import NormalPolicy
from liar_tui.rules.dollar_bills.game import Bid
from liar_tui.rules.dollar_bills.odds import chances_of_at_least
from liar_tui.rules.dollar_bills.rules import DIGIT_ORDER

TABLES = ((3, 8, 8), (2, 8, 1), (4, 8, 1))
"""Seats, digits and weight of the tables trained on: the three-seat default table most,
two and four seats beside it so the strategy holds at other sizes (its features are chances,
not counts, so it carries over)."""
CHUNKS = 8
"""Chunks per batch, each from the same regrets."""
SMALLEST_SHARE = 0.005
"""Chances below this are dropped from the shipped strategy (noise of the averaging)."""
READER_SHARE = 0.5
"""Share of the deals in which every seat but the learning one is a reader: a player that
bids by expected money, reading the learner's count of each digit from what its bids and
passes said of it (as the learned reader of ``benchmarks/exploit.py`` does), by a model of
the strategy counted over the deals of self-play so far. Self-play alone never punishes a
bid that tells the bill: nobody in it reads. The shares were measured with the support
feature (seed 1; the trained bot's money a game against the learned reader, 10,000 games,
and against two normal bots, 50,000; ``benchmarks/README.md`` has the rest): readers 0.5 and
normal bots 0.45 over 240,000 iterations, +$0.069 / +$0.51 (shipped; from training seed 2,
+$0.002 / +$0.51); over 120,000, −$0.017 / +$0.50; 0.45 and 0.5, −$0.081 / +$0.49; 0.55 and
0.4, −$0.111 / +$0.48; 0.7 and 0.25, −$0.029 / +$0.45. Trained for 120,000 iterations, the
reader's figure swung by $0.09 between neighbouring shares; 240,000 settle it."""
NORMAL_SHARE = 0.45
"""Share of the deals in which every seat but the learning one is the normal bot
(:class:`~liar_tui.bots.dollar_bills.normal.NormalPolicy` on counts): the table must also
hold against the bluffing, jumping bidders the arena measures it against, not only against
greedy readers that never bluff."""
READER_SPAN = 3
"""Bids a reader looks at per digit: the cheapest raise and this many above it."""
PRIOR_WEIGHT = 4.0
"""Pseudo-samples of plain odds mixed into each read distribution."""
LINE_LENGTH = 100
"""The project's line length: the written module is left as ``ruff format`` would."""
TABLE_PATH = Path(abstraction.__file__).with_name("hard_table.py")

Row = list[float]
K = TypeVar("K")


Said = tuple[tuple[int, ...] | None, ...]
"""Per digit, what the watched seat's turns said of its count of it (None: nothing)."""
Bidders = tuple[int, ...]
"""Per digit, the seats that have bid it this game, as bits (bit ``seat``)."""


class State(NamedTuple):
    """A game in play. A tuple, so that rollouts copy and unpack it cheaply."""

    standing: Standing
    shape: int
    """The standing bid's shape against the one before (see ``shape_of``)."""
    passes: int
    """Passes since the standing bid."""
    turn: int
    """The seat to act."""
    bidder: int
    """The seat that made the standing bid (-1 before the opening)."""
    said: Said
    bids: int
    """How many bids the watched seat has made."""
    bidders: Bidders


NOTHING_SAID: Said = (None,) * 10
NO_BIDDERS: Bidders = (0,) * 10


@dataclass
class Deal:
    """One simulated game: the table and each seat's count of each digit."""

    seats: int
    max_count: int
    counts: list[list[int]]
    tails: tuple[float, ...]
    readers: bool = False
    """Whether the seats other than the learning one are readers of it."""
    normals: bool = False
    """Whether the seats other than the learning one are normal bots."""
    watched: int = -1
    """The seat whose turns are followed (the learner with readers, a self-play seat
    otherwise, whose decisions feed the readers' model)."""
    rest_tails: tuple[float, ...] = ()
    """The chances of at least n of a digit among the seats other than a reader and the
    watched one."""
    situations: dict[tuple[int, Standing, int, bool, int], tuple[str, tuple[int, ...]]] = field(
        default_factory=dict
    )
    """Each seat's situations met so far: rollouts meet the same ones over and over."""

    def situation(self, state: State) -> tuple[str, tuple[int, ...]]:
        """The key and the actions of the seat to act at ``state``."""
        standing, shape, passes, turn = state.standing, state.shape, state.passes, state.turn
        ends_on_pass = passes == self.seats - 2
        support = 0 if standing is None else support_of(state.bidders[standing[1]], turn)
        memo = (turn, standing, shape, ends_on_pass, support)
        found = self.situations.get(memo)
        if found is None:
            own = self.counts[turn]
            found = situation(own, standing, shape, ends_on_pass, self.tails, support)
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
    return Deal(
        seats,
        seats * digits,
        counts,
        chances_of_at_least((seats - 1) * digits),
        rest_tails=chances_of_at_least((seats - 2) * digits),
    )


def above_expected(count: int, max_count: int) -> int:
    return max(-2, min(4, count - round(max_count / 10)))


def said_after(state: State, bid: tuple[int, int] | None, max_count: int) -> Said:
    """What the watched seat's turn (``bid``, None for a pass) leaves said of each digit, as
    the learned reader keys it: a bid by its shape (switched, steps, count against the
    expected, bids made before), a pass on a bid by how high it stood; a bid on another
    digit wipes what was said of one."""
    standing, said, bids = state.standing, state.said, state.bids
    if bid is None:
        if standing is None:
            return said
        changed = list(said)
        changed[standing[1]] = (-1, above_expected(standing[0], max_count))
        return tuple(changed)
    count, digit = bid
    switched = int(standing is None or standing[1] != digit)
    steps = min(3, count - abstraction.cheapest_count(standing, digit))
    shape = (switched, steps, above_expected(count, max_count), min(2, bids))
    changed = [None] * 10
    changed[digit] = shape
    return tuple(changed)


def regret_matching(row: Row, legal: Sequence[int]) -> list[float]:
    """Each legal action's chance in proportion to its positive regret (uniform if none)."""
    positive = [max(row[action], 0.0) for action in legal]
    total = sum(positive)
    if total <= 0:
        return [1 / len(legal)] * len(legal)
    return [value / total for value in positive]


class Learner:
    """Regrets and strategy sums, updated by sampled episodes."""

    def __init__(
        self,
        regrets: dict[str, Row],
        weight: float,
        rng: random.Random,
        model: dict[tuple[int, ...], Row] | None = None,
        reader_share: float = READER_SHARE,
        normal_share: float = NORMAL_SHARE,
    ) -> None:
        self.reader_share = reader_share
        self.normal_share = normal_share
        self._normal_policies: dict[tuple[Standing, int, int], NormalPolicy] = {}
        self.regrets = {key: list(row) for key, row in regrets.items()}
        self.strategy_sums: dict[str, Row] = {}
        self.model = model or {}
        """Per thing said of a digit, how often the watched seat held 0, 1, 2, … of it."""
        self.model_added: dict[tuple[int, ...], Row] = {}
        self._reads: dict[tuple[tuple[int, ...], int], list[float]] = {}
        self.weight = weight
        self.rng = rng

    def policy(self, game: Deal, state: State) -> tuple[str, tuple[int, ...], list[float]]:
        """The situation of the seat to act, its actions and the current strategy's chances."""
        key, legal = game.situation(state)
        regret = self.regrets.get(key)
        return key, legal, regret_matching(regret, legal) if regret else uniform(legal)

    def read(self, said: tuple[int, ...], digits: int) -> list[float]:
        """The readers' chances of the watched seat holding 0, 1, 2, … of a digit it said
        ``said`` of."""
        memo = (said, digits)
        found = self._reads.get(memo)
        if found is None:
            seen = self.model.get(said, [])
            tails = chances_of_at_least(digits)
            prior = [tails[k] - (tails[k + 1] if k < digits else 0.0) for k in range(digits + 1)]
            counted = [seen[k] if k < len(seen) else 0.0 for k in range(digits + 1)]
            total = sum(counted) + PRIOR_WEIGHT
            found = [(c + PRIOR_WEIGHT * p) / total for c, p in zip(counted, prior, strict=True)]
            self._reads[memo] = found
        return found

    def reader_bid(self, game: Deal, state: State) -> tuple[int, int] | None:
        """A reader's turn: the pass or bid worth the most by the odds it reads."""
        standing, turn, said = state.standing, state.turn, state.said
        own = game.counts[turn]
        digits = game.max_count // game.seats

        def holds(count: int, digit: int) -> float:
            needed = count - own[digit]
            if needed <= 0:
                return 1.0
            told = said[digit]
            if told is None:
                return abstraction.chance_of(needed, game.tails)
            return sum(
                chance * abstraction.chance_of(needed - held, game.rest_tails)
                for held, chance in enumerate(self.read(told, digits))
            )

        best_value = -1e9
        best: tuple[int, int] | None = None
        if standing is not None:
            best_value = 1 - 2 * holds(*standing)
        others = game.seats - 1
        for digit in DIGIT_ORDER:
            cheapest = abstraction.cheapest_count(standing, digit)
            for count in range(cheapest, min(game.max_count, cheapest + READER_SPAN) + 1):
                value = others * (2 * holds(count, digit) - 1)
                if value > best_value:
                    best_value, best = value, (count, digit)
        return best

    def normal_bid(self, game: Deal, state: State) -> tuple[int, int] | None:
        """A normal bot's turn, drawn from its chances for the seat's bill."""
        standing, turn = state.standing, state.turn
        digits = game.max_count // game.seats
        memo = (standing, game.seats, digits)
        policy = self._normal_policies.get(memo)
        if policy is None:
            policy = NormalPolicy(None if standing is None else Bid(*standing), game.seats, digits)
            self._normal_policies[memo] = policy
        outcomes = policy.distribution(game.counts[turn])
        actions = list(outcomes)
        return (
            self.rng.choices(actions, list(outcomes.values()))[0]
            if len(actions) > 1
            else actions[0]
        )

    def opponent_bid(self, game: Deal, state: State) -> tuple[int, int] | None:
        return self.normal_bid(game, state) if game.normals else self.reader_bid(game, state)

    def plays_table(self, game: Deal, turn: int, learner: int) -> bool:
        return not (game.readers or game.normals) or turn == learner

    def move(self, game: Deal, state: State, learner: int) -> State:
        """The seat to act plays: by the current strategy, or as a reader or normal bot."""
        if self.plays_table(game, state.turn, learner):
            _, legal, chances = self.policy(game, state)
            return self.step(game, state, self.rng.choices(legal, chances)[0])
        return self.advance(game, state, self.opponent_bid(game, state))

    def step(self, game: Deal, state: State, action: int) -> State:
        standing, turn = state.standing, state.turn
        bid = (
            None
            if action == PASS
            else concrete_bid(action, game.counts[turn], standing, game.max_count, self.rng)
        )
        return self.advance(game, state, bid)

    def advance(self, game: Deal, state: State, bid: tuple[int, int] | None) -> State:
        standing, shape, passes, turn, bidder, said, bids, bidders = state
        following = (turn + 1) % game.seats
        if turn == game.watched:
            said = said_after(state, bid, game.max_count)
            bids += bid is not None
        if bid is None:
            return State(standing, shape, passes + 1, following, bidder, said, bids, bidders)
        digit = bid[1]
        bidders = (*bidders[:digit], bidders[digit] | 1 << turn, *bidders[digit + 1 :])
        return State(bid, shape_of(standing, bid), 0, following, turn, said, bids, bidders)

    def watch(self, game: Deal, state: State, moved: State) -> None:
        """Count what the watched seat's turn said of the digit it concerned (the one it bid,
        or the one of the bid it passed on) against its count of that digit."""
        standing, turn = state.standing, state.turn
        bid = moved.standing
        digit = bid[1] if bid != standing and bid is not None else None
        if digit is None and standing is not None:
            digit = standing[1]
        said = None if digit is None else moved.said[digit]
        if digit is None or said is None:
            return
        row = self.model_added.setdefault(said, [0.0] * 9)
        held = game.counts[turn][digit]
        if held < len(row):
            row[held] += 1

    def payoff(self, game: Deal, state: State, seat: int) -> float:
        """What ``seat`` wins when every seat plays the current strategy from ``state``."""
        while state.passes < game.seats - 1:
            state = self.move(game, state, seat)
        standing, bidder = state.standing, state.bidder
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
            draw = self.rng.random()
            game.readers = draw < self.reader_share
            game.normals = not game.readers and draw < self.reader_share + self.normal_share
            if game.readers:
                game.watched = learner
            elif game.normals:
                game.watched = -1
            else:
                game.watched = (learner + 1 + self.rng.randrange(game.seats - 1)) % game.seats
            first = self.rng.randrange(game.seats)
            state = State(None, 0, 0, first, -1, NOTHING_SAID, 0, NO_BIDDERS)
            while state.passes < game.seats - 1:
                if state.turn != learner and (game.readers or game.normals):
                    state = self.advance(game, state, self.opponent_bid(game, state))
                    continue
                key, legal, chances = self.policy(game, state)
                if state.turn != learner:
                    sums = self.strategy_sums.setdefault(key, [0.0] * ACTIONS)
                    for action, chance in zip(legal, chances, strict=True):
                        sums[action] += self.weight * chance
                    moved = self.step(game, state, self.rng.choices(legal, chances)[0])
                    if state.turn == game.watched:
                        self.watch(game, state, moved)
                    state = moved
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


Model = dict[tuple[int, ...], Row]
Chunk = tuple[dict[str, Row], int, float, str, Model, float, float]
"""The regrets a chunk starts from, its number of iterations, the weight of its strategy
in the average, and its seed."""


def run_chunk(chunk: Chunk) -> tuple[dict[str, Row], dict[str, Row], Model]:
    """A chunk's episodes from its regrets: what they change in the regrets (each episode
    sees the changes of those before it), the strategy sums they add, and the readers'
    model's new counts."""
    regrets, iterations, weight, seed, model, reader_share, normal_share = chunk
    learner = Learner(regrets, weight, random.Random(seed), model, reader_share, normal_share)
    learner.iterate(iterations)
    changes: dict[str, Row] = {}
    for key, row in learner.regrets.items():
        before = regrets.get(key, [0.0] * ACTIONS)
        changes[key] = [after - old for after, old in zip(row, before, strict=True)]
    return changes, learner.strategy_sums, learner.model_added


def add_into(total: dict[K, Row], part: dict[K, Row]) -> None:
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
        *textwrap.wrap(f'({note}); do not edit."""', LINE_LENGTH - 8),
        "",
        "STRATEGY: dict[str, dict[int, float]] = {",
    ]
    for key, row in table.items():
        lines += row_lines(key, row)
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")


def train(
    iterations: int,
    batch: int,
    seed: int,
    pool: WorkPool,
    reader_share: float = READER_SHARE,
    normal_share: float = NORMAL_SHARE,
) -> dict[str, Row]:
    """The strategy sums of ``iterations`` episodes, in batches of ``batch``."""
    regrets: dict[str, Row] = {}
    sums: dict[str, Row] = {}
    model: Model = {}
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
                model,
                reader_share,
                normal_share,
            )
            for chunk in range(CHUNKS)
        ]
        added: Model = {}
        for changes, part_sums, part_model in pool.map(run_chunk, chunks):
            add_into(regrets, changes)
            add_into(sums, part_sums)
            add_into(added, part_model)
        add_into(model, added)
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
        "--reader-share",
        type=float,
        default=READER_SHARE,
        help="share of the deals played against readers of the learner's bids",
    )
    parser.add_argument(
        "--normal-share",
        type=float,
        default=NORMAL_SHARE,
        help="share of the deals played against normal bots",
    )
    parser.add_argument(
        "--output", type=Path, default=TABLE_PATH, help="the module to write (the bot's own)"
    )
    add_pool_arguments(parser)
    args = parser.parse_args(argv)
    if args.iterations < 1 or args.batch < CHUNKS:
        parser.error(f"train at least 1 iteration, in batches of at least {CHUNKS}")
    try:
        with open_pool(args.jobs, args.ray) as pool:
            sums = train(
                args.iterations, args.batch, args.seed, pool, args.reader_share, args.normal_share
            )
    except PoolUnavailable as error:
        parser.exit(2, f"{error}\n")
    table = average_strategy(sums)
    note = (
        f"{args.iterations:,} iterations in batches of {args.batch:,}, seed {args.seed}, "
        f"{args.reader_share:g} of them against readers, {args.normal_share:g} against normal bots"
    )
    write_table(table, note, args.output)
    print(f"wrote {len(table):,} situations to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
