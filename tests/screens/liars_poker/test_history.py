"""The round history: every round's claims, draws and verdict, from one seat's events."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App

from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.game import (
    Action,
    Challenge,
    Declare,
    Discard,
    LiarsPokerGame,
    LiarsPokerRules,
    Take,
)
from liar_tui.screens.liars_poker.history import RoundHistory, RoundHistoryScreen, round_text

SnapCompare = Callable[..., bool]
NAMES = ("Ann", "Ben", "You")
SEAT = 2
"""The history is kept from the events this seat is sent."""


class Table:
    """A real game of three, played by the test, its events recorded as a seat hears them."""

    def __init__(self) -> None:
        self.game = LiarsPokerGame(LiarsPokerRules(lives=2), 3, seed=7)
        self.history = RoundHistory()
        self.history.record([], self.game.view(SEAT))
        self.histories = [self.history]

    @property
    def acting(self) -> int:
        return self.game.to_act()[0]

    def play(self, action: Action) -> None:
        events = self.game.apply(action)
        for history in self.histories:
            history.record(events, self.game.view(SEAT))

    def declare(self, text: str) -> None:
        poker = self.game.round_rules.poker
        self.play(Declare(self.acting, parse_declaration(text, poker)))

    def take_and_discard(self, count: int) -> None:
        seat = self.acting
        self.play(Take(seat))
        self.play(Discard(seat, self.game.view(seat).hand[:count]))


def two_rounds() -> Table:
    table = Table()
    table.declare("two pair")
    table.take_and_discard(2)
    table.declare("full house")
    table.play(Challenge(table.acting))
    table.declare("a pair")
    table.take_and_discard(0)
    table.declare("pair of kings")
    return table


def test_each_round_keeps_its_moves_in_order_and_its_verdict() -> None:
    rounds = two_rounds().history.rounds
    assert [record.round for record in rounds] == [1, 2]
    first = round_text(rounds[0], NAMES).plain.splitlines()
    assert first == [
        "Round 1 · Ben opened",
        "  Ben declared two pair",
        "  You took the hand, discarded 2",
        "  You declared a full house",
        "  Ann challenged You",
        "  You lose a life, holding only 10-8-6-5-4 high.",
    ]
    second = round_text(rounds[1], NAMES).plain.splitlines()
    assert second == [
        "Round 2 · Ann opened",
        "  Ann declared a pair",
        "  Ben took the hand, kept every card",
        "  Ben declared a pair of kings",
        "  (in play)",
    ]


def test_a_table_resumed_mid_round_says_its_first_moves_were_not_seen() -> None:
    table = Table()
    table.declare("two pair")
    late = RoundHistory()
    table.histories.append(late)
    table.take_and_discard(1)
    (record,) = late.rounds
    assert not record.seen_from_start
    assert round_text(record, NAMES).plain.splitlines() == [
        "Round 1 · Ben opened",
        "  (earlier moves were before the table was resumed)",
        "  You took the hand, discarded 1",
        "  (in play)",
    ]
    assert table.history.rounds[0].seen_from_start


async def test_the_screen_lists_the_newest_round_first_and_s_or_escape_closes_it() -> None:
    history = two_rounds().history
    for key in ("s", "escape"):
        app = App[None]()
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(RoundHistoryScreen(history, NAMES))
            await pilot.pause()
            words = [str(static.render()) for static in app.screen.query(".history-round")]
            assert [line.splitlines()[0] for line in words] == [
                "Round 2 · Ann opened",
                "Round 1 · Ben opened",
            ]
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, RoundHistoryScreen), key


async def test_before_any_move_the_screen_says_so() -> None:
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RoundHistoryScreen(RoundHistory(), NAMES))
        await pilot.pause()
        assert [str(static.render()) for static in app.screen.query(".history-empty")] == [
            "No round has been played yet."
        ]


class HistoryApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(RoundHistoryScreen(two_rounds().history, NAMES))


def test_snapshot_two_rounds_at_80_by_24(snap_compare: SnapCompare) -> None:
    assert snap_compare(HistoryApp(), terminal_size=(80, 24))
