"""What a bot is, and how the table picks one for a seat."""

from __future__ import annotations

import random
from typing import Any, Protocol

from liar_tui.table.seats import BotLevel


class Bot(Protocol):
    """Chooses an action from what its seat may see; it is never given the full state."""

    def act(self, view: Any) -> Any: ...


def make_bot(game: str, level: BotLevel, rng: random.Random) -> Bot:
    """The bot for ``game`` at ``level``, drawing its own randomness from ``rng``."""
    if game == "liar-game":
        if level is BotLevel.EASY:
            from liar_tui.bots.liar_game_easy import EasyLiarGameBot

            return EasyLiarGameBot(rng)
        if level is BotLevel.HARD:
            from liar_tui.bots.liar_game_hard import HardLiarGameBot

            return HardLiarGameBot(rng)
        from liar_tui.bots.liar_game_bot import LiarGameBot

        return LiarGameBot(rng)
    if game == "liars-poker-cards":
        if level is BotLevel.EASY:
            from liar_tui.bots.liars_poker_easy import EasyLiarsPokerBot

            return EasyLiarsPokerBot(rng)
        if level is BotLevel.HARD:
            from liar_tui.bots.liars_poker_hard import HardLiarsPokerBot

            return HardLiarsPokerBot(rng)
        from liar_tui.bots.liars_poker_bot import LiarsPokerBot

        return LiarsPokerBot(rng)
    if game == "liars-poker-bills":
        if level is BotLevel.EASY:
            from liar_tui.bots.dollar_bills_easy import EasyDollarBillsBot

            return EasyDollarBillsBot(rng)
        if level is BotLevel.HARD:
            from liar_tui.bots.dollar_bills_hard import HardDollarBillsBot

            return HardDollarBillsBot(rng)
        from liar_tui.bots.dollar_bills_bot import DollarBillsBot

        return DollarBillsBot(rng)
    raise ValueError(f"no bot plays {game!r} yet")
