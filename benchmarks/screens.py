"""How fast every screen of liar-tui opens, and how fast a play screen answers a key, as a
player feels it: against opening a one-label screen in the same run.

One headless app (Textual's Pilot, 100×32, settings and saves in a temporary folder) opens
each screen ``--runs`` times. For each opening it times:

- **first paint**: from the push to the first frame the new screen paints (what the
  targets judge);
- **ready**: from the push to the last frame it paints before every widget has handled
  its messages and no frame came for ``QUIET`` seconds (a widget that fills itself in after
  mounting counts here; a play screen is ready when the human's turn shows);
- **CPU**: the CPU time the app's process spent from the push to the first frame. On a
  machine shared with other work the wall clock counts the time the app waited for a core;
  this counts only the work done, so it is the steadier figure to compare two versions by;
- **calls**: the Python function calls from the push to the first frame, counted in one
  more opening of each screen after the timed ones: the same on any machine and at any
  load, a count of the work (not its time) to compare two versions of a screen by.

The lobby is left out: it needs a table host to talk to.

At each game's table, on the human's turn, it then presses keys that change what is shown
and times each key from the press to the next frame painted. Screens are opened in turn
(one of each, then again), so that the machine's noise falls on all of them alike; the
ratio against the one-label screen is the figure that travels between machines.

    .venv/bin/python benchmarks/screens.py [--runs 10] [--keys 30] [--only TEXT]

Targets (issue 13): every screen opens in a median <= 100 ms and a p99 <= 250 ms; every
key repaints in <= 50 ms. p99 is the nearest rank, so with fewer than 100 runs it is the
slowest run.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import math
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Label

SIZE = (100, 32)
BASELINE = "one label (baseline)"
OPEN_MEDIAN_MS = 100.0
OPEN_P99_MS = 250.0
KEY_MS = 50.0
QUIET = 0.05
"""Seconds without a frame, every message handled, for a screen to count as ready."""
PAINT_TIMEOUT = 10.0
"""Seconds to wait for a frame before calling the screen broken (not slow)."""
TABLE_KEYS: dict[str, tuple[str, ...]] = {
    "liar-game": ("right", "left"),
    "liars-poker-cards": ("a", "backspace"),
    "liars-poker-bills": ("up", "down"),
}
"""Keys that change what the human's turn shows, pressed in turn (each undoes the other)."""


class OneLabel(Screen[None]):
    """The baseline: the cheapest screen Textual can open."""

    def compose(self) -> ComposeResult:
        yield Label("Hello")


