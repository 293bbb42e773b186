"""Finding 8 of issue 12: a host restart lost every game. Now the host journals its tables,
so after ``kill -9`` and a new start on the same data folder every person resumes the same
table at the same state: view (with their pocket or bill), and who is to act.

The host runs as a real process, as ``liar-tui host --data-dir ...`` would. Before the kill
the test waits until the table is quiet (only people to act) and the journal holds every
action the clients were told of, so that what the clients last saw is what a restart must
give back; an action the host applied but had not yet written may be lost in a real crash.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pathlib
import random
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from typing import Any

import pytest

from liar_tui.games import make_bot, plugin
from liar_tui.net.protocol import (
    CreateTable,
    Resume,
    Seated,
    Started,
    StartTable,
    TableCreated,
    TakeSeat,
    Update,
)
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from tests.net.host_client import WAIT, HostClient, play_until

RULES: dict[str, Any] = {
    "liar-game": LiarGameRules(target=100_000),
    "liars-poker-cards": LiarsPokerRules(lives=5),
    "liars-poker-bills": plugin("liars-poker-bills").default_rules(),
}
SEATS = (
    SeatConfig("Chair 1", SeatKind.HUMAN),
    SeatConfig("Chair 2", SeatKind.HUMAN),
    SeatConfig("Ada", level=BotLevel.NORMAL),
)


@contextlib.asynccontextmanager
async def host_process(data_dir: pathlib.Path, port: int = 0) -> AsyncIterator[tuple[Any, int]]:
    """``liar-tui host`` with its journal in ``data_dir``; its port, once it listens."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "liar_tui",
        "host",
        "--port",
        str(port),
        "--data-dir",
        str(data_dir),
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(pathlib.Path(__file__).parents[2])},
    )
    try:
        assert process.stdout is not None
        while True:
            line = (await asyncio.wait_for(process.stdout.readline(), WAIT)).decode()
            assert line, "the host stopped before it listened"
            if line.startswith("liar-tui host: tables on 127.0.0.1:"):
                break
        yield process, int(line.split("127.0.0.1:")[1].split(";")[0])
    finally:
        if process.returncode is None:
            process.kill()
        await process.wait()


def journaled_actions(data_dir: pathlib.Path, table: int) -> int:
    path = data_dir / f"table-{table}.actions"
    return path.read_bytes().count(b"\n") if path.exists() else 0


async def quiet_point(clients: list[HostClient], table: int, people: set[int]) -> list[Update]:
    """Read each client's updates until only people are to act and nothing more comes: the
    state the restart must give back. Returns each client's last update."""
    last: list[Update] = []
    for client in clients:
        seen = [f for f in client.frames if isinstance(f, Update) and f.table == table]
        update: Update | None = seen[-1] if seen else None
        while update is None or not set(update.update.to_act) <= people:
            update = await client.expect(Update, lambda frame: frame.table == table)
        while True:  # the people's turn: nothing more is sent until one of them acts
            try:
                update = await asyncio.wait_for(
                    client.expect(Update, lambda frame: frame.table == table), 0.3
                )
            except TimeoutError:
                break
        last.append(update)
    return last


def updates_with_actions(client: HostClient) -> int:
    return sum(1 for f in client.frames if isinstance(f, Update) and f.update.actor is not None)


@pytest.mark.parametrize(
    "game",
    [
        "liar-game",
        pytest.param("liars-poker-cards", marks=pytest.mark.slow),
        pytest.param("liars-poker-bills", marks=pytest.mark.slow),
    ],
)
async def test_a_host_killed_mid_game_gives_everyone_their_seat_back(
    game: str, tmp_path: pathlib.Path
) -> None:
    data_dir = tmp_path / "host-tables"
    async with host_process(data_dir) as (process, port):
        ann, bob = await HostClient.tcp(port), await HostClient.tcp(port)
        await ann.greet("Ann")
        await bob.greet("Bob")
        await ann.send(CreateTable(game, RULES[game], SEATS))
        table = (await ann.expect(TableCreated)).table
        seated: list[Seated] = []
        for seat, client in enumerate((ann, bob)):
            await client.send(TakeSeat(table, seat))
            seated.append(await client.expect(Seated))
        await ann.send(StartTable(seated[0].token))
        for client in (ann, bob):
            await client.expect(Started)
        bots = [make_bot(game, BotLevel.NORMAL, random.Random(seat)) for seat in range(2)]
        # Both play until one of them has made two moves (a turn at cards is several).
        players = [
            asyncio.ensure_future(play_until(client, sat, bot, game, actions=2))
            for client, sat, bot in zip((ann, bob), seated, bots, strict=True)
        ]
        done, playing = await asyncio.wait(
            players, timeout=WAIT * 3, return_when=asyncio.FIRST_COMPLETED
        )
        assert done, "nobody made two moves"
        for player in playing:
            player.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        before = await quiet_point([ann, bob], table, {0, 1})
        actions = updates_with_actions(ann)
        for _ in range(100):  # the journal's thread writes what the clients were told
            if journaled_actions(data_dir, table) >= actions:
                break
            await asyncio.sleep(0.05)
        assert journaled_actions(data_dir, table) == actions
        process.send_signal(signal.SIGKILL)
        await process.wait()

    async with host_process(data_dir, port) as (_, same_port):
        assert same_port == port
        for sat, last in zip(seated, before, strict=True):
            client = await HostClient.tcp(port)
            await client.greet("Ann again")
            await client.send(Resume(sat.token))
            resumed = await client.expect(Seated)
            assert (resumed.table, resumed.seat) == (table, sat.seat)
            assert (await client.expect(Started)).seat == sat.seat
            update = (await client.expect(Update)).update
            assert update.view == last.update.view
            assert update.to_act == last.update.to_act
            await client.close()
