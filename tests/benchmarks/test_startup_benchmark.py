"""The startup benchmark runs and prints its ratio (its figure is read by people, not asserted:
timings on a shared machine are too noisy for a pass/fail line)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "startup.py"


@pytest.mark.slow  # runs the benchmark: in CI, not by default
def test_startup_benchmark_reports_a_ratio_against_a_bare_app() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCHMARK), "--runs", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert re.search(r"^bare Textual app\s+median\s+[\d.]+ ms", result.stdout, re.M)
    assert re.search(r"^liar-tui\s+median\s+[\d.]+ ms", result.stdout, re.M)
    assert re.search(r"^ratio\s+\d+\.\d\dx", result.stdout, re.M)
