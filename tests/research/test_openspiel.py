"""The games as OpenSpiel games: OpenSpiel's own checks pass on each, CFR solves a small
dollar-bill game, and no seat's information shows another seat's private cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is the research extra: pip install -e '.[research]'"
)

from liar_tui.games import registered  # noqa: E402
from liar_tui.research.engine import EngineGame, EngineState  # noqa: E402
from liar_tui.research.openspiel import register  # noqa: E402
from liar_tui.rules.dollar_bills.research import SmallBills  # noqa: E402

PLUGINS = sorted(registered())


def engine_game(game_id: str, seats: int = 2) -> Any:
    plugin = registered()[game_id]
    return register(lambda: EngineGame(plugin, seats=seats, seeds=8))


@pytest.mark.parametrize("game_id", PLUGINS)
def test_openspiel_random_simulation_passes_on_each_game(game_id: str) -> None:
    """OpenSpiel's own consistency check: legal actions, chance, cloning, returns within the
    declared utilities and length, information strings at every node."""
    pyspiel.random_sim_test(engine_game(game_id), num_sims=1, serialize=False, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", PLUGINS)
def test_openspiel_random_simulations_pass_at_four_seats(game_id: str) -> None:
    game = engine_game(game_id, seats=min(4, registered()[game_id].max_seats))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_liars_poker_offers_raises_over_the_standing_declaration() -> None:
    """The opener may declare any rung of the ladder; after a declaration, only those above
    it are offered, and taking stays possible."""
    game = engine_game("liars-poker-cards")
    state = game.new_initial_state()
    state.apply_action(0)
    while not state.action_to_string(state.legal_actions()[-1]).startswith("Declare"):
        state.apply_action(state.legal_actions()[0])  # the table's own rules for the round
    opening = len(state.legal_actions())
    assert opening > 100
    state.apply_action(state.legal_actions()[-1 - opening // 2])  # a declaration mid-ladder
    texts = [state.action_to_string(action) for action in state.legal_actions()]
    assert texts[0].startswith("Take")
    while not state.action_to_string(state.legal_actions()[-1]).startswith("Declare"):
        state.apply_action(state.legal_actions()[0])  # take the hand, discard as asked
    assert 0 < len(state.legal_actions()) < opening


def test_openspiel_random_simulation_passes_on_small_bills() -> None:
    game = register(lambda: SmallBills(digits=2, faces=(1, 2)))
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)


def test_small_bills_deal_is_every_face_equally_likely_and_bids_name_only_them() -> None:
    state = register(lambda: SmallBills(faces=(1, 2, 3))).new_initial_state()
    assert state.chance_outcomes() == [(1, 1 / 3), (2, 1 / 3), (3, 1 / 3)]
    state.apply_action(1)
    state.apply_action(3)
    texts = [state.action_to_string(0, action) for action in state.legal_actions()]
    assert texts == ["One 1", "One 2", "One 3", "Two 1s", "Two 2s", "Two 3s"]


def test_cfr_on_small_bills_lowers_exploitability() -> None:
    game = register(lambda: SmallBills(faces=(1, 2)))
    solver = pyspiel.CFRSolver(game)
    solver.evaluate_and_update_policy()
    first = pyspiel.exploitability(game, solver.average_policy())
    for _ in range(4):
        solver.evaluate_and_update_policy()
    assert pyspiel.exploitability(game, solver.average_policy()) < first / 2


def test_small_bills_information_shows_only_the_own_bill() -> None:
    """Two deals that differ in seat 1's bill only look the same to seat 0, and not to seat 1."""
    game = register(lambda: SmallBills())
    states = []
    for other_bill in (2, 3):
        state = game.new_initial_state()
        for action in (1, other_bill, 0):  # seat 0 holds a 1, seat 1 the other; seat 0 bids One 1
            state.apply_action(action)
        states.append(state)
    first, second = states
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.information_state_string(1) != second.information_state_string(1)


def played_with_other_private_cards(game: Any, swap: Any) -> tuple[Any, Any]:
    """The same seed and actions twice, seat 1's private cards changed in the second by
    ``swap(engine)`` just after the deal; seat 0 then acts the same in both."""
    states = []
    for change in (False, True):
        state = game.new_initial_state()
        state.apply_action(0)
        inner: EngineState = state.state
        if change:
            swap(inner.engine)
        state.apply_action(state.legal_actions()[0])
        states.append(state)
    return states[0], states[1]


def test_engine_information_hides_the_other_bill() -> None:
    def swap(engine: Any) -> None:
        engine.serials[1] = "".join(str((int(digit) + 1) % 10) for digit in engine.serials[1])

    first, second = played_with_other_private_cards(engine_game("liars-poker-bills"), swap)
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.information_state_string(1) != second.information_state_string(1)


def test_engine_information_hides_the_other_pocket() -> None:
    def swap(engine: Any) -> None:
        engine.pockets[1] = random.Random(1).sample(engine.deck, len(engine.pockets[1]))

    first, second = played_with_other_private_cards(engine_game("liar-game"), swap)
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.information_state_string(1) != second.information_state_string(1)
