"""The join app against a real TableHost on the same event loop, driven by keys."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from textual.pilot import Pilot

from liar_tui.client_app import ClientApp
from liar_tui.net.client import Address, HostClient, SeatReady
from liar_tui.net.protocol import (
    ChairKind,
    ChairState,
    CreateTable,
    ErrorCode,
    HostError,
    LobbyState,
    RemoveSeat,
    Seated,
    SeatLost,
    StartTable,
    TableCreated,
    TakeSeat,
)
from liar_tui.net.server import HostOptions, TableHost
from liar_tui.rules.liar_game import game as liar_game
from liar_tui.screens.confirm import ConfirmScreen
from liar_tui.screens.liar_game.hand_picker import HandPicker
from liar_tui.screens.liar_game.play import LiarGamePlayScreen
from liar_tui.screens.liar_game.reveal import RevealScreen
from liar_tui.screens.lobby import LobbyScreen
from liar_tui.screens.online_options import OnlineTableStarter
from liar_tui.screens.setup import SetupScreen
from liar_tui.screens.table_code import TableCodeScreen
from liar_tui.store.settings import Settings
from liar_tui.table.seats import SeatConfig, SeatKind
from tests.net.test_client_connection import Proxy, Recorder, connected_as, of

SIZE = (100, 32)
WAIT = 5.0


async def until(pilot: Pilot[Any], condition: Callable[[], object], what: str) -> None:
    """Let the app and the host run until ``condition`` holds; fail after a few seconds."""

    async def wait() -> None:
        while not condition():
            await pilot.pause(0.01)

    try:
        await asyncio.wait_for(wait(), WAIT)
    except TimeoutError:
        raise AssertionError(f"never happened: {what}") from None


@asynccontextmanager
async def a_host_with_ben(
    options: HostOptions, **ben_options: Any
) -> AsyncIterator[tuple[Address, HostClient, Recorder]]:
    """A host on a free local port and Ben, another player, connected to it (with a recorder
    of what the host sends him); both are closed after the test."""
    host = TableHost(options)
    port = await host.listen_tcp("127.0.0.1", 0)
    address = Address("127.0.0.1", port)
    try:
        async with connected_as(address, "Ben", **ben_options) as (ben, bens):
            yield address, ben, bens
    finally:
        await host.close()


def notices(app: ClientApp) -> list[str]:
    return [str(notification.message) for notification in app._notifications]


async def join_app(address: Address, name: str = "Ann") -> ClientApp:
    client = HostClient(address, name, retry_delays=(0.05,))
    await client.connect()
    return ClientApp(client, Settings(player_name=name, bot_delay=0))


async def test_create_a_table_sit_start_and_play_a_round_by_keys() -> None:
    host = TableHost(HostOptions(bot_delay=0, away_timeout=30))
    port = await host.listen_tcp("127.0.0.1", 0)
    app = await join_app(Address("127.0.0.1", port))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            await pilot.press("n", "1")
            await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup screen")
            # The host deals with a seed of its own: the screen asks for none.
            assert not app.screen.query("#seed")
            assert "open chair" in str(app.screen.query_one("#online-seats").render())
            await pilot.press("ctrl+s")
            await until(pilot, lambda: app.client.tickets, "a seat at the new table")
            assert isinstance(app.screen, LobbyScreen)
            (ticket,) = app.client.tickets.values()
            assert ticket.seat == 0
            await pilot.press("s")
            await until(
                pilot, lambda: isinstance(app.screen, LiarGamePlayScreen), "the play screen"
            )
            screen = app.screen
            await until(pilot, lambda: screen.query_one(HandPicker).display, "a pocket to pick")
            await pilot.press("1", "2", "3", "enter")
            await until(pilot, lambda: isinstance(app.screen, RevealScreen), "the reveal")
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is screen, "the table again")
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the leave question")
            question = str(app.screen.query_one("#confirm-question").render())
            assert "Your seat is kept: after 30 s away a bot plays it" in question
            await pilot.press("y")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            assert ticket.table in app.client.away
            await pilot.pause(0.1)
            assert not [n for n in notices(app) if n.startswith("Connection lost")]
    finally:
        await app.client.close()
        await host.close()


async def test_a_second_player_joins_the_table_and_both_play_it() -> None:
    async with a_host_with_ben(HostOptions(bot_delay=0)) as (address, ben, bens):
        seats = (
            SeatConfig("Ben", SeatKind.HUMAN),
            SeatConfig("Guest", SeatKind.HUMAN),
            SeatConfig("Ada"),
        )
        ben.send(CreateTable("liar-game", liar_game.Rules(target=60), seats))
        created = await bens.next(of(TableCreated))
        assert isinstance(created, TableCreated)
        ben.send(TakeSeat(created.table, 0))
        seated = await bens.next(of(Seated))
        assert isinstance(seated, Seated)
        app = await join_app(address)
        try:
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                lobby = app.screen
                assert isinstance(lobby, LobbyScreen)
                await pilot.press("down", "enter")
                await until(pilot, lambda: app.client.tickets, "Ann's seat")
                assert app.client.tickets[created.table].seat == 1

                def ann_is_seated(event: object) -> bool:
                    return isinstance(event, LobbyState) and any(
                        chair.name == "Ann" for t in event.tables for chair in t.seats
                    )

                await bens.next(ann_is_seated)
                ben.send(StartTable(seated.token))
                ready = await bens.next(of(SeatReady))
                assert isinstance(ready, SeatReady)
                assert ready.channel.setup.names == ("Ben", "Ann", "Ada")
                await until(
                    pilot, lambda: isinstance(app.screen, LiarGamePlayScreen), "Ann's play screen"
                )
                screen = app.screen
                assert screen.names == ("Ben", "Ann", "Ada")
                await until(pilot, lambda: screen.query_one(HandPicker).display, "Ann's pocket")
                await pilot.press("1", "2", "3", "enter")
                await until(pilot, lambda: "Waiting for Ben" in screen_text(app), "waiting for Ben")
        finally:
            await app.client.close()


def screen_text(app: ClientApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_a_drop_mid_game_reconnects_and_play_goes_on() -> None:
    host = TableHost(HostOptions(bot_delay=0))
    port = await host.listen_tcp("127.0.0.1", 0)
    proxy = Proxy(Address("127.0.0.1", port))
    app = await join_app(await proxy.start())
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("n", "1")
            await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup screen")
            await pilot.press("ctrl+s")
            await until(pilot, lambda: app.client.tickets, "a seat")
            await pilot.press("s")
            await until(
                pilot, lambda: isinstance(app.screen, LiarGamePlayScreen), "the play screen"
            )
            screen = app.screen
            await until(pilot, lambda: screen.query_one(HandPicker).display, "a pocket")
            proxy.cut()
            await until(pilot, lambda: "Reconnected." in notices(app), "the reconnection notice")
            assert "Connection lost: reconnecting…" in notices(app)
            assert app.screen is screen
            await pilot.press("1", "2", "3", "enter")
            await until(pilot, lambda: isinstance(app.screen, RevealScreen), "the reveal")
    finally:
        await app.client.close()
        await proxy.close()
        await host.close()


async def test_a_host_refusal_is_said_in_one_sentence() -> None:
    host = TableHost(HostOptions(max_tables=0))
    port = await host.listen_tcp("127.0.0.1", 0)
    app = await join_app(Address("127.0.0.1", port))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("n", "2")
            await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup screen")
            await pilot.press("ctrl+s")
            sentence = "The host has no room for more: join a table already in the lobby."
            await until(pilot, lambda: sentence in notices(app), "the refusal")
            assert isinstance(app.screen, LobbyScreen)
            assert not app.client.tickets
    finally:
        await app.client.close()
        await host.close()


async def test_the_others_see_a_stand_in_bot_and_the_return() -> None:
    async with a_host_with_ben(HostOptions(away_timeout=0.05), retry_delays=(0.05,)) as (
        address,
        ben,
        bens,
    ):
        seats = (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Guest", SeatKind.HUMAN))
        ben.send(CreateTable("liar-game", liar_game.Rules(target=60), (*seats, SeatConfig("Ada"))))
        created = await bens.next(of(TableCreated))
        assert isinstance(created, TableCreated)
        app = await join_app(address)
        try:
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await pilot.press("enter")
                await until(pilot, lambda: app.client.tickets, "Ann's seat")
                ben.send(TakeSeat(created.table, 1))
                bens_seat = await bens.next(of(Seated))
                assert isinstance(bens_seat, Seated)
                # Ben created the table, so sitting down makes him its owner: Ann only votes.
                await until(pilot, lambda: lobby_owner(app, created.table) == 1, "Ben the owner")
                await pilot.press("s")
                ben.send(StartTable(bens_seat.token))
                ready = await bens.next(of(SeatReady))
                assert isinstance(ready, SeatReady)
                ready.channel.close()
                away = "Ben has been away for 0.05 s: a bot plays for them until they return."
                await until(pilot, lambda: away in notices(app), "the stand-in notice")
                assert ben.return_to(created.table)
                await until(pilot, lambda: "Ben is back." in notices(app), "the return notice")
        finally:
            await app.client.close()


def lobby_owner(app: ClientApp, table: int) -> int | None:
    summary = next((t for t in app.client.lobby.tables if t.table == table), None)
    return None if summary is None else summary.owner


def lobby_chair(app: ClientApp, table: int, seat: int) -> ChairState | None:
    summary = next((t for t in app.client.lobby.tables if t.table == table), None)
    return None if summary is None else summary.seats[seat]


def footer_keys(app: ClientApp) -> dict[str, str]:
    return {
        key: active.binding.description
        for key, active in app.screen.active_bindings.items()
        if active.binding.show and active.binding.description
    }


def chair_row(app: ClientApp, name: str) -> int:
    """The screen row of the chair line showing ``name``."""
    rows = screen_text(app).splitlines()
    return next(y for y, line in enumerate(rows) if f" {name} " in line and "Table" not in line)


async def test_a_private_table_by_keys_its_code_a_friend_and_removing_him() -> None:
    async with a_host_with_ben(HostOptions(bot_delay=0)) as (address, ben, bens):
        client = HostClient(address, "Ann", retry_delays=(0.05,))
        await client.connect()
        seats = (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Guest", SeatKind.HUMAN))
        app = ClientApp(client, Settings(player_name="Ann", bot_delay=0, seats=seats))
        try:
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await pilot.press("n", "1")
                await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup screen")
                app.screen.query_one("#private").focus()
                await pilot.press("space")
                app.screen.query_one("#turn-seconds").focus()
                await pilot.press("end", "ctrl+u", *"45", "ctrl+s")
                await until(pilot, lambda: app.client.tickets, "Ann's seat at her table")
                (ticket,) = app.client.tickets.values()
                table = ticket.table
                await until(pilot, lambda: lobby_owner(app, table) == 0, "Ann the owner")
                (summary,) = app.client.lobby.tables
                assert summary.private
                assert summary.turn_seconds == 45
                (code_notice,) = [n for n in notices(app) if "private: its code is" in n]
                code = code_notice.split("its code is ")[1].split(".")[0]
                shown = f"private, code {code} · 45 s a turn"
                await until(pilot, lambda: shown in screen_text(app), "the code in the lobby")
                assert footer_keys(app)["s"] == "Start"

                ben.send(TakeSeat(table, 1, "WRONG0"))
                refused = await bens.next(of(HostError))
                assert isinstance(refused, HostError)
                assert refused.code is ErrorCode.PRIVATE
                ben.send(TakeSeat(table, 1, code.lower()))
                assert isinstance(await bens.next(of(Seated)), Seated)
                await until(pilot, lambda: " Ben " in screen_text(app), "Ben in Ann's lobby")

                # The cursor starts on Ann's own chair, the owner's; Ben sits below it.
                await pilot.press("down", "x")
                assert isinstance(app.screen, ConfirmScreen)
                await pilot.press("y")
                lost = await bens.next(of(SeatLost))
                assert isinstance(lost, SeatLost)
                assert (lost.table, lost.seat) == (table, 1)
                assert not ben.tickets
                await until(
                    pilot,
                    lambda: (
                        (chair := lobby_chair(app, table, 1)) is not None
                        and chair.kind is ChairKind.OPEN
                    ),
                    "the chair open again",
                )
        finally:
            await app.client.close()


async def test_a_friend_types_the_code_by_mouse_votes_and_is_removed() -> None:
    async with a_host_with_ben(HostOptions(bot_delay=0)) as (address, ben, bens):
        seats = (SeatConfig("Ben", SeatKind.HUMAN), SeatConfig("Guest", SeatKind.HUMAN))
        ben.send(CreateTable("liar-game", liar_game.Rules(target=60), seats, private=True))
        created = await bens.next(of(TableCreated))
        assert isinstance(created, TableCreated)
        assert created.code
        ben.send(TakeSeat(created.table, 0, created.code))
        bens_seat = await bens.next(of(Seated))
        assert isinstance(bens_seat, Seated)
        app = await join_app(address)
        try:
            async with app.run_test(size=SIZE) as pilot:
                await until(pilot, lambda: " Guest " in screen_text(app), "the open chair")
                assert "private: sit with its code" in screen_text(app)
                await pilot.click(offset=(10, chair_row(app, "Guest")))
                assert isinstance(app.screen, TableCodeScreen)
                await pilot.press(*"WRONG0")
                await pilot.click("#code-submit")
                wrong = f"That is not the code of table {created.table}."
                await until(
                    pilot, lambda: any(n.startswith(wrong) for n in notices(app)), "refusal"
                )
                assert not app.client.tickets
                await pilot.click(offset=(10, chair_row(app, "Guest")))
                assert isinstance(app.screen, TableCodeScreen)
                await pilot.press(*created.code)
                await pilot.click("#code-submit")
                await until(pilot, lambda: app.client.tickets, "Ann's seat")
                assert app.client.tickets[created.table].seat == 1
                assert footer_keys(app)["s"] == "Vote to start"
                assert "x" not in footer_keys(app)
                await pilot.press("s")
                await until(
                    pilot,
                    lambda: (
                        (chair := lobby_chair(app, created.table, 1)) is not None and chair.ready
                    ),
                    "Ann's vote",
                )
                assert "1 of 2 seated voted to start" in screen_text(app)
                assert isinstance(app.screen, LobbyScreen)

                ben.send(RemoveSeat(bens_seat.token, 1))
                removed = f"The owner of table {created.table}"
                await until(
                    pilot, lambda: any(n.startswith(removed) for n in notices(app)), "notice"
                )
                assert not app.client.tickets
                assert isinstance(app.screen, LobbyScreen)
                assert "Pick an open chair" in screen_text(app)
        finally:
            await app.client.close()


async def test_a_table_whose_creator_never_sat_starts_when_everyone_seated_votes() -> None:
    async with a_host_with_ben(HostOptions(bot_delay=0)) as (address, ben, bens):
        seats = (SeatConfig("Guest", SeatKind.HUMAN), SeatConfig("Ada"))
        ben.send(CreateTable("liar-game", liar_game.Rules(target=60), seats))
        assert isinstance(await bens.next(of(TableCreated)), TableCreated)
        app = await join_app(address)
        try:
            async with app.run_test(size=SIZE) as pilot:
                await until(pilot, lambda: " Guest " in screen_text(app), "the open chair")
                await pilot.press("enter")
                await until(pilot, lambda: app.client.tickets, "Ann's seat")
                assert footer_keys(app)["s"] == "Vote to start"
                await pilot.press("s")
                await until(
                    pilot, lambda: isinstance(app.screen, LiarGamePlayScreen), "the play screen"
                )
        finally:
            await app.client.close()


async def test_a_code_and_a_lost_seat_are_told_on_any_screen() -> None:
    app = ClientApp(HostClient(Address("127.0.0.1", 1), "Ann"), Settings(player_name="Ann"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.post_message(ClientApp.HostSaid(TableCreated(3, "K7QX2M")))
        app.post_message(
            ClientApp.HostSaid(SeatLost(3, 1, "The owner of table 3 removed you from seat 2."))
        )
        app.post_message(ClientApp.HostSaid(SeatLost(4, 0, "")))
        await pilot.pause()
        assert notices(app) == [
            "Table 3 is private: its code is K7QX2M. Give it to the players you want there; "
            "the lobby shows it beside the table.",
            "The owner of table 3 removed you from seat 2.",
            "You no longer hold seat 1 at table 4.",
        ]
        (code, *_) = app._notifications
        assert code.timeout >= 60


def test_the_online_app_is_where_the_online_setup_creates_its_tables() -> None:
    app = ClientApp(HostClient(Address("127.0.0.1", 1), "Ann"), Settings())
    assert isinstance(app, OnlineTableStarter)
