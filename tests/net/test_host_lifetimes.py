"""How long the host keeps what nobody uses: silent connections, empty and abandoned tables;
and what one connection may hold (one seat a table) and leave (a started seat, to a bot)."""

from __future__ import annotations

import pytest

from liar_tui.net import host_table, server
from liar_tui.net.protocol import (
    CreateTable,
    ErrorCode,
    HostError,
    LeaveSeat,
    Seated,
    StartTable,
    TableCreated,
    TakeSeat,
    Update,
)
from liar_tui.net.server import HostOptions
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import RANDOM_SEEDS
from tests.net.host_client import HostClient, running_host

PEOPLE = (SeatConfig("One", SeatKind.HUMAN), SeatConfig("Two", SeatKind.HUMAN), SeatConfig("Ada"))


async def new_table(client: HostClient) -> int:
    await client.send(CreateTable("liar-game", LiarGameRules(), PEOPLE))
    return (await client.expect(TableCreated)).table


async def test_a_connection_that_never_says_hello_is_closed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(server, "HELLO_TIMEOUT", 0.1)
    async with running_host() as (_, port):
        silent = await HostClient.tcp(port)
        assert await silent.closed_by_host()
        assert isinstance(silent.frames[-1], HostError)
        assert silent.frames[-1].code is ErrorCode.NO_HELLO


async def test_a_table_nobody_sits_at_leaves_the_lobby(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(host_table, "UNSEATED_TABLE_KEEP", 0.1)
    async with running_host() as (host, port):
        ann = await HostClient.tcp(port)
        await ann.greet("Ann")
        never_sat = await new_table(ann)
        left = await new_table(ann)
        await ann.send(TakeSeat(left, 0))
        seated = await ann.expect(Seated)
        await ann.send(LeaveSeat(seated.token))
        await ann.expect_lobby(lambda lobby: not lobby.tables)
        assert never_sat not in host._tables and left not in host._tables
        await ann.close()


async def test_one_connection_takes_one_seat_a_table() -> None:
    async with running_host() as (_, port):
        ann = await HostClient.tcp(port)
        await ann.greet("Ann")
        table = await new_table(ann)
        await ann.send(TakeSeat(table, 0))
        await ann.expect(Seated)
        await ann.send(TakeSeat(table, 1))
        error = await ann.expect(HostError)
        assert error.code is ErrorCode.SEAT_TAKEN and "one seat a player" in error.message
        await ann.close()


async def test_leaving_a_started_table_hands_the_seat_to_a_bot_and_the_deal_is_unguessable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A LeaveSeat that crosses the start (sent before the player heard of it) is a
    departure, not a refusal that would leave the seat held by nobody for ever."""
    monkeypatch.setattr(host_table, "OVER_TABLE_KEEP", 0.3)
    async with running_host(HostOptions(away_timeout=0.1)) as (host, port):
        ann = await HostClient.tcp(port)
        await ann.greet("Ann")
        table = await new_table(ann)
        await ann.send(TakeSeat(table, 0))
        seated = await ann.expect(Seated)
        await ann.send(StartTable(seated.token))
        await ann.send(LeaveSeat(seated.token))
        await ann.expect_lobby(
            lambda lobby: bool(lobby.tables) and lobby.tables[0].seats[0].stand_in
        )
        assert not [frame for frame in ann.frames if isinstance(frame, HostError)]
        hosted = host._tables[table]
        assert hosted.table is not None and hosted.table.setup.seed >= 0
        assert hosted.chairs[0].config.kind is SeatKind.HUMAN
        # Nobody is left at the table: after a while it goes, bots and all.
        await ann.expect_lobby(lambda lobby: not lobby.tables)
        await ann.close()


async def test_the_host_draws_its_seeds_from_the_whole_range() -> None:
    """A seed below 2**31, as a seed for a table played here is, could be searched for."""
    async with running_host() as (host, port):
        ann = await HostClient.tcp(port)
        await ann.greet("Ann")
        seeds = []
        for _ in range(4):
            table = await new_table(ann)
            await ann.send(TakeSeat(table, 0))
            seated = await ann.expect(Seated)
            await ann.send(StartTable(seated.token))
            await ann.expect(Update)
            hosted = host._tables[table]
            assert hosted.table is not None
            seeds.append(hosted.table.setup.seed)
        assert max(seeds) >= RANDOM_SEEDS  # all four below it: a chance of 2**-128
        await ann.close()
