"""How long ``floor`` takes per declaration: median and 99th percentile over 10,000 of them.

Declarations are drawn from a seeded generator, as a player would build them with the pickers:
a category the rules allow, then any of its details, under a few rule sets (plain, jokers,
named wild ranks, color flushes off). Declarations no hand matches are timed too, since a
refusal is what the builder shows for them. Each call is timed alone, with the garbage
collector paused as ``timeit`` does; the first call under each rule set, which builds the
evaluator's tables, is made before timing.

    .venv/bin/python benchmarks/floor.py
"""

from __future__ import annotations

import gc
import random
import statistics
import time

from liar_tui.rules.cards import NATURAL_RANKS, Rank, Suit
from liar_tui.rules.declarations import (
    GROUP_SHAPES,
    PREFIX_CATEGORIES,
    Declaration,
    DeclarationError,
)
from liar_tui.rules.floor import floor
from liar_tui.rules.poker_rules import Category, Color, PokerRules

DECLARATIONS = 10_000
SEED = 20130612
RULE_SETS = (
    PokerRules(),
    PokerRules(jokers=2),
    PokerRules(jokers=1, wild_ranks=frozenset({Rank.TWO})),
    PokerRules(wild_ranks=frozenset({Rank.SEVEN, Rank.ACE}), color_flush=False),
    PokerRules(jokers=1, two_pair_over_trips=True, color_straight_flush=False),
)


def random_declaration(rng: random.Random, rules: PokerRules) -> Declaration:
    """A declaration the pickers could build under ``rules``: drawn until one can be said."""
    while True:
        category = rng.choice(rules.order())
        details: dict[str, object] = {}
        if category in GROUP_SHAPES:
            group_room, kicker_room = GROUP_SHAPES[category]
            groups = rng.sample(NATURAL_RANKS, rng.randint(0, group_room))
            if category is Category.TWO_PAIR:
                groups.sort(reverse=True)
            details["groups"] = tuple(groups)
            if len(groups) == group_room and kicker_room:
                others = [rank for rank in NATURAL_RANKS if rank not in groups]
                kickers = rng.sample(others, rng.randint(0, kicker_room))
                details["kickers"] = tuple(sorted(kickers, reverse=True))
        elif category in PREFIX_CATEGORIES:
            run = rng.sample(NATURAL_RANKS, rng.randint(0, 5))
            details["high_cards"] = tuple(sorted(run, reverse=True))
        else:
            details["top"] = rng.choice([None, *(r for r in NATURAL_RANKS if r >= Rank.FIVE)])
        if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
            details["suit"] = rng.choice([None, *Suit])
        if category in (Category.COLOR_FLUSH, Category.COLOR_STRAIGHT_FLUSH):
            details["color"] = rng.choice([None, *Color])
        try:
            return Declaration(category, **details)  # type: ignore[arg-type]
        except DeclarationError:
            continue


def main() -> None:
    rng = random.Random(SEED)
    cases = [
        (declaration, rules)
        for rules in RULE_SETS
        for declaration in (
            random_declaration(rng, rules) for _ in range(DECLARATIONS // len(RULE_SETS))
        )
    ]
    rng.shuffle(cases)
    for rules in RULE_SETS:
        floor(Declaration(Category.HIGH_CARD), rules)
    accepted: list[float] = []
    refused: list[float] = []
    gc.disable()
    try:
        for declaration, rules in cases:
            start = time.perf_counter()
            try:
                floor(declaration, rules)
            except DeclarationError:
                refused.append(time.perf_counter() - start)
            else:
                accepted.append(time.perf_counter() - start)
    finally:
        gc.enable()
    print(f"floor over {len(cases):,} declarations")
    for label, timings in (
        ("all", accepted + refused),
        ("matched by some hand", accepted),
        ("refused as impossible", refused),
    ):
        print(f"  {label:<22} {len(timings):>6,}: {_figures(timings)}")


def _figures(timings: list[float]) -> str:
    ordered = sorted(timings)
    p99 = ordered[max(0, int(len(ordered) * 0.99) - 1)]
    median = statistics.median(ordered)
    return (
        f"median {median * 1e6:6.1f} µs, p99 {p99 * 1e6:7.1f} µs, max {ordered[-1] * 1e6:7.1f} µs"
    )


if __name__ == "__main__":
    main()
