"""Getting the rules and bots ready before the first player waits on them.

Liar's Poker builds its hand-ranking tables and floors on first use, and the codec imports
every game's messages on its first frame: together a third of a second or more, which on
the host's one event loop would stall every table at once the first time anyone declares.
The host pays it once, before it listens.
"""

from __future__ import annotations

import functools
import random

from liar_tui.games import registered
from liar_tui.table import codec
from liar_tui.table.seats import BotLevel, default_seats
from liar_tui.table.setup import TableSetup


@functools.cache
def warm_up() -> None:
    """Play a few moves of every game under its default rules, encoding each view."""
    for game in registered().values():
        seats = default_seats(bots=game.min_seats - 1)
        state = game.new_state(TableSetup(game.id, game.default_rules(), seats, seed=0))
        bots = [game.bot(BotLevel.NORMAL, random.Random(seat)) for seat in range(len(seats))]
        for _ in range(4):
            if state.over or not state.to_act():
                break
            seat = state.to_act()[0]
            view = state.view(seat)
            codec.decode(codec.encode(view), type(view))
            action = bots[seat].act(view)
            if state.refusal(action):
                break
            state.apply(action)
