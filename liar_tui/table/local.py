"""A table played on this machine: the table, its bus, and bots in every bot chair."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from liar_tui.games import make_bot, new_state
from liar_tui.table.bot_seat import BotSeat, RefusalHandler, Scheduler, act_now, fail_loudly
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Bus, Recorder, Table


def bot_rng(setup: TableSetup, seat: int) -> random.Random:
    """Each bot's own generator, derived from the table seed so a whole game is repeatable."""
    return random.Random(f"{setup.seed}:{setup.game}:bot:{seat}")


def open_table(
    setup: TableSetup, actions: Sequence[Any] = (), recorder: Recorder | None = None
) -> Table:
    """A table at the state reached by replaying ``actions`` from the setup's seed."""
    game = new_state(setup)
    for action in actions:
        game.apply(action)
    return Table(setup, game, tuple(actions), recorder)


def seat_bots(
    table: Table,
    bus: Bus,
    schedule: Scheduler = act_now,
    on_refused: RefusalHandler = fail_loudly,
) -> list[BotSeat]:
    """Put a bot in every bot chair; they start acting as soon as they are seated."""
    bots = []
    for seat, config in enumerate(table.setup.seats):
        if config.is_human:
            continue
        bot = make_bot(table.setup.game, config.level, bot_rng(table.setup, seat))
        bots.append(BotSeat(seat, bot, bus, schedule, on_refused))
    for bot_seat in bots:
        table.subscribe(bot_seat.seat, bot_seat)
    return bots
