"""Learning the hard Liar Game bot's tables: record the normal bots, then value iteration.

Run it to write :mod:`liar_tui.bots.liar_game.hard_tables` afresh (a few minutes; each run
starts from the tables it finds, so a second run improves on the first)::

    .venv/bin/python -m tools.train_liar_game_hard --jobs 2

1. The hard bot, with the tables it has, plays games against three normal bots under the
   default rules, changing chair every game; every round the three hands they show are
   recorded under the situation the hard bot was in (``hard.Situation``). The
   normal bots judge the others by what they show, so they are recorded against the bot
   that will face them. So are the ranks of the fresh cards the hard bot is dealt after
   the opening: every pocket at the table hoards aces, kings and jokers, so the deck they
   come from holds about half its share of aces (2.3 in 54 cards rather than 4) and of
   jokers. Games are played in chunks on :func:`liar_tui.arena.pool.open_pool`'s pool
   (``--jobs``, ``--ray``) and summed in order, so the tables do not depend on where.
2. Relative value iteration for the cards kept: a round starts with three kept ranks plus
   three fresh ones, drawn as the recorded fresh ranks fell (less any of a rank the kept
   cards hold, in proportion); the bot shows the three that maximise the chance of
   meeting a recorded bar (any situation) times their points plus the value of the three
   left. Values are relative to keeping 2-3-5 and converge to the points each kept set
   adds over all the rounds to come. Every draw of fresh cards is weighed exactly (sampled
   draws left the values a few points off, enough to change decisions). With fresh cards
   from a full deck instead, the values promised 23.9 points a round where the bot took
   17.8, and overpriced waiting for the cards to come.
"""

from __future__ import annotations

import argparse
import random
import sys
from bisect import bisect_right
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations, combinations_with_replacement
from math import factorial, prod
from pathlib import Path

from liar_tui.arena.pool import PoolUnavailable, WorkPool, add_pool_arguments, open_pool
from liar_tui.bots.liar_game import hard_tables
from liar_tui.bots.liar_game.hard import (
    HAND_CLASSES,
    LEARNT_RULES,
    HardLiarGameBot,
    full_rank_counts,
    hand_class,
    kept_triples,
)
from liar_tui.bots.liar_game.normal import LiarGameBot
from liar_tui.bots.liar_game.odds import Ranks, hand_book, ranks_of
from liar_tui.rules.cards import Card
from liar_tui.rules.liar_game.game import HAND_SIZE, POCKET_SIZE, LiarGame

SEATS = 4
REFERENCE_KEPT: Ranks = (2, 3, 5)
"""The kept set every value is measured against: a plainly poor one."""
CONVERGED = 0.01
"""Stop when no value moved more than this many points in a sweep."""
MAX_SWEEPS = 200
HANDS_STORED = 6000
"""At most this many hands of a class go into the tables: plenty for the spread's shape,
and the module stays small (the kept values learn from every hand recorded)."""
HANDS_PER_LINE = 26
VALUES_PER_LINE = 14
TABLES_PATH = Path(hard_tables.__file__)
"""The module the hard bot reads, in the package beside it."""
SPLITS = [
    (shown, tuple(slot for slot in range(POCKET_SIZE) if slot not in shown))
    for shown in combinations(range(POCKET_SIZE), HAND_SIZE)
]


GAMES_PER_CHUNK = 10
"""Games a worker records at once: few enough that the chunks spread over the workers."""

Recorded = tuple[dict[str, list[Ranks]], Counter[int]]
"""The normal bots' shown hands by class (``hard.HAND_CLASSES``), and the ranks of the
hard bot's fresh cards."""


def record_rounds(games: int, seed: int, pool: WorkPool) -> Recorded:
    """The normal bots' shown hands over ``games`` games with the hard bot, each by its class
    as the hard bot saw it (``hard.hand_class``); and the ranks of the cards dealt to the
    hard bot after the opening, counted."""
    chunks = [
        (seed, range(start, min(games, start + GAMES_PER_CHUNK)))
        for start in range(0, games, GAMES_PER_CHUNK)
    ]
    hands: dict[str, list[Ranks]] = {name: [] for name in HAND_CLASSES}
    fresh: Counter[int] = Counter()
    for chunk_hands, chunk_fresh in pool.map(record_chunk, chunks):
        for name in HAND_CLASSES:
            hands[name] += chunk_hands[name]
        fresh += chunk_fresh
    return hands, fresh


def record_chunk(chunk: tuple[int, range]) -> Recorded:
    """:func:`record_rounds` for some of the games; each game's seed follows from its number."""
    seed, numbers = chunk
    hands: dict[str, list[Ranks]] = {name: [] for name in HAND_CLASSES}
    fresh: Counter[int] = Counter()
    for number in numbers:
        hard_seat = number % SEATS
        game = LiarGame(LEARNT_RULES, SEATS, seed + number)
        bots = [
            (HardLiarGameBot if seat == hard_seat else LiarGameBot)(
                random.Random(f"{seed}:{number}:{seat}")
            )
            for seat in range(SEATS)
        ]
        kept: set[Card] | None = None
        while not game.over:
            view = game.view(hard_seat)
            if kept is not None:
                fresh.update(int(card.rank) for card in view.pocket if card not in kept)
            actions = [bots[seat].act(game.view(seat)) for seat in range(SEATS)]
            for seat in range(SEATS):
                if seat != hard_seat:
                    hands[hand_class(view, seat)].append(ranks_of(actions[seat].cards))
            kept = set(view.pocket) - set(actions[hard_seat].cards)
            for action in actions:
                game.apply(action)
    return hands, fresh


