"""The lobby screen as drawn and driven, from a client whose lobby is set by hand and whose
frames are recorded instead of sent (no host needed; tests/test_client_app.py plays the
same flows against a real host)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from textual.widgets import Input, OptionList

from liar_tui.client_app import ClientApp
from liar_tui.net.client import Address, ConnectionStatus, HostClient, SeatTicket
from liar_tui.net.protocol import (
    ChairKind,
    ChairState,
    ClientFrame,
    ErrorCode,
    HostError,
    HostFrame,
    LobbyState,
    RemoveSeat,
    Seated,
    StartTable,
    TableCreated,
    TablePhase,
    TableSummary,
    TakeSeat,
)
from liar_tui.rules.dollar_bills import rules as dollar_bills_rules
from liar_tui.rules.liar_game import rules as liar_game_rules
from liar_tui.rules.liars_poker import rules as poker_rules
from liar_tui.screens.confirm import ConfirmScreen
from liar_tui.screens.lobby import LobbyScreen, chair_id
from liar_tui.screens.lobby_text import ERROR_SENTENCES, host_error_sentence, rules_summary
from liar_tui.screens.table_code import TableCodeScreen
from liar_tui.store.settings import CardStyle, Settings
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup

from .menus import screen_text

SIZE = (100, 32)

TABLES = (
    TableSummary(
        1,
        "liar-game",
        liar_game_rules.Rules(decks=2, target=300, big_combos=True),
        (
            ChairState("Ann", ChairKind.PERSON, present=True),
            ChairState("Player 2", ChairKind.OPEN),
            ChairState("Ada", ChairKind.BOT, "hard"),
        ),
        TablePhase.WAITING,
        owner=0,
        turn_seconds=60,
    ),
    TableSummary(
        2,
        "liars-poker-cards",
        poker_rules.LiarsPokerRules(lives=3, chips=True),
        (
            ChairState("Ben", ChairKind.PERSON, present=False, stand_in=True),
            ChairState("Cat", ChairKind.PERSON, present=True),
            ChairState("Bea", ChairKind.BOT, "easy"),
        ),
        TablePhase.PLAYING,
    ),
    TableSummary(
        3,
        "liars-poker-bills",
        dollar_bills_rules.Rules(digits=8, stake=2),
        (ChairState("Dan", ChairKind.PERSON), ChairState("Cal", ChairKind.BOT)),
        TablePhase.OVER,
    ),
    TableSummary(
        4,
        "liar-game",
        liar_game_rules.Rules(),
        (
            ChairState("Eve", ChairKind.PERSON, present=True),
            ChairState("Fay", ChairKind.PERSON, present=True, ready=True),
            ChairState("Gus", ChairKind.PERSON, present=True),
            ChairState("Player 4", ChairKind.OPEN),
        ),
        TablePhase.WAITING,
        owner=0,
        private=True,
        turn_seconds=30,
    ),
)
"""A waiting public table Ann owns (seat 0) with a timer, a table in play, a finished one,
and a private one owned by Eve, where Fay voted to start."""


class RecordingClient(HostClient):
    """A client that keeps what it would send, and hears host frames a test hands it."""

    def __init__(self) -> None:
        super().__init__(Address("127.0.0.1", 7777), "Ann")
        self.sent: list[ClientFrame] = []

    def send(self, frame: ClientFrame) -> None:
        self.sent.append(frame)

    def hear(self, frame: HostFrame) -> None:
        """A frame from the host, taken the way the client takes every frame it reads."""
        self._handle(frame)


def lobby_app(
    tables: tuple[TableSummary, ...],
    seated: bool = False,
    seat: tuple[int, int] = (1, 0),
    settings: Settings | None = None,
) -> ClientApp:
    """The app over a recorded lobby; ``seated`` puts Ann at ``seat`` (table, seat)."""
    client = RecordingClient()
    client.status = ConnectionStatus.CONNECTED
    client.lobby = LobbyState(tables)
    if seated:
        table, chair = seat
        summary = next(t for t in tables if t.table == table)
        setup = TableSetup(
            summary.game, summary.rules, (SeatConfig("Ann", SeatKind.HUMAN),), seed=0
        )
        client.tickets[table] = SeatTicket(table, chair, "token", setup)
    return ClientApp(client, settings or Settings(player_name="Ann"))


def at_table_4(ready: bool = False) -> tuple[TableSummary, ...]:
    """The lobby with Ann in Fay's place at Eve's private table, voted or not."""
    *others, table_4 = TABLES
    seats = list(table_4.seats)
    seats[1] = ChairState("Ann", ChairKind.PERSON, present=True, ready=ready)
    return (*others, replace(table_4, seats=tuple(seats)))


def sent(app: ClientApp) -> list[Any]:
    client = app.client
    assert isinstance(client, RecordingClient)
    return client.sent


def notices(app: ClientApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


def footer_keys(app: ClientApp) -> dict[str, str]:
    """The described keys the footer shows now: key to description."""
    return {
        key: active.binding.description
        for key, active in app.screen.active_bindings.items()
        if active.binding.show and active.binding.description
    }


async def highlight(app: ClientApp, table: int, seat: int) -> None:
    option_list = app.screen.query_one(OptionList)
    option_list.highlighted = option_list.get_option_index(chair_id(table, seat))


def test_snapshot_an_empty_lobby(snap_compare) -> None:
    assert snap_compare(lobby_app(()), terminal_size=SIZE)


def test_snapshot_a_lobby_with_tables_while_seated(snap_compare) -> None:
    """Ann owns table 1 (its code from the host shown), Fay voted at Eve's private table."""
    app = lobby_app(TABLES, seated=True)

    async def code_heard(pilot: Any) -> None:
        app.client.lobby = LobbyState(
            tuple(replace(t, private=True) if t.table == 1 else t for t in TABLES)
        )
        assert isinstance(app.client, RecordingClient)
        app.client.hear(TableCreated(1, "K7QX2M"))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(100, 40), run_before=code_heard)


