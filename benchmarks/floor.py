"""How long ``floor`` takes per declaration, for each kind of table: median, 99th percentile, max.

Four kinds of table: five-card hands, seven-card hands, and each with face-up (communal)
cards. Each kind plays rounds under a few rule sets (plain, jokers, named wild ranks, color
flushes off, two pair over trips); a round with face-up cards deals new ones, as the game
does. In each round the declarations are drawn from a seeded generator, as a player would
build them with the pickers, and each distinct one is timed once, the first time it is asked
(asking again is a cache look-up). Declarations no hand matches are timed too, since a
refusal is what the builder shows for them.

The first call of a round pays for what the round's table sets up, so it is reported apart
("first call"), as is the start of a round (``lowest_hand`` and ``highest_hand``, which the
game asks before anyone declares). The evaluator's tables, built once per ranking for the
whole process, are built before timing. Each call is timed alone, with the garbage collector
paused as ``timeit`` does.

    .venv/bin/python benchmarks/floor.py
"""

from __future__ import annotations

import contextlib
import functools
import gc
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from liar_tui.rules.cards import NATURAL_RANKS, Card, Rank, Suit
from liar_tui.rules.liars_poker.declarations import (
    GROUP_SHAPES,
    PREFIX_CATEGORIES,
    Declaration,
    DeclarationError,
)
from liar_tui.rules.liars_poker.floor import floor, highest_hand, lowest_hand
from liar_tui.rules.liars_poker.poker_hands import hand_rank
from liar_tui.rules.liars_poker.rules import Category, Color, PokerRules

SEED = 20130612
ROUNDS = 120
"""Rounds per rule set and kind of table."""
DECLARATIONS_PER_ROUND = 60
RULE_SETS = (
    PokerRules(),
    PokerRules(jokers=2),
    PokerRules(jokers=1, wild_ranks=frozenset({Rank.TWO})),
    PokerRules(wild_ranks=frozenset({Rank.SEVEN, Rank.ACE}), color_flush=False),
    PokerRules(jokers=1, two_pair_over_trips=True, color_straight_flush=False),
)
KINDS: dict[str, Callable[[PokerRules], PokerRules]] = {
    "five cards": lambda rules: rules,
    "seven cards": lambda rules: replace(rules, hand_size=7),
    "five cards, 2 face up": lambda rules: replace(rules, communal_cards=2),
    "seven cards, 1 face up": lambda rules: replace(rules, hand_size=7, communal_cards=1),
    "seven cards, 2 face up": lambda rules: replace(rules, hand_size=7, communal_cards=2),
}


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


def face_up_cards(rng: random.Random, rules: PokerRules) -> tuple[Card, ...]:
    deck = [Card(rank, suit) for rank in NATURAL_RANKS for suit in Suit]
    deck += [Card(Rank.JOKER, None, copy) for copy in range(rules.jokers)]
    return tuple(rng.sample(deck, rules.communal_cards))


@dataclass
class Timings:
    calls: list[float] = field(default_factory=list)
    first_calls: list[float] = field(default_factory=list)
    round_starts: list[float] = field(default_factory=list)


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    with contextlib.suppress(DeclarationError):
        call()
    return time.perf_counter() - start


def play_rounds(rng: random.Random, rules: PokerRules, timings: Timings) -> None:
    """Rounds under ``rules``; a declaration asked again on the same table is not timed."""
    asked: set[tuple[Declaration, tuple[Card, ...]]] = set()
    for _ in range(ROUNDS):
        communal = face_up_cards(rng, rules)
        timings.round_starts.append(timed(functools.partial(round_start, rules, communal)))
        for at in range(DECLARATIONS_PER_ROUND):
            declaration = random_declaration(rng, rules)
            if (declaration, communal) in asked:
                continue
            asked.add((declaration, communal))
            took = timed(functools.partial(floor, declaration, rules, communal))
            (timings.first_calls if at == 0 else timings.calls).append(took)


def round_start(rules: PokerRules, communal: tuple[Card, ...]) -> None:
    lowest_hand(rules, communal)
    highest_hand(rules, communal)


def main() -> None:
    rng = random.Random(SEED)
    for rules in RULE_SETS:
        hand_rank([Card(rank, Suit.SPADES) for rank in NATURAL_RANKS[:5]], rules)
    print(
        f"floor: {ROUNDS} rounds per rule set ({len(RULE_SETS)} rule sets), "
        f"{DECLARATIONS_PER_ROUND} declarations per round"
    )
    gc.disable()
    try:
        for kind, rules_of in KINDS.items():
            timings = Timings()
            for rules in RULE_SETS:
                play_rounds(rng, rules_of(rules), timings)
            print(f"{kind}:")
            for label, found in (
                ("declarations", timings.calls),
                ("first call", timings.first_calls),
                ("round start", timings.round_starts),
            ):
                print(f"  {label:<14} {len(found):>6,}: {_figures(found)}")
    finally:
        gc.enable()


def _figures(timings: list[float]) -> str:
    ordered = sorted(timings)
    p99 = ordered[max(0, int(len(ordered) * 0.99) - 1)]
    median = statistics.median(ordered)
    return (
        f"median {median * 1e3:7.3f} ms, p99 {p99 * 1e3:7.2f} ms, max {ordered[-1] * 1e3:7.1f} ms"
    )


if __name__ == "__main__":
    main()
