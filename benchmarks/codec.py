"""The codec on long games' views, against ``json`` on the same data, in one run.

Every network update carries a seat's whole view, and a view carries the game's history, so
a long game's views are what the host encodes and the clients decode most. This plays a few
long games of each title with the easy bots (seeded, so every run times the same views) and
times, per view:

- ``encode`` (tagged, as frames and saves are) against ``json.dumps`` of its result;
- ``decode`` (tagged) of that data against ``json.loads`` of its text;
- ``decode`` untagged (as the settings file is read) of the untagged encoding.

``json`` is the baseline measured in the same run, since the machine's speed varies from run
to run; the ratios say how many times slower the codec is than ``json`` on the same data.
Rates are in megabytes of compact JSON text per second. Timed loops run with the garbage
collector paused, as ``timeit`` does, and each step is timed on all the views in turn,
``--repeat`` times, keeping the fastest pass, which other processes on a shared machine
disturb least.

    .venv/bin/python benchmarks/codec.py [--games 2] [--repeat 5]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from liar_tui.games import make_bot, plugin
from liar_tui.rules.dollar_bills.rules import Rules as BillRules
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.rules.liars_poker.rules import MAX_LIVES, LiarsPokerRules
from liar_tui.table import codec
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup

SEED = 20130612
SEATS = 5
LONG_GAMES: dict[str, Any] = {
    "liar-game": LiarGameRules(target=1500),
    "liars-poker-cards": LiarsPokerRules(lives=MAX_LIVES),
    "liars-poker-bills": BillRules(),
}
"""Each title's rules, made long: Liar Game to three times its usual target, Liar's Poker
with the most lives."""
MAX_ACTIONS = 1000
"""A dollar-bill session never ends; it is cut here (a couple of hundred deals)."""
VIEWS_PER_GAME = 40
"""Views timed per game, evenly spread, the last (longest) one always among them."""


def long_game_views(game: str, seed: int) -> list[Any]:
    """Views of one game played by easy bots, from its start to its end."""
    setup = TableSetup(
        game, LONG_GAMES[game], tuple(SeatConfig(f"P{i}", SeatKind.BOT) for i in range(SEATS)), seed
    )
    state = plugin(game).new_state(setup)
    bots = [make_bot(game, BotLevel.EASY, random.Random(f"{seed}:{seat}")) for seat in range(SEATS)]
    views = []
    for _ in range(MAX_ACTIONS):
        if state.over:
            break
        seat = state.to_act()[0]
        view = state.view(seat)
        views.append(view)
        state.apply(bots[seat].act(view))
    views.append(state.view(0))
    step = max(1, len(views) // VIEWS_PER_GAME)
    return views[::step][: VIEWS_PER_GAME - 1] + views[-1:]


def fastest(step: Callable[[Any], object], inputs: list[Any], repeat: int) -> float:
    """Seconds for ``step`` over all ``inputs``: the fastest of ``repeat`` passes."""
    best = float("inf")
    gc.disable()
    try:
        for _ in range(repeat):
            start = time.perf_counter()
            for value in inputs:
                step(value)
            best = min(best, time.perf_counter() - start)
    finally:
        gc.enable()
    return best


@dataclass(frozen=True)
class Pair:
    """One codec step and the ``json`` step on the same data."""

    name: str
    codec_seconds: float
    json_seconds: float


def measure(views: list[Any], view_type: type, repeat: int) -> list[Pair]:
    tagged = [codec.encode(view) for view in views]
    texts = [json.dumps(data) for data in tagged]
    untagged = [codec.encode(view, tagged=False) for view in views]
    untagged_texts = [json.dumps(data) for data in untagged]
    return [
        Pair(
            "encode",
            fastest(codec.encode, views, repeat),
            fastest(json.dumps, tagged, repeat),
        ),
        Pair(
            "decode",
            fastest(lambda data: codec.decode(data, view_type), tagged, repeat),
            fastest(json.loads, texts, repeat),
        ),
        Pair(
            "decode untagged",
            fastest(lambda data: codec.decode(data, view_type, tagged=False), untagged, repeat),
            fastest(json.loads, untagged_texts, repeat),
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per title")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes; the fastest counts")
    args = parser.parse_args()
    print(
        f"{'game':18} {'step':16} {'views':>5} {'KB/view':>8} {'codec ms':>9} {'MB/s':>6}"
        f" {'json ms':>8} {'MB/s':>6} {'codec/json':>10}"
    )
    for game in LONG_GAMES:
        views = [
            view for number in range(args.games) for view in long_game_views(game, SEED + number)
        ]
        megabytes = sum(len(json.dumps(codec.encode(view))) for view in views) / 1e6
        view_type = plugin(game).view_type
        for pair in measure(views, view_type, args.repeat):
            per_view = 1000 / len(views)
            print(
                f"{game:18} {pair.name:16} {len(views):5} {megabytes * 1000 / len(views):8.1f}"
                f" {pair.codec_seconds * per_view:9.3f} {megabytes / pair.codec_seconds:6.1f}"
                f" {pair.json_seconds * per_view:8.3f} {megabytes / pair.json_seconds:6.1f}"
                f" {pair.codec_seconds / pair.json_seconds:10.1f}"
            )


if __name__ == "__main__":
    main()
