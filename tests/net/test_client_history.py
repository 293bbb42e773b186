"""An online client records each game its seat plays to the end, in the player's own history,
from the updates its seat was sent (never the host's log): not a game it left or whose
table closed before the end; a history that cannot be written is said once and play goes on.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from liar_tui.client_app import ClientApp
from liar_tui.games import make_bot
from liar_tui.net.client import Address, ClientEvent, HostClient, RemoteChannel, SeatReady
from liar_tui.net.client_history import SeatGame, SeatRecorder
from liar_tui.net.protocol import CreateTable, StartTable
from liar_tui.net.server import HostOptions, TableHost
from liar_tui.rules.liar_game import game as liar_game
from liar_tui.screens.lobby import LobbyScreen
from liar_tui.screens.replay import ReplayScreen
from liar_tui.store.history import HistoryStore, Visibility, history_path
from liar_tui.table.finished import last_game_updates, replayed_updates
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import SeatUpdate
from tests.screens.replays import played_to_end
from tests.test_client_app import SIZE, join_app, notices, until

SEATS = (
    SeatConfig("Ann", SeatKind.HUMAN),
    SeatConfig("Ada", level=BotLevel.EASY),
    SeatConfig("Bea", level=BotLevel.EASY),
)
ONE_ROUND = liar_game.Rules(target=1)
"""Any round's winner scores a point: the game ends at its first reveal."""


def fed(game: str, deals: int, *, from_start: bool, after_end: int = 0) -> list[SeatGame]:
    """What a recorder hands on when it hears seat 0's updates of a game played by bots,
    and then ``after_end`` updates with no events (the view a seat is handed on coming back)."""
    setup, actions = played_to_end(game, deals=deals)
    handed: list[SeatGame] = []
    recorder = SeatRecorder(setup, 0, handed.append, from_start=from_start)
    updates = replayed_updates(setup, actions, 0)
    last = updates[-1]
    for update in [*updates, *[SeatUpdate(0, (), last.view, last.to_act)] * after_end]:
        recorder.hear(update)
    return handed


@pytest.mark.parametrize("game", ["liar-game", "liars-poker-cards", "liars-poker-bills"])
def test_a_recorder_hands_on_the_game_its_seat_heard_from_start_to_end(game: str) -> None:
    setup, actions = played_to_end(game)
    [handed] = fed(game, 1, from_start=True, after_end=2)
    assert handed.updates == tuple(replayed_updates(setup, actions, 0))
    assert (handed.setup, handed.seat) == (setup, 0)


def test_each_settled_deal_is_a_game_and_one_joined_under_way_is_not() -> None:
    setup, actions = played_to_end("liars-poker-bills", deals=3)
    first, second, third = fed("liars-poker-bills", 3, from_start=True)
    # Each deal from the view it was dealt in, as a local table's record of it keeps it.
    assert third.updates == tuple(last_game_updates(setup, actions, 0))
    assert second.updates[0].events == () and len(first.updates) > 1
    joined_late = fed("liars-poker-bills", 3, from_start=False)
    assert [game.updates for game in joined_late] == [second.updates, third.updates]


def test_moves_missed_while_away_leave_the_game_out_and_the_same_table_again_is_nothing() -> None:
    """The host hands a seat the table as it is when it comes back after a dropped
    connection, and when a turn's timer starts again: only a table that moved on since the
    seat last heard it means moves (and their events, which results are read from) missed."""
    setup, actions = played_to_end("liar-game")
    updates = replayed_updates(setup, actions, 0)
    middle = len(updates) // 2

    def as_it_is(update: SeatUpdate) -> SeatUpdate:
        return SeatUpdate(0, (), update.view, update.to_act)

    def handed_on(heard: list[SeatUpdate]) -> list[SeatGame]:
        handed: list[SeatGame] = []
        recorder = SeatRecorder(setup, 0, handed.append, from_start=True)
        for update in heard:
            recorder.hear(update)
        return handed

    timer_again = [*updates[: middle + 1], as_it_is(updates[middle]), *updates[middle + 1 :]]
    [game] = handed_on(timer_again)
    assert game.updates == tuple(updates)
    dropped = [*updates[:middle], as_it_is(updates[middle + 2]), *updates[middle + 3 :]]
    assert handed_on(dropped) == []


def test_a_seat_watched_hears_what_waits_for_the_screen_and_nothing_once_lost() -> None:
    """A table that closes before the game's end takes the seat (its channel is lost):
    nothing more is heard, so the game is never handed on."""
    setup, actions = played_to_end("liar-game")
    first, second, *rest = replayed_updates(setup, actions, 0)
    channel = RemoteChannel(HostClient(Address(), "Ann"), table=1, seat=0, setup=setup)
    heard: list[SeatUpdate] = []
    channel.deliver(first)  # before the play screen subscribes: kept for it
    channel.watch(heard.append)
    channel.deliver(second)
    channel.lose("Table 1 is no longer on the table host.")
    for update in rest:
        channel.deliver(update)
    assert heard == [first, second]


