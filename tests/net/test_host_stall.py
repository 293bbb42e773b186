"""Finding 4 of issue 12: one connection's flood of frames must not stall every other table.

The host runs as a real process (``python -m liar_tui host --port 0``). One connection floods
it with ``TakeSeat`` frames for a chair that is already taken at a waiting table, while the
table's owner, on another connection, starts it. Each refusal tells when the host handled
that frame: "not open to take" before the start, "already started" after it. So the
flooder's own stream counts, in the host's own order and with no clock, how many flood
frames the host worked through before it served the owner.

To make that count depend on the host alone and not on this machine's timing, the host is
paused (SIGSTOP) while both the flood and the owner's frame are written, and resumed with
both already waiting for it: a fair host then serves the owner after a frame or two of the
flood; a host that works through one connection's backlog before yielding answers
thousands of flood frames first.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from liar_tui.games import make_bot
from liar_tui.net.protocol import (
    CreateTable,
    ErrorCode,
    HostError,
    Seated,
    Started,
    StartTable,
    TableCreated,
    TakeSeat,
    encode_frame,
)
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from tests.net.host_client import WAIT, HostClient, play_until

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "SIGSTOP"), reason="pausing the host needs SIGSTOP"
)

GAME = "liars-poker-cards"
FLOOD_FRAMES = 20_000
FAIR_SHARE = 50
"""Flood frames the host may handle before the owner's frame waiting beside them: a host
that yields between frames handles one or two; one that does not, all the flood the kernel
had buffered for it (1,337 frames of the 20,000 on the machine this was written on)."""


@contextlib.contextmanager
def host_process() -> Iterator[tuple[subprocess.Popen[str], int]]:
    """``liar-tui host`` on a free loopback port, as a person would run it; stopped at the end."""
    process = subprocess.Popen(
        [sys.executable, "-m", "liar_tui", "host", "--port", "0"],
        stdout=subprocess.PIPE,  # its one line; what it logs goes to the test's own stderr
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # the host prints its address once it listens
        assert line.startswith("liar-tui host: tables on 127.0.0.1:"), line
        yield process, int(line.split("127.0.0.1:")[1].split(";")[0])
    finally:
        process.send_signal(signal.SIGCONT)
        process.terminate()
        try:
            process.wait(WAIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def paused(process: subprocess.Popen[str]) -> Iterator[None]:
    """The host stopped (and known to be stopped) for the body; running again after it."""
    process.send_signal(signal.SIGSTOP)
    try:
        _, status = os.waitpid(process.pid, os.WUNTRACED)
        assert os.WIFSTOPPED(status)
        yield
    finally:
        process.send_signal(signal.SIGCONT)


@dataclass
class FloodAnswers:
    before_start: int = 0
    """Flood frames refused as "not open to take": handled before the table started."""
    after_start: int = 0
    too_fast: bool = False


async def read_flood_answers(flooder: HostClient) -> FloodAnswers:
    """The flooder's answers up to the first one handled after the start, or the end.

    A frame refused as too fast, or the connection closed, ends the count as well: the
    frames after that were never handled, so none of them ran ahead of the owner's.
    """
    answers = FloodAnswers()
    while answers.before_start < FLOOD_FRAMES and not answers.after_start:
        try:
            frame = await flooder.receive()
        except ConnectionError:  # cut off
            break
        if not isinstance(frame, HostError):
            continue  # the lobby
        if frame.code is ErrorCode.SEAT_TAKEN:
            answers.before_start += 1
        elif frame.code is ErrorCode.ALREADY_STARTED:
            answers.after_start += 1
        elif frame.code is ErrorCode.TOO_FAST:
            answers.too_fast = True
            break
        else:
            raise AssertionError(f"an unexpected answer to the flood: {frame}")
    return answers


async def test_a_flood_from_one_connection_does_not_run_ahead_of_another_tables_start() -> None:
    with host_process() as (process, port):
        ann, bob, flooder = [await HostClient.tcp(port) for _ in range(3)]
        for client, name in ((ann, "Ann"), (bob, "Bob"), (flooder, "Flood")):
            await client.greet(name)
        chairs = (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Bob", SeatKind.HUMAN))
        await ann.send(CreateTable(GAME, LiarsPokerRules(), chairs))
        table = (await ann.expect(TableCreated)).table
        await ann.send(TakeSeat(table, 0))
        ann_seat: Seated = await ann.expect(Seated)
        await bob.send(TakeSeat(table, 1))
        bob_seat: Seated = await bob.expect(Seated)

        flood = encode_frame(TakeSeat(table, 0)) * FLOOD_FRAMES
        with paused(process):
            flooder.writer.write(flood)  # what the kernel cannot take yet follows on resume
            ann.writer.write(encode_frame(StartTable(ann_seat.token)))
        assert (await ann.expect(Started)).table == table
        answers = await read_flood_answers(flooder)

        assert answers.before_start + answers.after_start > 0 or answers.too_fast
        assert answers.before_start <= FAIR_SHARE, (
            f"the host answered {answers.before_start} of {FLOOD_FRAMES} flood frames "
            "before the start waiting beside them"
        )
        # And the table plays on.
        await bob.expect(Started)
        bots = [make_bot(GAME, BotLevel.EASY, random.Random(seat)) for seat in (0, 1)]
        await asyncio.wait_for(
            asyncio.gather(
                play_until(ann, ann_seat, bots[0], GAME, actions=1),
                play_until(bob, bob_seat, bots[1], GAME, actions=1),
            ),
            WAIT,
        )
        flooder.kill()
        for client in (ann, bob):
            await client.close()
