"""How long every bot takes to decide, at every level of every game, in real games.

The bots play whole games at the arena's tables (the app's table, bus and bot seats, each
bot acting at once), all three levels at one table so that each decides in the positions
real play gives it: easy, normal and hard, plus a second normal bot at the four-seat games.
Every call of a bot's ``act`` is timed, as the arena times it; the garbage collector runs
as it would in the app, so its pauses count. Prints, per game and level, the number of
decisions, the median, the 99th percentile and the slowest, against the budget of issue 5
(median at most 10 ms, p99 at most 50 ms on a two-core machine).

Times on a shared machine are noisy: this prints figures for people to read; it is not a
timed test and asserts nothing.

    .venv/bin/python benchmarks/bots.py                 # 100 games of each (one deal at bills)
    .venv/bin/python benchmarks/bots.py --games 20      # a quick look
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from liar_tui.arena.runner import default_match, play_game
from liar_tui.arena.stats import percentile
from liar_tui.games import registered
from liar_tui.table.seats import BotLevel

MEDIAN_BUDGET_MS = 10.0
P99_BUDGET_MS = 50.0
BILLS_GAMES_FACTOR = 10
"""A dollar-bill game is a single deal of a few bids, so it plays ten times as many."""
TABLES = {
    "liar-game": (BotLevel.EASY, BotLevel.NORMAL, BotLevel.HARD, BotLevel.NORMAL),
    "liars-poker-cards": (BotLevel.EASY, BotLevel.NORMAL, BotLevel.HARD, BotLevel.NORMAL),
    "liars-poker-bills": (BotLevel.EASY, BotLevel.NORMAL, BotLevel.HARD),
}


def decision_times(game: str, games: int, seed: int) -> dict[BotLevel, list[float]]:
    """Every decision's time in milliseconds, by level, over ``games`` seeded games."""
    levels = TABLES[game]
    match = default_match(game, levels, games, seed)
    times: dict[BotLevel, list[float]] = defaultdict(list)
    for index in range(games):
        played = play_game(match, index)
        for entrant, level in enumerate(levels):
            times[level] += played.decision_ms[entrant]
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per game (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="the match seed (default 1)")
    args = parser.parse_args()
    print(
        f"{'game':<19} {'level':<7} {'decisions':>9} {'median ms':>10} {'p99 ms':>8}"
        f" {'max ms':>8}  budget"
    )
    for game in registered():
        games = args.games * (BILLS_GAMES_FACTOR if game == "liars-poker-bills" else 1)
        times = decision_times(game, games, args.seed)
        for level in BotLevel:
            measured = times[level]
            median, p99 = percentile(measured, 0.5), percentile(measured, 0.99)
            within = median <= MEDIAN_BUDGET_MS and p99 <= P99_BUDGET_MS
            print(
                f"{game:<19} {level.value:<7} {len(measured):>9} {median:>10.2f} {p99:>8.2f}"
                f" {max(measured):>8.2f}  {'within' if within else 'OVER'}"
            )
    print(f"budget: median <= {MEDIAN_BUDGET_MS:g} ms and p99 <= {P99_BUDGET_MS:g} ms per decision")


if __name__ == "__main__":
    main()
