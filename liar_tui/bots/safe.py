"""A bot that always answers: a failure of the bot it wraps never leaves its table waiting.

A bot's bug, or an engine corner it was never taught (issue 12: rules under which it found
no legal opening and raised ``AssertionError``), would otherwise stop a whole table, with
every person at it waiting on a seat that can never move. Wrapped, the failure is logged and
a stand-in answers for that one decision: the game's easy bot, and should that fail too, the
plugin's strategy-free legal action.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from liar_tui.bots.base import Bot

log = logging.getLogger(__name__)

BotMaker = Callable[[], Bot]
LastResort = Callable[[Any], Any]


class SafeBot:
    """Asks ``bot``; if it raises, the stand-in bot (made the first time it is needed, then
    kept, so it remembers what it saw); if that raises too, ``last_resort``.

    The wrapped bot is asked again at every decision: a failure is usually one situation,
    not the whole game. Each distinct failure is logged once, with its traceback, so a bot
    failing every turn does not flood the log.
    """

    def __init__(self, bot: Bot, stand_in: BotMaker | None, last_resort: LastResort) -> None:
        self.bot = bot
        self._make_stand_in = stand_in
        self._stand_in: Bot | None = None
        self._last_resort = last_resort
        self._reported: set[tuple[str, str, str]] = set()

    def act(self, view: Any) -> Any:
        try:
            return self.bot.act(view)
        except Exception as error:  # any bug of a bot, ours or a plugin's
            self._report(self.bot, error)
        if self._make_stand_in is not None:
            if self._stand_in is None:
                self._stand_in = self._make_stand_in()
            try:
                return self._stand_in.act(view)
            except Exception as error:
                self._report(self._stand_in, error)
        return self._last_resort(view)

    def _report(self, failed: Bot, error: Exception) -> None:
        failure = (type(failed).__qualname__, type(error).__qualname__, str(error))
        if failure in self._reported:
            return
        self._reported.add(failure)
        log.error(
            "the bot %s failed (%s: %s); another answers for it",
            failure[0],
            failure[1],
            error,
            exc_info=error,
        )
