"""A bot in a chair: listens to its seat's updates and answers on the bus when it must act."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from liar_tui.bots.base import Bot
from liar_tui.table.table import Bus, Refused, SeatUpdate

Scheduler = Callable[[Callable[[], None]], None]
RefusalHandler = Callable[[Refused], None]
Thinker = Callable[[Bot, Any, Callable[[Any], None]], None]
"""Has the bot decide on the view somewhere else, such as a thread, and hands its action to
the callable back where the table runs. A host uses one so that no table waits while
another table's bot thinks."""


def act_now(callback: Callable[[], None]) -> None:
    """The headless scheduler: a bot answers at once (the bus queues its action)."""
    callback()


def fail_loudly(refused: Refused) -> None:
    """Headless, a refused bot is a bug to stop at: tests and the arena must see it."""
    raise RuntimeError(f"bot at seat {refused.seat} sent an illegal action: {refused.reason}")


class BotSeat:
    """Adapts a :class:`Bot` to the table: it sees only the updates of its own seat.

    Between deciding and hearing its action applied, the seat still shows as "to act" in
    the updates caused by others; ``_busy`` keeps the bot from answering twice.
    """

    def __init__(
        self,
        seat: int,
        bot: Bot,
        bus: Bus,
        schedule: Scheduler = act_now,
        on_refused: RefusalHandler = fail_loudly,
        think: Thinker | None = None,
    ) -> None:
        self.seat = seat
        self.bot = bot
        self.bus = bus
        self.schedule = schedule
        self.on_refused = on_refused
        self.think = think
        self._latest: SeatUpdate | None = None
        self._busy = False
        self._stopped = False

    def stop(self) -> None:
        """The seat is no longer this bot's (a stand-in whose person is back): a move it has
        scheduled, or is still deciding, is dropped."""
        self._stopped = True

    def __call__(self, update: SeatUpdate | Refused) -> None:
        if isinstance(update, Refused):
            self._busy = False
            self.on_refused(update)
            return
        self._latest = update
        if update.actor == self.seat:
            self._busy = False
        if self.seat in update.to_act and not self._busy:
            self._busy = True
            self.schedule(self._act)

    def _act(self) -> None:
        update = self._latest
        if self._stopped or update is None or self.seat not in update.to_act:
            self._busy = False
            return
        if self.think is None:
            self.bus.send(self.bot.act(update.view))
            return
        self.think(self.bot, update.view, lambda action: self._deliver(update, action))

    def _deliver(self, decided_on: SeatUpdate, action: Any) -> None:
        """An action decided elsewhere: sent if the table is still where the bot saw it;
        if others acted meanwhile, the bot looks again at the table as it is now."""
        if self._stopped:
            return
        if self._latest is decided_on:
            self.bus.send(action)
        elif self._latest is not None and self.seat in self._latest.to_act:
            self._act()
        else:
            self._busy = False
