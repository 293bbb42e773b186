"""The hand picker, driven by keys and by mouse in a small app of its own."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import App, ComposeResult

from liar_tui.rules.cards import Card, parse_cards
from liar_tui.rules.liar_game.game import Rules
from liar_tui.screens.liar_game.hand_picker import HandPicker
from liar_tui.widgets.card_art import CardLook
from liar_tui.widgets.card_row_picker import PickableCard

POCKET = parse_cards("9S JK 7H 9D KC 2C")
UNICODE = CardLook()


class PickerApp(App[None]):
    """Holds one picker and keeps every message it posts, in order."""

    def __init__(
        self,
        pocket: Sequence[Card] = POCKET,
        rules: Rules | None = None,
        look: CardLook = UNICODE,
    ) -> None:
        super().__init__()
        self.pocket = tuple(pocket)
        self.rules = rules or Rules()
        self.look = look
        self.changes: list[tuple[Card, ...]] = []
        self.submitted: list[tuple[Card, ...]] = []

    def compose(self) -> ComposeResult:
        yield HandPicker(self.rules, self.look, self.pocket, id="picker")

    def on_mount(self) -> None:
        self.query_one(HandPicker).focus()

    @on(HandPicker.SelectionChanged)
    def _changed(self, event: HandPicker.SelectionChanged) -> None:
        self.changes.append(event.cards)

    @on(HandPicker.Submitted)
    def _submitted(self, event: HandPicker.Submitted) -> None:
        self.submitted.append(event.cards)

    @property
    def picker(self) -> HandPicker:
        return self.query_one(HandPicker)

    def value_line(self) -> str:
        return str(self.picker.query_one("#hand-value").render())

    def picked(self) -> list[int]:
        return [card.index for card in self.picker.query(PickableCard) if card.picked]


async def test_number_keys_pick_cards_and_the_value_line_follows() -> None:
    app = PickerApp()
    async with app.run_test(size=(80, 20)) as pilot:
        assert app.value_line() == "Pick 3 more cards."
        await pilot.press("1")
        assert app.value_line().endswith("Pick 2 more cards.")
        await pilot.press("2", "3")
        assert app.picked() == [0, 1, 2]
        assert app.changes == [tuple(POCKET[:1]), tuple(POCKET[:2]), tuple(POCKET[:3])]
        assert app.value_line() == "9♠ Joker 7♥  double of nines, 7: 2×(9+9)+7 = 43, −20 if it wins"
        await pilot.press("2")
        assert app.picked() == [0, 2]
        assert app.changes[-1] == (POCKET[0], POCKET[2])


async def test_arrows_and_space_pick_and_enter_submits() -> None:
    app = PickerApp()
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.press("right", "space", "right", "right", "space", "left", "left", "left")
        await pilot.press("space", "enter")
        assert app.picked() == [0, 1, 3]
        assert app.submitted == [(POCKET[0], POCKET[1], POCKET[3])]
        assert app.value_line().endswith("triple of nines: 3×(9+9+9) = 81, −20 if it wins")


async def test_enter_submits_even_an_incomplete_pick_for_the_table_to_judge() -> None:
    app = PickerApp()
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.press("6", "enter")
        assert app.submitted == [(POCKET[5],)]


async def test_a_key_past_the_pocket_changes_nothing() -> None:
    app = PickerApp(pocket=POCKET[:3])
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.press("5")
        assert app.picked() == []
        assert app.changes == []


async def test_clicks_pick_cards_and_the_button_shows_the_hand() -> None:
    app = PickerApp()
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.click("#pick-5")
        await pilot.click("#pick-6")
        await pilot.click("#pick-4")
        assert app.picked() == [3, 4, 5]
        await pilot.click("#pick-6")
        assert app.picked() == [3, 4]
        await pilot.click("#pick-1")
        await pilot.click("#show-hand")
        assert app.submitted == [(POCKET[0], POCKET[3], POCKET[4])]
        await pilot.click("#clear-pick")
        assert app.picked() == []
        assert app.changes[-1] == ()


async def test_c_clears_the_pick_and_backspace_does_too() -> None:
    app = PickerApp()
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.press("1", "3", "c")
        assert app.picked() == []
        await pilot.press("2", "backspace")
        assert app.picked() == []
        assert app.changes[-1] == ()


async def test_picked_cards_are_drawn_raised() -> None:
    app = PickerApp()
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.press("2")
        cards = list(app.picker.query(PickableCard))
        picked_rows = str(cards[1].render()).splitlines()
        resting_rows = str(cards[0].render()).splitlines()
        assert picked_rows[0].startswith("╭") and picked_rows[5].strip() == ""
        assert resting_rows[0].strip() == "" and resting_rows[1].startswith("╭")


async def test_illegal_combos_are_explained() -> None:
    rules = Rules(decks=2, big_combos=True)
    pocket = parse_cards("9S 9H 9D 9C JK 2C")
    app = PickerApp(pocket=pocket, rules=rules)
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.press("1", "2", "3", "4")
        assert app.value_line().endswith("set of 4 nines: 4×(9+9+9+9) = 144")
        await pilot.press("5")
        assert app.value_line().endswith("Jokers never count towards a big combo.")
        await pilot.press("5", "4", "6")
        assert app.value_line().endswith("A 4-card combo must be 4 cards of one rank.")
    app = PickerApp(pocket=pocket)
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.press("1", "2", "3", "4")
        assert app.value_line().endswith("Show exactly three cards (big combos are off).")


async def test_ascii_picker_draws_nothing_outside_ascii() -> None:
    app = PickerApp(look=CardLook(ascii_only=True))
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.press("1", "2", "3")
        drawn = "".join(str(card.render()) for card in app.picker.query(PickableCard))
        drawn += app.value_line()
        assert "+-----+" in drawn and "|9S   |" in drawn and "|JOKER|" in drawn
        assert app.value_line().endswith("2x(9+9)+7 = 43, -20 if it wins")
        assert drawn.isascii()


async def test_a_new_pocket_clears_the_pick() -> None:
    app = PickerApp()
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.press("1", "2")
        fresh = parse_cards("AS AH AD 3C 4C 5C")
        await app.picker.show_pocket(fresh)
        await pilot.pause()
        assert app.picker.pocket == tuple(fresh)
        assert app.picked() == []
        await pilot.press("1", "2", "3", "enter")
        assert app.submitted == [tuple(fresh[:3])]
