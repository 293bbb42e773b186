"""The table host under load: paced bot clients over loopback, then beside hostile ones.

The host runs in its own process, as ``liar-tui host`` would, so that its peak memory is its
own, and journals its tables to a temporary folder as ``liar-tui host`` does to its data
folder. Every client is a real connection speaking the protocol, choosing its actions with the
app's normal bots from the views the host sends it; each table is played again as soon as
its game ends (a dollar-bill session never ends: its deals go on). Two scenarios run, each
on a fresh host:

**Load**: 10 tables of 5 bot clients. The figures:

- actions per second applied by the host, against the same games played in this process
  on the table and bus alone (no sockets, no frames) as the baseline;
- the action round trip, from writing an Act to reading the Update it caused (the one whose
  ``actor`` is the client's own seat), median and p99 against the 20 ms target;
- how late the host's own 5 ms timer ticks run (median, p99, most): the time its loop was
  held by other work, which the round trip includes along with the clients' own wait for a
  CPU on a shared machine;
- the host's peak memory (VmHWM) against the 100 MB target.

**Flood** (issue 12): 20 tables of 5 paced bot clients, the well-behaved ones, beside two
hostile loads: one more table of 5 clients playing flat out (no thinking), and one
connection writing refused frames (``TakeSeat`` at a table that does not exist, and lines
that are not frames) as fast as it can. The host may answer the flood with ``too-fast`` and
close the connection; the flooder then connects again and goes on, and counts how often it
was cut off. The figures: the paced tables' round trip, median and p99 against the 50 ms
target, the host's timer lateness, and the host's peak memory against 150 MB, beside the
load scenario's figures from the same run (their ratio is the figure to read on a noisy
machine) and the ones recorded before issue 12 (p99 13-19 ms at 10 x 5 paced).

    .venv/bin/python benchmarks/host_load.py [--scenario both] [--seconds 20] [--tables 10]
        [--flood-tables 20] [--seats 5] [--think 0.6]

The bots think before they act (0.6 s on average, the app's default bot pacing), so the
round trip measures how quickly the host answers while the tables keep it busy. With
``--think 0`` the load scenario's clients answer at once and the run measures throughput
instead: fifty clients always waiting means every action queues behind the others, and the
round trip is the length of that queue.

The clients run in worker processes, one per table by default (and one for the flooder), as
people's terminals would: a client busy deciding delays its own table, not the others. On a
small machine they still share the CPU with the host.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from liar_tui.games import make_bot, new_state
from liar_tui.net.protocol import (
    MAX_HOST_FRAME_BYTES,
    PROTOCOL_VERSION,
    Act,
    ClientFrame,
    CreateTable,
    Hello,
    Seated,
    StartTable,
    TableCreated,
    TakeSeat,
    Update,
    decode_host_frame,
    encode_frame,
)
from liar_tui.rules.dollar_bills.rules import Rules as BillRules
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.rules.liars_poker.game import Phase
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.table.bot_seat import BotSeat
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Bus, Table

P99_TARGET_MS = 20.0
THINK_SECONDS = 0.6
"""The app's default bot delay: bots at a table with people pace themselves like this."""
MEMORY_TARGET_MB = 100.0
FLOOD_P99_TARGET_MS = 50.0
FLOOD_MEMORY_TARGET_MB = 150.0
BEFORE_ISSUE_12 = {"p50": "2.0-2.5 ms", "p99": "13-19 ms", "memory": "39-46 MB"}
"""The load scenario's figures recorded before issue 12 (benchmarks/README.md), five runs."""
FLOOD_FRAMES_PER_WRITE = 100
CUT_OFF_CODES = frozenset({"too-fast", "idle", "host-full"})
"""HostError codes with which the host closes a connection, or turns a new one away."""
LOOP_TICK = 0.005
"""Seconds between the host's own timer ticks: how late each tick runs is how long the host's
loop was held by something else (one connection's backlog, a long encode, a bot deciding
on the loop). Unlike the round trip, it leaves out the clients' own wait for a CPU."""
OVER_TABLE_KEEP = 2.0
"""Seconds the benchmark's host keeps a finished table in the lobby. The real host keeps it
for minutes, which at hundreds of games a minute would fill the lobby (and every lobby frame)
with finished tables no person is looking at."""

