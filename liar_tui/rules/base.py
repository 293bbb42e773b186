"""What every game engine shares: the refusal error and the shape the table relies on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class IllegalAction(ValueError):
    """An action the rules refuse; the message is one sentence a player can read."""


class GameState(Protocol):
    """The OpenSpiel-like surface the table drives, whatever the game.

    ``view(seat)`` is the only way a seat learns anything; the state itself never leaves
    the table.
    """

    seats: int
    seed: int

    @property
    def over(self) -> bool:
        """Whether the game has ended; read-only here, as a game may work it out."""
        ...

    def to_act(self) -> tuple[int, ...]: ...

    def legal_actions(self, seat: int) -> Sequence[Any]: ...

    def refusal(self, action: object) -> str | None: ...

    def apply(self, action: Any) -> list[Any]: ...

    def view(self, seat: int) -> Any: ...

    def snapshot(self) -> dict[str, object]: ...

    def returns(self) -> tuple[float, ...]:
        """Each seat's result so far, as the game's plugin scores it (see
        :class:`~liar_tui.games.plugin.Scoring`): a share of the win, or money."""
        ...

    def completed_games(self) -> int:
        """Games scored so far: 1 once a game that ends is over, or every deal settled in a
        session that runs on (dollar bills). The arena plays until the first."""
        ...
