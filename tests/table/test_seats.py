"""Seat names, the default seats and seeds: the rules every way of setting a table shares."""

from __future__ import annotations

import pytest

from liar_tui import games
from liar_tui.rules.dollar_bills.rules import Rules as DollarBillsRules
from liar_tui.rules.liar_game.game import Rules
from liar_tui.table.seats import SeatConfig, SeatKind, default_seats, name_problem, seat_problems
from liar_tui.table.setup import RANDOM_SEEDS, TableSetup, random_seed


@pytest.mark.parametrize(
    "name", ["Ann", "Zoë", "李小龍", "🃏 Joker", "👩‍👩‍👧 family", "👩🏽‍💻 at work", "x" * 20]
)
def test_names_in_any_script_are_welcome(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "must not be empty"),
        ("   ", "must not be empty"),
        ("x" * 21, "at most 20 characters"),
        ("Ann\nBo", "line breaks"),
        ("Ann\tBo", "tabs"),
        ("\x1b[31mRed", "hidden characters"),
        ("Ann\u2028Bo", "line breaks"),
        ("Ann\u200b", "hidden characters"),
        ("A\u200dnn", "hidden characters"),
        ("\u202eAnn", "hidden characters"),
        ("A\ud800", "hidden characters"),  # a lone surrogate: JSON may carry it, UTF-8 cannot
    ],
)
def test_names_that_would_break_a_panel_are_refused(name: str, words: str) -> None:
    problem = name_problem(name, "The name of seat 2")
    assert problem is not None
    assert problem.startswith("The name of seat 2 must ")
    assert words in problem


def test_default_seats_put_the_people_first_with_distinct_bot_names() -> None:
    seats = default_seats(bots=3, humans=2, you="Kim")
    assert [seat.name for seat in seats[:2]] == ["Kim", "Player 2"]
    assert [seat.kind for seat in seats] == [SeatKind.HUMAN] * 2 + [SeatKind.BOT] * 3
    assert len({seat.name for seat in seats}) == 5


def test_a_bot_never_takes_a_persons_name_nor_another_bots() -> None:
    seats = default_seats(bots=11, humans=1, you="ada")
    assert "Ada" not in [seat.name for seat in seats]
    assert len({seat.name.casefold() for seat in seats}) == 12


def test_a_random_seed_is_short_enough_to_type_again() -> None:
    assert all(0 <= random_seed() < RANDOM_SEEDS for _ in range(20))


def test_every_game_starts_and_says_which_types_it_trades() -> None:
    for info in games.registered().values():
        setup = TableSetup(info.id, info.default_rules(), default_seats(), seed=1)
        state = games.new_state(setup)
        assert isinstance(state.view(0), info.view_type)
        assert all(isinstance(action, info.action_type) for action in state.legal_actions(0))


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("chess", "There is no game called 'chess'."),
        ("liars-poker-bills", "A serial number has from 4 to 12 digits."),
    ],
)
def test_a_game_that_cannot_start_says_why(game: str, words: str) -> None:
    rules = Rules() if game == "chess" else DollarBillsRules(digits=3)
    with pytest.raises(ValueError, match=words):
        games.new_state(TableSetup(game, rules, default_seats(), seed=1))


def test_people_and_bots_together_may_sit_down() -> None:
    assert seat_problems(default_seats(bots=3, humans=1), 2, 8) == []
    assert seat_problems(default_seats(bots=0, humans=2), 2, 8) == []
    assert seat_problems([SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Bo")], 2, 2) == []


@pytest.mark.parametrize(
    ("seats", "problems"),
    [
        (default_seats(bots=3, humans=0),
         ["Seat at least one person (you or someone here): bots cannot play alone."]),
        (default_seats(bots=0, humans=1), ["A table seats 2 to 8 players, not 1."]),
        (default_seats(bots=8, humans=1), ["A table seats 2 to 8 players, not 9."]),
        ((SeatConfig("Ann", SeatKind.HUMAN), SeatConfig(" ")),
         ["The name of seat 2 must not be empty."]),
        ((SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("ann "), SeatConfig("ANN")),
         ["Two seats are called 'Ann': give each a different name."]),
        ((SeatConfig("x" * 21), SeatConfig("x" * 21)),
         ["The name of seat 1 must be at most 20 characters.",
          "The name of seat 2 must be at most 20 characters.",
          f"Two seats are called {'x' * 21!r}: give each a different name.",
          "Seat at least one person (you or someone here): bots cannot play alone."]),
    ],
)  # fmt: skip
def test_seats_that_cannot_sit_down_say_why_one_sentence_each(
    seats: tuple[SeatConfig, ...], problems: list[str]
) -> None:
    assert seat_problems(seats, 2, 8) == problems


def test_no_seats_at_all_is_only_too_few() -> None:
    assert seat_problems((), 2, 8) == ["A table seats 2 to 8 players, not 0."]


def test_several_people_at_one_keyboard_are_not_all_called_you() -> None:
    assert [seat.name for seat in default_seats(bots=1, humans=2)] == [
        "Player 1",
        "Player 2",
        "Ada",
    ]
    assert default_seats(bots=1, humans=1)[0].name == "You"
    assert default_seats(bots=0, humans=2, you="Mia")[0].name == "Mia"
