"""The host load benchmark runs both its scenarios against the real host and prints its figures
(read by people, not asserted: timings on a shared machine are too noisy for a pass/fail line).

What is asserted is what does not depend on the machine: the benchmark still speaks the
host's protocol, its flooder gets answers, and the host never cuts off a well-behaved client.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "host_load.py"
NUMBER = r"[\d,.]+|nan"


@pytest.mark.slow  # a whole benchmark, if a short one: CI runs it with the slow checks
def test_host_load_benchmark_runs_the_load_and_the_flood() -> None:
    result = subprocess.run(
        [
            sys.executable,
            str(BENCHMARK),
            *("--seconds", "2", "--tables", "1", "--flood-tables", "2"),
        ],
        capture_output=True,
        text=True,
        timeout=240,
        check=True,
    )
    out = result.stdout
    assert re.search(rf"^action round trip p99\s+({NUMBER}) ms \(target", out, re.M), out
    assert re.search(r"^cut off by the host\s+0$", out, re.M), out
    assert len(re.findall(rf"^host loop late p50/p99\s+({NUMBER}) / ({NUMBER}) ms", out, re.M)) == 2
    assert re.search(r"^paced tables: cut off\s+0 ", out, re.M), out
    assert re.search(rf"^paced round trip p99\s+({NUMBER}) ms \(target <= 50 ms", out, re.M), out
    assert re.search(rf"^host peak memory\s+({NUMBER}) MB \(target <= 150 MB", out, re.M), out
    flooder = re.search(r"^flooder\s+([\d,]+) frames written .* ([\d,]+) answers read$", out, re.M)
    assert flooder is not None, out
    assert int(flooder[2].replace(",", "")) > 0
    assert "Traceback" not in result.stderr, result.stderr
