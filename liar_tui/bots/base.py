"""What a bot is, and how the table picks one for a seat."""

from __future__ import annotations

import random
from typing import Any, Protocol

from liar_tui.table.seats import BotLevel


class Bot(Protocol):
    """Chooses an action from what its seat may see; it is never given the full state."""

    def act(self, view: Any) -> Any: ...


def make_bot(game: str, level: BotLevel, rng: random.Random) -> Bot:
    """The bot ``game``'s plugin seats at ``level``, drawing its own randomness from ``rng``."""
    from liar_tui.games import plugin

    return plugin(game).bot(level, rng)
