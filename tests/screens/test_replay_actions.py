"""A seat's own record keeps no actions: each game's replay table reads the recording seat's
move back from what it was told, for the coach to mark where the player differed. Read back
from a seat's record, every move it names is the one the complete record of the same game
played."""

from __future__ import annotations

import pytest

from liar_tui.games import plugin
from liar_tui.screens.replay_table import ReplayTable
from liar_tui.store.history import GameRecord
from liar_tui.table.finished import complete_record, seat_record
from liar_tui.table.replay import replay_of

from .replays import TIMES, played_to_end


@pytest.mark.parametrize("game", ["liar-game", "liars-poker-cards", "liars-poker-bills"])
def test_a_seat_record_reads_back_the_moves_it_played(game: str) -> None:
    setup, actions = played_to_end(game)
    whole = replay_of(GameRecord(1, complete_record(setup, actions, TIMES, 0)))
    seen = replay_of(GameRecord(2, seat_record(setup, actions, TIMES, 0)))
    table = plugin(game).replay_table(setup.names, 0)
    assert isinstance(table, ReplayTable)
    read_back = 0
    for complete, own in zip(whole.steps, seen.steps, strict=True):
        assert (complete.decision is None) == (own.decision is None)
        if own.decision is None:
            continue
        played = table.played_action(own.update)
        if played is not None:
            read_back += 1
            assert table.same_action(played, complete.action)
    assert read_back > 0
