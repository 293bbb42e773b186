"""Sorting the pocket at the Liar Game table: by the setting, and flipped by a key for the game."""

from __future__ import annotations

from textual import on
from textual.app import App, ComposeResult
from textual.widgets import Button

from liar_tui.app import LiarApp
from liar_tui.rules.cards import Card, parse_cards
from liar_tui.rules.liar_game.game import Rules, ShowHand
from liar_tui.screens.liar_game.hand_picker import HandPicker
from liar_tui.store.settings import PocketOrder, Settings
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.widgets.card_art import CardLook
from liar_tui.widgets.card_row_picker import PickableCard
from liar_tui.widgets.pocket_order import sorted_pocket
from tests.screens.menus import flat_text

DEALT = parse_cards("9S JK 7H 9D KC 2C")
BY_RANK = tuple(parse_cards("JK KC 9S 9D 7H 2C"))
BY_SUIT = tuple(parse_cards("JK 9S 7H KC 2C 9D"))


class SortingApp(App[None]):
    """One picker laying out ``DEALT`` in ``order``; it keeps what the picker submits."""

    def __init__(self, order: PocketOrder) -> None:
        super().__init__()
        self.order = order
        self.submitted: list[tuple[Card, ...]] = []

    def compose(self) -> ComposeResult:
        yield HandPicker(Rules(), CardLook(), DEALT, order=self.order)

    def on_mount(self) -> None:
        self.query_one(HandPicker).focus()

    @on(HandPicker.Submitted)
    def _submitted(self, event: HandPicker.Submitted) -> None:
        self.submitted.append(event.cards)

    def drawn(self) -> tuple[Card, ...]:
        return tuple(card.card for card in self.query(PickableCard))

    def sort_button(self) -> str:
        return str(self.query_one("#sort-pocket", Button).label)


async def test_o_flips_the_order_keeping_the_pick_and_a_new_pocket_keeps_the_order() -> None:
    app = SortingApp(PocketOrder.RANK)
    async with app.run_test(size=(80, 20)) as pilot:
        assert app.drawn() == BY_RANK
        assert app.sort_button() == "By rank (o)"
        await pilot.press("1", "2")
        await pilot.press("o")
        assert app.drawn() == BY_SUIT
        assert app.sort_button() == "By suit (o)"
        picked = tuple(card.card for card in app.query(PickableCard) if card.picked)
        assert set(picked) == set(BY_RANK[:2]), "the picked cards stay picked, wherever they move"
        await pilot.press("enter")
        assert set(app.submitted[0]) == set(BY_RANK[:2])
        fresh = parse_cards("AS 3H AD 3C 4H 5C")
        await app.query_one(HandPicker).show_pocket(fresh)
        await pilot.pause()
        assert app.drawn() == sorted_pocket(fresh, PocketOrder.SUIT)
        assert await pilot.click("#sort-pocket")
        assert app.drawn() == sorted_pocket(fresh, PocketOrder.RANK)


async def test_the_table_lays_the_pocket_out_in_the_setting_and_o_sorts_it() -> None:
    seats = (SeatConfig("You", SeatKind.HUMAN), SeatConfig("Ada"))
    setup = TableSetup("liar-game", Rules(), seats, seed=7)
    app = LiarApp(settings=Settings(bot_delay=0, pocket_order=PocketOrder.SUIT), start=setup)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(4):
            await pilot.pause()
        pocket = app.table.view(0).pocket
        picker = app.screen.query_one(HandPicker)
        assert picker.pocket == sorted_pocket(pocket, PocketOrder.SUIT)
        assert "By suit (o)" in flat_text(app)
        await pilot.press("o")
        by_rank = sorted_pocket(pocket, PocketOrder.RANK)
        assert picker.pocket == by_rank
        await pilot.press("1", "2", "3", "enter")
        for _ in range(4):
            await pilot.pause()
        assert ShowHand(0, by_rank[:3]) in app.table.actions
