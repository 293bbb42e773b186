"""A seat's own record of a game at a table played deal after deal keeps that deal alone: what
the seat was told from the deal's start, not the whole session again at every deal."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from liar_tui.rules.dollar_bills import game as bills
from liar_tui.rules.dollar_bills.rules import Rules as BillsRules
from liar_tui.rules.liars_poker.game import GameOver
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.table.finished import (
    GameTimes,
    ends_a_game,
    replayed_updates,
    seat_record,
    seat_results,
)
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from tests.games.test_seat_outcomes import played

HOT_SEAT = (
    SeatConfig("Ann", SeatKind.HUMAN),
    SeatConfig("Bo", SeatKind.HUMAN),
    SeatConfig("Cy"),
)
TIMES = GameTimes(
    datetime(2026, 12, 2, tzinfo=UTC), datetime(2026, 12, 2, tzinfo=UTC), timedelta(0)
)


def test_a_seat_record_of_the_third_deal_holds_that_deal_alone() -> None:
    setup = TableSetup("liars-poker-bills", BillsRules(), HOT_SEAT, seed=7)
    table, _ = played(setup, games=3)
    whole = replayed_updates(setup, table.actions, 0)
    record = seat_record(setup, table.actions, TIMES, 0)
    first, *rest = record.seat_updates
    assert (first.events, first.view.game, first.view.turns) == ((), 3, ())
    assert first.view.ledger == whole[-len(rest) - 1].view.ledger != (0, 0, 0)
    assert rest == whole[-len(rest) :]
    assert not any(
        isinstance(event, bills.Settled) for update in rest[:-1] for event in update.events
    ), "no earlier deal's settling"
    assert len(record.seat_updates) < len(whole) // 2
    assert record.seats == seat_results(setup, whole), "the deal's result, as before"


def test_an_ending_not_shaped_as_the_game_makes_it_is_no_games_end() -> None:
    """An online client asks this of every update a host sends: a game-over event whose
    lives leave seats out is not an end (it raised IndexError into the client's reading)."""
    setup = TableSetup("liars-poker-cards", LiarsPokerRules(), HOT_SEAT, seed=3)
    table, _ = played(setup, games=1)
    last = replayed_updates(setup, table.actions, 0)[-1]
    assert ends_a_game(setup, last)
    short = tuple(
        replace(event, lives=event.lives[:1]) if isinstance(event, GameOver) else event
        for event in last.events
    )
    assert not ends_a_game(setup, replace(last, events=short))
