"""Whole games over real sockets: people at clients against each other and the host's bots.

Every frame the host sends during these games is checked, at the moment it is sent, against
the game's true hidden state: it must not reach another seat's cards or serial, nor the
deck, nor the seed. The check decodes the frame as a client would and walks it with the
same walk the view test uses (``tests/arena/test_views_hide.py``).
"""

from __future__ import annotations

import asyncio
import pathlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

from liar_tui.games import make_bot
from liar_tui.net import host_connection
from liar_tui.net.protocol import (
    CreateTable,
    HostFrame,
    Seated,
    StartTable,
    TableCreated,
    TakeSeat,
    Update,
    decode_host_frame,
    encode_frame,
)
from liar_tui.net.server import TableHost
from liar_tui.rules.dollar_bills.rules import Rules as BillRules
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from tests.arena.test_views_hide import SECRETS, Secrets, leaks, reached, walk
from tests.net.host_client import HostClient, play_seat, running_host

GAME_TIMEOUT = 60.0

EVENT_RECORDS = (
    ("*", "hands"),  # Liar Game: every hand shown at the reveal
    ("*", "hand"),  # Liar's Poker: the hand turned over at a challenge
    ("*", "declaration", "cards"),  # Liar's Poker: the cards named aloud
    ("*", "communal"),  # Liar's Poker: the face-up cards
    ("*", "serials"),  # dollar bills: the bills turned over at the show
)
"""Event fields that hold cards shown face up to everyone (they may since have gone back
into the deck, and so look like hidden cards by value)."""


class FrameInspector:
    """Checks each frame the host sends against the hidden state at that moment."""

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.frames = 0
        self.views_with_own_cards = 0

    def check(self, connection: host_connection.Connection, frame: HostFrame) -> None:
        line = encode_frame(frame)
        assert self.host._encoder.encode(frame) == line, "the host's encoding differs"
        received = decode_host_frame(line)
        self.frames += 1
        for _, value in walk(received):
            if isinstance(value, TableSetup):
                assert value.seed == 0, "a client was sent the table's seed"
        for hosted in self.host._tables.values():
            if hosted.table is None:
                continue
            game = hosted.table._game
            seats = [s for s, chair in enumerate(hosted.chairs) if chair.connection is connection]
            secrets = self._secrets(hosted.game, game, seats)
            found = leaks(received, secrets)
            assert found == [], f"a {type(frame).__name__} frame reaches hidden cards: {found}"
            if isinstance(received, Update) and received.table == hosted.number:
                assert secrets.own <= reached(received.update.view), "the walk missed own cards"
                self.views_with_own_cards += bool(secrets.own)

    def _secrets(self, game_id: str, game: Any, seats: list[int]) -> Secrets:
        secrets_of = SECRETS[game_id]
        if seats:
            (seat,) = seats
            found = secrets_of(game, seat)
        else:  # a connection with no seat here may see none of the table's secrets
            every = [secrets_of(game, seat) for seat in range(game.seats)]
            found = Secrets(
                frozenset().union(*(s.hidden | s.own for s in every)),
                every[0].records,
                frozenset(),
            )
        records = tuple(("update", "view", *record) for record in found.records)
        records += tuple(("update", "events", *record) for record in EVENT_RECORDS)
        return Secrets(found.hidden, records, found.own)


@pytest.fixture
def inspector(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[FrameInspector]]:
    """Every frame sent by any connection goes through the inspectors of the running hosts."""
    inspectors: list[FrameInspector] = []
    send = host_connection.Connection.send

    def inspected_send(self: host_connection.Connection, frame: HostFrame) -> None:
        for inspector in inspectors:
            inspector.check(self, frame)
        send(self, frame)

    monkeypatch.setattr(host_connection.Connection, "send", inspected_send)
    yield inspectors


GAMES = {
    "liar-game": LiarGameRules(target=150),
    "liars-poker-cards": LiarsPokerRules(lives=1),
    "liars-poker-bills": BillRules(digits=6),
}


async def connect(host: TableHost, port: int, transport: str, tmp_path: pathlib.Path) -> Any:
    if transport == "tcp":
        return lambda: HostClient.tcp(port)
    socket_path = tmp_path / "host.sock"
    await host.listen_unix(socket_path)
    return lambda: HostClient.unix(socket_path)


@pytest.mark.parametrize("transport", ["tcp", "unix"])
@pytest.mark.parametrize("game", list(GAMES))
async def test_people_and_bots_play_a_whole_game(
    game: str,
    transport: str,
    tmp_path: pathlib.Path,
    inspector: list[FrameInspector],
) -> None:
    people = 3 if game == "liars-poker-cards" else 2
    seats = (
        *(SeatConfig(f"Chair {i}", SeatKind.HUMAN) for i in range(people)),
        SeatConfig("Ada", level=BotLevel.NORMAL),
        SeatConfig("Bea", level=BotLevel.EASY),
    )
    async with running_host() as (host, port):
        inspector.append(FrameInspector(host))
        new_client = await connect(host, port, transport, tmp_path)
        clients = [await new_client() for _ in range(people)]
        for number, client in enumerate(clients):
            await client.greet(f"Person {number}")
        await clients[0].send(CreateTable(game, GAMES[game], seats))
        table = (await clients[0].expect(TableCreated)).table
        seated: list[Seated] = []
        for seat, client in enumerate(clients):
            await client.send(TakeSeat(table, seat))
            seated.append(await client.expect(Seated))
        assert [s.setup.names[s.seat] for s in seated] == [f"Person {i}" for i in range(people)]
        await clients[0].send(StartTable(seated[0].token))
        players = [
            play_seat(client, s, make_bot(game, BotLevel.NORMAL, random.Random(s.seat)), game)
            for client, s in zip(clients, seated, strict=True)
        ]
        sent = await asyncio.wait_for(asyncio.gather(*players), GAME_TIMEOUT)
        hosted = host._tables[table]
        assert hosted.table is not None
        if game != "liars-poker-bills":
            assert hosted.table.over
        people_actions = sum(a.seat < people for a in hosted.table.actions)
        assert sum(sent) == people_actions > 0
        for client in clients:
            await client.close()
    assert inspector[0].frames > 0 and inspector[0].views_with_own_cards > 0
