"""A seat record's stored log is the same bytes, whatever is done to make it faster.

Each fixture ``seat_log_<game>.json.gz`` is the log liar-tui stored for a long game's seat
record (issue 14: the Liar Game's 25 rounds, cards, the last deal of a twelve-deal dollar
bills session), as written before recording was made faster. Its updates are read back from
it, not played again, so a change to the rules or the bots does not move it. They are
stored again three ways, as a seat record's updates come:

- as read back (each unchanged part the very object of the one before, as a game keeps its
  views);
- each update decoded apart (nothing in common with the one before, so every part is
  compared by value);
- those, heard one by one as an online seat's recorder hears them (:func:`shared`), and
  written one by one as it writes them (:class:`ChangeLog`).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import replace

import pytest

from liar_tui.store.history.compact import ChangeLog, expanded, shared
from liar_tui.store.history.records import encoded
from liar_tui.table.codec import decode, encode
from liar_tui.table.table import SeatUpdate

from .builders import FIXTURES, seat_view_game

APART = {
    "liar-game": "229c1c17b8ec91f43cd911bf2dc33d460673c5492f856f7ca65b22c94944baf3",
    "liars-poker-cards": "80193606dab6a6793ea34d5380edcb59a1f62849fe7ce6b67fac8a2bb80e7e66",
    "liars-poker-bills": "637a657e8867489e1c3bf168d51d33c2296a5d336c0380919ecf5e7b2bad19a6",
}
"""The SHA-256 of each fixture's updates stored after being decoded apart: a message equal
to one written before but not the same object is written whole again, so these logs are
longer than the fixture (bills' updates hold no message met again, so theirs is the same)."""


def fixture_log(game: str) -> str:
    with gzip.open(FIXTURES / f"seat_log_{game}.json.gz", "rt", encoding="utf-8") as file:
        return file.read()


def stored_log(updates: tuple[SeatUpdate, ...], written: ChangeLog | None = None) -> str:
    """The log the store writes for a seat record of ``updates`` (``written`` as they came)."""
    finished = replace(seat_view_game(), seat_updates=updates, seat_log=written)
    assert finished.seat_log is written, "the log written as they came is the record's"
    return encoded(finished).log


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("game", APART)
def test_a_long_seat_record_is_stored_as_the_same_bytes(game: str) -> None:
    log = fixture_log(game)
    updates = expanded(json.loads(log), SeatUpdate)
    assert len(updates) > 5
    assert stored_log(updates) == log
    apart = tuple(decode(encode(update), SeatUpdate) for update in updates)
    assert digest(stored_log(apart)) == APART[game]
    heard = [apart[0]]
    written = ChangeLog(SeatUpdate)
    written.add(apart[0])
    for update in apart[1:]:
        heard.append(shared(heard[-1], update, SeatUpdate))
        written.add(heard[-1])
    assert stored_log(tuple(heard)) == log
    assert stored_log(tuple(heard), written) == log
