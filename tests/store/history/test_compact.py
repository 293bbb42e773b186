"""A run of values kept as their changes (``store/history/compact.py``): the stored form, and
that what is read back is exactly what was written."""

from __future__ import annotations

import json
from typing import Any

import pytest

from liar_tui.store.history.compact import CompactError, compacted, expanded, shared
from liar_tui.table.codec import decode, encode
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.table import SeatUpdate


def stored_and_read(values: list[SeatUpdate]) -> tuple[dict[str, Any], tuple[SeatUpdate, ...]]:
    """The stored form of ``values`` and what it reads back as, through JSON text."""
    stored = compacted(values, SeatUpdate)
    text = json.dumps(stored, separators=(",", ":"))
    return stored, expanded(json.loads(text), SeatUpdate)


def test_a_tuple_slid_along_added_to_at_its_end_or_start_is_the_run_it_keeps() -> None:
    window = tuple(range(1, 11))
    values = [
        SeatUpdate(0, window, None, ()),
        SeatUpdate(0, (*window[1:], 11), None, ()),  # slid along by one
        SeatUpdate(0, (*window[1:], 11, 12), None, ()),  # added to at its end
        SeatUpdate(0, (0, *window[1:], 11, 12), None, ()),  # added to at its start
    ]
    stored, read = stored_and_read(values)
    assert stored["values"][1:] == [
        {"fields": {"events": {"keep": [1, 10], "after": [11]}}},
        {"fields": {"events": {"keep": [0, 10], "after": [12]}}},
        {"fields": {"events": {"keep": [0, 11], "before": [0]}}},
    ]
    assert read == tuple(values)


def test_no_values_are_kept_as_none() -> None:
    assert stored_and_read([]) == ({"format": "changes", "version": 1, "values": []}, ())


def test_what_did_not_change_is_left_out_and_a_message_is_its_changed_fields() -> None:
    ada = SeatConfig("Ada", SeatKind.BOT, BotLevel.HARD)
    values = [
        SeatUpdate(0, (), ada, (1,)),
        SeatUpdate(0, (), SeatConfig("Ada", SeatKind.BOT, BotLevel.EASY), (1,)),
        SeatUpdate(0, (), SeatConfig("Ada", SeatKind.BOT, BotLevel.EASY), (1,)),
    ]
    stored, read = stored_and_read(values)
    assert stored["values"][0] == [encode(values[0])]
    assert stored["values"][1:] == [{"fields": {"view": {"fields": {"level": ["easy"]}}}}, {}]
    assert read == tuple(values)


def test_a_message_met_again_is_written_as_its_number() -> None:
    """A round's reveal comes among an update's events, then in the view's last rounds: the
    second time it is the number of its first writing (messages written whole, counted from
    0, the first value being one)."""
    bea = SeatConfig("Bea", SeatKind.HUMAN)
    values = [
        SeatUpdate(0, (), None, ()),
        SeatUpdate(0, (bea,), None, ()),
        SeatUpdate(0, (), (bea,), ()),
    ]
    stored, read = stored_and_read(values)
    assert stored["values"][2] == {
        "fields": {"events": {"items": []}, "view": {"items": [{"again": 1}]}}
    }
    assert read == tuple(values)


@pytest.mark.parametrize(
    "views",
    [
        (1, True, 1.0, 1),  # equal to Python, written each its own way
        (0.0, -0.0, 0.0),
        ((1, 2), (True, 2), (1.0, 2)),
    ],
)
def test_values_equal_but_written_apart_read_back_as_they_were(views: tuple[Any, ...]) -> None:
    values = [SeatUpdate(0, (), view, ()) for view in views]
    _, read = stored_and_read(values)
    assert [encode(value) for value in read] == [encode(value) for value in values]


def test_a_value_shared_with_the_one_before_is_equal_and_made_of_its_objects() -> None:
    """As an online seat's recorder keeps each update, decoded afresh from its frame."""
    before = SeatUpdate(0, (), (SeatConfig("Ada", SeatKind.HUMAN), 3), (1,))
    heard = decode(encode(SeatUpdate(0, (), (SeatConfig("Ada", SeatKind.HUMAN), 4), (1,))), Any)
    kept = shared(before, heard, SeatUpdate)
    assert kept == heard
    assert kept.view[0] is before.view[0]
    assert kept.to_act is before.to_act


@pytest.mark.parametrize(
    ("values", "problem"),
    [
        ([{}], "value 0: a dict is not a value written whole"),
        (
            [[encode(SeatUpdate(0, (), None, ()))], {"fields": {"view": {"fields": {"a": [1]}}}}],
            "value 1: fields are changed in a value that has none",
        ),
        ([[encode(SeatUpdate(0, (), None, ()))], {"fields": {"seats": [1]}}], "no field 'seats'"),
        (
            [[encode(SeatUpdate(0, (1,), None, ()))], {"fields": {"events": {"keep": [0, 2]}}}],
            "run",
        ),
        ([[encode(SeatUpdate(0, (), None, ()))], {"fields": {"view": {"again": 5}}}], "number 5"),
        ([[encode(SeatUpdate(0, (), None, ()))], {"fields": {"to_act": {"again": 0}}}], "place"),
    ],
)
def test_changes_that_do_not_fit_their_values_are_refused_with_the_reason(
    values: list[Any], problem: str
) -> None:
    with pytest.raises(CompactError, match=problem):
        expanded({"format": "changes", "version": 1, "values": values}, SeatUpdate)
