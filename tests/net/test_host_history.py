"""The table host records every game it hosts in the history of its own data folder: a
complete record (the seed, every action) that is nobody's own, made off the event loop."""

from __future__ import annotations

import asyncio
import pathlib
import random
import threading

import pytest

from liar_tui.games import make_bot
from liar_tui.net.protocol import CreateTable, Seated, StartTable, TableCreated, TakeSeat
from liar_tui.net.server import HostOptions
from liar_tui.rules.dollar_bills.rules import Rules as BillRules
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.store.history import HistoryStore, SeatResult, Visibility, history_path
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from tests.net.host_client import HostClient, play_seat, running_host

GAME_TIMEOUT = 60.0
SEATS = (
    SeatConfig("Chair", SeatKind.HUMAN),
    SeatConfig("Ada", level=BotLevel.HARD),
    SeatConfig("Bea", level=BotLevel.EASY),
)


@pytest.mark.parametrize(
    ("game", "rules"),
    [("liar-game", LiarGameRules(target=60)), ("liars-poker-bills", BillRules())],
)
async def test_the_host_records_the_games_it_hosts(
    game: str, rules: object, tmp_path: pathlib.Path
) -> None:
    data = tmp_path / "host"
    async with running_host(HostOptions(data_dir=data)) as (host, port):
        client = await HostClient.tcp(port)
        await client.greet("Zoe")
        await client.send(CreateTable(game, rules, SEATS))
        table = (await client.expect(TableCreated)).table
        await client.send(TakeSeat(table, 0))
        seated: Seated = await client.expect(Seated)
        await client.send(StartTable(seated.token))
        bot = make_bot(game, BotLevel.NORMAL, random.Random(1))
        await asyncio.wait_for(play_seat(client, seated, bot, game), GAME_TIMEOUT)
        hosted = host._tables[table]
        assert hosted.table is not None and hosted.setup is not None
        log = hosted.table.actions
        setup = hosted.setup
        await client.close()
    # The host's close waits for the recordings it has queued.
    store = HistoryStore(history_path(data))
    [summary] = store.list_games()
    record = store.load_game(summary.id)
    assert record is not None
    finished = record.finished
    assert finished.visibility is Visibility.COMPLETE
    assert finished.recording_seat is None, "the host's record is nobody's own"
    assert (finished.setup, finished.seed) == (setup, setup.seed)
    assert finished.actions == log, "a dollar-bills record ends at its deal's settlement"
    assert [(seat.name, seat.kind, seat.level) for seat in finished.seats] == [
        ("Zoe", SeatKind.HUMAN, None),
        ("Ada", SeatKind.BOT, BotLevel.HARD),
        ("Bea", SeatKind.BOT, BotLevel.EASY),
    ]
    assert sum(seat.won for seat in finished.seats) >= 1
    assert all(isinstance(seat, SeatResult) and seat.place >= 1 for seat in finished.seats)
    store.close()


def test_a_flood_of_finished_games_waits_in_a_bounded_queue(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Games ending faster than they are written wait up to a bound (each holds its whole
    log): the ones past it are not recorded, said once, and the host's memory stays bounded."""
    from liar_tui.net.host_history import MAX_PENDING_GAMES, HostHistory

    history = HostHistory(tmp_path)
    written = threading.Event()
    recorded: list[tuple[object, ...]] = []

    def slow_record(setup: object, actions: tuple[object, ...], times: object) -> None:
        written.wait(GAME_TIMEOUT)
        recorded.append(actions)

    monkeypatch.setattr(history, "_record", slow_record)
    for number in range(3 * MAX_PENDING_GAMES):
        history.game_ended(None, (number,), None)  # type: ignore[arg-type]
    written.set()
    history.close()
    assert recorded == [(number,) for number in range(MAX_PENDING_GAMES)]
    [said] = [record for record in caplog.records if "not recorded" in record.getMessage()]
    assert said.levelname == "ERROR"
