"""What a bot is: a function of its seat's view, never of the full state."""

from __future__ import annotations

from typing import Any, Protocol


class Bot(Protocol):
    """Chooses an action from what its seat may see; it is never given the full state."""

    def act(self, view: Any) -> Any: ...
