"""The lobby screen as drawn, from a client whose lobby is set by hand (no host needed)."""

from __future__ import annotations

from liar_tui.client_app import ClientApp
from liar_tui.net.client import Address, ConnectionStatus, HostClient, SeatTicket
from liar_tui.net.protocol import ChairKind, ChairState, LobbyState, TablePhase, TableSummary
from liar_tui.rules.dollar_bills import rules as dollar_bills_rules
from liar_tui.rules.liar_game import rules as liar_game_rules
from liar_tui.rules.liars_poker import rules as poker_rules
from liar_tui.screens.lobby_text import rules_summary
from liar_tui.store.settings import Settings
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup

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
)


def lobby_app(tables: tuple[TableSummary, ...], seated: bool = False) -> ClientApp:
    client = HostClient(Address("127.0.0.1", 7777), "Ann")
    client.status = ConnectionStatus.CONNECTED
    client.lobby = LobbyState(tables)
    if seated:
        setup = TableSetup(
            "liar-game", tables[0].rules, (SeatConfig("Ann", SeatKind.HUMAN),), seed=0
        )
        client.tickets[1] = SeatTicket(1, 0, "token", setup)
    return ClientApp(client, Settings(player_name="Ann"))


def test_snapshot_an_empty_lobby(snap_compare) -> None:
    assert snap_compare(lobby_app(()), terminal_size=SIZE)


def test_snapshot_a_lobby_with_tables_while_seated(snap_compare) -> None:
    assert snap_compare(lobby_app(TABLES, seated=True), terminal_size=SIZE)


def test_rules_are_summed_up_in_a_few_words() -> None:
    assert rules_summary("liar-game", TABLES[0].rules) == "to 300 points, two decks, 1 variant"
    assert rules_summary("liars-poker-cards", TABLES[1].rules) == "3 lives, chips"
    assert rules_summary("liars-poker-bills", TABLES[2].rules) == "8-digit serials, $2 a game"


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
        assert app.screen.check_action("retry", ()) is False
    app = lobby_app(TABLES, seated=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.check_action("start", ()) is True
        assert app.screen.check_action("leave", ()) is True