GAMES: dict[str, Any] = {
    "liar-game": LiarGameRules(),
    "liars-poker-cards": LiarsPokerRules(),
    "liars-poker-bills": BillRules(),
}

HOST_PROGRAM = """
import asyncio, json, pathlib, signal, sys
from liar_tui.net import host_table
from liar_tui.net.server import HostOptions, TableHost

host_table.OVER_TABLE_KEEP = float(sys.argv[1])
TICK = float(sys.argv[3])

async def watch(lateness):
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + TICK
        await asyncio.sleep(TICK)
        lateness.append(loop.time() - due)

async def main():
    lateness = []
    watching = asyncio.create_task(watch(lateness))
    host = TableHost(
        HostOptions(
            away_timeout=3600.0,
            max_connections=256,
            max_tables=256,
            data_dir=pathlib.Path(sys.argv[2]),
        )
    )
    port = await host.listen_tcp("127.0.0.1", 0)
    print(port, flush=True)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    watching.cancel()
    await host.close()
    print(json.dumps([round(late, 6) for late in lateness]), flush=True)

asyncio.run(main())
"""


class CutOff(ConnectionError):
    """The host closed this client's connection, or turned it away."""


@dataclass
class Stats:
    round_trips: list[float] = field(default_factory=list)
    games: int = 0
    refused: int = 0
    cut_off: int = 0
    """Times the host closed one of a table's connections; the table then starts over."""

    def add(self, other: Stats) -> None:
        self.round_trips += other.round_trips
        self.games += other.games
        self.refused += other.refused
        self.cut_off += other.cut_off


@dataclass
class FloodStats:
    connections: int = 0
    frames_written: int = 0
    answers: int = 0
    """Frames the host sent back: its refusals, and a Welcome and a lobby per connection."""
    too_fast: int = 0
    cut_off: int = 0
    """Connections the host closed (after ``too-fast`` or otherwise) or turned away."""


