"""A client that misbehaves gets an error frame and changes nothing at any table."""

from __future__ import annotations

import asyncio
import pathlib
import socket
import stat
from dataclasses import dataclass

import pytest

from liar_tui.net.host_table import HostedTable
from liar_tui.net.protocol import (
    MAX_FRAME_BYTES,
    PROTOCOL_VERSION,
    Act,
    ActionRefused,
    ChairKind,
    ChairState,
    CreateTable,
    ErrorCode,
    Hello,
    HostError,
    LeaveSeat,
    LobbyState,
    Resume,
    ResumeRefused,
    Seated,
    Started,
    StartTable,
    TableCreated,
    TakeSeat,
    Update,
    Welcome,
)
from liar_tui.net.server import HostOptions, HostStartError, TableHost
from liar_tui.rules.dollar_bills.rules import Rules as BillRules
from liar_tui.rules.liar_game import game as liar_game
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.rules.liars_poker import game as liars_poker
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.table.seats import SeatConfig, SeatKind
from tests.net.host_client import WAIT, HostClient, running_host

PEOPLE = (SeatConfig("One", SeatKind.HUMAN), SeatConfig("Two", SeatKind.HUMAN))


async def error_code(client: HostClient) -> ErrorCode:
    return (await client.expect(HostError)).code


# --------------------------------------------------------------------------- handshake


async def test_garbage_before_hello_is_refused_and_the_connection_stays() -> None:
    async with running_host() as (_, port):
        client = await HostClient.tcp(port)
        for garbage in (b"\xff\xfe\n", b"not json\n", b"[1, 2]\n", b'{"type": "Nope"}\n'):
            await client.send_raw(garbage)
            assert await error_code(client) is ErrorCode.BAD_FRAME
        await client.send(TakeSeat(1, 0))
        assert await error_code(client) is ErrorCode.NO_HELLO
        lobby = await client.greet("Ann")
        assert lobby == LobbyState(())
        await client.close()


async def test_a_wrong_protocol_version_is_refused_and_the_connection_closed() -> None:
    async with running_host() as (_, port):
        client = await HostClient.tcp(port)
        await client.send(Hello(PROTOCOL_VERSION + 1, "Ann"))
        assert await error_code(client) is ErrorCode.VERSION
        assert await client.closed_by_host()


@pytest.mark.parametrize("newline", [True, False], ids=["one long line", "no end of line"])
async def test_an_oversized_frame_is_refused_and_the_connection_closed(newline: bool) -> None:
    async with running_host() as (host, port):
        client = await HostClient.tcp(port)
        await client.greet("Ann")
        data = b'{"type": "Hello", "name": "' + b"x" * MAX_FRAME_BYTES + b'"}'
        client.writer.write(data + (b"\n" if newline else b""))
        assert await error_code(client) is ErrorCode.TOO_LARGE
        assert await client.closed_by_host()
        assert host._tables == {}


async def test_a_bad_name_or_a_second_hello_is_refused() -> None:
    async with running_host() as (_, port):
        client = await HostClient.tcp(port)
        await client.send(Hello(PROTOCOL_VERSION, "Ann\x1b[2J"))
        assert await error_code(client) is ErrorCode.BAD_FRAME
        await client.greet("Ann")
        await client.send(Hello(PROTOCOL_VERSION, "Bob"))
        assert await error_code(client) is ErrorCode.BAD_FRAME
        await client.close()


async def test_a_host_at_its_connection_limit_turns_the_next_one_away() -> None:
    async with running_host(HostOptions(max_connections=1)) as (_, port):
        first = await HostClient.tcp(port)
        await first.greet("Ann")
        second = await HostClient.tcp(port)
        assert await error_code(second) is ErrorCode.HOST_FULL
        assert await second.closed_by_host()
        await first.close()


# --------------------------------------------------------------------------- the lobby


