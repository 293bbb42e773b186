"""The door's limits on sessions and connections, through asyncssh's client.

Issue 12 found one connection with four channels taking every session slot, and logged-in
connections that open no session never closed.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import asyncssh
import pytest

from liar_tui.ssh.limits import LOGINS_PER_ADDRESS, SESSIONS_PER_CONNECTION, UNKNOWN_KEYS
from tests.ssh.support import (
    TIMEOUT,
    authorized_keys_of,
    connect,
    make_keys,
    options,
    read_until,
    serving,
    wait_until,
)

SHELL = {"term_type": "xterm", "term_size": (80, 24)}


async def test_one_connection_cannot_take_every_session(tmp_path: Path) -> None:
    ann, bea = make_keys(tmp_path, "ann"), make_keys(tmp_path, "bea")
    door_options = options(
        tmp_path,
        None,
        authorized_keys=authorized_keys_of(tmp_path, ann, bea),
        max_sessions=4,
        sessions_per_player=4,
    )
    async with serving(door_options) as (door, port), connect(port, ann) as greedy:
        opened, refused = 0, 0
        for _ in range(4):
            try:
                game = await greedy.create_process(**SHELL)
            except asyncssh.ChannelOpenError as error:
                assert (
                    error.reason == f"at most {SESSIONS_PER_CONNECTION} sessions on one connection"
                )
                refused += 1
            else:
                await read_until(game.stdout, "size")
                opened += 1
        assert (opened, refused) == (SESSIONS_PER_CONNECTION, 4 - SESSIONS_PER_CONNECTION)
        async with connect(port, bea) as other:
            game = await other.create_process(**SHELL)
            await read_until(game.stdout, "name=bea")
        assert door.session_count == SESSIONS_PER_CONNECTION + 1


async def test_one_player_holds_at_most_their_share_of_sessions(tmp_path: Path) -> None:
    ann = make_keys(tmp_path, "ann")
    async with (
        serving(options(tmp_path, ann, sessions_per_player=1)) as (_, port),
        connect(port, ann) as conn,
    ):
        first = await conn.create_process(**SHELL)
        await read_until(first.stdout, "size")
        second = await conn.create_process(**SHELL)
        result = await asyncio.wait_for(second.wait(), TIMEOUT)
        assert result.exit_status == 1
        assert result.stderr == (
            "You have as many liar-tui sessions open as one player may: close one first.\r\n"
        )


async def test_a_player_beyond_their_connections_is_disconnected(tmp_path: Path) -> None:
    ann = make_keys(tmp_path, "ann")
    async with serving(options(tmp_path, ann, sessions_per_player=1)) as (door, port):
        async with connect(port, ann) as first:
            second = await connect(port, ann)
            await asyncio.wait_for(second.wait_closed(), TIMEOUT)
            game = await first.create_process(**SHELL)
            await read_until(game.stdout, "size")
        await wait_until(lambda: door.connection_count == door.session_count == 0, "both were gone")
        async with connect(port, ann) as again:
            game = await again.create_process(**SHELL)
            await read_until(game.stdout, "size")


async def test_a_connection_without_a_session_is_closed_after_the_wait(tmp_path: Path) -> None:
    ann = make_keys(tmp_path, "ann")
    async with (
        serving(options(tmp_path, ann, session_wait=0.3)) as (door, port),
        connect(port, ann) as playing,
        connect(port, ann) as idle,
    ):
        game = await playing.create_process(**SHELL)
        await read_until(game.stdout, "size")
        await asyncio.wait_for(idle.wait_closed(), TIMEOUT)
        game.stdin.write("still here\r")
        await read_until(game.stdout, "echo: still here")
        # Once its session ends, the playing connection has no session either.
        game.stdin.write("quit\r")
        await asyncio.wait_for(game.wait(), TIMEOUT)
        await asyncio.wait_for(playing.wait_closed(), TIMEOUT)
        assert door.connection_count == 0


async def test_connections_beyond_the_cap_are_turned_away(tmp_path: Path) -> None:
    ann = make_keys(tmp_path, "ann")
    async with serving(options(tmp_path, ann, max_connections=1)) as (_, port):
        async with connect(port, ann):
            with pytest.raises((asyncssh.DisconnectError, ConnectionError)):
                async with connect(port, ann):
                    pass
        async with connect(port, ann):
            pass


async def test_logins_at_once_from_one_address_are_capped(tmp_path: Path) -> None:
    """Half-open logins hold places among the connections; one address holds only a few."""
    ann = make_keys(tmp_path, "ann")
    extra = 3
    async with serving(options(tmp_path, ann)) as (door, port):
        streams = [
            await asyncio.open_connection("127.0.0.1", port)
            for _ in range(LOGINS_PER_ADDRESS + extra)
        ]
        try:
            turned_away = await asyncio.wait_for(_count_closed(streams, extra), TIMEOUT)
            assert turned_away == extra
            assert door.connection_count == LOGINS_PER_ADDRESS
            async with connect(port, ann, local_addr=("127.0.0.2", 0)) as other:
                game = await other.create_process(**SHELL)
                await read_until(game.stdout, "size")
        finally:
            for _, writer in streams:
                writer.close()
                with contextlib.suppress(ConnectionError):
                    await writer.wait_closed()


async def _count_closed(
    streams: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]], wanted: int
) -> int:
    """Wait until ``wanted`` of the streams are closed by the server; how many are then."""
    while True:
        closed = 0
        for reader, _ in streams:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(reader.read(65_536), 0.01)
            closed += reader.at_eof()
        if closed >= wanted:
            return closed


async def test_a_channel_that_never_asks_for_a_shell_does_not_keep_the_connection(
    tmp_path: Path,
) -> None:
    """asyncssh's client asks for a shell as soon as a channel opens; a hostile one need not,
    so the channel is opened by hand here (asyncssh has no public call for that)."""
    ann = make_keys(tmp_path, "ann")
    async with (
        serving(options(tmp_path, ann, session_wait=0.3)) as (door, port),
        connect(port, ann) as conn,
    ):
        loop = asyncio.get_running_loop()
        channel: asyncssh.SSHClientChannel[bytes] = asyncssh.SSHClientChannel(
            conn, loop, "strict", None, "strict", 2**21, 32_768
        )
        await channel._open(b"session")
        await asyncio.wait_for(conn.wait_closed(), TIMEOUT)
        await wait_until(lambda: door.connection_count == 0, "the connection was gone")


async def test_a_connection_offering_key_after_unknown_key_is_closed(tmp_path: Path) -> None:
    ann = make_keys(tmp_path, "ann")
    strangers = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(UNKNOWN_KEYS + 5)]
    async with serving(options(tmp_path, ann)) as (door, port):
        with pytest.raises((asyncssh.DisconnectError, asyncssh.PermissionDenied)):
            async with connect(port, ann, client_keys=[*strangers, ann.key]):
                pass
        await wait_until(lambda: door.connection_count == 0, "the connection was closed")
        async with connect(port, ann, client_keys=[*strangers[:5], ann.key]) as conn:
            game = await conn.create_process(**SHELL)
            await read_until(game.stdout, "name=ann")
