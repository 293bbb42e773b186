"""The hard Liar Game bot's coach: the chance it gives the hand it would show, read from the
bars it learnt against normal bots, agrees with a Monte Carlo round against normal bots
dealt the cards this seat cannot see; and it names the hand as the reveal does."""

from __future__ import annotations

import dataclasses
import math
import random
import statistics

import pytest

from liar_tui.bots.liar_game.hard import HardLiarGameBot, learnt_for
from liar_tui.bots.liar_game.normal import LiarGameBot
from liar_tui.games import plugin
from liar_tui.rules.cards import cards_text, shoe
from liar_tui.rules.liar_game.game import (
    POCKET_SIZE,
    LiarGame,
    LiarGameView,
    Rules,
    ShowHand,
    hand_key,
    score_hand,
)
from liar_tui.table.seats import SeatConfig
from liar_tui.table.setup import TableSetup
from tests.marks import slow_after_rows

SEATS = 4
"""The table the bars were learnt at: this seat against three normal bots."""
DEAL_SPREAD = 0.06
"""How far one deal's true chance strays from the learnt bar, which is the same for every
pocket: measured at 0.06 (standard deviation over 20 deals of 200 rounds each, sampling
noise included). It bounds the mean over deals with the sampling noise below."""


def opening(seed: int) -> tuple[LiarGame, LiarGameView]:
    game = plugin("liar-game")
    seats = tuple(SeatConfig(f"Seat {seat}") for seat in range(SEATS))
    state = game.new_state(TableSetup(game.id, game.default_rules(), seats, seed))
    assert isinstance(state, LiarGame)
    return state, state.view(0)


def monte_carlo_chance(view: LiarGameView, shown: ShowHand, rounds: int, seed: int) -> float:
    """How often ``shown`` meets the best of three normal bots' hands, each bot dealt a
    pocket from the cards this seat cannot see (a tie wins for both)."""
    deal = random.Random(f"deal:{seed}")
    unseen = list(shoe(view.rules.decks))
    for card in view.pocket:
        unseen.remove(card)
    mine = hand_key(shown.cards, view.rules)
    won = 0
    for _ in range(rounds):
        deal.shuffle(unseen)
        bar = max(
            hand_key(
                LiarGameBot(deal)
                .act(
                    dataclasses.replace(
                        view,
                        seat=seat,
                        pocket=tuple(unseen[POCKET_SIZE * (seat - 1) : POCKET_SIZE * seat]),
                    )
                )
                .cards,
                view.rules,
            )
            for seat in range(1, SEATS)
        )
        won += mine >= bar
    return won / rounds


@pytest.mark.parametrize(("deals", "rounds"), slow_after_rows(1, [(2, 30), (24, 150)]))
def test_the_win_chance_of_the_hand_agrees_with_rounds_against_normal_bots(
    deals: int, rounds: int
) -> None:
    """Per deal, the learnt chance and the simulated one differ by the deal's spread around
    the bar and the simulation's noise (at most 0.5/sqrt(rounds)); their mean over the deals
    must lie within four standard errors of zero: 0.06 for the slow run (a normal bot's hand
    takes milliseconds, so the default run's quick look allows 0.3). At 40 deals of 300
    rounds the mean was within 0.04."""
    misses = []
    for seed in range(deals):
        _, view = opening(seed)
        analysis = HardLiarGameBot(random.Random(seed)).analyse(view)
        assert analysis is not None
        estimated = dict(analysis.estimates)["the hand it would show wins the round"]
        misses.append(estimated - monte_carlo_chance(view, analysis.action, rounds, seed))
    error = math.hypot(DEAL_SPREAD, 0.5 / math.sqrt(rounds)) / math.sqrt(deals)
    assert abs(statistics.mean(misses)) <= 4 * error


def test_the_hand_is_named_as_the_reveal_names_it_and_only_while_it_is_to_choose() -> None:
    state, view = opening(3)
    bot = HardLiarGameBot(random.Random(0))
    analysis = bot.analyse(view)
    assert analysis is not None and isinstance(analysis.action, ShowHand)
    cards = analysis.action.cards
    described = score_hand(cards, view.rules).describe()
    assert analysis.action_text == f"show {cards_text(cards)} ({described})"
    state.apply(analysis.action)
    assert bot.analyse(state.view(0)) is None, "its hand is locked in"


def test_a_hand_held_back_is_weighed_beside_the_best_one() -> None:
    """When the bot keeps its best cards, the coach says how the best hand would fare too."""
    for seed in range(40):
        _, view = opening(seed)
        analysis = HardLiarGameBot(random.Random(0)).analyse(view)
        assert analysis is not None
        chances = dict(analysis.estimates)
        if "your best hand wins the round" in chances:
            shown = chances["the hand it would show wins the round"]
            assert chances["your best hand wins the round"] >= shown
            return
    pytest.fail("in 40 deals the bot never held its best hand back")


def test_under_other_rules_the_analysis_draws_from_a_copy_of_the_bots_generator() -> None:
    """Two decks with variants: the bot weighs hands with sampled pockets (its generator),
    and the analysis still names what ``act`` shows and leaves its later hands unchanged."""
    rules = Rules(decks=2, target=300, free_jokers=True, big_combos=True, joker_sets=True)
    state = LiarGame(rules, SEATS, seed=4)
    analysed, plain = HardLiarGameBot(random.Random(9)), HardLiarGameBot(random.Random(9))
    others = [LiarGameBot(random.Random(seat)) for seat in range(SEATS)]
    for _ in range(12):
        if state.over:
            break
        view = state.view(0)
        analysis = analysed.analyse(view)
        assert analysis is not None and not learnt_for(view.rules)
        action = analysed.act(view)
        assert action == analysis.action == plain.act(view)
        state.apply(action)
        for seat in range(1, SEATS):
            state.apply(others[seat].act(state.view(seat)))
