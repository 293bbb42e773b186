"""How long the Liar's Poker bot takes per decision, and how often it beats random bots.

One ``LiarsPokerBot`` plays against three ``RandomLiarsPokerBot`` seats, 100 seeded games
under each of a few rule sets (plain, two jokers, a wild rank, lives and chips, draw twice
with a discard limit). Every decision of the sensible bot is timed alone, with the garbage
collector paused; the one-off work a rule set costs the first time it is seen (the evaluator's
tables and the bots' ladder of declarations) is done before timing. Prints the median and 99th
percentile per rule set and the sensible bot's share of wins (a fair share is 25%).

    .venv/bin/python benchmarks/poker_bots.py
"""

from __future__ import annotations

import gc
import random
import statistics
import time

from liar_tui.bots.liars_poker_bot import LiarsPokerBot, RandomLiarsPokerBot
from liar_tui.bots.liars_poker_odds import ladder
from liar_tui.rules.cards import Rank
from liar_tui.rules.liars_poker import LiarsPokerGame, LiarsPokerRules, RoundRules
from liar_tui.rules.poker_hands import hand_rank
from liar_tui.rules.poker_rules import PokerRules

GAMES = 100
SEATS = 4
RULE_SETS = {
    "plain": LiarsPokerRules(),
    "two jokers": LiarsPokerRules(round=RoundRules(PokerRules(jokers=2))),
    "wild twos": LiarsPokerRules(round=RoundRules(PokerRules(wild_ranks=frozenset({Rank.TWO})))),
    "lives and chips": LiarsPokerRules(lives=3, chips=True),
    "draw twice, limit 2": LiarsPokerRules(round=RoundRules(discard_limit=2, draw_twice=True)),
}


def series(rules: LiarsPokerRules) -> tuple[list[float], int]:
    """Decision times of the sensible bot (seconds) and its wins over ``GAMES`` games."""
    poker = rules.round.poker
    ladder(poker)
    hand_rank(LiarsPokerGame(rules, SEATS, 0).pocket, poker)
    times: list[float] = []
    wins = 0
    for number in range(GAMES):
        game = LiarsPokerGame(rules, SEATS, number)
        sensible = LiarsPokerBot(random.Random(number))
        others = [
            RandomLiarsPokerBot(random.Random(number * 10 + seat)) for seat in range(1, SEATS)
        ]
        while not game.over:
            seat = game.acting
            assert seat is not None
            view = game.view(seat)
            if seat == 0:
                gc.disable()
                start = time.perf_counter()
                action = sensible.act(view)
                times.append(time.perf_counter() - start)
                gc.enable()
            else:
                action = others[seat - 1].act(view)
            game.apply(action)
        wins += game.winner == 0
    return times, wins


def main() -> None:
    for name, rules in RULE_SETS.items():
        times, wins = series(rules)
        times.sort()
        median = statistics.median(times) * 1000
        p99 = times[int(len(times) * 0.99)] * 1000
        print(
            f"{name:22} {len(times):5} decisions  median {median:5.2f} ms  "
            f"p99 {p99:6.2f} ms  wins {wins / GAMES:4.0%}"
        )


if __name__ == "__main__":
    main()
