"""Any game plugin as an :class:`~liar_tui.research.explicit.ExplicitGame`, its engine underneath.

The engines draw every card from a ``random.Random`` they keep (deals, reshuffles, the next
round's deal), so a deal cannot be taken apart into chance outcomes without changing the pure
rules. Chance is therefore one explicit node at the start that picks the table's seed among
``seeds`` equally likely ones: an exact game whose deals are a uniform sample of the real ones.
An action's id is its place in that state's list of choices (the engine's legal actions, then
the plugin's fallback action when the list lacks it, then any of the plugin's
``research_choices`` the engine accepts: a game may list fewer actions than it takes), which
is a function of the seat's information, so tabular algorithms (CFR, best response) are
sound on it; a learner that reads the id as a feature is not.
"""

from __future__ import annotations

import copy
import zlib
from collections.abc import Sequence
from typing import Any

from liar_tui.games.plugin import GamePlugin, Scoring
from liar_tui.research.explicit import CHANCE, TERMINAL, ExplicitState, GameFacts
from liar_tui.rules.base import GameState
from liar_tui.table.seats import SeatConfig
from liar_tui.table.setup import TableSetup


class EngineGame:
    """``plugin``'s game at ``seats`` seats, over its first ``seeds`` seeds, to the end of one
    game (a dollar-bills session: its first deal)."""

    def __init__(
        self,
        plugin: GamePlugin,
        seats: int,
        seeds: int,
        rules: Any = None,
        distinct_actions: int = 1024,
        max_length: int = 2000,
    ) -> None:
        self.plugin = plugin
        self.rules = plugin.default_rules() if rules is None else rules
        self.seats = seats
        self.seeds = seeds
        money = plugin.scoring is Scoring.MONEY
        default = self.rules == plugin.default_rules()
        variant = "" if default else f"_rules_{zlib.crc32(repr(self.rules).encode()):08x}"
        stake = float(getattr(self.rules, "stake", 1)) * (seats - 1)
        self.facts = GameFacts(
            short_name=f"liar_tui_{plugin.id.replace('-', '_')}_{seats}p_{seeds}_seeds{variant}",
            long_name=f"liar-tui {plugin.title}",
            players=seats,
            distinct_actions=distinct_actions,
            chance_outcomes=seeds,
            max_length=max_length,
            min_utility=-stake if money else 0.0,
            max_utility=stake if money else 1.0,
            utility_sum=plugin.scoring.total,
            zero_sum=money,
        )

    def new_state(self) -> EngineState:
        return EngineState(self)

    def start(self, seed: int) -> GameState:
        names = tuple(SeatConfig(f"Seat {seat + 1}") for seat in range(self.seats))
        return self.plugin.new_state(TableSetup(self.plugin.id, self.rules, names, seed))


class EngineState:
    """A game in progress: the seed not yet drawn (``engine`` None), then the engine's state."""

    def __init__(self, game: EngineGame) -> None:
        self.game = game
        self.engine: GameState | None = None
        self.seen: list[list[str]] = [[] for _ in range(game.seats)]
        """Each seat's views so far, in order, a new one kept whenever it changes."""
        self.choices_now: list[Any] | None = None
        """The acting seat's choices, worked out once per state (a menu is checked whole)."""

    def current_player(self) -> int:
        if self.engine is None:
            return CHANCE
        if self.engine.over or self.engine.completed_games() >= 1:
            return TERMINAL
        return min(self.engine.to_act())

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        return [(seed, 1 / self.game.seeds) for seed in range(self.game.seeds)]

    def choices(self) -> list[Any]:
        """The acting seat's choices, in the order their ids count."""
        assert self.engine is not None
        if self.choices_now is not None:
            return self.choices_now
        seat = self.current_player()
        listed = list(self.engine.legal_actions(seat))
        fallback = self.game.plugin.fallback_action(self.engine.view(seat))
        choices = listed if fallback in listed else [*listed, fallback]
        offered = self.game.plugin.research_choices(self.engine.view(seat))
        choices += [
            action
            for action in offered
            if action not in choices and self.engine.refusal(action) is None
        ]
        if len(choices) > self.game.facts.distinct_actions:
            raise ValueError(
                f"A seat has {len(choices)} choices here, more than the game's "
                f"{self.game.facts.distinct_actions}: load it with a larger distinct_actions."
            )
        self.choices_now = choices
        return choices

    def legal_ids(self) -> Sequence[int]:
        return range(len(self.choices()))

    def apply_id(self, action_id: int) -> None:
        if self.engine is None:
            self.engine = self.game.start(action_id)
        else:
            self.engine.apply(self.choices()[action_id])
        self.choices_now = None
        for seat, seen in enumerate(self.seen):
            now = repr(self.engine.view(seat))
            if not seen or seen[-1] != now:
                seen.append(now)

    def action_text(self, seat: int, action_id: int) -> str:
        if seat == CHANCE:
            return f"Seed {action_id}"
        return repr(self.choices()[action_id])

    def information_text(self, seat: int) -> str:
        return "\n".join(self.seen[seat])

    def observation_text(self, seat: int) -> str:
        return self.seen[seat][-1] if self.seen[seat] else ""

    def returns(self) -> tuple[float, ...]:
        if self.engine is None or self.current_player() != TERMINAL:
            return (0.0,) * self.game.seats
        return self.engine.returns()

    def copy(self) -> ExplicitState:
        twin = EngineState(self.game)
        twin.seen = [list(seen) for seen in self.seen]
        twin.engine = copy.deepcopy(self.engine)
        twin.choices_now = self.choices_now
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> ExplicitState:
        """OpenSpiel clones a Python state with :func:`copy.deepcopy`, which would copy the
        game, its plugin and its rules too."""
        return self.copy()
