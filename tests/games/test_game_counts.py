"""Each game's own numbers for history's stats, counted from one seat's updates of real games
played by bots, and checked against what the table itself knows; and their wording."""

from __future__ import annotations

from collections import Counter

import pytest

from liar_tui.games import plugin
from liar_tui.rules.dollar_bills import game as bills
from liar_tui.rules.dollar_bills.rules import Rules as BillsRules
from liar_tui.rules.liar_game.game import RoundRevealed
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.rules.liars_poker import game as poker
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.table.finished import replayed_updates
from liar_tui.table.setup import TableSetup
from tests.games.test_seat_outcomes import FOUR_BOTS, played


@pytest.mark.parametrize("seat", [0, 2])
def test_liar_game_counts_the_seat_s_rounds_points_and_winning_hands(seat: int) -> None:
    setup = TableSetup("liar-game", LiarGameRules(), FOUR_BOTS, seed=3)
    table, heard = played(setup)
    counts = plugin("liar-game").game_counts(
        setup, replayed_updates(setup, table.actions, seat), seat
    )
    final = table.view(seat)
    assert counts["points"] == final.scores[seat]
    assert counts.get("rounds won", 0) == final.rounds_won[seat]
    revealed = [event for update in heard for event in update.events]
    assert counts["rounds"] == sum(isinstance(event, RoundRevealed) for event in revealed) > 1
    shown = sum(count for name, count in counts.items() if name.startswith("shown "))
    won = sum(count for name, count in counts.items() if name.startswith("won "))
    assert (shown, won) == (counts["rounds"], counts.get("rounds won", 0))


def test_liars_poker_counts_challenges_and_bluffs_as_the_table_played_them() -> None:
    setup = TableSetup("liars-poker-cards", LiarsPokerRules(), FOUR_BOTS, seed=5)
    table, heard = played(setup)
    resolved = [
        event
        for update in heard
        for event in update.events
        if isinstance(event, poker.ChallengeResolved)
    ]
    for seat in range(len(FOUR_BOTS)):
        counts = Counter(
            plugin(setup.game).game_counts(
                setup, replayed_updates(setup, table.actions, seat), seat
            )
        )
        mine = [event for event in resolved if event.challenger == seat]
        assert counts["challenges"] == len(mine)
        assert counts["challenges won"] == sum(not event.held for event in mine)
        declared = [
            action
            for action in table.actions
            if isinstance(action, poker.Declare) and action.seat == seat
        ]
        assert counts["declarations"] == len(declared)
        caught = [event for event in resolved if event.declarer == seat and not event.held]
        assert counts["bluffs caught"] == len(caught)
        # A declaration caught short was a bluff when it was made: the hand had not changed.
        assert counts["bluffs caught"] <= counts["bluffs"] <= counts["declarations"]
    assert any(not event.held for event in resolved), "the game has a bluff caught to count"


def test_dollar_bills_counts_the_last_settled_deal_alone() -> None:
    """Three deals at one table: the record of the third counts its own bids and money,
    not the first two's."""
    setup = TableSetup("liars-poker-bills", BillsRules(), FOUR_BOTS[:3], seed=7)
    _table, heard = played(setup, games=3)
    events = [event for update in heard for event in update.events]
    settled = [number for number, event in enumerate(events) if isinstance(event, bills.Settled)]
    assert len(settled) == 3
    last_deal = events[settled[1] + 1 : settled[2] + 1]
    shown = next(event for event in last_deal if isinstance(event, bills.BillsShown))
    counts = plugin(setup.game).game_counts(setup, heard, 0)
    bids = sum(isinstance(event, bills.BidPlaced) and event.seat == 0 for event in last_deal)
    assert counts.get("bids", 0) == bids
    assert counts.get("money", 0) == events[settled[2]].amounts[0]
    assert counts.get("last bids", 0) == (shown.bidder == 0)
    assert counts.get("last bids held", 0) == (shown.bidder == 0 and shown.held)


def test_the_lines_word_the_sums() -> None:
    liar_game = plugin("liar-game").count_lines(
        {"rounds": 8, "points": 100, "rounds won": 3, "shown triple": 2, "won triple": 2}, 2
    )
    assert liar_game == (
        ("Points per round", "12.5"),
        ("Rounds won", "3 of 8 (38%)"),
        ("Triples that won", "2 of 2 (100%)"),
    )
    poker_lines = plugin("liars-poker-cards").count_lines(
        {"challenges": 4, "challenges won": 1, "declarations": 10, "bluffs": 5}, 3
    )
    assert poker_lines == (
        ("Challenges won", "1 of 4 (25%)"),
        ("Declarations that were bluffs", "5 of 10 (50%)"),
        ("Bluffs caught", "0 of 5 (0%)"),
    )
    bills_lines = plugin("liars-poker-bills").count_lines(
        {"money": -3, "bids": 5, "last bids": 2, "last bids held": 1}, 4
    )
    assert bills_lines == (
        ("Money per deal", "-$0.75"),
        ("Bids per deal", "1.2"),
        ("Deals ended on your bid", "2 of 4 (50%)"),
        ("Your last bids that held", "1 of 2 (50%)"),
    )


@pytest.mark.parametrize("game", ["liar-game", "liars-poker-cards", "liars-poker-bills"])
def test_no_games_have_no_lines(game: str) -> None:
    assert plugin(game).count_lines({}, 0) == ()
