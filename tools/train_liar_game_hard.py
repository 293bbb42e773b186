"""Learning the hard Liar Game bot's tables: record the normal bots, then value iteration.

Run it to write :mod:`liar_tui.bots.liar_game.hard_tables` afresh (a few minutes)::

    .venv/bin/python -m tools.train_liar_game_hard

1. The hard bot, with the tables it has, plays games against three normal bots under the
   default rules, changing chair every game; every round the three hands they show are
   recorded under the situation the hard bot was in (``hard.Situation``). The
   normal bots judge the others by what they show, so they are recorded against the bot
   that will face them.
2. Relative value iteration for the cards kept: a round starts with three kept ranks plus
   three fresh from a full deck; the bot shows the three that maximise the chance of
   meeting a recorded bar (any situation) times their points plus the value of the three
   left. Values are relative to keeping 2-3-5 and converge to the points each kept set
   adds over all the rounds to come. Every draw of fresh cards is weighed exactly (sampled
   draws left the values a few points off, enough to change decisions).
"""

from __future__ import annotations

import argparse
import random
from bisect import bisect_right
from collections import Counter
from itertools import combinations
from math import comb, prod
from pathlib import Path

from liar_tui.bots.liar_game import hard_tables
from liar_tui.bots.liar_game.hard import (
    LEARNT_RULES,
    HardLiarGameBot,
    Situation,
    full_rank_counts,
    kept_triples,
    situation_of,
)
from liar_tui.bots.liar_game.normal import LiarGameBot
from liar_tui.bots.liar_game.odds import Ranks, hand_book, ranks_of
from liar_tui.rules.liar_game.game import HAND_SIZE, POCKET_SIZE, LiarGame

SEATS = 4
REFERENCE_KEPT: Ranks = (2, 3, 5)
"""The kept set every value is measured against: a plainly poor one."""
CONVERGED = 0.01
"""Stop when no value moved more than this many points in a sweep."""
MAX_SWEEPS = 200
ROUNDS_STORED = 3000
"""At most this many rounds of a situation go into the tables: plenty for the bar's shape,
and the module stays small (the kept values learn from every round recorded)."""
HANDS_PER_LINE = 26
VALUES_PER_LINE = 14
TABLES_PATH = Path(hard_tables.__file__)
"""The module the hard bot reads, in the package beside it."""
SPLITS = [
    (shown, tuple(slot for slot in range(POCKET_SIZE) if slot not in shown))
    for shown in combinations(range(POCKET_SIZE), HAND_SIZE)
]


def record_rounds(games: int, seed: int) -> dict[Situation, list[Ranks]]:
    """The normal bots' shown hands, three a round, over ``games`` games with the hard bot,
    by the situation the hard bot saw."""
    hands: dict[Situation, list[Ranks]] = {situation: [] for situation in Situation}
    for number in range(games):
        hard_seat = number % SEATS
        game = LiarGame(LEARNT_RULES, SEATS, seed + number)
        bots = [
            (HardLiarGameBot if seat == hard_seat else LiarGameBot)(
                random.Random(f"{seed}:{number}:{seat}")
            )
            for seat in range(SEATS)
        ]
        while not game.over:
            actions = [bots[seat].act(game.view(seat)) for seat in range(SEATS)]
            hands[situation_of(game.view(hard_seat))] += [
                ranks_of(actions[seat].cards) for seat in range(SEATS) if seat != hard_seat
            ]
            for action in actions:
                game.apply(action)
    return hands


def kept_values(hands: list[Ranks]) -> list[float]:
    """Each kept set's value (in the order of :func:`kept_triples`) against these bars.

    Exact: every draw of three fresh ranks with its chance, and the best split of each
    six-rank pocket worked out once per sweep (pockets repeat across kept sets).
    """
    book = hand_book(LEARNT_RULES)
    opponents = SEATS - 1
    bars = sorted(
        max(book.score(hand).strength for hand in hands[start : start + opponents])
        for start in range(0, len(hands) - opponents + 1, opponents)
    )

    def earns(shown: Ranks) -> float:
        score = book.score(shown)
        return bisect_right(bars, score.strength) / len(bars) * score.points

    states = kept_triples()
    index = {kept: number for number, kept in enumerate(states)}
    pockets: dict[Ranks, int] = {}
    splits: list[list[tuple[float, int]]] = []
    draws: list[list[tuple[int, float]]] = []
    full = full_rank_counts()
    for kept in states:
        left = full.copy()
        left.subtract(kept)
        ways = comb(sum(left.values()), HAND_SIZE)
        chances = []
        for fresh in kept_triples():
            drawn = Counter(fresh)
            chance = prod(comb(left[rank], count) for rank, count in drawn.items()) / ways
            if not chance:
                continue
            pocket = tuple(sorted(kept + fresh))
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
    hands: dict[Situation, list[Ranks]], values: list[float], path: Path = TABLES_PATH
) -> None:
    lines = [
        '"""Tables the hard Liar Game bot learnt offline; written by',
        "tools/train_liar_game_hard.py (do not edit by hand, run it again).",
        '"""',
        "",
        "SHOWN_HANDS = {",
    ]
    for situation, recorded in hands.items():
        stored = recorded[: ROUNDS_STORED * (SEATS - 1)]
        lines += [
            f'    "{situation.value}": (',
            *(f'        "{line}",' for line in encode_hands(stored)),
            "    ),",
        ]
    lines += [
        "}",
        '"""By situation, the hands three normal bots showed against the hard bot, three a',
        "round, in rounds played; each hand three hex digits, its ranks low to high (f is the",
        'joker)."""',
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600, help="games recorded (default 600)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    hands = record_rounds(args.games, args.seed)
    values = kept_values([hand for recorded in hands.values() for hand in recorded])
    write_tables(hands, values)
    rounds = sum(len(recorded) for recorded in hands.values()) // (SEATS - 1)
    print(f"{rounds} rounds recorded; tables written to {TABLES_PATH}")


if __name__ == "__main__":
    main()
