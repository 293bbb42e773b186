"""Each game's plugin reads every seat's result (place, win, score) from one seat's updates.

The games are real: seeded, played to the end by bots on a table, and each seat's result is
checked against the table's own state at the end. Any seat's updates give the same result,
since the host, a local game and an online client each have only their own.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from liar_tui.games import make_bot, plugin
from liar_tui.games.plugin import SeatOutcome, places
from liar_tui.rules.dollar_bills import game as bills
from liar_tui.rules.dollar_bills.rules import Rules as BillsRules
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.rules.liars_poker import game as poker
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.table.finished import replayed_updates
from liar_tui.table.local import bot_rng, open_table
from liar_tui.table.seats import BotLevel, SeatConfig
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import SeatUpdate, Table

FOUR_BOTS = (
    SeatConfig("Ada"),
    SeatConfig("Bea", level=BotLevel.EASY),
    SeatConfig("Cal", level=BotLevel.HARD),
    SeatConfig("Dex"),
)


def played(setup: TableSetup, games: int = 1) -> tuple[Table, list[SeatUpdate]]:
    """The table after bots played ``games`` games on it, and what seat 0 heard meanwhile."""
    table = open_table(setup)
    heard: list[SeatUpdate] = []
    table.subscribe(0, heard.append)  # type: ignore[arg-type]
    bots = {
        seat: make_bot(setup.game, config.level, bot_rng(setup, seat))
        for seat, config in enumerate(setup.seats)
    }
    while not table.over and table.completed_games() < games:
        for seat in table.to_act():
            table.handle(bots[seat].act(table.view(seat)))
    return table, heard


def outcomes(setup: TableSetup, updates: list[Any]) -> tuple[SeatOutcome, ...]:
    return plugin(setup.game).seat_outcomes(setup, updates)


def test_places_are_shared_by_ties_and_skip_after_them() -> None:
    assert places([5, 9, 5, 2]) == (2, 1, 2, 4)
    assert places([0, 0, 0]) == (1, 1, 1)


@pytest.mark.parametrize("seed", [3, 8])
def test_liar_game_places_follow_the_final_scores(seed: int) -> None:
    setup = TableSetup("liar-game", LiarGameRules(target=40), FOUR_BOTS, seed=seed)
    table, heard = played(setup)
    final = table.view(0)
    result = outcomes(setup, heard)
    assert [outcome.score for outcome in result] == list(final.scores)
    assert [seat for seat, outcome in enumerate(result) if outcome.won] == list(final.winners)
    assert [outcome.won for outcome in result] == [share > 0 for share in table.returns()]
    for mine in result:
        for theirs in result:
            assert (mine.place < theirs.place) == (mine.score > theirs.score)
    assert min(outcome.place for outcome in result) == 1
    assert outcomes(setup, replayed_updates(setup, table.actions, 3)) == result, (
        "another seat's updates give the same result"
    )


def test_liar_game_seats_with_equal_scores_share_a_place() -> None:
    setup = TableSetup("liar-game", LiarGameRules(target=40), FOUR_BOTS, seed=3)
    _table, heard = played(setup)
    last = heard[-1]
    tied = replace(last, view=replace(last.view, scores=(44, 44, 10, 44), winners=(0, 1, 3)))
    result = outcomes(setup, [*heard[:-1], tied])
    assert [(outcome.place, outcome.won) for outcome in result] == [
        (1, True),
        (1, True),
        (4, False),
        (1, True),
    ]


def test_liars_poker_places_are_the_reverse_of_the_knock_out_order() -> None:
    setup = TableSetup("liars-poker-cards", LiarsPokerRules(), FOUR_BOTS, seed=5)
    table, heard = played(setup)
    knocked_out = [
        event.loser if isinstance(event, poker.ChallengeResolved) else event.seat
        for update in heard
        for event in update.events
        if isinstance(event, poker.ChallengeResolved | poker.HandStuck) and event.eliminated
    ]
    assert len(knocked_out) == 3
    result = outcomes(setup, heard)
    winner = next(seat for seat, share in enumerate(table.returns()) if share == 1.0)
    assert result[winner] == SeatOutcome(1, True, float(table.view(0).lives[winner]))
    assert result[winner].score > 0
    assert [result[seat].place for seat in knocked_out] == [4, 3, 2]
    assert all(not result[seat].won and result[seat].score == 0 for seat in knocked_out)


def test_liars_poker_seats_knocked_out_before_the_updates_began_share_the_last_place() -> None:
    setup = TableSetup("liars-poker-cards", LiarsPokerRules(), FOUR_BOTS, seed=5)
    _table, heard = played(setup)
    whole = outcomes(setup, heard)
    first_out = next(
        index
        for index, update in enumerate(heard)
        if any(getattr(event, "eliminated", False) for event in update.events)
    )
    second_out = next(
        index
        for index, update in enumerate(heard)
        if index > first_out and any(getattr(event, "eliminated", False) for event in update.events)
    )
    late = outcomes(setup, heard[second_out + 1 :])
    assert sorted(outcome.place for outcome in late) == [1, 2, 3, 3]
    assert [outcome.place for outcome in late if outcome.place < 3] == [
        outcome.place for outcome in whole if outcome.place < 3
    ]


def test_a_dollar_bills_result_is_the_last_settled_game() -> None:
    setup = TableSetup("liars-poker-bills", BillsRules(), FOUR_BOTS[:3], seed=7)
    table, heard = played(setup, games=3)
    assert table.completed_games() == 3
    settled = [event for update in heard for event in update.events if type(event) is bills.Settled]
    last = settled[-1]
    result = outcomes(setup, heard)
    assert [outcome.score for outcome in result] == list(last.amounts)
    assert sum(outcome.score for outcome in result) == 0
    others = [seat for seat in range(3) if seat != last.bidder]
    if last.held:
        assert result[last.bidder] == SeatOutcome(1, True, float(2 * BillsRules().stake))
        assert [result[seat].place for seat in others] == [2, 2]
    else:
        assert result[last.bidder].place == 3 and not result[last.bidder].won
        assert all(result[seat] == SeatOutcome(1, True, BillsRules().stake) for seat in others)
    first_settled = next(index for index, update in enumerate(heard) if settled[0] in update.events)
    earlier = outcomes(setup, heard[: first_settled + 1])
    assert [outcome.score for outcome in earlier] == list(settled[0].amounts)


@pytest.mark.parametrize(
    ("game", "rules"),
    [
        ("liar-game", LiarGameRules()),
        ("liars-poker-cards", LiarsPokerRules()),
        ("liars-poker-bills", BillsRules()),
    ],
)
def test_a_game_that_has_not_ended_has_no_result(game: str, rules: Any) -> None:
    setup = TableSetup(game, rules, FOUR_BOTS[:3], seed=1)
    table = open_table(setup)
    with pytest.raises(ValueError, match=r"not over|settled"):
        outcomes(setup, replayed_updates(setup, table.actions, 0))
