"""The bid builder on its own: it always offers a bid the table will take, when one exists."""

from __future__ import annotations

from textual import on
from textual.app import App, ComposeResult
from textual.widgets import Button

from liar_tui.rules.dollar_bills.game import Bid, bid_refusal
from liar_tui.screens.dollar_bills.bid_builder import BidBuilder

MAX_COUNT = 8
SERIAL = "12345678"


class Builder(App[None]):
    """A bid builder alone, its turn started over ``standing``."""

    def __init__(self, standing: Bid | None) -> None:
        super().__init__()
        self.standing = standing
        self.asked: list[str] = []
        """What the builder asked the table for: "bid" or "pass"."""

    def compose(self) -> ComposeResult:
        yield BidBuilder(show_odds=False)

    def on_mount(self) -> None:
        builder = self.query_one(BidBuilder)
        builder.start_turn(self.standing, MAX_COUNT, SERIAL, seats=1)
        builder.focus()

    @on(BidBuilder.Submitted)
    def _bid(self) -> None:
        self.asked.append("bid")

    @on(BidBuilder.PassChosen)
    def _pass(self) -> None:
        self.asked.append("pass")


async def test_a_new_digit_moves_the_count_to_its_lowest_raise() -> None:
    """Bug 12: from Five 0s, choosing 9 offered "Five 9s", which does not raise Five 9s."""
    standing = Bid(5, 9)
    app = Builder(standing)
    async with app.run_test() as pilot:
        builder = app.query_one(BidBuilder)
        offered = []
        for key in ("0", "9", "1", "0"):
            await pilot.press(key)
            offered.append(builder.bid)
        assert offered == [Bid(5, 0), Bid(6, 9), Bid(6, 1), Bid(5, 0)]
        assert all(bid_refusal(bid, standing, MAX_COUNT) is None for bid in offered)


async def test_a_count_the_player_chose_stays_while_it_still_raises() -> None:
    app = Builder(Bid(5, 9))
    async with app.run_test() as pilot:
        builder = app.query_one(BidBuilder)
        await pilot.press("0", "up", "up", "3")
        assert builder.bid == Bid(7, 3), "seven was chosen and Seven 3s raises"
        await pilot.press("down", "down")
        assert builder.bid == Bid(5, 0), "Five 3s does not raise: the digit moves to 0"
        await pilot.press("down")
        assert builder.bid == Bid(5, 0), "no bid of four raises Five 9s"


async def test_a_lower_count_moves_the_digit_to_the_lowest_that_raises() -> None:
    app = Builder(Bid(4, 6))
    async with app.run_test() as pilot:
        builder = app.query_one(BidBuilder)
        await pilot.press("2")
        assert builder.bid == Bid(5, 2)
        await pilot.press("down")
        assert builder.bid == Bid(4, 7)


async def test_a_digit_with_no_raise_in_play_is_explained_under_the_bid() -> None:
    standing = Bid(MAX_COUNT, 5)
    app = Builder(standing)
    async with app.run_test() as pilot:
        await pilot.press("3")
        warning = bid_refusal(app.query_one(BidBuilder).bid, standing, MAX_COUNT)
        assert warning == f"There are {MAX_COUNT} digits in play, so bid from 1 to {MAX_COUNT}."
        assert warning in str(app.query_one("#bid-line").render())


async def test_the_opener_is_not_offered_a_pass() -> None:
    """Bug 5: the opener saw "Pass (p)", and pressing it drew a refusal toast."""
    app = Builder(None)
    async with app.run_test() as pilot:
        builder = app.query_one(BidBuilder)
        assert not builder.query_one("#pass", Button).display
        assert "The opener may not pass." in str(builder.query_one("#turn-hint").render())
        offered = {active.binding.action for active in app.active_bindings.values()}
        assert "pass_turn" not in offered and "submit" in offered
        await pilot.press("p", "enter")
        assert app.asked == ["bid"]


async def test_with_no_raise_left_only_a_pass_is_offered() -> None:
    app = Builder(Bid(MAX_COUNT, 0))
    async with app.run_test() as pilot:
        builder = app.query_one(BidBuilder)
        assert not builder.query_one("#bid", Button).display
        assert builder.query_one("#pass", Button).display
        await pilot.press("enter", "p")
        assert app.asked == ["pass"]
