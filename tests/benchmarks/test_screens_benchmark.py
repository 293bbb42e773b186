"""The screens benchmark runs and prints every screen and every table's key (its figures are
read by people, not asserted: timings on a shared machine are too noisy for a pass/fail line).

Slow: even one opening of each screen takes most of a minute while settings and setup take
a second or more each."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from liar_tui.games import registered

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "screens.py"
TIMES = r"\s+[\d.]+\s+[\d.]+\s+[\d.]+x\s+[\d.]+\s+[\d.]+\s+[\d.]+x\s+(met|MISSED)"
ROW = TIMES + r"(\s+[\d.]+\s+[\d.]+x\s+\d+)?\s*$"
"""A row's times, then (for a screen's opening) its CPU time, ratio and calls to the paint."""


@pytest.mark.slow
def test_screens_benchmark_prints_every_screen_and_key_against_the_baseline() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCHMARK), "--runs", "1", "--keys", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    openings = ["one label \\(baseline\\)", "home", "help", "settings"]
    for game_id in registered():
        openings += [f"setup: {game_id}", f"rules editor: {game_id}", f"play: {game_id}"]
    for name in openings:
        assert re.search(f"^{name}{ROW}", result.stdout, re.M), name
    for game_id in registered():
        assert re.search(f"^key at {game_id}{ROW}", result.stdout, re.M), game_id
