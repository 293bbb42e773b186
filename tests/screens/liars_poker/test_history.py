"""The round history: every round's claims, draws and verdict, from a seat's view.

The view carries the last finished rounds and this round's moves, so a table resumed from a
save shows the rounds played before it was closed (issue 13).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

from textual.app import App
from textual.widget import Widget

from liar_tui.rules.liars_poker.game import Challenge, LiarsPokerRules, replay
from liar_tui.screens.liars_poker.history import (
    RoundHistoryScreen,
    ShownRound,
    not_kept_note,
    round_text,
    shown_rounds,
)
from liar_tui.store.saves import SaveStore
from liar_tui.table.seats import default_seats
from liar_tui.table.setup import TableSetup
from tests.screens.liars_poker.played_table import PlayedTable

SnapCompare = Callable[..., bool]
NAMES = ("Ann", "Ben", "You")
SEAT = 2
RULES = LiarsPokerRules(lives=2)
SEED = 7


def shown_rows(widget: Widget) -> list[str]:
    """The widget's lines as the screen draws them, without the padding at their ends."""
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


def two_rounds() -> PlayedTable:
    table = PlayedTable(RULES, 3, SEED, SEAT)
    table.declare("two pair")
    table.take_and_discard(2)
    table.declare("full house")
    table.play(Challenge(table.acting))
    table.declare("a pair")
    table.take_and_discard(0)
    table.declare("pair of kings")
    return table


def test_each_round_keeps_its_moves_in_order_and_its_verdict() -> None:
    rounds = shown_rounds(two_rounds().view)
    assert [shown.round for shown in rounds] == [1, 2]
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


def test_a_round_not_yet_opened_says_who_opens_it() -> None:
    """Found in review: the panel read "Ann opened" while Ann had still to declare."""
    view = PlayedTable(RULES, 3, SEED, SEAT).view
    opening = ShownRound(view.round, view.opener, view.round_moves, None)
    assert round_text(opening, NAMES).plain.splitlines()[0] == "Round 1 · Ben opens"
    you_open = dataclasses.replace(opening, opener=SEAT)
    assert round_text(you_open, NAMES).plain.splitlines()[0] == "Round 1 · You open"


def test_rounds_a_view_no_longer_carries_are_named() -> None:
    rounds = shown_rounds(two_rounds().view)
    assert not_kept_note(rounds) is None
    assert not_kept_note(rounds[1:]) == "Round 1 is no longer kept."
    later = [dataclasses.replace(shown, round=shown.round + 10) for shown in rounds]
    assert not_kept_note(later) == "Rounds 1 to 10 are no longer kept."


async def test_a_table_resumed_from_its_save_lists_the_rounds_before_it(tmp_path: Path) -> None:
    table = two_rounds()
    store = SaveStore(tmp_path / "current-table.json")
    setup = TableSetup("liars-poker-cards", RULES, default_seats(bots=2), SEED)
    store.save(setup, tuple(table.actions))
    saved = store.load()
    assert saved is not None
    resumed = replay(RULES, 3, SEED, saved.actions)
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RoundHistoryScreen(resumed.view(SEAT), NAMES))
        await pilot.pause()
        words = [shown_rows(static) for static in app.screen.query(".history-round")]
        assert [rows[0] for rows in words] == [
            "Round 2 · Ann opened",
            "Round 1 · Ben opened",
        ]
        assert words[1][-1] == "  You lose a life, holding only 10-8-6-5-4 high."


async def test_the_screen_lists_the_newest_round_first_and_s_or_escape_closes_it() -> None:
    view = two_rounds().view
    for key in ("s", "escape"):
        app = App[None]()
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(RoundHistoryScreen(view, NAMES))
            await pilot.pause()
            assert len(app.screen.query(".history-round")) == 2
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, RoundHistoryScreen), key


async def test_before_any_move_the_screen_says_so() -> None:
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RoundHistoryScreen(PlayedTable(RULES, 3, SEED, SEAT).view, NAMES))
        await pilot.pause()
        assert [str(static.render()) for static in app.screen.query(".history-empty")] == [
            "No round has been played yet."
        ]


class HistoryApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(RoundHistoryScreen(two_rounds().view, NAMES))


def test_snapshot_two_rounds_at_80_by_24(snap_compare: SnapCompare) -> None:
    assert snap_compare(HistoryApp(), terminal_size=(80, 24))


async def test_a_move_that_wraps_goes_on_under_its_own_indent() -> None:
    """As the table's rounds panel does: a narrow screen breaks "took the hand, discarded
    2" under the move, not at the margin where the round's heading stands."""
    app = App[None]()
    async with app.run_test(size=(34, 30)) as pilot:
        app.push_screen(RoundHistoryScreen(two_rounds().view, NAMES))
        await pilot.pause()
        rows = shown_rows(app.screen.query(".history-round").last())
        assert rows[0].startswith("Round 1"), rows
        moves = [row for row in rows[1:] if row.strip()]
        assert len(moves) > 4, "the moves wrap at this width"
        assert all(row.startswith("  ") for row in moves), rows
