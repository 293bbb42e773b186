"""How strong the Liar's Poker bots are at each level, and how long each takes per decision.

Two matches per rule set, four seats each: one hard bot against three normal ones, and one
normal bot against three easy ones, the lone bot's seat rotating from game to game. Every
decision of every bot is timed alone, with the garbage collector paused; the one-off work a
rule set costs the first time it is seen (the evaluator's tables, the ladder of declarations)
is done before timing. Prints the lone bot's share of wins (fair is 25%) with its 95% Wilson
interval, and the median and 99th percentile decision time of each level.

    .venv/bin/python benchmarks/poker_bots.py                 # 400 games, plain rules
    .venv/bin/python benchmarks/poker_bots.py --games 100 --all-rules
"""

from __future__ import annotations

import argparse
import gc
import math
import random
import statistics
import time
from collections.abc import Callable

from liar_tui.bots.base import Bot
from liar_tui.bots.liars_poker.easy import EasyLiarsPokerBot
from liar_tui.bots.liars_poker.hard import HardLiarsPokerBot
from liar_tui.bots.liars_poker.normal import LiarsPokerBot
from liar_tui.bots.liars_poker.odds import ladder
from liar_tui.rules.cards import Rank
from liar_tui.rules.liars_poker.game import LiarsPokerGame, LiarsPokerRules, RoundRules
from liar_tui.rules.liars_poker.poker_hands import hand_rank
from liar_tui.rules.liars_poker.rules import PokerRules

SEATS = 4
LEVELS: dict[str, Callable[[random.Random], Bot]] = {
    "easy": EasyLiarsPokerBot,
    "normal": LiarsPokerBot,
    "hard": HardLiarsPokerBot,
}
MATCHES = (("hard", "normal"), ("normal", "easy"))
RULE_SETS = {
    "plain": LiarsPokerRules(),
    "two jokers": LiarsPokerRules(round=RoundRules(PokerRules(jokers=2))),
    "wild twos": LiarsPokerRules(round=RoundRules(PokerRules(wild_ranks=frozenset({Rank.TWO})))),
    "lives and chips": LiarsPokerRules(lives=3, chips=True),
    "draw twice, limit 2": LiarsPokerRules(round=RoundRules(discard_limit=2, draw_twice=True)),
}


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win share."""
    share = wins / games
    centre = share + z * z / (2 * games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


def match(
    rules: LiarsPokerRules, lone: str, field: str, games: int
) -> tuple[int, dict[str, list[float]]]:
    """The lone bot's wins over ``games``, and every decision time (seconds) by level."""
    poker = rules.round.poker
    ladder(poker)
    hand_rank(LiarsPokerGame(rules, SEATS, 0).pocket, poker)
    times: dict[str, list[float]] = {lone: [], field: []}
    wins = 0
    for number in range(games):
        game = LiarsPokerGame(rules, SEATS, number)
        hero = number % SEATS
        levels = [lone if seat == hero else field for seat in range(SEATS)]
        bots = [
            LEVELS[level](random.Random(number * 10 + seat)) for seat, level in enumerate(levels)
        ]
        while not game.over:
            seat = game.acting
            assert seat is not None
            view = game.view(seat)
            gc.disable()
            start = time.perf_counter()
            action = bots[seat].act(view)
            times[levels[seat]].append(time.perf_counter() - start)
            gc.enable()
            game.apply(action)
        wins += game.winner == hero
    return wins, times


def milliseconds(times: list[float]) -> str:
    ordered = sorted(times)
    median = statistics.median(ordered) * 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    return f"{median:5.2f} / {p99:6.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--all-rules", action="store_true", help="every rule set, not plain")
    arguments = parser.parse_args()
    rule_sets = RULE_SETS if arguments.all_rules else {"plain": RULE_SETS["plain"]}
    print(f"{'rules':20} {'match':16} {'lone wins':>10} {'95% interval':>15}  median / p99")
    for name, rules in rule_sets.items():
        for lone, field in MATCHES:
            wins, times = match(rules, lone, field, arguments.games)
            low, high = wilson(wins, arguments.games)
            print(
                f"{name:20} {lone + ' v 3 ' + field:16} {wins / arguments.games:10.1%} "
                f"{f'{low:.1%}-{high:.1%}':>15}  {lone} {milliseconds(times[lone])}, "
                f"{field} {milliseconds(times[field])}"
            )


if __name__ == "__main__":
    main()