class Client:
    """One bot's connection: frames out, frames in, nothing else."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def connect(cls, port: int, name: str) -> Client:
        reader, writer = await asyncio.open_connection(
            "127.0.0.1", port, limit=MAX_HOST_FRAME_BYTES + 1
        )
        client = cls(reader, writer)
        client.send(Hello(PROTOCOL_VERSION, name))
        return client

    def send(self, frame: ClientFrame) -> None:
        self.writer.write(encode_frame(frame))

    async def receive_line(self) -> tuple[bytes, dict[str, Any]]:
        """The next frame's line and its JSON, not yet decoded strictly.

        The strict decode of a long view costs a client several times what encoding it
        cost the host; a client here decodes fully only the views it acts on, so that the
        clients, which share one process, measure the host rather than themselves.
        """
        line = await self.reader.readline()
        if not line:
            raise CutOff("the host closed the connection")
        data = json.loads(line)
        if data["type"] == "HostError":
            if data["code"] in CUT_OFF_CODES:
                raise CutOff(data["message"])
            raise RuntimeError(f"the host refused a frame: {data['message']}")
        return line, data

    async def expect(self, kind: type) -> Any:
        while True:
            line, data = await self.receive_line()
            if data["type"] == kind.__name__:
                return decode_host_frame(line)


def finished(game: str, view: dict[str, Any]) -> bool:
    if game == "liar-game":
        return bool(view["over"])
    if game == "liars-poker-cards":
        return view["phase"] == Phase.OVER.value
    return False  # a dollar-bill session goes on deal after deal


async def play(
    client: Client, seated: Seated, game: str, deadline: float, think: float, stats: Stats
) -> None:
    """Play one seat until its game ends or time is up, timing each action's round trip.

    The bot thinks for ``think`` seconds (0.5 to 1.5 times it, at random) before it sends,
    as the app's bots pace themselves for people; the round trip is timed from the send.
    """
    rng = random.Random(f"{seated.table}:{seated.seat}")
    bot = make_bot(game, BotLevel.EASY, rng)
    loop = asyncio.get_running_loop()
    sent_at: float | None = None
    deciding = False

    def send(action: Any) -> None:
        nonlocal sent_at, deciding
        deciding = False
        sent_at = time.perf_counter()
        client.send(Act(seated.token, action))

    while time.monotonic() < deadline:
        line, data = await client.receive_line()
        if data["type"] == "ActionRefused":
            stats.refused += 1
            sent_at = None
        if data["type"] != "Update":
            continue
        update = data["update"]
        if update["actor"] == seated.seat and sent_at is not None:
            stats.round_trips.append(time.perf_counter() - sent_at)
            sent_at = None
        if finished(game, update["view"]):
            return
        if seated.seat in update["to_act"] and sent_at is None and not deciding:
            frame = decode_host_frame(line)
            assert isinstance(frame, Update)
            action = bot.act(frame.update.view)
            deciding = True
            loop.call_later(think * rng.uniform(0.5, 1.5), send, action)


async def drive_table(
    port: int, number: int, seats: int, deadline: float, think: float, stats: Stats
) -> None:
    """Five clients at one table, starting it again whenever its game ends; if the host
    cuts one of them off, all five connect again and start a new table."""
    while time.monotonic() < deadline:
        clients = [await Client.connect(port, f"Bot {number}.{i}") for i in range(seats)]
        try:
            await play_games(clients, number, deadline, think, stats)
        except* CutOff:
            stats.cut_off += 1
        finally:
            for client in clients:
                client.writer.close()


async def play_games(
    clients: list[Client], number: int, deadline: float, think: float, stats: Stats
) -> None:
    game = list(GAMES)[number % len(GAMES)]
    chairs = tuple(SeatConfig(f"Chair {i}", SeatKind.HUMAN) for i in range(len(clients)))
    while time.monotonic() < deadline:
        # The creator sits in seat 0 and so owns the table: its StartTable starts it.
        clients[0].send(CreateTable(game, GAMES[game], chairs))
        table = (await clients[0].expect(TableCreated)).table
        seated = []
        for seat, client in enumerate(clients):
            client.send(TakeSeat(table, seat))
            seated.append(await client.expect(Seated))
        clients[0].send(StartTable(seated[0].token))
        async with asyncio.TaskGroup() as group:  # one cut off stops the table's others
            for client, seat in zip(clients, seated, strict=True):
                group.create_task(play(client, seat, game, deadline, think, stats))
        stats.games += 1


async def flood(port: int, deadline: float, stats: FloodStats) -> None:
    """Write refused frames as fast as the host takes them, on one connection at a time;
    when the host closes it, connect again at once."""
    refused = encode_frame(TakeSeat(0, 0)) + b"not a frame\n"
    chunk = refused * (FLOOD_FRAMES_PER_WRITE // 2)
    while time.monotonic() < deadline:
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, limit=MAX_HOST_FRAME_BYTES + 1
            )
        except OSError:
            stats.cut_off += 1
            continue
        stats.connections += 1
        answers = asyncio.create_task(count_answers(reader, stats))
        try:
            writer.write(encode_frame(Hello(PROTOCOL_VERSION, "Flood")))
            while time.monotonic() < deadline and not (answers.done() or writer.is_closing()):
                writer.write(chunk)
                stats.frames_written += FLOOD_FRAMES_PER_WRITE
                await asyncio.wait_for(writer.drain(), 1.0)
        except (ConnectionError, TimeoutError):
            pass
        finally:
            writer.close()
        if time.monotonic() < deadline:
            stats.cut_off += 1
        answers.cancel()


async def count_answers(reader: asyncio.StreamReader, stats: FloodStats) -> None:
    """Read the host's answers to the flood until it closes the connection. A reset can
    discard the last answers unread, ``too-fast`` among them."""
    with contextlib.suppress(ConnectionError):
        while line := await reader.readline():
            stats.answers += 1
            if b'"too-fast"' in line:
                stats.too_fast += 1


def flood_process(port: int, deadline: float) -> tuple[FloodStats, float]:
    """The flooder in its own worker process; its stats and the CPU seconds it used."""
    stats = FloodStats()
    started = time.process_time()
    with contextlib.suppress(ConnectionError):
        asyncio.run(flood(port, deadline, stats))
    return stats, time.process_time() - started


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far, from /proc (Linux); 0 without."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def host_peak_mb(pid: int) -> float | None:
    """The host's peak resident memory from /proc, while it still runs (Linux)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def client_process(
    port: int, numbers: list[int], seats: int, deadline: float, think: float
) -> tuple[Stats, float]:
    """Play the given tables in this worker process; its stats and the CPU seconds it used.

    Each worker has its own event loop, so one client's decision (or its strict decode of a
    long view) delays only the clients in the same process, as it would on a person's own
    terminal, rather than every client of the benchmark.
    """
    stats = Stats()
    started = time.process_time()

    async def play_all() -> None:
        await asyncio.gather(
            *(drive_table(port, number, seats, deadline, think, stats) for number in numbers)
        )

    asyncio.run(play_all())
    return stats, time.process_time() - started


