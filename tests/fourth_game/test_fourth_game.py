"""A fourth game, registered only through the ``liar_tui.games`` entry point, played everywhere
a built-in game is: the table, a save and its resume, the arena, the network host and the app.

Nothing outside ``tests/fourth_game`` knows High Card: if one of these tests needs a line
changed in ``liar_tui``, the plugin mechanism has a hole.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from liar_tui.app import LiarApp
from liar_tui.arena.runner import default_match, run_match
from liar_tui.games import make_bot, plugin, registered
from liar_tui.games.plugin import Scoring
from liar_tui.net.protocol import CreateTable, Seated, StartTable, TableCreated, TakeSeat
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.setup import SetupScreen
from liar_tui.store.saves import SaveStore
from liar_tui.store.settings import Settings
from liar_tui.table import codec
from liar_tui.table.local import open_table, seat_bots
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Bus, SeatUpdate
from liar_tui.widgets.menu import Menu
from tests.arena import test_views_hide
from tests.fourth_game.plugin import HighCardPlugin
from tests.fourth_game.rules import Call, HighCardGame, HighCardView, Higher, Rules, actions_in
from tests.fourth_game.rules_editor import HighCardRulesEditor
from tests.fourth_game.screen import HighCardPlayScreen
from tests.fourth_game.support import GAME_ID, fourth_game, high_card_secrets
from tests.net import test_host_games
from tests.net.host_client import HostClient, play_seat, running_host
from tests.net.test_host_games import GAME_TIMEOUT, FrameInspector, inspector

__all__ = ["fourth_game", "inspector"]  # fixtures, used by name

pytestmark = pytest.mark.usefixtures("fourth_game")

BOTS = (SeatConfig("Ada"), SeatConfig("Bea", level=BotLevel.EASY), SeatConfig("Cal"))
YOU_AND_ADA = (SeatConfig("You", SeatKind.HUMAN), SeatConfig("Ada"))


def test_the_game_is_found_through_the_entry_point_only() -> None:
    found = registered()[GAME_ID]
    assert isinstance(found, HighCardPlugin)
    assert plugin(GAME_ID) is found
    assert list(registered())[-1] == GAME_ID, "after the built-in games, by menu order"


# --------------------------------------------------------------------------- (a) the table


def test_bots_play_a_whole_game_on_the_table() -> None:
    setup = TableSetup(GAME_ID, Rules(target=3), BOTS, seed=11)
    table = open_table(setup)
    bus = Bus(table)
    heard: list[SeatUpdate] = []
    table.subscribe(0, lambda update: heard.append(update))  # type: ignore[arg-type]
    seat_bots(table, bus)
    assert table.over
    assert table.completed_games() == 1
    assert sorted(table.returns()) == [0.0, 0.0, 1.0]
    view = table.view(0)
    assert isinstance(view, HighCardView) and max(view.wins) == 3
    assert len(heard) == len(table.actions) + 1
    again = open_table(setup, table.actions)
    assert again.snapshot() == table.snapshot(), "the log replays to the same table"


def test_its_plugin_reads_each_seats_result_from_a_seats_updates() -> None:
    setup = TableSetup(GAME_ID, Rules(target=3), BOTS, seed=11)
    table = open_table(setup)
    heard: list[SeatUpdate] = []
    table.subscribe(1, lambda update: heard.append(update))  # type: ignore[arg-type]
    seat_bots(table, Bus(table))
    wins = table.view(0).wins
    result = plugin(GAME_ID).seat_outcomes(setup, heard)
    assert [outcome.score for outcome in result] == list(wins)
    assert [outcome.won for outcome in result] == [share == 1.0 for share in table.returns()]
    assert [outcome.place for outcome in result] == [
        1 + sum(other > mine for other in wins) for mine in wins
    ]


# --------------------------------------------------------------------------- (b) save, resume


def test_a_saved_table_resumes_to_the_same_state(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "saves" / "table.json")
    setup = TableSetup(GAME_ID, Rules(target=5), YOU_AND_ADA, seed=4)
    table = open_table(setup, recorder=lambda setup, actions, game: store.save(setup, actions))
    bus = Bus(table)
    seat_bots(table, bus)
    chooser = random.Random(4)
    while len(table.actions) < 8 and not table.over:
        if table.to_act() == (0,):
            bus.send(chooser.choice(actions_in(table.view(0))))
    assert not table.over and len(table.actions) >= 8
    document = json.loads(store.path.read_text(encoding="utf-8"))
    assert document["setup"]["rules"] == {"type": "HighCardRules", "target": 5}
    assert {action["type"] for action in document["actions"]} <= {"HighCardHigher", "HighCardCall"}

    saved = store.load()
    assert saved is not None
    assert saved.setup == setup and saved.actions == table.actions
    resumed = open_table(saved.setup, saved.actions)
    assert resumed.snapshot() == table.snapshot()
    assert plugin(GAME_ID).saved_summary(setup, resumed.view(0)).startswith("High Card, deal ")


# --------------------------------------------------------------------------- (c) the arena


def test_an_arena_match_gives_a_sane_result() -> None:
    match = default_match(GAME_ID, (BotLevel.HARD, BotLevel.EASY), games=30, seed=5)
    assert match.rules == Rules()
    result = run_match(match)
    assert result.game == GAME_ID and result.scoring is Scoring.WIN_SHARE
    assert result.games == 30
    shares = [entrant.result.estimate for entrant in result.entrants]
    assert math.isclose(sum(shares), 1.0), "one win shared out per game"
    assert all(entrant.decisions > 0 for entrant in result.entrants)
    assert shares[0] > shares[1], "the careful bot beats the wild one"
    again = run_match(match, jobs=2)
    assert [e.result for e in again.entrants] == [e.result for e in result.entrants]


# --------------------------------------------------------------------------- (d) the host


async def test_two_people_play_it_on_the_network_host(
    inspector: list[FrameInspector], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The frame check knows each game's secrets, and the event fields that hold cards shown
    # face up to everyone, from tables kept per game: High Card adds its own for this test.
    monkeypatch.setitem(test_views_hide.SECRETS, GAME_ID, high_card_secrets)
    shown = (*test_host_games.EVENT_RECORDS, ("*", "cards"))  # CardsShown, at a call
    monkeypatch.setattr(test_host_games, "EVENT_RECORDS", shown)
    seats = (SeatConfig("Chair 0", SeatKind.HUMAN), SeatConfig("Chair 1", SeatKind.HUMAN))
    async with running_host() as (host, port):
        inspector.append(FrameInspector(host))
        clients = [await HostClient.tcp(port) for _ in range(2)]
        for number, client in enumerate(clients):
            await client.greet(f"Person {number}")
        await clients[0].send(CreateTable(GAME_ID, Rules(target=2), seats))
        table = (await clients[0].expect(TableCreated)).table
        seated: list[Seated] = []
        for seat, client in enumerate(clients):
            await client.send(TakeSeat(table, seat))
            seated.append(await client.expect(Seated))
        assert seated[0].setup.rules == Rules(target=2)
        await clients[0].send(StartTable(seated[0].token))  # the creator owns the table
        players = [
            play_seat(client, s, make_bot(GAME_ID, BotLevel.NORMAL, random.Random(s.seat)), GAME_ID)
            for client, s in zip(clients, seated, strict=True)
        ]
        sent = await asyncio.wait_for(asyncio.gather(*players), GAME_TIMEOUT)
        hosted = host._tables[table]
        assert hosted.table is not None and hosted.table.over
        assert sum(sent) == len(hosted.table.actions) > 0
        for client in clients:
            await client.close()
    assert inspector[0].frames > 0 and inspector[0].views_with_own_cards > 0


# --------------------------------------------------------------------------- (e) the app

SIZE = (100, 32)
MOST_TURNS = 60


def key_for(view: HighCardView) -> str:
    """The key a person presses to play: call a claim above their card, else claim one up."""
    options = actions_in(view)
    standing = view.standing
    if standing is not None and standing.rank > view.card.rank:
        return "c"
    higher = [action for action in options if isinstance(action, Higher)]
    if not higher:
        return "c"
    rank = max(higher[0].rank, int(view.card.rank))
    return {10: "t", 11: "j", 12: "q", 13: "k", 14: "a"}.get(rank, str(rank))


def screen_text(app: LiarApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def wait_for_turn(pilot: Any, app: LiarApp) -> None:
    """Let the bot answer until the person is to act or the game is over."""
    for _ in range(20):
        await pilot.pause()
        table = app.table
        assert table is not None
        if table.over or table.to_act() == (0,):
            break
    await pilot.pause()


async def test_a_person_plays_it_by_keys_leaves_and_resumes() -> None:
    setup = TableSetup(GAME_ID, Rules(target=9), YOU_AND_ADA, seed=2)
    app = LiarApp(settings=Settings(bot_delay=0), start=setup)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_turn(pilot, app)
        screen = app.screen
        assert isinstance(screen, HighCardPlayScreen)
        table = app.table
        assert table is not None
        pressed = 0
        while pressed < 6 and not table.over:
            view = table.view(0)
            assert table.to_act() == (0,)
            text = str(screen.query_one("#high-card-table").render())
            assert f"Card of You: {view.card.text}" in text
            before = len(table.actions)
            await pilot.press(key_for(view))
            pressed += 1
            assert table.actions[before].seat == 0, "the key sent the person's action"
            await wait_for_turn(pilot, app)
        assert not table.over and any(isinstance(a, Call) for a in table.actions)
        snapshot = table.snapshot()

        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "High Card, deal " in screen_text(app), "the home screen offers to resume it"
        await pilot.press("r")
        await wait_for_turn(pilot, app)
        assert isinstance(app.screen, HighCardPlayScreen)
        assert app.table is not None and app.table is not table
        assert app.table.snapshot() == snapshot


async def choose_on_the_home_menu(pilot: Any, app: LiarApp, entry_id: str) -> None:
    menu = app.screen.query_one(Menu)
    for _ in range(len(menu.entries)):
        if menu.entries[menu.highlighted].id == entry_id:
            break
        await pilot.press("down")
    assert menu.entries[menu.highlighted].id == entry_id
    await pilot.press("enter")
    await pilot.pause()


async def test_the_setup_screen_edits_its_rules_and_starts_it() -> None:
    app = LiarApp(settings=Settings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert f"4   {plugin(GAME_ID).title}" in screen_text(app), "listed with its key"
        await choose_on_the_home_menu(pilot, app, f"game:{GAME_ID}")
        assert isinstance(app.screen, SetupScreen)
        editor = app.screen.query_one(HighCardRulesEditor)
        assert editor.read() == (Rules(), [])
        target = editor.query_one("#target", Input)
        target.value = "0"
        assert editor.read()[1], "a target of 0 is refused"
        target.value = "3"
        assert editor.read() == (Rules(target=3), [])
        await pilot.press("ctrl+s")
        await wait_for_turn(pilot, app)
        assert isinstance(app.screen, HighCardPlayScreen)
        assert app.table is not None and app.table.setup.rules == Rules(target=3)


def test_the_codec_knows_every_message_by_a_prefixed_name() -> None:
    game = HighCardGame(Rules(), 2, seed=1)
    names = {codec.message_name(cls) for cls, _ in plugin(GAME_ID).message_types()}
    assert all(name.startswith("HighCard") for name in names)
    assert codec.decode(codec.encode(game.view(1)), HighCardView) == game.view(1)
