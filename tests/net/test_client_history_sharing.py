"""An online seat's recorder keeps each update, decoded afresh from its frame, made of the
one before's objects wherever they are the same: the game it hands on is what the seat
heard, holds each unchanged part once, and records as its changes."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

import pytest

from liar_tui.net.client_history import SeatGame, SeatRecorder
from liar_tui.store.history import records
from liar_tui.store.history.compact import compacted
from liar_tui.store.history.records import encoded
from liar_tui.table.codec import decode, encode
from liar_tui.table.finished import replayed_updates, seat_record_from_updates
from liar_tui.table.table import SeatUpdate
from tests.screens.replays import played_to_end


def heard_and_kept(game: str) -> tuple[list[SeatUpdate], list[SeatUpdate], SeatGame]:
    """Seat 0's updates of a game of easy bots, as the table made them and as a client
    decodes them from their frames, and the game its recorder hands on from the latter."""
    setup, actions = played_to_end(game)
    made = replayed_updates(setup, actions, 0)
    heard = [decode(encode(update), SeatUpdate) for update in made]
    handed: list[SeatGame] = []
    recorder = SeatRecorder(setup, 0, handed.append, from_start=True)
    for update in heard:
        recorder.hear(update)
    [kept] = handed
    return made, heard, kept


@pytest.mark.parametrize("game", ["liar-game", "liars-poker-cards"])
def test_updates_heard_from_frames_are_kept_equal_and_sharing_what_did_not_change(
    game: str,
) -> None:
    _, heard, kept = heard_and_kept(game)
    assert kept.updates == tuple(heard)
    rules = {id(update.view.rules) for update in kept.updates}
    assert len(rules) == 1  # one copy of the game's rules, where each frame brought its own
    assert len({id(update.view.rules) for update in heard}) == len(heard)


def test_a_game_heard_from_frames_is_stored_as_small_as_the_table_s_own_updates() -> None:
    """A round's reveal comes among an update's events and again in its view's last rounds:
    the table's game gives both places one object, and the recorder makes the two copies a
    client decodes one too, so the second is stored as the number of the first."""
    made, _, kept = heard_and_kept("liar-game")

    def stored(updates: Sequence[SeatUpdate]) -> int:
        return len(json.dumps(compacted(updates, SeatUpdate)))

    assert stored(kept.updates) <= stored(made)


def test_a_game_heard_is_recorded_from_its_log_written_as_it_came(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each update is written in the stored form when it is heard: the record of the game
    stores that log as it is, and finds no change again at the game's end."""
    _, _, kept = heard_and_kept("liars-poker-cards")
    expected = compacted(kept.updates, SeatUpdate)

    def not_again(*_: object) -> None:
        raise AssertionError("the changes were found again when the game was recorded")

    monkeypatch.setattr(records, "compacted", not_again)
    finished = seat_record_from_updates(kept.setup, kept.log, kept.seat, kept.times)
    assert json.loads(encoded(finished).log) == expected


def test_a_record_made_of_other_updates_leaves_the_written_log_out() -> None:
    """``replace`` of a record's updates (an edited import, a test's bad record) keeps the
    log written of the first ones: the record stores its own updates instead."""
    _, _, kept = heard_and_kept("liars-poker-cards")
    finished = seat_record_from_updates(kept.setup, kept.log, kept.seat, kept.times)
    copies = tuple(decode(encode(update), SeatUpdate) for update in finished.seat_updates)
    for updates in (copies, finished.seat_updates[:-1]):
        changed = replace(finished, seat_updates=updates)
        assert changed.seat_log is None
        assert json.loads(encoded(changed).log) == compacted(updates, SeatUpdate)