@dataclass
class Run:
    """One scenario's figures on one fresh host."""

    paced: Stats
    """The well-behaved tables."""
    played: float
    """Seconds of play."""
    peak_mb: float
    """The host's peak resident memory."""
    host_cpu: float
    clients_cpu: float
    """CPU seconds of every client process, the hostile ones included."""
    loop_lateness: list[float]
    """Seconds each of the host's timer ticks ran late (see :data:`LOOP_TICK`)."""
    flat_out: Stats | None = None
    flood: FloodStats | None = None


def networked(
    seconds: float, tables: int, seats: int, think: float, processes: int, hostile: bool
) -> Run:
    """Play ``tables`` tables on a fresh host; with ``hostile``, beside one table played
    flat out and one flooding connection, each in a worker process of its own."""
    journal = tempfile.TemporaryDirectory(prefix="liar-tui-host-load-")
    # The host journals every table as ``liar-tui host`` does by default.
    host = subprocess.Popen(
        [sys.executable, "-c", HOST_PROGRAM, str(OVER_TABLE_KEEP), journal.name, str(LOOP_TICK)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert host.stdout is not None
        port = int(host.stdout.readline())
        started = time.monotonic()
        deadline = started + seconds
        shares = [list(range(tables))[worker::processes] for worker in range(processes)]
        shares = [share for share in shares if share]
        workers = len(shares) + (2 if hostile else 0)
        # Forked workers start with this process's warm caches (see main).
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            paced = [
                pool.submit(client_process, port, share, seats, deadline, think) for share in shares
            ]
            if hostile:
                flat_out = pool.submit(client_process, port, [tables], seats, deadline, 0.0)
                flooding = pool.submit(flood_process, port, deadline)
            results = [future.result() for future in paced]
            hostile_results = (flat_out.result(), flooding.result()) if hostile else None
        played = time.monotonic() - started
        peak = host_peak_mb(host.pid)
        host_cpu = cpu_seconds(host.pid)
        host.send_signal(signal.SIGTERM)
        lateness = json.loads(host.stdout.readline() or "[]")
        host.wait(timeout=30)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
        journal.cleanup()
    if peak is None:  # no /proc: the largest child this process has waited for
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    run = Run(Stats(), played, peak, host_cpu, sum(cpu for _, cpu in results), lateness)
    for worker_stats, _ in results:
        run.paced.add(worker_stats)
    if hostile_results is not None:
        (run.flat_out, flat_out_cpu), (run.flood, flood_cpu) = hostile_results
        run.clients_cpu += flat_out_cpu + flood_cpu
    return run


def in_process(seconds: float, seats: int) -> float:
    """Actions per second of the same games on the table and bus alone, bots acting at once."""
    actions = 0
    started = time.perf_counter()
    number = 0
    while time.perf_counter() - started < seconds:
        game = list(GAMES)[number % len(GAMES)]
        chairs = tuple(SeatConfig(f"Bot {i}") for i in range(seats))
        setup = TableSetup(game, GAMES[game], chairs, seed=number)
        table = Table(setup, new_state(setup))
        bus = Bus(table)

        def stop_at_settlement(update: Any, table: Table = table) -> None:
            if any(type(event).__name__ == "Settled" for event in update.events):
                table.close()

        table.subscribe(0, stop_at_settlement)
        for seat in range(seats):
            bot = make_bot(game, BotLevel.NORMAL, random.Random(f"{number}:{seat}"))
            table.subscribe(seat, BotSeat(seat, bot, bus))
        actions += len(table.actions)
        number += 1
    return actions / (time.perf_counter() - started)


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile; NaN for no values (a run too short for any action)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))]