@asynccontextmanager
async def an_online_table() -> AsyncIterator[ClientApp]:
    """The join app, connected to a host on a free local port; both closed after the test."""
    host = TableHost(HostOptions(bot_delay=0, away_timeout=30))
    port = await host.listen_tcp("127.0.0.1", 0)
    app = await join_app(Address("127.0.0.1", port))
    try:
        yield app
    finally:
        await app.client.close()
        await host.close()


async def started_table(pilot: Pilot[Any], app: ClientApp) -> tuple[RemoteChannel, list[Any]]:
    """Create a one-round Liar Game on the host with two bots, sit on seat 0 and start it;
    the channel of the seat, and every update it hears (from its first)."""
    app.client.send(CreateTable("liar-game", ONE_ROUND, SEATS, seat=0))
    await until(pilot, lambda: app.client.tickets, "a seat at the new table")
    (ticket,) = app.client.tickets.values()
    heard: list[SeatUpdate] = []

    def listen_to_the_seat(event: ClientEvent) -> None:
        # As the client makes the seat's channel, before the table's first update.
        if isinstance(event, SeatReady):
            event.channel.watch(heard.append)

    app.client.listen(listen_to_the_seat)
    app.client.send(StartTable(ticket.token))
    await until(pilot, lambda: app.client.channel(ticket.table), "the table's start")
    channel = app.client.channel(ticket.table)
    assert channel is not None
    await until(pilot, lambda: heard, "the seat's first view")
    return channel, heard


async def play_to_the_end(pilot: Pilot[Any], channel: RemoteChannel, heard: list[Any]) -> None:
    """Play the seat with an easy bot until the game is over, and let history's worker end."""
    bot = make_bot("liar-game", BotLevel.EASY, random.Random(1))

    def over() -> bool:
        latest = heard[-1]
        if not latest.view.over and channel.seat in latest.to_act and not channel.acting:
            channel.send(bot.act(latest.view))
        return bool(latest.view.over)

    await until(pilot, over, "the game's end")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_a_game_played_online_is_recorded_from_the_seats_own_updates_and_replays() -> None:
    async with an_online_table() as app, app.run_test(size=SIZE) as pilot:
        channel, heard = await started_table(pilot, app)
        await play_to_the_end(pilot, channel, heard)
        assert notices(app) == []
        store = HistoryStore(history_path())
        [summary] = store.list_games()
        record = store.load_game(summary.id)
        assert record is not None
        finished = record.finished
        # Only what seat 0 was told, exactly: its own views, no action log, no seed.
        assert finished.visibility is Visibility.SEAT
        assert finished.seat_updates == tuple(heard)
        assert all(update.view.seat == 0 for update in finished.seat_updates)
        assert finished.actions == () and finished.seed is None
        assert finished.setup == TableSetup("liar-game", ONE_ROUND, SEATS, 0)
        assert finished.recording_seat == 0
        assert [seat.name for seat in finished.seats] == ["Ann", "Ada", "Bea"]
        assert [seat.won for seat in finished.seats] == [
            seat in heard[-1].view.winners for seat in range(3)
        ]
        assert finished.started_at <= finished.ended_at
        app.push_screen(ReplayScreen(store, summary.id))
        for _ in range(3):
            await app.workers.wait_for_complete()
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("end")
        assert len(screen.steps) == len(heard)
        assert "(the end)" in str(screen.query_one("#replay-step", Static).render())
        assert all(shown.frame.face_up == () for shown in screen.steps)


async def test_a_game_left_before_its_end_is_not_recorded_even_when_come_back_to() -> None:
    """The seat's record would miss what was played while it was away."""
    async with an_online_table() as app, app.run_test(size=SIZE) as pilot:
        left, heard = await started_table(pilot, app)
        left.close()  # what leaving the play screen does
        await until(pilot, lambda: left.table in app.client.away, "the seat left")
        assert app.client.return_to(left.table)
        await until(pilot, lambda: app.client.channel(left.table), "the seat back")
        channel = app.client.channel(left.table)
        assert channel is not None and channel is not left
        await play_to_the_end(pilot, channel, heard)
        assert heard[-1].view.over
    assert HistoryStore(history_path()).count_games() == 0


async def test_a_history_that_cannot_be_written_is_said_once_and_play_goes_on(
    tmp_path: Path,
) -> None:
    not_a_folder = tmp_path / "not-a-folder"
    not_a_folder.write_text("a file where the history's folder should be", encoding="utf-8")
    async with an_online_table() as app, app.run_test(size=SIZE) as pilot:
        app.history = HistoryStore(not_a_folder / "history.sqlite3")
        for _ in range(2):
            channel, heard = await started_table(pilot, app)
            await play_to_the_end(pilot, channel, heard)
            app.return_home()
            channel.close()
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        [said] = [notice for notice in notices(app) if "History" in notice]
        assert said.startswith("History is not being recorded: ")
