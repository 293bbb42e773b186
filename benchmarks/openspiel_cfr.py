"""CFR on a small dollar-bill game, and how exploitable our bots are on the same game.

The game: two seats, a bill of ``--digits`` digits (1 by default) each drawn from ``--faces``
(1, 2, 3 by default), the session's bidding and settlement underneath
(:mod:`liar_tui.rules.dollar_bills.research`), as an OpenSpiel game. OpenSpiel's C++ CFR
(``pyspiel.CFRSolver``) runs ``--iterations`` iterations; the exploitability of its average
policy (what a best response wins against it, averaged over the two seats, in dollars a game)
is printed as it falls towards 0.

Beside it, each bot level of ours as an OpenSpiel tabular policy: at every information state
the bot (a fresh one, its generator seeded) is shown the seat's view and asked to act. With
one seed that is a pure policy; over ``--bot-seeds`` seeds the share of seeds choosing each
action is the bot's own mixing, estimated. A bot that bids on a digit outside the faces (it
does not know the faces are few) is moved to the cheapest bid on a face above that bid, or to
a pass when there is none; how often that happened is printed.

    .venv/bin/python benchmarks/openspiel_cfr.py [--iterations 200] [--faces 123] [--digits 1]
        [--bot-seeds 16]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

import pyspiel  # type: ignore[import-not-found]
from open_spiel.python import policy as policy_lib  # type: ignore[import-not-found]
from open_spiel.python.algorithms import exploitability  # type: ignore[import-not-found]

from liar_tui.games import registered
from liar_tui.research.openspiel import register
from liar_tui.rules.dollar_bills.game import Pass, Turn, bid_number
from liar_tui.rules.dollar_bills.research import SmallBills, SmallBillsState
from liar_tui.table.seats import BotLevel

REPORTED = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000)


def bot_action_id(state: SmallBillsState, action: Turn) -> tuple[int, bool]:
    """The id of the bot's action in the small game, and whether it had to be moved there
    (a bid on a digit outside the faces)."""
    legal = list(state.legal_ids())
    chosen = state.action_id(action)
    if chosen in legal:
        return chosen, False
    assert not isinstance(action, Pass)
    above = [action_id for action_id in legal if action_id < state.game.pass_id]
    above = [action_id for action_id in above if action_id > bid_number(action.bid)]
    if above:
        return above[0], True
    return (state.game.pass_id if state.game.pass_id in legal else legal[-1]), True


def bot_policy(game: Any, level: BotLevel, seeds: range) -> tuple[Any, int, int]:
    """The bot at ``level`` as a tabular policy over ``seeds``; and of its decisions, how many
    had to be moved onto the faces, out of how many."""
    plugin = registered()["liars-poker-bills"]
    tabular = policy_lib.TabularPolicy(game)
    moved = asked = 0
    for info_state, index in tabular.state_lookup.items():
        spiel_state = tabular.states[index]
        state: SmallBillsState = spiel_state.state
        seat = spiel_state.current_player()
        votes: Counter[int] = Counter()
        for seed in seeds:
            bot = plugin.bot(level, random.Random(seed))
            action_id, was_moved = bot_action_id(state, bot.act(state.view(seat)))
            votes[action_id] += 1
            moved += was_moved
            asked += 1
        row = tabular.action_probability_array[index]
        row[:] = 0.0
        for action_id, count in votes.items():
            row[action_id] = count / len(seeds)
        assert info_state == spiel_state.information_state_string(seat)
    return tabular, moved, asked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--faces", default="123", help="the digits a bill is drawn from")
    parser.add_argument("--digits", type=int, default=1, help="digits in a bill (1 to 3)")
    parser.add_argument("--bot-seeds", type=int, default=16)
    args = parser.parse_args()
    small = SmallBills(digits=args.digits, faces=tuple(int(face) for face in args.faces))
    game = register(lambda: small)
    print(f"{small.facts.long_name}: stake $1, exploitability in $ a game")
    print(f"{'CFR iterations':>16}  {'exploitability':>14}  {'seconds':>8}")
    started = time.perf_counter()
    solver = pyspiel.CFRSolver(game)
    for iteration in range(1, args.iterations + 1):
        solver.evaluate_and_update_policy()
        if iteration in REPORTED or iteration == args.iterations:
            value = pyspiel.exploitability(game, solver.average_policy())
            print(f"{iteration:>16}  {value:>14.4f}  {time.perf_counter() - started:>8.1f}")
    uniform = exploitability.exploitability(game, policy_lib.UniformRandomPolicy(game))
    print(f"\n{'policy':<28}  {'exploitability':>14}  {'moved onto faces':>16}")
    print(f"{'uniform random':<28}  {uniform:>14.4f}  {'':>16}")
    for level in (BotLevel.EASY, BotLevel.NORMAL, BotLevel.HARD):
        for seeds, words in ((range(1), "pure, seed 0"), (range(args.bot_seeds), "mixed")):
            label = f"{level.value} bot ({words})"
            if words == "mixed":
                label = f"{level.value} bot ({args.bot_seeds} seeds)"
            tabular, moved, asked = bot_policy(game, level, seeds)
            value = exploitability.exploitability(game, tabular)
            print(f"{label:<28}  {value:>14.4f}  {moved:>7} of {asked:<6}")


if __name__ == "__main__":
    main()
