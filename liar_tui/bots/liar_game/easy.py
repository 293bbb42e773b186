"""The easy Liar Game bot: a beginner who always goes for the round in front of it.

It plays as people do in their first games: it shows the hand that looks biggest right now,
so it never throws trash to save a double for later, it counts a joker at its full worth and
forgets the 20 points it costs on a win, and now and then it simply slips and shows some
other hand. That makes it beatable by patience, which is the lesson of the game.
"""

from __future__ import annotations

import random

from liar_tui.rules.liar_game.game import LiarGameView, ShowHand, hand_value, legal_hands

SLIP_CHANCE = 0.15
"""How often the beginner shows a hand at random instead of its biggest one."""


class EasyLiarGameBot:
    """Shows its highest-valued hand (joker penalty ignored), slipping now and then."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: LiarGameView) -> ShowHand:
        hands = legal_hands(view.pocket, view.rules)
        if self.rng.random() < SLIP_CHANCE:
            return ShowHand(view.seat, self.rng.choice(hands))
        return ShowHand(view.seat, max(hands, key=lambda hand: hand_value(hand, view.rules)))
