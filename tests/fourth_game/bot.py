"""The High Card bot: it knows its own card and the odds, and bluffs now and then.

Like every bot of liar-tui it is handed only its seat's view, never the game, and draws all
its randomness from the generator it was given, so a table replays exactly.
"""

from __future__ import annotations

import random

from tests.fourth_game.rules import (
    RANKS,
    Action,
    Call,
    HighCardView,
    Higher,
    actions_in,
    chance_at_least,
)


class HighCardBot:
    """Claims what its card makes true, calls a claim its card makes unlikely.

    ``wild`` is how often it plays any legal action instead (the easy bot's mistakes), and
    ``bluff`` how often it claims above its own card when it opens.
    """

    def __init__(self, rng: random.Random, wild: float = 0.0, bluff: float = 0.15) -> None:
        self.rng = rng
        self.wild = wild
        self.bluff = bluff

    def act(self, view: HighCardView) -> Action:
        options = actions_in(view)
        if not options:
            raise ValueError("the bot was asked to act out of turn")
        if self.rng.random() < self.wild:
            return self.rng.choice(options)
        own = int(view.card.rank)
        standing = view.standing
        if standing is None:
            if self.rng.random() < self.bluff:
                return Higher(view.seat, min(RANKS[-1], own + self.rng.randint(1, 3)))
            return Higher(view.seat, own)
        if own > standing.rank:
            return Higher(view.seat, own)  # true whatever the others hold
        holds = chance_at_least(standing.rank, view.card, view.seats)
        if standing.rank == RANKS[-1]:
            return Call(view.seat)
        raised = chance_at_least(standing.rank + 1, view.card, view.seats)
        if own == standing.rank or raised > 1.0 - holds:
            return Higher(view.seat, standing.rank + 1)
        return Call(view.seat)
