"""Time to the first interactive frame of liar-tui, against a bare one-widget Textual app.

Both run the same way, side by side in one run, alternating so that the machine's noise
falls on both alike: a fresh Python process starts the app headless, and the app reports
"ready" once its first screen has mounted and every pending message has been handled (the
moment a key press would be answered). The figure that matters is the ratio of medians.

    .venv/bin/python benchmarks/startup.py [--runs 15]

Textual comes with compiled bytecode from its wheel; an editable checkout of liar-tui may
not (``PYTHONDONTWRITEBYTECODE`` is set on some machines), which would charge liar-tui for
compiling its sources at every start. The benchmark compiles them first, as a normal
install does, so that both apps start from bytecode.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time

READY_PROBE = """
import sys
async def report_ready(pilot):
    await pilot.pause()
    sys.stdout.write("ready\\n")
    sys.stdout.flush()
    pilot.app.exit()
app.run(headless=True, size=(100, 32), auto_pilot=report_ready)
"""

BARE_APP = """
from textual.app import App
from textual.widgets import Label

class Bare(App):
    def compose(self):
        yield Label("Hello")

app = Bare()
"""

LIAR_TUI = """
from liar_tui.cli import build_app
app = build_app([])
"""


def time_to_ready(program: str, env: dict[str, str]) -> float:
    started = time.perf_counter()
    with subprocess.Popen(
        [sys.executable, "-c", program + READY_PROBE],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        text=True,
    ) as process:
        assert process.stdout is not None
        line = process.stdout.readline()
        elapsed = time.perf_counter() - started
        process.wait(timeout=30)
    if line.strip() != "ready":
        raise RuntimeError("the app did not report its first frame")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    import liar_tui

    compileall.compile_dir(os.path.dirname(liar_tui.__file__), quiet=1)
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, LIAR_TUI_CONFIG_DIR=home, LIAR_TUI_DATA_DIR=home)
        for program in (BARE_APP, LIAR_TUI):  # warm the file cache and bytecode once
            time_to_ready(program, env)
        bare: list[float] = []
        liar: list[float] = []
        for _ in range(args.runs):
            bare.append(time_to_ready(BARE_APP, env))
            liar.append(time_to_ready(LIAR_TUI, env))
    bare_median = statistics.median(bare)
    liar_median = statistics.median(liar)
    print(f"runs each          {args.runs}")
    print(f"bare Textual app   median {bare_median * 1000:7.1f} ms  (min {min(bare) * 1000:.1f})")
    print(f"liar-tui           median {liar_median * 1000:7.1f} ms  (min {min(liar) * 1000:.1f})")
    print(f"ratio              {liar_median / bare_median:.2f}x   (target <= 1.30x)")


if __name__ == "__main__":
    main()
