"""How fast a replay steps: the → key's press to the next frame painted, per title, against
the same key on a one-label screen in the same run.

Issue 14's target: a replay step <= 20 ms. One headless app (Textual's Pilot, 100×32,
settings and history in a temporary folder) records one game of each title, played to its
end by normal bots in every chair (you and three bots, as ``benchmarks/history.py`` plays
them; at dollar bills, one deal), complete, from your side. Then, ``--runs`` times, one title
after the other so that the machine's noise falls on all of them alike, it:

- opens the game's replay (push to first paint, and to the first step drawn), and waits for
  the coach to have read every decision (its worker shares the interpreter with the steps:
  the step a player feels once the replay has settled is what is timed);
- presses Home, then → ``--keys`` times (Home again where the game ends first), each timed
  from the press to the next frame painted, and to the screen being ready again (every
  widget's messages handled and no frame for 50 ms); and the CPU time this process used
  from the press to that frame (the step's own work: on a busy machine, other processes
  delay it but do not add to it).

The **baseline** is a screen of one label whose → key writes the next number in it: the
cheapest key-to-repaint Textual has. Its ratio is the figure that travels between machines.
Medians and p99 (nearest rank: with fewer than 100 presses, the slowest).

    .venv/bin/python benchmarks/replay.py [--runs 5] [--keys 40] [--only TEXT]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from history import played, sample_setup, times_of  # benchmarks/history.py, beside this
from screens import PaintClock, Timings, p99  # benchmarks/screens.py, beside this
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Label

SIZE = (100, 32)
STEP_MS = 20.0
BASELINE = "one label, → (baseline)"
TITLES = ("liar-game", "liars-poker-cards", "liars-poker-bills")


@dataclass
class StepTimings(Timings):
    cpu: list[float] = field(default_factory=list)
    """This process's CPU time from the press to the next frame: the step's own work, which
    other processes on a busy machine delay but do not add to."""


class CountingLabel(Screen[None]):
    """The baseline: → writes the next number into the one label."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("right", "next", "Next")]

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Label("0")

    def action_next(self) -> None:
        self.count += 1
        self.query_one(Label).update(str(self.count))


def recorded_games() -> dict[str, int]:
    """One complete record of each title in the history of the temporary data folder, by
    title: its game id."""
    from datetime import UTC, datetime

    from liar_tui.store.history import HistoryStore, Recorded, history_path
    from liar_tui.table.finished import complete_record

    store = HistoryStore(history_path())
    ids: dict[str, int] = {}
    try:
        for game in TITLES:
            setup = sample_setup(game, 1)
            log = played(setup)
            result = store.record(complete_record(setup, log, times_of(datetime.now(UTC), 0), 0))
            assert isinstance(result, Recorded)
            ids[game] = result.game_id
    finally:
        store.close()
    return ids


async def step_times(
    pilot: Pilot[Any], clock: PaintClock, keys: int, steps: Callable[[], tuple[int, int]]
) -> StepTimings:
    """Home, then → ``keys`` times, each timed to the next frame and to ready; ``steps``
    tells the step shown and how many there are (None of them for the baseline: it never
    ends)."""
    timings = StepTimings()
    await pilot.app._press_keys(["home"])
    await clock.last_before_quiet(pilot, time.perf_counter())
    for _ in range(keys):
        at, total = steps()
        if at >= total - 1:
            await pilot.app._press_keys(["home"])
            await clock.last_before_quiet(pilot, time.perf_counter())
        started, cpu = time.perf_counter(), time.process_time()
        await pilot.app._press_keys(["right"])
        timings.first_paint.append(await clock.first_after(started, lambda painted: True))
        timings.cpu.append(time.process_time() - cpu)
        timings.ready.append(await clock.last_before_quiet(pilot, started))
    return timings


async def open_replay(pilot: Pilot[Any], clock: PaintClock, game_id: int) -> tuple[float, Any]:
    """Push the replay of ``game_id``; seconds to its first step drawn, and the screen, once
    the coach has read every decision."""
    from liar_tui.screens.replay import ReplayScreen
    from liar_tui.store.history import HistoryStore, history_path

    screen = ReplayScreen(HistoryStore(history_path()), game_id)
    started = time.perf_counter()
    pilot.app.push_screen(screen)
    while not screen.steps:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
    shown = await clock.last_before_quiet(pilot, started, lambda painted: painted is screen)
    await pilot.app.workers.wait_for_complete()
    await clock.last_before_quiet(pilot, time.perf_counter())
    return shown, screen


