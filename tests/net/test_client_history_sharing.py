"""An online seat's recorder keeps each update, decoded afresh from its frame, made of the
one before's objects wherever they are the same: the game it hands on is what the seat
heard, holds each unchanged part once, and records as its changes."""

from __future__ import annotations

import pytest

from liar_tui.net.client_history import SeatGame, SeatRecorder
from liar_tui.table.codec import decode, encode
from liar_tui.table.finished import replayed_updates
from liar_tui.table.table import SeatUpdate
from tests.screens.replays import played_to_end


@pytest.mark.parametrize("game", ["liar-game", "liars-poker-cards"])
def test_updates_heard_from_frames_are_kept_equal_and_sharing_what_did_not_change(
    game: str,
) -> None:
    setup, actions = played_to_end(game)
    heard = [decode(encode(update), SeatUpdate) for update in replayed_updates(setup, actions, 0)]
    handed: list[SeatGame] = []
    recorder = SeatRecorder(setup, 0, handed.append, from_start=True)
    for update in heard:
        recorder.hear(update)
    [kept] = handed
    assert kept.updates == tuple(heard)
    rules = {id(update.view.rules) for update in kept.updates}
    assert len(rules) == 1  # one copy of the game's rules, where each frame brought its own
    assert len({id(update.view.rules) for update in heard}) == len(heard)
