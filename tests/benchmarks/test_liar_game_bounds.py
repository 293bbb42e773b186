"""The Liar Game bounds benchmark plays each way beside the shipped bot and prints its win
share and paired change (a smoke run of a few games: the figures are read by people)."""

from __future__ import annotations

import importlib.util
import random
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from liar_tui.rules.liar_game.game import LiarGame, Rules

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "liar_game_bounds.py"
SHARE = r"[\d.]+% \[[\d.]+%, [\d.]+%\]  \(\d+ s\)"
CHANGE = r"  change [+-][\d.]+ ± [\d.]+ points \(\d+ games changed\)"


def bounds_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("liar_game_bounds", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while defined
    spec.loader.exec_module(module)
    return module


def test_every_way_gets_a_line_with_its_paired_change() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCHMARK), "--games", "3", "--samples", "2", "--jobs", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    header, shipped, *others = result.stdout.splitlines()
    assert header.startswith("Liar Game, hard seat against three normal bots: 3 games")
    assert re.fullmatch(rf"shipped +{SHARE}", shipped), shipped
    ways = ("knows kept cards", "knows pockets", "knows shown hands")
    for way, line in zip(ways, others, strict=True):
        assert re.fullmatch(rf"{way} +{SHARE}{CHANGE}", line), line


def test_a_bad_count_is_refused_in_one_line() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCHMARK), "--games", "0"], capture_output=True, text=True
    )
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1].endswith("argument --games: must be at least 1, not 0")


def test_the_paired_change_is_the_mean_difference_game_by_game() -> None:
    change = bounds_module().paired_change
    assert change([0.0, 1.0, 0.5], [0.0, 1.0, 0.5]) == "change +0.0 ± 0.0 points (0 games changed)"
    assert change([0.0, 1.0], [1.0, 1.0]).startswith("change +50.0 ± 98.0 points (1 games")
    assert change([0.0], [1.0]) == "change +100.0 points (1 games changed)"


def test_a_whole_pocket_told_leaves_only_hands_from_it() -> None:
    module = bounds_module()
    game = LiarGame(Rules(), 4, seed=3)
    pocket = module.ranks_of(game.pockets[1])
    hands = module.hands_from_kept(game, 1, pocket, (), 5, random.Random(1))
    assert len(hands) == 5
    for hand in hands:
        left = list(pocket)
        for rank in hand:
            left.remove(rank)  # raises if the hand holds a rank the pocket has not