class PaintClock:
    """Every frame the app paints, with the screen that painted it and when."""

    def __init__(self, app: Any) -> None:
        self.paints: list[tuple[Screen[Any], float]] = []
        self.cpu_at: dict[float, float] = {}
        """The process's CPU time at each paint, by its wall time."""
        self.calls = 0
        self._counting: Screen[Any] | None = None
        self._painted = asyncio.Event()
        self._display = app._display
        app._display = self._record  # Textual paints every frame through App._display

    def _record(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        if renderable is not None and screen is self._counting:
            sys.setprofile(None)
            self._counting = None
        if renderable is not None:
            painted = time.perf_counter()
            self.cpu_at[painted] = time.process_time()
            self.paints.append((screen, painted))
            self._painted.set()
        self._display(screen, renderable)

    async def last_before_quiet(
        self,
        pilot: Pilot[Any],
        started: float,
        painted_by: Callable[[Screen[Any]], bool] = lambda screen: True,
    ) -> float:
        """Seconds from ``started`` to the last frame a matching screen painted before the app
        went quiet: every widget has handled its messages and no frame came for ``QUIET``
        seconds."""
        while True:
            painted = len(self.paints)
            await pilot._wait_for_screen()
            await asyncio.sleep(QUIET)
            if len(self.paints) == painted:
                found = [when for screen, when in self.paints if painted_by(screen)]
                return max(found, default=started) - started

    def count_calls_until_painted(self, screen: Screen[Any]) -> None:
        """Count every Python function call from now to the first frame ``screen`` paints."""
        self.calls = 0
        self._counting = screen
        sys.setprofile(self._count)

    def _count(self, frame: object, event: str, arg: object) -> None:
        if event == "call":
            self.calls += 1

    async def first_after(self, started: float, painted_by: Callable[[Screen[Any]], bool]) -> float:
        """Seconds from ``started`` to the first frame after it painted by a matching screen."""
        deadline = time.perf_counter() + PAINT_TIMEOUT
        while True:
            found = [when for screen, when in self.paints if when >= started and painted_by(screen)]
            if found:
                return min(found) - started
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise RuntimeError(f"no frame was painted in {PAINT_TIMEOUT:.0f} s")
            self._painted.clear()
            try:
                await asyncio.wait_for(self._painted.wait(), remaining)
            except TimeoutError:
                raise RuntimeError(f"no frame was painted in {PAINT_TIMEOUT:.0f} s") from None


@dataclass
class Timings:
    first_paint: list[float] = field(default_factory=list)
    ready: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    """CPU time to the first paint (openings only)."""
    calls: int | None = None
    """Python calls to the first paint, in one opening (openings only)."""


def p99(samples: Sequence[float]) -> float:
    """The nearest-rank 99th percentile."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]


async def open_screen(
    pilot: Pilot[Any], clock: PaintClock, make: Callable[[], Screen[Any]]
) -> tuple[float, float, float]:
    """Push a new screen, time its first frame, its readiness and the CPU time to its first
    frame, and close it again."""
    app = pilot.app
    screen = make()
    cpu_started = time.process_time()
    started = time.perf_counter()
    app.push_screen(screen)
    first = await clock.first_after(started, lambda painted: painted is screen)
    cpu = clock.cpu_at[started + first] - cpu_started
    ready = await clock.last_before_quiet(pilot, started, lambda painted: painted is screen)
    app.pop_screen()
    await clock.last_before_quiet(pilot, time.perf_counter())
    return first, ready, cpu


async def count_calls(pilot: Pilot[Any], clock: PaintClock, make: Callable[[], Screen[Any]]) -> int:
    """Push a new screen, count the Python calls to its first frame, and close it again."""
    screen = make()
    started = time.perf_counter()
    clock.count_calls_until_painted(screen)
    pilot.app.push_screen(screen)
    await clock.first_after(started, lambda painted: painted is screen)
    await clock.last_before_quiet(pilot, started)
    pilot.app.pop_screen()
    await clock.last_before_quiet(pilot, time.perf_counter())
    return clock.calls


async def open_table(pilot: Pilot[Any], clock: PaintClock, setup: Any) -> tuple[float, float]:
    """Start a table (no save in the way) and time its play screen like any other screen;
    ready means the human's turn is shown (the bots act without delay)."""
    from liar_tui.app import LiarApp
    from liar_tui.screens.table_screen import TableScreen

    app = cast(LiarApp, pilot.app)
    app.return_home()
    await clock.last_before_quiet(pilot, time.perf_counter())
    app.saves.path.unlink(missing_ok=True)
    started = time.perf_counter()
    app.start_table(setup)
    first = await clock.first_after(started, lambda painted: isinstance(painted, TableScreen))
    for _ in range(100):
        ready = await clock.last_before_quiet(pilot, started)
        screen = app.screen
        if isinstance(screen, TableScreen) and screen._showing is not None:
            return first, ready
    raise RuntimeError(f"{setup.game}: the human's turn never came")


async def key_latencies(
    pilot: Pilot[Any], clock: PaintClock, keys: Sequence[str], count: int
) -> Timings:
    """Press ``keys`` in turn ``count`` times; each from the press to the next frame, and
    to the screen being ready again (every widget that follows the key updated)."""
    latencies = Timings()
    for index in range(count):
        started = time.perf_counter()
        await pilot.app._press_keys([keys[index % len(keys)]])
        latencies.first_paint.append(await clock.first_after(started, lambda painted: True))
        latencies.ready.append(await clock.last_before_quiet(pilot, started))
    return latencies


def screens_to_open() -> dict[str, Callable[[], Screen[Any]]]:
    """Every screen opened from a menu, by the name printed; the baseline first."""
    from liar_tui.games import plugin, registered
    from liar_tui.screens.help import HelpScreen
    from liar_tui.screens.home import HomeScreen
    from liar_tui.screens.settings import SettingsScreen
    from liar_tui.screens.setup import SetupScreen
    from liar_tui.store.settings import Settings

    def editor(game_id: str) -> Callable[[], Screen[Any]]:
        class RulesEditorScreen(Screen[None]):
            def compose(self) -> ComposeResult:
                rules = Settings().rules_for(game_id)
                yield plugin(game_id).rules_editor(rules, "rules-editor")

        return RulesEditorScreen

    found: dict[str, Callable[[], Screen[Any]]] = {
        BASELINE: OneLabel,
        "home": HomeScreen,
        "help": HelpScreen,
        "settings": SettingsScreen,
    }
    for game_id in registered():
        found[f"setup: {game_id}"] = functools.partial(SetupScreen, game_id)
    for game_id in registered():
        found[f"rules editor: {game_id}"] = editor(game_id)
    return found


def table_setups() -> dict[str, Any]:
    from liar_tui.games import registered
    from liar_tui.table.seats import SeatConfig, SeatKind
    from liar_tui.table.setup import TableSetup

    setups = {}
    for game_id, game in registered().items():
        seats = (SeatConfig("You", SeatKind.HUMAN), *(SeatConfig(f"Bot {n}") for n in (1, 2)))
        setups[game_id] = TableSetup(
            game_id, game.default_rules(), seats[: max(2, game.min_seats)], seed=1
        )
    return setups


def chosen(names: dict[str, Any], only: Sequence[str]) -> dict[str, Any]:
    """The entries whose name contains one of ``only`` (all of them when it is empty)."""
    return {name: v for name, v in names.items() if not only or any(o in name for o in only)}


async def measure(
    runs: int, keys: int, only: Sequence[str] = ()
) -> tuple[dict[str, Timings], dict[str, Timings]]:
    from liar_tui.app import LiarApp
    from liar_tui.heap import settle_after_startup
    from liar_tui.store.settings import Settings

    app = LiarApp(settings=Settings(bot_delay=0))
    settle_after_startup()  # as liar-tui does before it runs the app
    screens = {BASELINE: OneLabel, **chosen(screens_to_open(), only)}
    setups = {g: s for g, s in table_setups().items() if chosen({f"play: {g}": s}, only)}
    opened = {name: Timings() for name in [*screens, *(f"play: {g}" for g in setups)]}
    pressed: dict[str, Timings] = {}
    async with app.run_test(size=SIZE) as pilot:
        clock = PaintClock(app)
        await clock.last_before_quiet(pilot, time.perf_counter())
        for make in screens.values():  # once each to warm imports and caches
            await open_screen(pilot, clock, make)
        for setup in setups.values():
            await open_table(pilot, clock, setup)
        app.return_home()
        for _ in range(runs):
            for name, make in screens.items():
                first, ready, cpu = await open_screen(pilot, clock, make)
                opened[name].first_paint.append(first)
                opened[name].ready.append(ready)
                opened[name].cpu.append(cpu)
            for game_id, setup in setups.items():
                first, ready = await open_table(pilot, clock, setup)
                opened[f"play: {game_id}"].first_paint.append(first)
                opened[f"play: {game_id}"].ready.append(ready)
            app.return_home()
            await clock.last_before_quiet(pilot, time.perf_counter())
        for name, make in screens.items():
            opened[name].calls = await count_calls(pilot, clock, make)
        for game_id, setup in setups.items():
            await open_table(pilot, clock, setup)
            pressed[f"key at {game_id}"] = await key_latencies(
                pilot, clock, TABLE_KEYS.get(game_id, ("tab",)), keys
            )
        app.return_home()
        await clock.last_before_quiet(pilot, time.perf_counter())
    return opened, pressed


def row(
    name: str,
    timings: Timings,
    baselines: tuple[float, float],
    median_target: float,
    p99_target: float,
) -> str:
    """One line: median, p99 and ratio of the first frame and of readiness, whether the first
    frame met the target (issue 13 times the first paint), and the median CPU time to the
    first frame with its ratio (openings only). ``baselines``: the one-label screen's first
    paint and CPU medians."""
    baseline, cpu_baseline = baselines
    cells = []
    for samples in (timings.first_paint, timings.ready):
        median = statistics.median(samples)
        cells.append(f"{median * 1000:8.1f} {p99(samples) * 1000:8.1f} {median / baseline:6.1f}x")
    met = statistics.median(timings.first_paint) <= median_target
    met = met and p99(timings.first_paint) <= p99_target
    cpu = ""
    if timings.cpu:
        median = statistics.median(timings.cpu)
        cpu = f"{median * 1000:8.1f} {median / cpu_baseline:6.1f}x"
    if timings.calls is not None:
        cpu += f" {timings.calls:>8}"
    return f"{name:<30} {cells[0]}   {cells[1]}   {'met' if met else 'MISSED':<6}   {cpu}"


def report(opened: dict[str, Timings], pressed: dict[str, Timings], runs: int, keys: int) -> None:
    baselines = (
        statistics.median(opened[BASELINE].first_paint),
        statistics.median(opened[BASELINE].cpu),
    )
    print(f"{runs} openings of each screen, {keys} keys at each table; ms, p99 nearest rank")
    print(f"ratio: a median against the {BASELINE} screen's first paint (or CPU) median")
    print("cpu: the app's CPU time from the push to the first paint; calls: Python calls to it")
    print(
        f"targets: open median <= {OPEN_MEDIAN_MS:.0f} ms and p99 <= {OPEN_P99_MS:.0f} ms; "
        f"key <= {KEY_MS:.0f} ms"
    )
    print()
    columns = f"{'median':>8} {'p99':>8} {'ratio':>7}"
    print(f"{'':<30} {'first paint':^25}   {'ready':^25}   {'':<6}   {'cpu':^15}")
    print(
        f"{'screen':<30} {columns}   {columns}   target   {'median':>8} {'ratio':>6} {'calls':>8}"
    )
    for name, timings in opened.items():
        print(row(name, timings, baselines, OPEN_MEDIAN_MS / 1000, OPEN_P99_MS / 1000))
    print()
    print(f"{'key press':<30} {columns}   {columns}   target")
    for name, timings in pressed.items():
        print(row(name, timings, baselines, KEY_MS / 1000, KEY_MS / 1000))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="openings of each screen")
    parser.add_argument("--keys", type=int, default=30, help="key presses at each table")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="TEXT",
        help="time only the screens whose name contains TEXT (repeatable; the baseline is kept)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["LIAR_TUI_CONFIG_DIR"] = str(Path(home) / "config")
        os.environ["LIAR_TUI_DATA_DIR"] = str(Path(home) / "data")
        opened, pressed = asyncio.run(measure(args.runs, args.keys, args.only))
    report(opened, pressed, args.runs, args.keys)


if __name__ == "__main__":
    main()