async def measure(
    runs: int, keys: int, titles: tuple[str, ...]
) -> tuple[dict[str, Timings], dict[str, StepTimings]]:
    from liar_tui.app import LiarApp
    from liar_tui.heap import settle_after_startup
    from liar_tui.store.settings import Settings

    ids = recorded_games()
    app = LiarApp(settings=Settings(bot_delay=0))
    settle_after_startup()  # as liar-tui does before it runs the app
    opened = {f"open replay: {game}": Timings() for game in titles}
    pressed = {name: StepTimings() for name in [BASELINE, *(f"step: {game}" for game in titles)]}
    async with app.run_test(size=SIZE) as pilot:
        clock = PaintClock(app)
        await clock.last_before_quiet(pilot, time.perf_counter())
        for game in titles:  # once each to warm imports and caches
            await open_replay(pilot, clock, ids[game])
            await step_times(pilot, clock, 3, lambda: (0, 2**30))
            app.pop_screen()
        for _ in range(runs):
            baseline = CountingLabel()
            app.push_screen(baseline)
            await clock.last_before_quiet(pilot, time.perf_counter())
            found = await step_times(pilot, clock, keys, lambda: (0, 2**30))
            extend(pressed[BASELINE], found)
            app.pop_screen()
            for game in titles:
                shown, screen = await open_replay(pilot, clock, ids[game])
                opened[f"open replay: {game}"].ready.append(shown)

                def where(screen: Any = screen) -> tuple[int, int]:
                    return screen.at, len(screen.steps)

                extend(pressed[f"step: {game}"], await step_times(pilot, clock, keys, where))
                app.pop_screen()
                await clock.last_before_quiet(pilot, time.perf_counter())
    return opened, pressed


def extend(timings: StepTimings, more: StepTimings) -> None:
    timings.first_paint += more.first_paint
    timings.ready += more.ready
    timings.cpu += more.cpu


def cells(samples: list[float], baseline: float) -> str:
    median = statistics.median(samples)
    return f"{median * 1000:8.1f} {p99(samples) * 1000:8.1f} {median / baseline:6.1f}x"


def report(
    opened: dict[str, Timings], pressed: dict[str, StepTimings], runs: int, keys: int
) -> None:
    baseline = statistics.median(pressed[BASELINE].first_paint)
    print(f"{runs} openings of each replay, {runs * keys} → presses each; ms, p99 nearest rank")
    print(f"ratio: a median against the baseline's first paint median; target <= {STEP_MS:.0f} ms")
    print()
    columns = f"{'median':>8} {'p99':>8} {'ratio':>7}"
    cpu = f"{'median':>8} {'p99':>8}"
    print(f"{'':<30} {'first paint':^25}   {'ready':^25}   {'CPU to paint':^17}")
    print(f"{'key press':<30} {columns}   {columns}   {cpu}   target")
    for name, timings in pressed.items():
        first = statistics.median(timings.first_paint)
        met = "" if name == BASELINE else "met" if first * 1000 <= STEP_MS else "MISSED"
        line = f"{cells(timings.first_paint, baseline)}   {cells(timings.ready, baseline)}"
        used = f"{statistics.median(timings.cpu) * 1000:8.1f} {p99(timings.cpu) * 1000:8.1f}"
        print(f"{name:<30} {line}   {used}   {met}".rstrip())
    print()
    print(f"{'opening (to the first step)':<30} {'median':>8} {'p99':>8}")
    for name, opening in opened.items():
        shown = opening.ready
        print(f"{name:<30} {statistics.median(shown) * 1000:8.1f} {p99(shown) * 1000:8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="openings of each replay")
    parser.add_argument("--keys", type=int, default=40, help="→ presses at each opening")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="TEXT",
        help="time only the titles whose name contains TEXT (repeatable; the baseline is kept)",
    )
    args = parser.parse_args()
    titles = tuple(t for t in TITLES if not args.only or any(o in t for o in args.only))
    with tempfile.TemporaryDirectory() as home:
        os.environ["LIAR_TUI_CONFIG_DIR"] = str(Path(home) / "config")
        os.environ["LIAR_TUI_DATA_DIR"] = str(Path(home) / "data")
        opened, pressed = asyncio.run(measure(args.runs, args.keys, titles))
    report(opened, pressed, args.runs, args.keys)


if __name__ == "__main__":
    main()
