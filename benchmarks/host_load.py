"""The table host under load: 10 tables of 5 bot clients each, over loopback TCP.

The host runs in its own process, as ``liar-tui host`` would, so that its peak memory is its
own. Every client is a real connection speaking the protocol, choosing its actions with the
app's normal bots from the views the host sends it; each table is played again as soon as
its game ends (a dollar-bill session never ends: its deals go on). The figures:

- actions per second applied by the host, against the same games played in this process
  on the table and bus alone (no sockets, no frames) as the baseline;
- the action round trip, from writing an Act to reading the Update it caused (the one whose
  ``actor`` is the client's own seat), median and p99 against the 20 ms target;
- the host's peak memory (VmHWM) against the 100 MB target.

    .venv/bin/python benchmarks/host_load.py [--seconds 20] [--tables 10] [--seats 5] [--think 0.6]

The bots think before they act (0.6 s on average, the app's default bot pacing), so the
round trip measures how quickly the host answers while ten tables keep it busy. With
``--think 0`` every client answers at once and the run measures throughput instead: fifty
clients always waiting means every action queues behind the others, and the round trip is
the length of that queue.

The clients run in worker processes, one per table by default, as people's terminals would:
a client busy deciding delays its own table, not the others. On a small machine they still
share the CPU with the host.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import signal
import subprocess
import sys
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
import asyncio, signal, sys
from liar_tui.net import host_table
from liar_tui.net.server import HostOptions, TableHost

host_table.OVER_TABLE_KEEP = float(sys.argv[1])

async def main():
    host = TableHost(HostOptions(away_timeout=3600.0, max_connections=256, max_tables=256))
    port = await host.listen_tcp("127.0.0.1", 0)
    print(port, flush=True)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    await host.close()

asyncio.run(main())
"""


@dataclass
class Stats:
    round_trips: list[float] = field(default_factory=list)
    games: int = 0
    refused: int = 0


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
            raise ConnectionError("the host closed the connection")
        data = json.loads(line)
        if data["type"] == "HostError":
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
    """Five clients at one table, starting it again whenever its game ends."""
    game = list(GAMES)[number % len(GAMES)]
    clients = [await Client.connect(port, f"Bot {number}.{i}") for i in range(seats)]
    chairs = tuple(SeatConfig(f"Chair {i}", SeatKind.HUMAN) for i in range(seats))
    try:
        while time.monotonic() < deadline:
            clients[0].send(CreateTable(game, GAMES[game], chairs))
            table = (await clients[0].expect(TableCreated)).table
            seated = []
            for seat, client in enumerate(clients):
                client.send(TakeSeat(table, seat))
                seated.append(await client.expect(Seated))
            clients[0].send(StartTable(seated[0].token))
            await asyncio.gather(
                *(
                    play(c, s, game, deadline, think, stats)
                    for c, s in zip(clients, seated, strict=True)
                )
            )
            stats.games += 1
    finally:
        for client in clients:
            client.writer.close()


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


def networked(
    seconds: float, tables: int, seats: int, think: float, processes: int
) -> tuple[Stats, float, float, float, float]:
    """Stats, the seconds played, the host's peak memory in MB, and the CPU seconds used by
    the host and by the clients."""
    host = subprocess.Popen(
        [sys.executable, "-c", HOST_PROGRAM, str(OVER_TABLE_KEEP)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert host.stdout is not None
        port = int(host.stdout.readline())
        stats = Stats()
        started = time.monotonic()
        deadline = started + seconds
        shares = [list(range(tables))[worker::processes] for worker in range(processes)]
        # Forked workers start with this process's warm caches (see main).
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(processes, mp_context=context) as pool:
            futures = [
                pool.submit(client_process, port, share, seats, deadline, think)
                for share in shares
                if share
            ]
            results = [future.result() for future in futures]
        played = time.monotonic() - started
        for worker_stats, _ in results:
            stats.round_trips += worker_stats.round_trips
            stats.games += worker_stats.games
            stats.refused += worker_stats.refused
        clients_cpu = sum(cpu for _, cpu in results)
        peak = host_peak_mb(host.pid)
        host_cpu = cpu_seconds(host.pid)
        host.send_signal(signal.SIGTERM)
        host.wait(timeout=30)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
    if peak is None:  # no /proc: the largest child this process has waited for
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return stats, played, peak, host_cpu, clients_cpu


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
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play (default 20)")
    parser.add_argument("--tables", type=int, default=10, help="tables (default 10)")
    parser.add_argument("--seats", type=int, default=5, help="bot clients per table (default 5)")
    parser.add_argument(
        "--client-processes",
        type=int,
        default=0,
        metavar="N",
        help="processes the clients are spread over (default: one per table)",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=THINK_SECONDS,
        help=f"seconds a bot thinks before acting, on average (default {THINK_SECONDS:g}; "
        "0 plays flat out, which measures throughput: every action then queues behind the "
        "others)",
    )
    args = parser.parse_args()
    os.environ.setdefault("PYTHONHASHSEED", "0")

    print(
        f"{args.tables} tables x {args.seats} bot clients over loopback TCP "
        f"for {args.seconds:g} s; games: {', '.join(GAMES)} in turn; "
        f"bots think {args.think:g} s on average"
    )
    # First, so that the bots' one-off caches (the cards bot's declaration ladder takes a
    # third of a second) are warm before the clients, which share this process, are timed.
    baseline = in_process(min(args.seconds, 5.0), args.seats)
    stats, played, peak, host_cpu, clients_cpu = networked(
        args.seconds, args.tables, args.seats, args.think, args.client_processes or args.tables
    )
    rate = len(stats.round_trips) / played
    p50 = percentile(stats.round_trips, 0.50) * 1000
    p99 = percentile(stats.round_trips, 0.99) * 1000
    print(f"games finished            {stats.games}")
    print(f"actions                   {len(stats.round_trips)} ({stats.refused} refused)")
    print(f"actions per second        {rate:,.0f}")
    print(f"in-process baseline       {baseline:,.0f} actions/s (no sockets, no frames)")
    paced = " (paced by the bots' thinking)" if args.think > 0 else ""
    print(f"networked / baseline      {rate / baseline:.2f}{paced}")
    print(f"CPU busy: host            {host_cpu / played:.0%} of one core")
    print(f"CPU busy: clients         {clients_cpu / played:.0%} of one core")
    print(f"action round trip p50     {p50:.2f} ms")
    print(
        f"action round trip p99     {p99:.2f} ms "
        f"(target <= {P99_TARGET_MS:g} ms: {'met' if p99 <= P99_TARGET_MS else 'MISSED'})"
    )
    print(
        f"host peak memory          {peak:.1f} MB "
        f"(target <= {MEMORY_TARGET_MB:g} MB: {'met' if peak <= MEMORY_TARGET_MB else 'MISSED'})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