def target(value: float, limit: float, unit: str) -> str:
    return f"(target <= {limit:g} {unit}: {'met' if value <= limit else 'MISSED'})"


def lateness(run: Run) -> str:
    late = run.loop_lateness
    figures = (percentile(late, share) * 1000 for share in (0.50, 0.99, 1.0))
    return "{:.1f} / {:.1f} ms, at most {:.0f} ms".format(*figures)


def report_load(run: Run, baseline: float, think: float) -> tuple[float, float]:
    """Print the load scenario's figures; its p50 and p99 in ms."""
    stats = run.paced
    rate = len(stats.round_trips) / run.played
    p50 = percentile(stats.round_trips, 0.50) * 1000
    p99 = percentile(stats.round_trips, 0.99) * 1000
    print(f"games finished            {stats.games}")
    print(f"actions                   {len(stats.round_trips)} ({stats.refused} refused)")
    print(f"actions per second        {rate:,.0f}")
    print(f"in-process baseline       {baseline:,.0f} actions/s (no sockets, no frames)")
    paced = " (paced by the bots' thinking)" if think > 0 else ""
    print(f"networked / baseline      {rate / baseline:.2f}{paced}")
    print(f"CPU busy: host            {run.host_cpu / run.played:.0%} of one core")
    print(f"CPU busy: clients         {run.clients_cpu / run.played:.0%} of one core")
    print(f"cut off by the host       {stats.cut_off}")
    print(f"action round trip p50     {p50:.2f} ms")
    print(f"action round trip p99     {p99:.2f} ms {target(p99, P99_TARGET_MS, 'ms')}")
    print(f"host loop late p50/p99    {lateness(run)}")
    print(
        f"host peak memory          {run.peak_mb:.1f} MB "
        f"{target(run.peak_mb, MEMORY_TARGET_MB, 'MB')}"
    )
    return p50, p99


