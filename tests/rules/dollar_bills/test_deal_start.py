"""A game of a session replayed from its start (issue 14): the deal's bills, its opener and
what the session carried into it are enough to play that game again as it was played."""

from __future__ import annotations

import dataclasses
import random

import pytest

from liar_tui.rules.dollar_bills.game import (
    Bid,
    DealStart,
    DollarBillsSession,
    Pass,
    Rules,
    Settled,
    Turn,
)

RULES = Rules()
SEATS = 3


def played(games: int, seed: int = 5) -> tuple[DollarBillsSession, list[Turn]]:
    """A session of ``games`` settled games, played by random legal choices (a pass as soon as
    there is a bid to pass on, now and then, so that games end)."""
    session = DollarBillsSession(RULES, SEATS, seed)
    chooser = random.Random(seed)
    actions: list[Turn] = []
    while session.completed_games() < games:
        seat = session.to_act()[0]
        legal = session.legal_actions(seat)
        passes = [action for action in legal if isinstance(action, Pass)]
        action = passes[0] if passes and chooser.random() < 0.7 else chooser.choice(legal[:12])
        session.apply(action)
        actions.append(action)
    return session, actions


def starts_and_logs(actions: list[Turn]) -> list[tuple[DealStart | None, list[Turn]]]:
    """Each settled game's start (as the session gave it when it was dealt) and its actions."""
    session = DollarBillsSession(RULES, SEATS, 5)
    found: list[tuple[DealStart | None, list[Turn]]] = [(session.deal_start(), [])]
    for action in actions:
        done = session.completed_games()
        session.apply(action)
        found[-1][1].append(action)
        if session.completed_games() > done:
            found.append((session.deal_start(), []))
    return found[:-1]


def test_the_first_game_has_no_start_and_every_later_game_has_its_own() -> None:
    _, actions = played(4)
    starts = [start for start, _ in starts_and_logs(actions)]
    assert starts[0] is None
    assert [start.game for start in starts[1:] if start is not None] == [2, 3, 4]


def test_each_game_plays_again_from_its_start_with_the_same_events_and_its_seat_s_bill() -> None:
    session, actions = played(6)
    whole = DollarBillsSession(RULES, SEATS, 5)
    (_, first), *later = starts_and_logs(actions)
    for action in first:
        whole.apply(action)
    for start, log in later:
        assert start is not None
        again = DollarBillsSession(RULES, SEATS, 5, start)
        for action in log:
            assert whole.view(0).turns == again.view(0).turns
            assert whole.view(1).serial == again.view(1).serial
            assert whole.view(0).recent_games[-1] == again.view(0).recent_games[-1]
            assert whole.apply(action)[:2] == again.apply(action)[:2]
        assert again.completed_games() == whole.completed_games()
        assert again.ledger == whole.ledger
        assert (again.last_bids, again.bids_held) == (whole.last_bids, whole.bids_held)
    assert whole == session


def test_a_start_is_the_same_size_at_the_tenth_game_as_at_the_second() -> None:
    """It carries the game before it, not every game before it."""
    _, actions = played(10)
    starts = [start for start, _ in starts_and_logs(actions)[1:]]
    sizes = [len(repr(start)) for start in starts]
    assert max(sizes) - min(sizes) < 10  # a total of -$10 is longer than one of $0


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"game": 1}, "second game"),
        ({"starter": 3}, "no seat 3"),
        ({"serials": ("12345678",) * 2}, "for each of 3 seats"),
        ({"serials": ("1234567x",) * 3}, "8 digits"),
        ({"ledger": (5, 0, 0)}, "add up to nothing"),
        ({"bids_held": (9, 0, 0)}, "more bids held"),
        ({"last_bids": (5, 0, 0), "bids_held": (0, 0, 0)}, "ended on one seat's last bid"),
    ],
)
def test_a_start_that_cannot_be_is_refused_in_one_sentence(
    change: dict[str, object], problem: str
) -> None:
    _, actions = played(2)
    start = starts_and_logs(actions)[1][0]
    assert start is not None
    with pytest.raises(ValueError, match=problem) as refused:
        DollarBillsSession(RULES, SEATS, 5, dataclasses.replace(start, **change))  # type: ignore[arg-type]
    assert str(refused.value).count(". ") == 0 and str(refused.value).endswith(".")


def test_a_start_whose_ledger_is_not_its_last_game_s_is_refused() -> None:
    _, actions = played(2)
    start = starts_and_logs(actions)[1][0]
    assert start is not None
    settled: Settled = start.last_game.settled
    other = dataclasses.replace(settled, ledger=tuple(-amount for amount in settled.ledger))
    edited = dataclasses.replace(
        start, last_game=dataclasses.replace(start.last_game, settled=other)
    )
    with pytest.raises(ValueError, match="the game before it left"):
        DollarBillsSession(RULES, SEATS, 5, edited)


@pytest.mark.parametrize(
    ("part", "change"),
    [
        ("shown", {"bid": Bid(4, 99)}),  # no digit 99: "Four 99s" was drawn as the game before
        ("shown", {"bid": Bid(-5, 0)}),  # drawn "Fifteen 0s" (number_words read -5 from the end)
        ("shown", {"bid": Bid(25, 0)}),  # more than the 24 digits in play
        ("shown", {"serials": ("1", "2", "3")}),
        ("shown", {"count": 999}),  # not how often the bid's digit is in the bills shown
        ("settled", {"amounts": (1_000, -1_000, 0)}),  # not what the bid's outcome pays
        ("settled", {"held": "unknown"}),
        ("settled", {"bidder": 0}),  # the show's bidder is seat 2 (seed 5)
    ],
    ids=[
        "digit",
        "negative count",
        "too many",
        "short bills",
        "count",
        "amounts",
        "held",
        "bidder",
    ],
)
def test_a_start_whose_game_before_no_game_could_have_ended_with_is_refused(
    part: str, change: dict[str, object]
) -> None:
    """The game before is drawn at the table as the one just played: a file's must be a show
    the rules could have made (a bid the table allows, bills of its digits, the count of the
    bid's digit in them, what the bid pays), not whatever the file says."""
    _, actions = played(2)
    start = starts_and_logs(actions)[1][0]
    assert start is not None
    record = start.last_game
    assert record.shown.bidder == 2
    edited = dataclasses.replace(
        start,
        last_game=dataclasses.replace(
            record, **{part: dataclasses.replace(getattr(record, part), **change)}
        ),
    )
    with pytest.raises(ValueError) as refused:
        DollarBillsSession(RULES, SEATS, 5, edited)
    assert str(refused.value).count(". ") == 0 and str(refused.value).endswith(".")
