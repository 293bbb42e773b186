"""The history benchmark builds its database and prints every step's figures (read by
people, not asserted: timings on a shared machine are too noisy for a pass/fail line)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "history.py"
STEPS = (
    "record",
    "record + replay: liar-game",
    "hear, online: liar-game (each update)",
    "  build + record, hot seat",
    "list open (file not yet open)",
    "count (",
)


@pytest.mark.slow  # it plays its sample games first: half a minute
def test_history_benchmark_reports_every_step() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCHMARK), "--games", "5", "--runs", "2"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert re.search(r"^history of 15 games \(5 of each title\)", result.stdout, re.M)
    for step in STEPS:
        assert re.search(rf"^{re.escape(step)}.*median\s+[\d.]+ ms", result.stdout, re.M), step
