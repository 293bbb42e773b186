"""liar-tui's games as OpenSpiel Python games, so OpenSpiel's algorithms run on them.

Needs the ``research`` extra (``pip install -e '.[research]'``). :func:`register` turns any
:class:`~liar_tui.research.explicit.ExplicitGame` into a registered ``pyspiel`` game, after
OpenSpiel's own ``python/games`` (``kuhn_poker.py``): sequential, imperfect information,
explicit chance, terminal rewards, information state and observation as strings (no tensors:
a view is a tree of cards and bids, and a tensor layout would be one more thing per game to
keep in step with the rules). :func:`load` registers a game once and loads it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from liar_tui.research.explicit import ExplicitGame, ExplicitState, GameFacts

_registered: dict[str, type[SpielGame]] = {}


def game_type(facts: GameFacts) -> Any:
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=facts.short_name,
        long_name=facts.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if facts.zero_sum else utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=facts.players,
        min_num_players=facts.players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={},
    )


def game_info(facts: GameFacts) -> Any:
    return pyspiel.GameInfo(
        num_distinct_actions=facts.distinct_actions,
        max_chance_outcomes=facts.chance_outcomes,
        num_players=facts.players,
        min_utility=facts.min_utility,
        max_utility=facts.max_utility,
        utility_sum=facts.utility_sum,
        max_game_length=facts.max_length,
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """An :class:`ExplicitGame` as OpenSpiel sees it."""

    def __init__(self, game: ExplicitGame, params: dict[str, Any] | None = None) -> None:
        super().__init__(game_type(game.facts), game_info(game.facts), params or {})
        self.game = game

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.game.new_state())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TextObserver:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return TextObserver(perfect_recall)


class SpielState(pyspiel.State):  # type: ignore[misc]
    """One state of the game, delegating every rule to the wrapped :class:`ExplicitState`."""

    def __init__(self, game: SpielGame, state: ExplicitState) -> None:
        super().__init__(game)
        self.state = state

    def current_player(self) -> int:
        return self.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.state.legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.state.apply_id(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.state.action_text(player, int(action))

    def is_terminal(self) -> bool:
        return self.state.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        return list(self.state.returns())

    def __str__(self) -> str:
        players = range(self.get_game().num_players())
        return "\n".join(self.state.observation_text(seat) for seat in players)

    def __deepcopy__(self, memo: dict[int, Any]) -> SpielState:
        twin = SpielState(self.get_game(), self.state.copy())
        return twin


class TextObserver:
    """Each seat's information (``perfect_recall``) or observation, as a string only."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: SpielState, player: int) -> None:
        return

    def string_from(self, state: SpielState, player: int) -> str:
        if self.perfect_recall:
            return state.state.information_text(player)
        return state.state.observation_text(player)


def register(make: Callable[[], ExplicitGame]) -> Any:
    """Register the game ``make`` builds (once per short name: the name carries the
    configuration) and load it; ``make`` builds the game again whenever OpenSpiel asks.

    OpenSpiel is given a class, as its own Python games register themselves: a plain function
    in its registry is freed after Python's lock at exit, which kills the interpreter.
    """
    facts = make().facts
    name = facts.short_name
    if name not in _registered:

        def build(self: SpielGame, params: dict[str, Any] | None = None) -> None:
            SpielGame.__init__(self, make(), params)

        _registered[name] = type(f"SpielGame_{name}", (SpielGame,), {"__init__": build})
        pyspiel.register_game(game_type(facts), _registered[name])
    return pyspiel.load_game(name)
