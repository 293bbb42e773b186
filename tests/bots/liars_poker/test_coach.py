"""The hard card bot's coach: the chance it gives the standing claim agrees with a plain Monte
Carlo count over the hands the view leaves possible, and its words are the table's."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from liar_tui.bots.liars_poker.hard import HardLiarsPokerBot, _phrasing_turn, seat_phrasing
from liar_tui.bots.liars_poker.odds import legal_raises, round_deck, top_declaration, value_of
from liar_tui.games import plugin
from liar_tui.rules.cards import cards_text
from liar_tui.rules.liars_poker import floor as floors
from liar_tui.rules.liars_poker.game import (
    Challenge,
    Declare,
    Discard,
    LiarsPokerGame,
    LiarsPokerView,
    Phase,
    Take,
)
from liar_tui.table.seats import SeatConfig
from liar_tui.table.setup import TableSetup
from tests.marks import slow_after_rows


def table(seed: int) -> LiarsPokerGame:
    game = plugin("liars-poker-cards")
    seats = tuple(SeatConfig(f"Seat {seat}") for seat in range(3))
    state = game.new_state(TableSetup(game.id, game.default_rules(), seats, seed))
    assert isinstance(state, LiarsPokerGame)
    return state


def deciding_on(claim: str, seed: int = 1) -> LiarsPokerView:
    """The next seat's view once the opener has said ``claim``, whatever its hand holds."""
    state = table(seed)
    opener = state.to_act()[0]
    raises = legal_raises(state.view(opener))
    said = next(rung.declaration for rung in raises if rung.declaration.text == claim)
    state.apply(Declare(opener, said))
    decider = state.to_act()[0]
    view = state.view(decider)
    assert view.phase is Phase.DECIDE and not view.communal
    return view


def reference_chance(view: LiarsPokerView, hands: int) -> float:
    """The chance the claim is true by plain counting: deal the opener's hand from every card
    the decider cannot see, weigh it by how likely the bot's model says the claim was said
    from it, and share out the weight of the hands that hold the claim."""
    rules = view.round_rules.poker
    declared = view.declarations[-1]
    beaten = floors.lowest_hand(rules, view.communal)
    phrasing = seat_phrasing(view, declared.seat)
    turn = _phrasing_turn((), declared.floor, beaten, declared.declaration, view, phrasing)
    pool = round_deck(rules)
    deal = random.Random(f"reference:{declared.declaration.text}")
    held = total = 0.0
    for _ in range(hands):
        value = value_of(deal.sample(pool, view.round_rules.pocket_size), rules)
        weight = turn.weight(value)
        total += weight
        held += weight * (value >= declared.floor)
    return held / total


@pytest.mark.parametrize(
    ("claim", "bots", "hands"),
    slow_after_rows(
        1,
        [
            ("pair of sevens", 16, 5_000),
            ("pair of sevens", 200, 20_000),
            ("a pair", 200, 20_000),
            ("pair of jacks, 8 kicker", 200, 20_000),
        ],
    ),
)
def test_the_chance_the_claim_is_true_agrees_with_a_monte_carlo_count(
    claim: str, bots: int, hands: int
) -> None:
    """One bot's estimate rests on at most 150 sampled hands, so bots with different seeds
    scatter; their mean must lie within four of its standard errors (from their own spread)
    plus four of the reference's (at most 0.5/sqrt(hands)). With 200 bots and 20,000 hands
    that is about 0.03; the means measured were within 0.006."""
    view = deciding_on(claim)
    estimates = []
    for seed in range(bots):
        analysis = HardLiarsPokerBot(random.Random(seed)).analyse(view)
        assert analysis is not None
        estimates.append(dict(analysis.estimates)["the standing claim is true"])
    expected = reference_chance(view, hands)
    assert 0.1 < expected < 0.9, "a claim worth checking is neither sure nor hopeless"
    error = statistics.stdev(estimates) / math.sqrt(bots) + 0.5 / math.sqrt(hands)
    assert abs(statistics.mean(estimates) - expected) <= 4 * error


def test_a_decision_names_the_claim_its_win_chance_and_take_or_challenge() -> None:
    analysis = HardLiarsPokerBot(random.Random(0)).analyse(deciding_on("pair of aces"))
    assert analysis is not None
    assert [label for label, _ in analysis.estimates] == [
        "the standing claim is true",
        "a take leads to a true raise",
        "challenging, you win the game",
        "taking, you win the game",
    ]
    assert all(0 <= chance <= 1 for _, chance in analysis.estimates)
    expected = {Challenge: "challenge", Take: "take the hand"}
    assert analysis.action_text == expected[type(analysis.action)]


def test_a_declaration_says_whether_it_is_true_and_a_discard_names_its_cards() -> None:
    """The opener's declaration is its hand said in full ("(true)") or a bluff; after a take,
    the discard names the cards thrown."""
    state = table(3)
    opener = state.to_act()[0]
    analysis = HardLiarsPokerBot(random.Random(0)).analyse(state.view(opener))
    assert analysis is not None and isinstance(analysis.action, Declare)
    assert analysis.action_text.startswith("declare ")
    assert analysis.action_text.endswith(("(true)", "(a bluff)"))
    state.apply(analysis.action)
    state.apply(Take(state.to_act()[0]))
    taker = state.to_act()[0]
    discard = HardLiarsPokerBot(random.Random(0)).analyse(state.view(taker))
    assert discard is not None and isinstance(discard.action, Discard)
    thrown = discard.action.cards
    if thrown:
        assert discard.action_text == f"discard {cards_text(thrown)}"
    else:
        assert discard.action_text == "keep every card"


def test_a_claim_nothing_can_beat_is_challenged_and_the_coach_says_why() -> None:
    state = table(1)
    opener = state.to_act()[0]
    state.apply(Declare(opener, top_declaration(state.view(opener))))
    view = state.view(state.to_act()[0])
    assert not view.can_take
    analysis = HardLiarsPokerBot(random.Random(0)).analyse(view)
    assert analysis is not None and isinstance(analysis.action, Challenge)
    assert analysis.estimates == ()
    assert analysis.action_text == "challenge: nothing can be declared above the claim"