def report_flood(run: Run, load: tuple[float, float, float] | None) -> None:
    """Print the flood scenario's figures, beside the load scenario's of the same run
    (p50, p99, peak memory) when it ran, and the ones recorded before issue 12."""
    assert run.flat_out is not None and run.flood is not None
    stats, flat_out, flood = run.paced, run.flat_out, run.flood
    p50 = percentile(stats.round_trips, 0.50) * 1000
    p99 = percentile(stats.round_trips, 0.99) * 1000

    def beside(value: float, index: int, unit: str, before: str) -> str:
        same_run = f"{load[index]:.1f} {unit} ({value / load[index]:.1f}x); " if load else ""
        return f"[load scenario: {same_run}before issue 12: {before}]"

    print(f"paced tables: games       {stats.games}")
    print(f"paced tables: actions     {len(stats.round_trips)} ({stats.refused} refused)")
    print(f"paced tables: cut off     {stats.cut_off} (should be 0)")
    print(f"paced round trip p50      {p50:.2f} ms {beside(p50, 0, 'ms', BEFORE_ISSUE_12['p50'])}")
    print(
        f"paced round trip p99      {p99:.2f} ms {target(p99, FLOOD_P99_TARGET_MS, 'ms')} "
        f"{beside(p99, 1, 'ms', BEFORE_ISSUE_12['p99'])}"
    )
    print(f"host loop late p50/p99    {lateness(run)}")
    print(
        f"host peak memory          {run.peak_mb:.1f} MB "
        f"{target(run.peak_mb, FLOOD_MEMORY_TARGET_MB, 'MB')} "
        f"{beside(run.peak_mb, 2, 'MB', BEFORE_ISSUE_12['memory'])}"
    )
    flat_p99 = percentile(flat_out.round_trips, 0.99) * 1000
    print(
        f"flat-out table            {len(flat_out.round_trips) / run.played:,.0f} actions/s, "
        f"p99 {flat_p99:.0f} ms, {flat_out.games} games, cut off {flat_out.cut_off} times"
    )
    print(
        f"flooder                   {flood.frames_written:,} frames written on "
        f"{flood.connections:,} connections (the kernel takes megabytes the host never "
        f"reads), {flood.answers:,} answers read"
    )
    print(
        f"flooder cut off           {flood.cut_off:,} times ({flood.too_fast:,} too-fast "
        "answers read before the connection was reset)"
    )
    print(f"CPU busy: host            {run.host_cpu / run.played:.0%} of one core")
    print(f"CPU busy: clients         {run.clients_cpu / run.played:.0%} of one core (all)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--scenario",
        choices=("load", "flood", "both"),
        default="both",
        help="the paced load alone, the flood alone, or both on fresh hosts (default both)",
    )
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="seconds of play in each (default 20)"
    )
    parser.add_argument("--tables", type=int, default=10, help="load tables (default 10)")
    parser.add_argument(
        "--flood-tables", type=int, default=20, help="paced tables beside the flood (default 20)"
    )
    parser.add_argument("--seats", type=int, default=5, help="bot clients per table (default 5)")
    parser.add_argument(
        "--client-processes",
        type=int,
        default=0,
        metavar="N",
        help="processes the paced clients are spread over (default: one per table)",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=THINK_SECONDS,
        help=f"seconds a bot of the load scenario thinks before acting, on average (default "
        f"{THINK_SECONDS:g}; 0 plays flat out, which measures throughput: every action then "
        "queues behind the others); the flood's paced tables always think the default",
    )
    args = parser.parse_args()
    os.environ.setdefault("PYTHONHASHSEED", "0")

    # First, so that the bots' one-off caches (the cards bot's declaration ladder takes a
    # third of a second) are warm before the clients, forked from this process, are timed.
    baseline = in_process(min(args.seconds, 5.0), args.seats)
    load: tuple[float, float, float] | None = None
    if args.scenario in ("load", "both"):
        print(
            f"Load: {args.tables} tables x {args.seats} bot clients over loopback TCP "
            f"for {args.seconds:g} s; games: {', '.join(GAMES)} in turn; "
            f"bots think {args.think:g} s on average"
        )
        run = networked(
            args.seconds,
            args.tables,
            args.seats,
            args.think,
            args.client_processes or args.tables,
            hostile=False,
        )
        p50, p99 = report_load(run, baseline, args.think)
        if args.think == THINK_SECONDS:  # comparable with the flood's paced tables
            load = (p50, p99, run.peak_mb)
    if args.scenario in ("flood", "both"):
        if load is not None:
            print()
        print(
            f"Flood: {args.flood_tables} tables x {args.seats} paced bot clients "
            f"(thinking {THINK_SECONDS:g} s) for {args.seconds:g} s, beside one table of "
            f"{args.seats} clients flat out and one connection flooding refused frames "
            "(connecting again whenever cut off)"
        )
        run = networked(
            args.seconds,
            args.flood_tables,
            args.seats,
            THINK_SECONDS,
            args.client_processes or args.flood_tables,
            hostile=True,
        )
        report_flood(run, load)
    return 0


if __name__ == "__main__":
    sys.exit(main())
