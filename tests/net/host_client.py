"""A bare test client for the host: raw frames over asyncio streams, every wait bounded.

It keeps every frame it received (``frames``) so a test can inspect all of them afterwards,
for instance to check that none carries another seat's cards.
"""

from __future__ import annotations

import asyncio
import contextlib
import pathlib
from collections.abc import AsyncIterator, Callable
from typing import Any

from liar_tui.bots.base import Bot
from liar_tui.net.protocol import (
    MAX_HOST_FRAME_BYTES,
    PROTOCOL_VERSION,
    Act,
    ActionRefused,
    ClientFrame,
    Hello,
    HostFrame,
    LobbyState,
    Seated,
    Started,
    Update,
    Welcome,
    decode_host_frame,
    encode_frame,
)
from liar_tui.net.server import HostOptions, TableHost
from liar_tui.rules.dollar_bills.game import Settled
from liar_tui.rules.liars_poker.game import Phase
from liar_tui.table.table import SeatUpdate

WAIT = 10.0
"""Seconds any single wait may take before the test fails instead of hanging."""


class HostClient:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.frames: list[HostFrame] = []
        """Every frame received, in order."""
        self._unread: list[HostFrame] = []

    @classmethod
    async def tcp(cls, port: int, host: str = "127.0.0.1") -> HostClient:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, limit=MAX_HOST_FRAME_BYTES + 1), WAIT
        )
        return cls(reader, writer)

    @classmethod
    async def unix(cls, path: pathlib.Path) -> HostClient:
        reader, writer = await asyncio.wait_for(
            asyncio.open_unix_connection(path, limit=MAX_HOST_FRAME_BYTES + 1), WAIT
        )
        return cls(reader, writer)

    async def greet(self, name: str) -> LobbyState:
        """Hello, then the Welcome and the first LobbyState."""
        await self.send(Hello(PROTOCOL_VERSION, name))
        await self.expect(Welcome)
        return await self.expect(LobbyState)

    async def send(self, frame: ClientFrame) -> None:
        await self.send_raw(encode_frame(frame))

    async def send_raw(self, data: bytes) -> None:
        self.writer.write(data)
        await asyncio.wait_for(self.writer.drain(), WAIT)

    async def receive(self) -> HostFrame:
        """The next frame not yet taken by :meth:`expect` or :meth:`receive`."""
        if self._unread:
            return self._unread.pop(0)
        return await self._read()

    async def _read(self) -> HostFrame:
        line = await asyncio.wait_for(self.reader.readline(), WAIT)
        if not line:
            raise ConnectionError("the host closed the connection")
        frame = decode_host_frame(line)
        self.frames.append(frame)
        return frame

    async def expect(self, kind: Any, where: Callable[[Any], bool] = lambda frame: True) -> Any:
        """The next frame of ``kind`` (a class or union) matching ``where``; frames passed
        over stay unread, so a test can wait for one frame while others arrive first."""
        for index, frame in enumerate(self._unread):
            if isinstance(frame, kind) and where(frame):
                return self._unread.pop(index)
        while True:
            frame = await self._read()
            if isinstance(frame, kind) and where(frame):
                return frame
            self._unread.append(frame)

    async def expect_lobby(self, where: Callable[[LobbyState], bool]) -> LobbyState:
        """The next lobby state matching ``where``; the older ones passed over are dropped,
        so a later wait cannot be answered by a lobby from before this one."""
        lobby = await self.expect(LobbyState, where)
        self._unread = [frame for frame in self._unread if not isinstance(frame, LobbyState)]
        return lobby

    async def closed_by_host(self) -> bool:
        """Whether the host closes the connection (reading what it still sends first)."""
        while True:
            line = await asyncio.wait_for(self.reader.readline(), WAIT)
            if not line:
                return True
            self.frames.append(decode_host_frame(line))

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError, TimeoutError):
            await asyncio.wait_for(self.writer.wait_closed(), WAIT)

    def kill(self) -> None:
        """Drop the connection abruptly, as a crashed client would."""
        self.writer.transport.abort()


@contextlib.asynccontextmanager
async def running_host(
    options: HostOptions | None = None,
) -> AsyncIterator[tuple[TableHost, int]]:
    """A host listening on a free loopback port, closed at the end whatever happens."""
    host = TableHost(options or HostOptions())
    try:
        port = await host.listen_tcp("127.0.0.1", 0)
        yield host, port
    finally:
        await asyncio.wait_for(host.close(), WAIT)


def game_finished(game: str, update: SeatUpdate) -> bool:
    """The end of a game: its last update, or at dollar bills the settlement of a deal."""
    if game == "liars-poker-bills":
        return any(isinstance(event, Settled) for event in update.events)
    if game == "liars-poker-cards":
        return update.view.phase is Phase.OVER
    return bool(update.view.over)


async def play_seat(client: HostClient, seated: Seated, bot: Bot, game: str) -> int:
    """Wait for the start, then play one seat with ``bot`` to the end of the game; returns
    how many actions the seat sent."""
    await client.expect(Started, lambda frame: frame.table == seated.table)
    return await play_until(client, seated, bot, game)


async def play_until(
    client: HostClient, seated: Seated, bot: Bot, game: str, actions: int | None = None
) -> int:
    """Play one seat with ``bot`` until the game ends, or until ``actions`` of its actions
    have been applied; returns how many it sent.

    Like a bot in a chair, the client waits after acting until it hears its own action
    applied: updates caused by others still show it as one to act meanwhile.
    """
    sent = applied = 0
    waiting = False
    while actions is None or applied < actions:
        frame = await client.expect(
            Update | ActionRefused, lambda frame: frame.table == seated.table
        )
        if isinstance(frame, ActionRefused):
            raise AssertionError(f"the host refused seat {seated.seat}: {frame.reason}")
        update = frame.update
        if game_finished(game, update):
            break
        if update.actor == seated.seat:
            waiting = False
            applied += 1
        if seated.seat in update.to_act and not waiting and applied != actions:
            await client.send(Act(seated.token, bot.act(update.view)))
            sent += 1
            waiting = True
    return sent