def fresh_draws(kept: Ranks, fresh: Mapping[int, float]) -> list[tuple[Ranks, float]]:
    """Every three fresh ranks that can join ``kept``, with its chance: each card of a rank
    as often as the recorded fresh cards were of it, less the share of that rank the kept
    cards hold."""
    full = full_rank_counts()
    held = Counter(kept)
    weights = {rank: fresh.get(rank, 0.0) * (full[rank] - held[rank]) / full[rank] for rank in full}
    total = sum(weights.values())
    draws = []
    for ranks in combinations_with_replacement(sorted(full), HAND_SIZE):
        drawn = Counter(ranks)
        if any(held[rank] + count > full[rank] for rank, count in drawn.items()):
            continue
        orders = factorial(HAND_SIZE) // prod(factorial(count) for count in drawn.values())
        chance = orders * prod((weights[rank] / total) ** count for rank, count in drawn.items())
        if chance:
            draws.append((ranks, chance))
    possible = sum(chance for _, chance in draws)
    return [(ranks, chance / possible) for ranks, chance in draws]


def kept_values(hands: Sequence[Ranks], fresh: Mapping[int, float]) -> list[float]:
    """Each kept set's value (in the order of :func:`kept_triples`) against these bars, with
    fresh cards of each rank as often as ``fresh`` says (counts or shares).

    Exact: every draw of three fresh ranks with its chance, and the best split of each
    six-rank pocket worked out once per sweep (pockets repeat across kept sets).
    """
    book = hand_book(LEARNT_RULES)
    strengths = sorted(book.score(hand).strength for hand in hands)

    def earns(shown: Ranks) -> float:
        score = book.score(shown)
        meets_one = bisect_right(strengths, score.strength) / len(strengths)
        return meets_one ** (SEATS - 1) * score.points

    states = kept_triples()
    index = {kept: number for number, kept in enumerate(states)}
    pockets: dict[Ranks, int] = {}
    splits: list[list[tuple[float, int]]] = []
    draws: list[list[tuple[int, float]]] = []
    for kept in states:
        chances = []
        for drawn, chance in fresh_draws(kept, fresh):
            pocket = tuple(sorted(kept + drawn))
            if pocket not in pockets:
                pockets[pocket] = len(splits)
                splits.append(
                    [
                        (
                            earns(tuple(pocket[slot] for slot in shown)),
                            index[tuple(pocket[slot] for slot in left_over)],
                        )
                        for shown, left_over in SPLITS
                    ]
                )
            chances.append((pockets[pocket], chance))
        draws.append(chances)
    values = [0.0] * len(states)
    for _ in range(MAX_SWEEPS):
        best = [max(now + values[after] for now, after in options) for options in splits]
        swept = [sum(best[pocket] * chance for pocket, chance in chances) for chances in draws]
        reference = swept[index[REFERENCE_KEPT]]
        moved = max(abs(new - reference - old) for new, old in zip(swept, values, strict=True))
        values = [new - reference for new in swept]
        if moved < CONVERGED:
            break
    return values


def encode_hands(hands: list[Ranks]) -> list[str]:
    """Three hex digits a hand, so thousands of hands fit in a few hundred lines."""
    text = "".join(f"{rank:x}" for hand in hands for rank in hand)
    width = HANDS_PER_LINE * HAND_SIZE
    return [text[at : at + width] for at in range(0, len(text), width)]


def write_tables(
    hands: dict[str, list[Ranks]],
    fresh: Counter[int],
    values: list[float],
    path: Path = TABLES_PATH,
) -> None:
    lines = [
        '"""Tables the hard Liar Game bot learnt offline; written by',
        "tools/train_liar_game_hard.py (do not edit by hand, run it again).",
        '"""',
        "",
        "SHOWN_HANDS = {",
    ]
    for name, recorded in hands.items():
        stored = recorded[:HANDS_STORED]
        lines += [
            f'    "{name}": (',
            *(f'        "{line}",' for line in encode_hands(stored)),
            "    ),",
        ]
    lines += [
        "}",
        '"""By class (``hard.HAND_CLASSES``: the hard bot\'s situation, and whether the seat',
        "showed a made hand the round before), the hands normal bots showed against the hard",
        'bot; each hand three hex digits, its ranks low to high (f is the joker)."""',
        "",
        "FRESH_RANKS = {",
        *(f"    {rank}: {count}," for rank, count in sorted(fresh.items())),
        "}",
        '"""How many of the cards dealt to the hard bot after the opening were of each rank',
        '(2 to 14 the ace, 15 the joker), in the games recorded: the draws behind the values."""',
        "",
        "KEPT_VALUES = (",
        *(
            f'    "{" ".join(f"{value:.1f}" for value in values[at : at + VALUES_PER_LINE])}",'
            for at in range(0, len(values), VALUES_PER_LINE)
        ),
        ")",
        '"""Points each set of three kept ranks adds to the rounds to come, beyond 2-3-5,',
        'in the order of ``hard.kept_triples()``, fourteen a line."""',
        "",
    ]
    path.write_text("\n".join(lines))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600, help="games recorded (default 600)")
    parser.add_argument("--seed", type=int, default=1)
    add_pool_arguments(parser)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("record at least 1 game")
    try:
        with open_pool(args.jobs, args.ray) as pool:
            hands, fresh = record_rounds(args.games, args.seed, pool)
    except PoolUnavailable as error:
        parser.exit(2, f"{error}\n")
    values = kept_values([hand for recorded in hands.values() for hand in recorded], fresh)
    write_tables(hands, fresh, values)
    rounds = sum(len(recorded) for recorded in hands.values()) // (SEATS - 1)
    print(f"{rounds} rounds recorded; tables written to {TABLES_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