@pytest.mark.parametrize(
    "request_",
    [
        CreateTable("chess", LiarGameRules(), PEOPLE),
        CreateTable("liar-game", BillRules(), PEOPLE),
        CreateTable("liar-game", LiarGameRules(target=0), PEOPLE),
        CreateTable("liar-game", LiarGameRules(), PEOPLE[:1]),
        CreateTable("liar-game", LiarGameRules(), (SeatConfig("Ada"), SeatConfig("Bea"))),
        CreateTable("liar-game", LiarGameRules(), (PEOPLE[0], SeatConfig("one"))),
    ],
    ids=["no such game", "another game's rules", "bad rules", "one seat", "no chair", "twins"],
)
async def test_a_table_that_cannot_be_played_is_refused(request_: CreateTable) -> None:
    async with running_host() as (host, port):
        client = await HostClient.tcp(port)
        await client.greet("Ann")
        await client.send(request_)
        error = await client.expect(HostError)
        assert error.code is ErrorCode.BAD_TABLE
        assert error.message.endswith(".") and "\n" not in error.message
        assert host._tables == {}
        await client.close()


async def test_seats_can_be_taken_once_and_given_back_before_the_start() -> None:
    async with running_host() as (host, port):
        ann, bob = await HostClient.tcp(port), await HostClient.tcp(port)
        await ann.greet("Ann")
        await bob.greet("Bob")
        await ann.send(CreateTable("liar-game", LiarGameRules(), (*PEOPLE, SeatConfig("Ada"))))
        table = (await ann.expect(TableCreated)).table
        await ann.send(TakeSeat(table, 0))
        seated = await ann.expect(Seated)
        for request, code in (
            (TakeSeat(table, 0), ErrorCode.SEAT_TAKEN),
            (TakeSeat(table, 2), ErrorCode.SEAT_TAKEN),
            (TakeSeat(table, 3), ErrorCode.NO_TABLE),
            (TakeSeat(table + 1, 0), ErrorCode.NO_TABLE),
            (LeaveSeat(seated.token), ErrorCode.BAD_TOKEN),
            (StartTable(seated.token), ErrorCode.BAD_TOKEN),
        ):
            await bob.send(request)
            assert await error_code(bob) is code, request
        await bob.send(Resume("made-up"))
        assert (await bob.expect(ResumeRefused)).token == "made-up"
        taken = await bob.expect_lobby(
            lambda lobby: lobby.tables[0].seats[0].kind is ChairKind.PERSON
        )
        assert taken.tables[0].seats[0] == ChairState("Ann", ChairKind.PERSON, present=True)
        await ann.send(LeaveSeat(seated.token))
        given_back = await bob.expect_lobby(
            lambda lobby: lobby.tables[0].seats[0].kind is ChairKind.OPEN
        )
        assert given_back.tables[0].seats[0].name == "One"
        await ann.send(StartTable(seated.token))
        assert await error_code(ann) is ErrorCode.BAD_TOKEN
        assert host._tables[table].table is None
        await ann.close()
        await bob.close()


# --------------------------------------------------------------------------- at a started table


@dataclass
class Player:
    client: HostClient
    seated: Seated


async def seat_people(port: int, game: str, rules: object) -> tuple[int, list[Player]]:
    """Two people seated at a started two-person table, each having had their first view."""
    players = []
    for number in range(2):
        client = await HostClient.tcp(port)
        await client.greet(f"Person {number}")
        players.append(client)
    await players[0].send(CreateTable(game, rules, PEOPLE))
    table = (await players[0].expect(TableCreated)).table
    seated = []
    for seat, client in enumerate(players):
        await client.send(TakeSeat(table, seat))
        seated.append(await client.expect(Seated))
    await players[0].send(StartTable(seated[0].token))
    for client in players:
        await client.expect(Started)
        await client.expect(Update)
    return table, [Player(c, s) for c, s in zip(players, seated, strict=True)]


def table_state(hosted: HostedTable) -> tuple[object, ...]:
    assert hosted.table is not None
    return hosted.table.actions, hosted.table.snapshot(), hosted.table.to_act()


