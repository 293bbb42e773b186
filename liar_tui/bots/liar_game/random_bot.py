"""The easy Liar Game bot: any legal hand, each equally likely."""

from __future__ import annotations

import random

from liar_tui.rules.liar_game.game import LiarGameView, ShowHand, legal_hands


class RandomLiarGameBot:
    """Shows a uniformly random legal hand: the baseline every smarter bot must beat."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: LiarGameView) -> ShowHand:
        return ShowHand(view.seat, self.rng.choice(legal_hands(view.pocket, view.rules)))
