"""Liar's Poker with dollar bills: the seed's examples, the rulings, and whole random sessions.

Sessions are played by random legal choices, and after every action the invariants are
checked: the ledger sums to zero and matches the settlements, every game ends, no view
holds another seat's serial before the show, and the session replays from its seed.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from enum import Enum

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from liar_tui.rules.base import IllegalAction
from liar_tui.rules.dollar_bills.game import (
    MAX_DIGITS,
    MAX_SEATS,
    MAX_STAKE,
    MIN_DIGITS,
    MIN_SEATS,
    RECENT_GAMES,
    Bid,
    BidPlaced,
    BillsShown,
    DollarBillsSession,
    DollarBillsView,
    GameDealt,
    GameRecord,
    Pass,
    Passed,
    PlaceBid,
    Rules,
    Settled,
    Turn,
    bid_number,
    bid_numbered,
    count_digit,
    is_raise,
    lowest_raise,
    number_words,
    raises_over,
    replay,
    settle,
)

# --------------------------------------------------------------------------- the seed's examples


def test_after_two_3s_two_4s_and_three_2s_raise_but_two_2s_does_not() -> None:
    two_3s = Bid(2, 3)
    assert is_raise(Bid(2, 4), two_3s)
    assert is_raise(Bid(3, 2), two_3s)
    assert not is_raise(Bid(2, 2), two_3s)
    assert not is_raise(two_3s, two_3s)


def test_zero_counts_as_ten() -> None:
    assert is_raise(Bid(2, 0), Bid(2, 9))
    assert not is_raise(Bid(2, 9), Bid(2, 0))
    assert not is_raise(Bid(2, 1), Bid(2, 0))
    assert is_raise(Bid(3, 1), Bid(2, 0))
    assert [bid.digit for bid in raises_over(None, 1)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]


def test_a_true_bid_collects_from_everyone() -> None:
    serials = ["77100000", "12345678", "99999997"]
    assert count_digit(7, serials) == 4
    assert settle(Bid(4, 7), 1, serials, 1) == (-1, 2, -1)
    assert settle(Bid(3, 7), 0, serials, 5) == (10, -5, -5)


def test_a_false_bid_pays_everyone() -> None:
    serials = ["77100000", "12345678", "99999997", "00000000"]
    assert settle(Bid(5, 7), 2, serials, 1) == (1, 1, -3, 1)
    assert settle(Bid(2, 4), 3, serials, 3) == (3, 3, 3, -9)


def test_zeros_are_counted_like_any_digit() -> None:
    serials = ["10203040", "00000001"]
    assert count_digit(0, serials) == 11
    assert settle(Bid(11, 0), 0, serials, 1) == (1, -1)
    assert settle(Bid(12, 0), 0, serials, 1) == (-1, 1)


@given(
    st.lists(st.text("0123456789", min_size=4, max_size=12), min_size=2, max_size=10),
    st.integers(min_value=1, max_value=120),
    st.integers(min_value=0, max_value=9),
    st.integers(min_value=1, max_value=MAX_STAKE),
    st.data(),
)
def test_every_settlement_sums_to_zero(
    serials: list[str], count: int, digit: int, stake: int, data: st.DataObject
) -> None:
    bidder = data.draw(st.integers(min_value=0, max_value=len(serials) - 1))
    amounts = settle(Bid(count, digit), bidder, serials, stake)
    assert sum(amounts) == 0
    held = count_digit(digit, serials) >= count
    assert amounts[bidder] == (1 if held else -1) * stake * (len(serials) - 1)
    assert all(abs(amount) == stake for seat, amount in enumerate(amounts) if seat != bidder)


def test_bids_read_as_players_call_them() -> None:
    assert Bid(1, 3).text == "One 3"
    assert Bid(2, 2).text == "Two 2s"
    assert Bid(21, 0).text == "Twenty-one 0s"
    assert Bid(40, 9).text == "Forty 9s"
    assert Bid(120, 5).text == "One hundred and twenty 5s"
    assert number_words(100) == "one hundred"


@pytest.mark.parametrize("most", [1, 2, 32])
def test_the_raises_over_a_bid_are_every_bid_that_beats_it_lowest_first(most: int) -> None:
    every_bid = raises_over(None, most)
    assert len(every_bid) == 10 * most
    assert every_bid == sorted(every_bid, key=lambda bid: bid.key)
    for old in every_bid:
        assert raises_over(old, most) == [bid for bid in every_bid if is_raise(bid, old)]
    assert raises_over(Bid(most + 1, 1), most) == []
    assert [bid_number(bid) for bid in every_bid] == list(range(10 * most))
    assert all(bid_numbered(bid_number(bid)) == bid for bid in every_bid)


def test_the_lowest_raise_on_each_digit() -> None:
    assert lowest_raise(None, 0) == Bid(1, 0)
    assert lowest_raise(Bid(2, 3), 4) == Bid(2, 4)
    assert lowest_raise(Bid(2, 3), 3) == Bid(3, 3)
    assert lowest_raise(Bid(2, 0), 9) == Bid(3, 9)


# --------------------------------------------------------------------------- settings


def test_the_default_rules_are_the_rulings() -> None:
    assert Rules() == Rules(digits=8, stake=1)
    assert Rules().problems() == []
    assert Rules(digits=MIN_DIGITS, stake=MAX_STAKE).problems() == []
    assert Rules(digits=MAX_DIGITS).problems() == []


@pytest.mark.parametrize(
    "rules",
    [
        Rules(digits=3),
        Rules(digits=13),
        Rules(stake=0),
        Rules(stake=MAX_STAKE + 1),
        Rules(digits=True),
        Rules(stake="1"),  # type: ignore[arg-type]
    ],
    ids=repr,
)
def test_unplayable_rules_are_refused_in_one_sentence(rules: Rules) -> None:
    (problem,) = rules.problems()
    assert_one_sentence(problem)
    with pytest.raises(ValueError):
        DollarBillsSession(rules, 2, 0)


@pytest.mark.parametrize("seats", [MIN_SEATS - 1, MAX_SEATS + 1])
def test_seats_outside_two_to_ten_are_refused(seats: int) -> None:
    with pytest.raises(ValueError, match="2 to 10"):
        DollarBillsSession(Rules(), seats, 0)


# --------------------------------------------------------------------------- one session, by hand


def assert_one_sentence(text: str) -> None:
    assert text.endswith(".") and text[0].isupper(), text
    assert ". " not in text, text


def test_a_game_from_the_opening_bid_to_the_next_deal() -> None:
    session = DollarBillsSession(Rules(digits=4, stake=2), 3, seed=11)
    first = session.starter
    assert first == random.Random(11).randrange(3)
    assert session.to_act() == (first,)
    assert session.refusal(Pass(first)) == "The first player must open with a bid, not pass."
    second, third = (first + 1) % 3, (first + 2) % 3
    assert session.refusal(PlaceBid(second, Bid(1, 1))) == "It is not this seat's turn."
    serials = tuple(session.serials)

    assert session.apply(PlaceBid(first, Bid(2, 3))) == [BidPlaced(first, Bid(2, 3))]
    refusal = session.refusal(PlaceBid(second, Bid(2, 2)))
    assert refusal is not None and refusal.startswith("Two 2s does not raise Two 3s")
    assert session.apply(PlaceBid(second, Bid(2, 0))) == [BidPlaced(second, Bid(2, 0))]
    assert session.apply(Pass(third)) == [Passed(third, 1)]
    assert session.apply(PlaceBid(first, Bid(3, 1))) == [BidPlaced(first, Bid(3, 1))]
    assert session.apply(Pass(second)) == [Passed(second, 1)]
    assert session.game == 1
    passed, shown, settled, dealt = session.apply(Pass(third))

    assert passed == Passed(third, 2)
    count = count_digit(1, serials)
    assert shown == BillsShown(1, first, Bid(3, 1), serials, count)
    amounts = settle(Bid(3, 1), first, serials, 2)
    assert settled == Settled(1, first, count >= 3, amounts, amounts)
    assert amounts[first] == (4 if count >= 3 else -4)
    assert dealt == GameDealt(2, second)
    assert (session.game, session.starter, session.to_act()) == (2, second, (second,))
    assert session.standing is None and session.turns == []
    assert tuple(session.ledger) == amounts
    played = session.past_games[0]
    assert (played.starter, played.record) == (first, GameRecord(shown, settled))
    assert len(played.turns) == 6
    assert session.view(second).recent_games == (played.record,)


def test_a_raise_resets_the_passes_so_every_other_seat_must_pass_again() -> None:
    session = DollarBillsSession(Rules(), 4, seed=3)
    seats = [(session.starter + step) % 4 for step in range(8)]
    session.apply(PlaceBid(seats[0], Bid(1, 5)))
    session.apply(Pass(seats[1]))
    session.apply(Pass(seats[2]))
    session.apply(PlaceBid(seats[3], Bid(1, 6)))
    session.apply(Pass(seats[4]))
    session.apply(Pass(seats[5]))
    assert session.game == 1
    events = session.apply(Pass(seats[6]))
    assert isinstance(events[2], Settled) and events[2].bidder == seats[3]


def test_when_nothing_can_raise_the_others_can_only_pass() -> None:
    session = DollarBillsSession(Rules(digits=4), 2, seed=5)
    starter = session.starter
    top = Bid(8, 0)
    session.apply(PlaceBid(starter, top))
    other = 1 - starter
    assert session.legal_actions(other) == [Pass(other)]
    events = session.apply(Pass(other))
    assert isinstance(events[1], BillsShown) and events[1].bid == top


def hostile_actions(session: DollarBillsSession) -> list[object]:
    seat = session.turn
    return [
        "bid",
        None,
        Bid(1, 1),
        PlaceBid(-1, Bid(1, 1)),
        PlaceBid(session.seats, Bid(1, 1)),
        PlaceBid(True, Bid(1, 1)),  # type: ignore[arg-type]
        Pass("0"),  # type: ignore[arg-type]
        PlaceBid((seat + 1) % session.seats, Bid(1, 1)),
        PlaceBid(seat, "two 3s"),  # type: ignore[arg-type]
        PlaceBid(seat, Bid(1.0, 1)),  # type: ignore[arg-type]
        PlaceBid(seat, Bid(1, True)),  # type: ignore[arg-type]
        PlaceBid(seat, Bid(1, 10)),
        PlaceBid(seat, Bid(1, -1)),
        PlaceBid(seat, Bid(0, 5)),
        PlaceBid(seat, Bid(session.max_count + 1, 5)),
        PlaceBid(seat, Bid(10**100, 5)),
    ]


def test_hostile_actions_are_refused_in_one_sentence_and_change_nothing() -> None:
    session = DollarBillsSession(Rules(), 3, seed=8)
    for opening in (True, False):
        if not opening:
            session.apply(PlaceBid(session.turn, Bid(3, 4)))
        before = session.snapshot()
        actions = hostile_actions(session)
        if not opening:
            actions.append(PlaceBid(session.turn, Bid(3, 4)))
        for action in actions:
            reason = session.refusal(action)
            assert reason is not None, (opening, action)
            assert_one_sentence(reason)
            with pytest.raises(IllegalAction) as refused:
                session.apply(action)  # type: ignore[arg-type]
            assert str(refused.value) == reason
            assert session.snapshot() == before


# --------------------------------------------------------------------------- whole random sessions


def strings_in(value: object) -> list[str]:
    """Every string anywhere inside a view, however nested; fails on anything not plain data."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, int | Enum | type(None)):
        return []
    if isinstance(value, tuple | list):
        return [text for item in value for text in strings_in(item)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [
            text
            for field in dataclasses.fields(value)
            for text in strings_in(getattr(value, field.name))
        ]
    raise AssertionError(f"a view holds {value!r}, which is not plain data")


def check_view_is_private(view: DollarBillsView, session: DollarBillsSession) -> None:
    """Only the seat's own bill is in its view, besides the bills of past games.

    The past games must be the last of the session's records, which :func:`check_record`
    holds to the shows; so only the rest of the view is searched, keeping this linear.
    """
    assert view.serial == session.serials[view.seat]
    last = session.past_games[-RECENT_GAMES:]
    assert view.recent_games == tuple(played.record for played in last)
    assert strings_in(dataclasses.replace(view, recent_games=())) == [view.serial]


def check_running_totals(view: DollarBillsView, session: DollarBillsSession) -> None:
    """The view's totals are what the session's whole record adds up to."""
    records = [played.record for played in session.past_games]
    assert view.games_played == len(records)
    assert view.ledger == tuple(session.ledger)
    for seat in range(session.seats):
        own = [record for record in records if record.shown.bidder == seat]
        assert view.last_bids[seat] == len(own)
        assert view.bids_held[seat] == sum(record.shown.held for record in own)


def check_record(session: DollarBillsSession) -> None:
    """The ledger is the sum of the settlements, every game was shown once every other seat
    passed, and the starter moved one seat to the left each game."""
    seats = session.seats
    assert sum(session.ledger) == 0
    totals = [0] * seats
    starter = random.Random(session.seed).randrange(seats)
    for number, played in enumerate(session.past_games, start=1):
        shown, settled = played.record.shown, played.record.settled
        assert (played.record.game, shown.game, settled.game) == (number, number, number)
        assert played.starter == starter
        assert strings_in(dataclasses.replace(played.record, shown=None)) == []
        assert strings_in(shown) == list(shown.serials)
        starter = (starter + 1) % seats
        assert played.turns[-seats + 1 :] == tuple(
            Pass((shown.bidder + step) % seats) for step in range(1, seats)
        )
        assert played.turns[-seats] == PlaceBid(shown.bidder, shown.bid)
        assert shown.count == count_digit(shown.bid.digit, shown.serials)
        assert settled.held == (shown.count >= shown.bid.count)
        assert settled.amounts == settle(
            shown.bid, shown.bidder, shown.serials, session.rules.stake
        )
        totals = [total + amount for total, amount in zip(totals, settled.amounts, strict=True)]
        assert settled.ledger == tuple(totals)
    assert session.ledger == totals
    assert session.starter == starter
    assert session.game == len(session.past_games) + 1


def check_turn(session: DollarBillsSession) -> None:
    (seat,) = session.to_act()
    legal = session.legal_actions(seat)
    assert (Pass(seat) in legal) == (session.standing is not None)
    assert all(session.refusal(action) is None for action in (legal[0], legal[-1]))
    assert session.legal_actions((seat + 1) % session.seats) == []
    assert session.passes < session.seats - 1
    if session.standing is None:
        assert session.turns == [] and seat == session.starter
    else:
        assert session.turns[-session.passes - 1] == PlaceBid(session.bidder, session.standing)


WHOLE_SESSION_CHECK_EVERY = 11
"""A deep copy and a replay cost the whole session so far, so they run every 11th action."""


def check_invariants(session: DollarBillsSession, actions: list[Turn]) -> None:
    check_record(session)
    check_turn(session)
    for seat in range(session.seats):
        check_view_is_private(session.view(seat), session)
    check_running_totals(session.view(session.turn), session)
    if len(actions) % WHOLE_SESSION_CHECK_EVERY == 0:
        assert copy.deepcopy(session) == session
        again = replay(session.rules, session.seats, session.seed, actions)
        assert again.snapshot() == session.snapshot()


ALL_PASS_CHANCE = 0.3
"""How likely every other seat passes a bid in a row: games climb a while, then end."""


def random_turn(session: DollarBillsSession, chooser: random.Random) -> Turn:
    """A pass, else mostly the cheapest raise, as at a real table, and sometimes a big jump."""
    legal = session.legal_actions(session.turn)
    passing = ALL_PASS_CHANCE ** (1 / (session.seats - 1))
    if isinstance(legal[0], Pass) and (chooser.random() < passing or len(legal) == 1):
        return legal[0]
    raises = [action for action in legal if isinstance(action, PlaceBid)]
    return raises[0] if chooser.random() < 0.8 else chooser.choice(raises)


def play_games(
    rules: Rules, seats: int, seed: int, games: int, chooser: random.Random
) -> DollarBillsSession:
    session = DollarBillsSession(rules, seats, seed)
    actions: list[Turn] = []
    most_turns = 10 * session.max_count * seats
    check_invariants(session, actions)
    while session.game <= games:
        game = session.game
        for _ in range(most_turns):
            action = random_turn(session, chooser)
            events = session.apply(action)
            actions.append(action)
            assert any(isinstance(event, GameDealt) for event in events) == (session.game > game)
            check_invariants(session, actions)
            if session.game > game:
                break
        else:
            raise AssertionError(f"game {game} did not end in {most_turns} turns")
    again = replay(rules, seats, seed, actions)
    assert again == session
    return session


rule_sets = st.builds(
    Rules,
    digits=st.integers(min_value=MIN_DIGITS, max_value=MAX_DIGITS),
    stake=st.integers(min_value=1, max_value=MAX_STAKE),
)


@given(
    rule_sets,
    st.integers(min_value=MIN_SEATS, max_value=MAX_SEATS),
    st.integers(min_value=0, max_value=2**63 - 1),
    st.randoms(use_true_random=False),
)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_sessions_keep_every_invariant(
    rules: Rules, seats: int, seed: int, chooser: random.Random
) -> None:
    """A quick sample of short sessions; the slow run plays sixty long ones below."""
    session = play_games(rules, seats, seed, games=4, chooser=chooser)
    assert len(session.past_games) == 4


def test_a_long_session_s_views_carry_its_totals_and_only_its_last_games() -> None:
    """Past the window every view holds the last games' records (checked after every action
    by :func:`check_view_is_private`), while the session keeps every game whole."""
    games = 2 * RECENT_GAMES + 3
    session = play_games(Rules(digits=4), 3, seed=8, games=games, chooser=random.Random(8))
    assert len(session.past_games) == games
    view = session.view(0)
    assert [record.game for record in view.recent_games] == list(
        range(games - RECENT_GAMES + 1, games + 1)
    )
    assert sum(view.last_bids) == games


@pytest.mark.slow
@given(
    rule_sets,
    st.integers(min_value=MIN_SEATS, max_value=MAX_SEATS),
    st.integers(min_value=0, max_value=2**63 - 1),
    st.randoms(use_true_random=False),
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_many_long_random_sessions_keep_every_invariant(
    rules: Rules, seats: int, seed: int, chooser: random.Random
) -> None:
    session = play_games(rules, seats, seed, games=20, chooser=chooser)
    assert len(session.past_games) == 20


def test_the_same_seed_deals_the_same_bills_and_starter() -> None:
    first = DollarBillsSession(Rules(), 5, seed=42)
    second = DollarBillsSession(Rules(), 5, seed=42)
    assert first == second
    assert first.serials == second.serials
    assert all(len(serial) == 8 and serial.isdigit() for serial in first.serials)
    other = DollarBillsSession(Rules(), 5, seed=43)
    assert other.serials != first.serials