async def test_no_misbehaving_frame_changes_a_started_table() -> None:
    async with running_host() as (host, port):
        poker_table, (first, second) = await seat_people(
            port, "liars-poker-cards", LiarsPokerRules(lives=1)
        )
        game_table, (third, _) = await seat_people(port, "liar-game", LiarGameRules())
        hosted = host._tables[poker_table]
        assert hosted.table is not None
        (opener,) = hosted.table.to_act()
        on_turn, waiting = (first, second) if opener == 0 else (second, first)
        before = table_state(hosted), table_state(host._tables[game_table])
        other_game_action = liar_game.ShowHand(on_turn.seated.seat, ())
        attempts = [
            (waiting, b"garbage\n", ErrorCode.BAD_FRAME),
            (
                waiting,
                Act(waiting.seated.token, liars_poker.Challenge(waiting.seated.seat)),
                ErrorCode.NOT_YOUR_TURN,
            ),
            (
                waiting,
                Act(waiting.seated.token, liars_poker.Challenge(on_turn.seated.seat)),
                ErrorCode.NOT_YOUR_SEAT,
            ),
            (
                waiting,
                Act(on_turn.seated.token, liars_poker.Challenge(on_turn.seated.seat)),
                ErrorCode.BAD_TOKEN,
            ),
            (
                waiting,
                Act("made-up", liars_poker.Challenge(on_turn.seated.seat)),
                ErrorCode.BAD_TOKEN,
            ),
            (on_turn, Act(on_turn.seated.token, other_game_action), ErrorCode.BAD_FRAME),
            (on_turn, Act(on_turn.seated.token, Welcome(1, "Ann")), ErrorCode.BAD_FRAME),
            (third, Act(third.seated.token, liars_poker.Challenge(opener)), ErrorCode.BAD_FRAME),
            (third, Act(third.seated.token, liar_game.ShowHand(1, ())), ErrorCode.NOT_YOUR_SEAT),
            (third, Act(on_turn.seated.token, liars_poker.Challenge(opener)), ErrorCode.BAD_TOKEN),
            (on_turn, StartTable(on_turn.seated.token), ErrorCode.ALREADY_STARTED),
        ]
        for player, frame, code in attempts:
            if isinstance(frame, bytes):
                await player.client.send_raw(frame)
            else:
                await player.client.send(frame)
            error = await player.client.expect(HostError)
            assert error.code is code, frame
            assert error.message.endswith(".") and "\n" not in error.message
        await on_turn.client.send(Act(on_turn.seated.token, liars_poker.Challenge(opener)))
        refused = await on_turn.client.expect(ActionRefused)
        assert refused.seat == opener and refused.reason
        await asyncio.sleep(0.05)  # anything the host might still do with those frames
        assert (table_state(hosted), table_state(host._tables[game_table])) == before
        for player in (first, second, third):
            await player.client.close()


async def test_acting_before_the_start_is_refused() -> None:
    async with running_host() as (host, port):
        client = await HostClient.tcp(port)
        await client.greet("Ann")
        await client.send(CreateTable("liar-game", LiarGameRules(), PEOPLE))
        table = (await client.expect(TableCreated)).table
        await client.send(TakeSeat(table, 0))
        seated = await client.expect(Seated)
        await client.send(Act(seated.token, liar_game.ShowHand(0, ())))
        assert await error_code(client) is ErrorCode.NOT_STARTED
        assert host._tables[table].table is None
        await client.close()


# --------------------------------------------------------------------------- the Unix socket


async def test_the_unix_socket_is_for_the_hosts_user_and_group_only(
    tmp_path: pathlib.Path,
) -> None:
    path = tmp_path / "host.sock"
    host = TableHost()
    try:
        await host.listen_unix(path)
        mode = path.stat().st_mode
        assert stat.S_ISSOCK(mode)
        assert stat.S_IMODE(mode) == 0o660
        assert not stat.S_IMODE(mode) & 0o007
        client = await HostClient.unix(path)
        await client.greet("Ann")
        await client.close()
        with pytest.raises(HostStartError, match="already listening"):
            await TableHost().listen_unix(path)
    finally:
        await asyncio.wait_for(host.close(), WAIT)
    assert not path.exists()


async def test_a_stale_socket_is_replaced_and_any_other_file_refused(
    tmp_path: pathlib.Path,
) -> None:
    stale = tmp_path / "stale.sock"
    with socket.socket(socket.AF_UNIX) as left_behind:
        left_behind.bind(str(stale))
    host = TableHost()
    try:
        await host.listen_unix(stale)
        assert stat.S_IMODE(stale.stat().st_mode) == 0o660
        ordinary = tmp_path / "notes.txt"
        ordinary.write_text("keep me")
        with pytest.raises(HostStartError, match="not a socket"):
            await host.listen_unix(ordinary)
        assert ordinary.read_text() == "keep me"
    finally:
        await asyncio.wait_for(host.close(), WAIT)
