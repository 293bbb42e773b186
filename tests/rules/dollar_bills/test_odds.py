"""The odds of a dollar-bill bid, checked against counting every possible set of unseen bills."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liar_tui.rules.dollar_bills.game import count_digit
from liar_tui.rules.dollar_bills.odds import chances_of_at_least, probability_at_least


def brute_force(count: int, digit: int, own_serial: str, seats: int, digits: int) -> Fraction:
    """Deal the other bills every possible way and count the deals where the bid holds."""
    unseen = (seats - 1) * digits
    held = 0
    for deal in itertools.product("0123456789", repeat=unseen):
        others = ["".join(deal[start : start + digits]) for start in range(0, unseen, digits)]
        held += count_digit(digit, [own_serial, *others]) >= count
    return Fraction(held, 10**unseen)


@st.composite
def small_tables(draw: st.DrawFn, most_unseen: int) -> tuple[int, int, str, int, int]:
    """A bid and a seat's bill at a table with at most ``most_unseen`` digits it cannot see."""
    digits = draw(st.integers(min_value=1, max_value=3))
    seats = draw(
        st.integers(min_value=2, max_value=3).filter(lambda s: (s - 1) * digits <= most_unseen)
    )
    own_serial = draw(st.text("0123456789", min_size=digits, max_size=digits))
    count = draw(st.integers(min_value=0, max_value=seats * digits + 1))
    digit = draw(st.sampled_from([int(d) for d in own_serial] + list(range(10))))
    return count, digit, own_serial, seats, digits


@given(small_tables(most_unseen=4))
@settings(max_examples=150, deadline=None)
def test_the_odds_are_exactly_the_brute_force(table: tuple[int, int, str, int, int]) -> None:
    assert probability_at_least(*table) == float(brute_force(*table))


@pytest.mark.slow
@given(small_tables(most_unseen=6))
@settings(max_examples=10, deadline=None)
def test_the_odds_are_exactly_the_brute_force_at_three_seats_of_three(
    table: tuple[int, int, str, int, int],
) -> None:
    assert probability_at_least(*table) == float(brute_force(*table))


def test_what_you_hold_is_certain_and_more_than_the_digits_in_play_is_impossible() -> None:
    assert probability_at_least(3, 7, "77700000", 4, 8) == 1.0
    assert probability_at_least(0, 7, "12345678", 2, 8) == 1.0
    assert probability_at_least(17, 7, "77777777", 2, 8) == 0.0
    assert probability_at_least(16, 7, "77777777", 2, 8) == 1 / 10**8


def test_one_unseen_digit_is_a_tenth() -> None:
    assert probability_at_least(1, 5, "0", 2, 1) == 0.1
    assert probability_at_least(2, 0, "0", 2, 1) == 0.1
    assert probability_at_least(1, 0, "0", 2, 1) == 1.0


@pytest.mark.parametrize("unseen", [0, 1, 8, 72, 99])
def test_the_chances_fall_as_the_count_rises_and_start_certain(unseen: int) -> None:
    chances = chances_of_at_least(unseen)
    assert len(chances) == unseen + 1
    assert chances[0] == 1.0
    assert all(higher <= lower for lower, higher in itertools.pairwise(chances))
    assert chances[-1] == pytest.approx(0.1**unseen, rel=1e-12)


@pytest.mark.parametrize(
    ("count", "digit", "serial", "seats", "digits"),
    [
        (1, 10, "1234", 2, 4),
        (1, -1, "1234", 2, 4),
        (1, 1, "123", 2, 4),
        (1, 1, "12a4", 2, 4),
        (1, 1, "1234", 0, 4),
        (1, 1, "١٢٣٤", 2, 4),
    ],
)
def test_nonsense_is_refused(count: int, digit: int, serial: str, seats: int, digits: int) -> None:
    with pytest.raises(ValueError):
        probability_at_least(count, digit, serial, seats, digits)
