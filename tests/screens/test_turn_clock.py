"""An online table's turn timer on the table screen: the countdown, away seats, Back, a lost
seat. The host's frames are fed to the client by hand; no host is needed."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from liar_tui.app import LiarApp
from liar_tui.games import plugin
from liar_tui.net import client as client_module
from liar_tui.net.client import (
    Address,
    ClientEvent,
    ConnectionStatus,
    HostClient,
    RemoteChannel,
    SeatReady,
)
from liar_tui.net.protocol import (
    Act,
    Back,
    ClientFrame,
    Seated,
    SeatLost,
    Started,
    Update,
    decode_client_frame,
)
from liar_tui.rules.liar_game.game import Rules, ShowHand
from liar_tui.screens import table_screen
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.liar_game.play import LiarGamePlayScreen
from liar_tui.screens.turn_clock import AWAY_SENTENCE, TurnClock, clock_text
from liar_tui.store.settings import Settings
from liar_tui.table.local import open_table
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import SeatUpdate

SIZE = (100, 32)
NAMES = ("Ann", "Bob", "Ada")
SETUP = TableSetup(
    "liar-game",
    Rules(target=60),
    (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Bob", SeatKind.HUMAN), SeatConfig("Ada")),
    seed=0,
)
TABLE = 4
TOKEN = "ann-token"


# --------------------------------------------------------------------------- the line


@pytest.mark.parametrize(
    ("to_act", "seconds", "away", "line"),
    [
        ((0,), 42, (), "Ann · 42 s"),
        ((0, 1, 2), 7, (), "Ann, Bob and Ada · 7 s"),
        ((1,), 30, (1,), "Bob (away) · 30 s"),
        ((0,), 30, (1,), "Ann · 30 s · Bob (away)"),
        ((0,), None, (1,), "Bob (away)"),
    ],
)
def test_the_line_names_the_seats_to_act_their_seconds_and_who_is_away(
    to_act: tuple[int, ...], seconds: int | None, away: tuple[int, ...], line: str
) -> None:
    text = clock_text(NAMES, to_act, seconds, away, ours=(2,))
    assert text is not None and text.plain == line


def test_our_own_seat_away_says_how_to_play_again() -> None:
    text = clock_text(NAMES, (0, 1), 12, (0, 2), ours=(0,))
    assert text is not None
    assert text.plain == f"Ann and Bob · 12 s · Ada (away)\n{AWAY_SENTENCE}"
    alone = clock_text(NAMES, (), None, (0,), ours=(0,))
    assert alone is not None and alone.plain == AWAY_SENTENCE


def test_no_timer_and_nobody_away_is_nothing_to_show() -> None:
    assert clock_text(NAMES, (0, 1), None, (), ours=(0,)) is None


# --------------------------------------------------------------------------- the screen


class FakeTime:
    """The clock of the client and the screen, moved by hand: a busy machine's pauses
    between a frame and its drawing do not change the seconds shown, and the countdown is
    checked without waiting."""

    def __init__(self, now: float) -> None:
        self.now = now

    def monotonic(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def fake_time(monkeypatch: pytest.MonkeyPatch) -> FakeTime:
    fake = FakeTime(1000.0)
    monkeypatch.setattr(client_module, "time", fake)
    monkeypatch.setattr(table_screen, "time", fake)
    return fake


def seated_client() -> tuple[HostClient, RemoteChannel, list[ClientEvent]]:
    """A client (never connected) that holds seat 0 of a started table: what it sends
    waits in its outbox."""
    client = HostClient(Address("127.0.0.1", 7777), "Ann")
    client.status = ConnectionStatus.CONNECTED
    events: list[ClientEvent] = []
    client.listen(events.append)
    client._handle(Seated(TABLE, 0, TOKEN, SETUP))
    client._handle(Started(TABLE, 0, SETUP))
    ready = next(event for event in events if isinstance(event, SeatReady))
    return client, ready.channel, events


def sent(client: HostClient) -> list[ClientFrame]:
    return [decode_client_frame(data) for data in client._outbox]


def update(
    seconds_left: float, away: tuple[int, ...] = (), to_act: tuple[int, ...] = (0, 1, 2)
) -> Update:
    table = open_table(SETUP)
    return Update(TABLE, SeatUpdate(0, (), table.view(0), to_act), seconds_left, away)


def screen_text(app: LiarApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def clock(app: LiarApp) -> TurnClock:
    return app.screen.query_one(TurnClock)


def clock_line(app: LiarApp) -> str:
    return str(clock(app).render())


async def open_table_screen(pilot: Pilot[Any], app: LiarApp, channel: RemoteChannel) -> None:
    app.push_screen(plugin(SETUP.game).play_screen(channel))
    await pilot.pause()


async def test_the_countdown_ticks_from_the_frame_and_warns_in_the_last_seconds(
    fake_time: FakeTime,
) -> None:
    client, channel, _ = seated_client()
    app = LiarApp(settings=Settings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await open_table_screen(pilot, app, channel)
        assert not clock(app).display
        client._handle(update(11.4, to_act=(0, 1)))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LiarGamePlayScreen)
        assert clock(app).display
        assert clock_line(app) == "Ann and Bob · 11 s"
        assert not clock(app).has_class("-urgent")
        assert screen._ticker is not None
        assert screen._timer.ends_at == fake_time.now + 11.4
        lines = []
        for _ in range(13):
            fake_time.now += 1.0
            screen._draw_clock()
            lines.append((clock_line(app), clock(app).has_class("-urgent")))
        assert lines[:2] == [("Ann and Bob · 10 s", True), ("Ann and Bob · 9 s", True)]
        assert lines[-1] == ("Ann and Bob · 0 s", True)
        assert screen._ticker is None
        await pilot.pause()
        assert "Ann and Bob · 0 s" in screen_text(app)


async def test_an_update_without_a_timer_hides_the_countdown() -> None:
    client, channel, _ = seated_client()
    app = LiarApp(settings=Settings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await open_table_screen(pilot, app, channel)
        client._handle(update(30))
        await pilot.pause()
        assert clock(app).display
        client._handle(update(0))
        await pilot.pause()
        assert not clock(app).display
        screen = app.screen
        assert isinstance(screen, LiarGamePlayScreen)
        assert screen._ticker is None


async def test_away_says_so_b_sends_back_and_the_footer_offers_b_only_then() -> None:
    client, channel, _ = seated_client()
    app = LiarApp(settings=Settings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await open_table_screen(pilot, app, channel)
        client._handle(update(20))
        await pilot.pause()
        assert "b" not in app.screen.active_bindings
        await pilot.press("b")
        assert not [frame for frame in sent(client) if isinstance(frame, Back)]

        client._handle(update(20, away=(0, 2)))
        await pilot.pause()
        assert clock_line(app) == f"Ann, Bob and Ada (away) · 20 s\n{AWAY_SENTENCE}"
        assert "b" in app.screen.active_bindings
        assert AWAY_SENTENCE in screen_text(app)
        assert "Play again" in screen_text(app)
        await pilot.press("b")
        await pilot.pause()
        assert sent(client) == [Back(TOKEN)]
        assert clock_line(app) == "Ann, Bob and Ada (away) · 20 s"
        assert "b" not in app.screen.active_bindings


async def test_playing_while_away_says_back_before_the_action() -> None:
    client, channel, _ = seated_client()
    app = LiarApp(settings=Settings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await open_table_screen(pilot, app, channel)
        client._handle(update(20, away=(0,)))
        await pilot.pause()
        assert AWAY_SENTENCE in clock_line(app)
        await pilot.press("1", "right", "space", "right", "space", "enter")
        await pilot.pause()
        frames = sent(client)
        assert frames[0] == Back(TOKEN)
        assert isinstance(frames[1], Act) and isinstance(frames[1].action, ShowHand)
        assert len(frames) == 2
        assert AWAY_SENTENCE not in clock_line(app)


async def test_a_lost_seat_leaves_the_table_and_the_client_forgets_it() -> None:
    client, channel, events = seated_client()
    app = LiarApp(settings=Settings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await open_table_screen(pilot, app, channel)
        client._handle(update(20))
        await pilot.pause()
        lost = SeatLost(TABLE, 0, "Your seat was taken back on another connection.")
        client._handle(lost)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert TABLE not in client.tickets
        assert client.channel(TABLE) is None
        assert events[-1] == lost
        assert sent(client) == []  # no LeaveSeat with a token that is void here


async def test_a_table_in_this_process_shows_no_clock_and_no_b() -> None:
    app = LiarApp(settings=Settings(bot_delay=0), start=SETUP)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, LiarGamePlayScreen))
        assert not screen.query_one(TurnClock).display
        assert "b" not in screen.active_bindings
