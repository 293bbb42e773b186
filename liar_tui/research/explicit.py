"""What a game must offer to be played by a research toolkit: a tree with chance, seats and
integer actions, each seat seeing only its information.

OpenSpiel (and toolkits like it) want every action as a whole number from a fixed range, every
chance event as an explicit outcome with its probability, and each seat's information as a
string; the table's engines speak in action objects and views. A :class:`ExplicitGame` is the
translation, pure Python, so that the rules stay free of any toolkit and the toolkit glue
(:mod:`liar_tui.research.openspiel`) knows no game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

CHANCE = -1
""":meth:`ExplicitState.current_player` at a chance node (OpenSpiel's own number for it)."""
TERMINAL = -4
""":meth:`ExplicitState.current_player` once the game is over (OpenSpiel's own number)."""


@dataclass(frozen=True)
class GameFacts:
    """The fixed facts of one game and configuration, as a toolkit must know them in advance."""

    short_name: str
    long_name: str
    players: int
    distinct_actions: int
    """Every action id is below this."""
    chance_outcomes: int
    """Every chance outcome id is below this."""
    max_length: int
    """The most actions (chance included) a game can take."""
    min_utility: float
    max_utility: float
    utility_sum: float
    zero_sum: bool
    """The returns sum to 0 (money); otherwise they sum to :attr:`utility_sum` (a win share)."""


class ExplicitState(Protocol):
    """One point of a game: whose turn, what they may do, and what each seat knows."""

    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
        ...

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        """Each outcome of this chance node with its probability (summing to 1)."""
        ...

    def legal_ids(self) -> Sequence[int]:
        """The ids of the acting seat's legal actions, ascending."""
        ...

    def apply_id(self, action_id: int) -> None: ...

    def action_text(self, seat: int, action_id: int) -> str: ...

    def information_text(self, seat: int) -> str:
        """Everything ``seat`` has seen so far, in order: equal exactly when the seat cannot
        tell two states apart."""
        ...

    def observation_text(self, seat: int) -> str:
        """What ``seat`` sees now."""
        ...

    def returns(self) -> tuple[float, ...]: ...

    def copy(self) -> ExplicitState: ...


class ExplicitGame(Protocol):
    """A game and configuration a toolkit can load."""

    @property
    def facts(self) -> GameFacts: ...

    def new_state(self) -> ExplicitState: ...
