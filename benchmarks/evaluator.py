"""Our poker hand evaluator against ``treys``, over every five-card hand, in one run.

Each evaluator values the same hands, each in its own card form made beforehand (our
``Card`` objects, treys' integers), so that only evaluation is timed. The hands go in chunks,
and every chunk is timed under each evaluator in turn, the first one rotating, so that the
machine's noise falls on all alike. Timed loops run with the garbage collector paused, as
``timeit`` does. The ratio is printed twice: from the total times, and as the median of the
chunks' ratios, which a burst of load from another process on a shared machine moves less.

Ours is timed under the default rules (color flushes on: one more check per hand) and with
color flushes off (the same categories as treys). Treys is timed through its public
``Evaluator.evaluate(hand, [])`` and through ``Evaluator._five``, its five-card path without
the dispatch; the ratio is against the faster of the two. Our look-up tables are built before
timing starts, as treys builds its own when its ``Evaluator`` is made; the build time is
printed apart.

    .venv/bin/python benchmarks/evaluator.py            # all 2,598,960 hands
    .venv/bin/python benchmarks/evaluator.py --sample   # a fixed seeded sample of 500,000
"""

from __future__ import annotations

import argparse
import gc
import itertools
import random
import statistics
import time
from collections.abc import Callable, Iterator

from treys import Card as TreysCard
from treys import Evaluator

from liar_tui.rules.cards import Card, standard_deck
from liar_tui.rules.liars_poker.poker_hands import hand_rank
from liar_tui.rules.liars_poker.rules import PokerRules

SAMPLE_SIZE = 500_000
SAMPLE_SEED = 20130612
CHUNK = 10_000
DECK = standard_deck(jokers=0)
TREYS_DECK = [TreysCard.new(card.rank.ascii + card.suit.value.lower()) for card in DECK]  # type: ignore[union-attr]


def hands_by_index(sample: bool) -> Iterator[tuple[int, ...]]:
    if not sample:
        yield from itertools.combinations(range(len(DECK)), 5)
        return
    rng = random.Random(SAMPLE_SEED)
    for _ in range(SAMPLE_SIZE):
        yield tuple(rng.sample(range(len(DECK)), 5))


def chunks(sample: bool) -> Iterator[list[tuple[int, ...]]]:
    hands = hands_by_index(sample)
    while chunk := list(itertools.islice(hands, CHUNK)):
        yield chunk


def time_ours(hands: list[tuple[Card, ...]], rules: PokerRules) -> float:
    gc.disable()
    started = time.perf_counter()
    for hand in hands:
        hand_rank(hand, rules)
    elapsed = time.perf_counter() - started
    gc.enable()
    return elapsed


def time_treys_evaluate(hands: list[list[int]], evaluator: Evaluator) -> float:
    board: list[int] = []
    evaluate = evaluator.evaluate
    gc.disable()
    started = time.perf_counter()
    for hand in hands:
        evaluate(hand, board)
    elapsed = time.perf_counter() - started
    gc.enable()
    return elapsed


def time_treys_five(hands: list[list[int]], evaluator: Evaluator) -> float:
    five = evaluator._five
    gc.disable()
    started = time.perf_counter()
    for hand in hands:
        five(hand)
    elapsed = time.perf_counter() - started
    gc.enable()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sample",
        action="store_true",
        help=f"a fixed seeded sample of {SAMPLE_SIZE:,} hands instead of all 2,598,960",
    )
    args = parser.parse_args()

    default_rules = PokerRules()
    plain_rules = PokerRules(color_flush=False, color_straight_flush=False)
    started = time.perf_counter()
    hand_rank(DECK[:5], default_rules)
    hand_rank(DECK[:5], plain_rules)
    build = time.perf_counter() - started
    treys = Evaluator()

    contenders: dict[str, Callable[[list[tuple[Card, ...]], list[list[int]]], float]] = {
        "ours, default rules": lambda ours, _: time_ours(ours, default_rules),
        "ours, color flushes off": lambda ours, _: time_ours(ours, plain_rules),
        "treys evaluate(hand, [])": lambda _, theirs: time_treys_evaluate(theirs, treys),
        "treys _five(hand)": lambda _, theirs: time_treys_five(theirs, treys),
    }
    seconds = dict.fromkeys(contenders, 0.0)
    chunk_seconds: dict[str, list[float]] = {name: [] for name in contenders}
    hands = 0
    for round_number, chunk in enumerate(chunks(args.sample)):
        ours_hands = [tuple(DECK[index] for index in hand) for hand in chunk]
        treys_hands = [[TREYS_DECK[index] for index in hand] for hand in chunk]
        names = list(contenders)
        shift = round_number % len(names)
        for name in names[shift:] + names[:shift]:
            elapsed = contenders[name](ours_hands, treys_hands)
            seconds[name] += elapsed
            chunk_seconds[name].append(elapsed)
        hands += len(chunk)

    print(
        f"{hands:,} five-card hands (our tables for both rule sets: {build * 1000:.0f} ms, untimed)"
    )
    for name, elapsed in seconds.items():
        print(f"  {name:<26} {hands / elapsed:>12,.0f} hands/s  ({elapsed:.2f} s)")
    treys_names = ("treys evaluate(hand, [])", "treys _five(hand)")
    treys_fastest = min(treys_names, key=seconds.__getitem__)
    print(f"ours ÷ {treys_fastest} (target ≤ 1.0):")
    for name in ("ours, default rules", "ours, color flushes off"):
        total_ratio = seconds[name] / seconds[treys_fastest]
        chunk_ratios = [
            ours / theirs
            for ours, theirs in zip(chunk_seconds[name], chunk_seconds[treys_fastest], strict=True)
        ]
        print(
            f"  {name:<26} {total_ratio:.2f} in total time, "
            f"{statistics.median(chunk_ratios):.2f} as the median over {len(chunk_ratios)} chunks"
        )


if __name__ == "__main__":
    main()