def test_snapshot_a_lobby_voted_at_a_private_table_in_ascii(snap_compare) -> None:
    settings = Settings(player_name="Ann", card_style=CardStyle.ASCII)
    app = lobby_app(at_table_4(ready=True), seated=True, seat=(4, 1), settings=settings)
    assert snap_compare(app, terminal_size=(100, 40))


def test_rules_are_summed_up_in_a_few_words() -> None:
    assert rules_summary("liar-game", TABLES[0].rules) == "to 300 points, two decks, 1 variant"
    assert rules_summary("liars-poker-cards", TABLES[1].rules) == "3 lives, chips"
    assert rules_summary("liars-poker-bills", TABLES[2].rules) == "8-digit serials, $2 a game"


def test_snapshot_the_code_of_a_private_table_asked_for(snap_compare) -> None:
    async def ask(pilot: Any) -> None:
        await highlight(pilot.app, 4, 3)
        await pilot.press("enter", *"K7Q")

    assert snap_compare(lobby_app(TABLES), terminal_size=SIZE, run_before=ask)


async def test_an_occupied_chair_is_not_taken_and_says_why() -> None:
    app = lobby_app(TABLES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        messages = [str(n.message) for n in app._notifications]
        assert messages == ["That chair is not open: pick one marked open."]


async def test_start_and_leave_are_offered_only_when_seated() -> None:
    app = lobby_app(TABLES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.check_action("start", ()) is False
        assert app.screen.check_action("vote", ()) is False
        assert app.screen.check_action("retry", ()) is False
        assert not {"s", "x", "l"} & footer_keys(app).keys()
    app = lobby_app(TABLES, seated=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.check_action("start", ()) is True
        assert app.screen.check_action("leave", ()) is True


async def test_the_owner_is_offered_start_and_remove_and_starts_by_keys() -> None:
    app = lobby_app(TABLES, seated=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        keys = footer_keys(app)
        assert (keys["s"], keys["x"], keys["l"]) == ("Start", "Remove player", "Leave seat")
        assert "You own table 1 (seat 1)" in str(app.screen.query_one("#lobby-hint").render())
        await pilot.press("s")
        assert sent(app) == [StartTable("token")]


async def test_anyone_else_seated_votes_to_start_once() -> None:
    app = lobby_app(at_table_4(), seated=True, seat=(4, 1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        keys = footer_keys(app)
        assert keys["s"] == "Vote to start"
        assert "x" not in keys
        await pilot.press("s")
        assert sent(app) == [StartTable("token")]
        assert isinstance(app.client, RecordingClient)
        app.client.hear(LobbyState(at_table_4(ready=True)))
        await pilot.pause()
        hint = str(app.screen.query_one("#lobby-hint").render())
        assert hint.startswith("You voted to start table 4: it starts when its owner")
        await pilot.press("s")
        assert sent(app) == [StartTable("token")]
        assert notices(app)[-1].startswith("You already voted to start")


async def test_the_owner_removes_a_seated_player_after_a_yes() -> None:
    tables = (
        TableSummary(
            1,
            "liar-game",
            liar_game_rules.Rules(),
            (
                ChairState("Ann", ChairKind.PERSON, present=True),
                ChairState("Ben", ChairKind.PERSON, present=True),
                ChairState("Ada", ChairKind.BOT),
            ),
            TablePhase.WAITING,
            owner=0,
        ),
    )
    app = lobby_app(tables, seated=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("x")
        assert notices(app)[-1] == "That is your own chair: press l to leave the table."
        await pilot.press("down", "down", "x")
        assert notices(app)[-1] == (
            "Nobody sits in that chair: only a seated player can be removed."
        )
        await pilot.press("up", "x")
        assert isinstance(app.screen, ConfirmScreen)
        question = str(app.screen.query_one("#confirm-question").render())
        assert question == "Remove Ben from seat 2 of table 1? Their chair opens again."
        await pilot.press("n")
        assert isinstance(app.screen, LobbyScreen)
        assert sent(app) == []
        await pilot.press("x", "y")
        assert isinstance(app.screen, LobbyScreen)
        assert sent(app) == [RemoveSeat("token", 1)]


async def test_the_owner_cannot_remove_from_another_table() -> None:
    app = lobby_app(TABLES, seated=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await highlight(app, 4, 1)
        await pilot.press("x")
        assert notices(app) == ["Put the cursor on a player at your table 1, then press x."]
        assert sent(app) == []


async def test_a_private_chair_asks_for_the_code_by_keys() -> None:
    app = lobby_app(TABLES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await highlight(app, 4, 3)
        await pilot.press("enter")
        assert isinstance(app.screen, TableCodeScreen)
        assert footer_keys(app) == {"enter": "Take the chair", "escape": "Cancel"}
        await pilot.press("escape")
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("enter", "enter")
        assert isinstance(app.screen, TableCodeScreen)
        assert app.screen.query_one("#code-problem").display
        await pilot.press(*"k7qx2m", "enter")
        assert isinstance(app.screen, LobbyScreen)
        assert sent(app) == [TakeSeat(4, 3, "k7qx2m")]


async def test_a_private_chair_takes_the_code_by_mouse() -> None:
    app = lobby_app(TABLES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rows = screen_text(app).splitlines()
        row = max(y for y, line in enumerate(rows) if "Player 4" in line)
        await pilot.click(offset=(12, row))
        assert isinstance(app.screen, TableCodeScreen)
        await pilot.click(Input)
        await pilot.press(*"WRONG1")
        await pilot.click("#code-submit")
        assert sent(app) == [TakeSeat(4, 3, "WRONG1")]
        assert isinstance(app.client, RecordingClient)
        app.client.hear(HostError(ErrorCode.PRIVATE, "That is not the code of table 4."))
        await pilot.pause()
        assert notices(app) == [
            "That is not the code of table 4. Check the code with the table's owner and try again."
        ]


async def test_the_creator_of_a_private_table_needs_no_modal_for_its_code() -> None:
    app = lobby_app(TABLES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.client, RecordingClient)
        app.client.hear(TableCreated(4, "K7QX2M"))
        await pilot.pause()
        assert "private, code K7QX2M" in str(
            app.screen.query_one(OptionList).get_option("details-4").prompt
        )
        await highlight(app, 4, 3)
        await pilot.press("enter")
        assert isinstance(app.screen, LobbyScreen)
        assert sent(app) == [TakeSeat(4, 3, "K7QX2M")]


async def test_a_code_that_seated_us_is_shown_beside_the_table() -> None:
    app = lobby_app(TABLES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await highlight(app, 4, 3)
        await pilot.press("enter", *"K7QX2M", "enter")
        assert isinstance(app.client, RecordingClient)
        setup = TableSetup(
            "liar-game", liar_game_rules.Rules(), (SeatConfig("Ann", SeatKind.HUMAN),), 0
        )
        app.client.hear(Seated(4, 3, "token", setup))
        await pilot.pause()
        details = app.screen.query_one(OptionList).get_option("details-4").prompt
        assert "private, code K7QX2M" in str(details)


@pytest.mark.parametrize(
    "code", [ErrorCode.NOT_OWNER, ErrorCode.PRIVATE, ErrorCode.TOO_FAST, ErrorCode.IDLE]
)
def test_every_new_refusal_has_a_sentence_of_its_own(code: ErrorCode) -> None:
    said = host_error_sentence(HostError(code, ""))
    assert said and said.endswith(".")
    assert said != code.value


def test_the_host_words_are_kept_where_they_name_the_table() -> None:
    assert ErrorCode.PRIVATE not in ERROR_SENTENCES
    said = host_error_sentence(HostError(ErrorCode.PRIVATE, "That is not the code of table 4."))
    assert said.startswith("That is not the code of table 4. ")
