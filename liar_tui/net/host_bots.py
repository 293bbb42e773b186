"""Where the host's bots think: a few threads, each decision within a time budget.

A bot's decision can take a noticeable moment (the first hand under a new rule set fills
the poker floor's tables), and on the host's event loop that moment would pause every
table. In a thread it only delays its own table: the loop keeps answering, since CPython
switches threads every few milliseconds. A decision past its budget is not waited for:
the seat's fallback bot (the game's easy bot) answers instead, so no table hangs on a bot.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from liar_tui.bots.base import Bot
from liar_tui.table.bot_seat import Thinker

logger = logging.getLogger(__name__)

BOT_THREADS = 2
"""Threads deciding at once: more would only share the same interpreter lock."""
BOT_TIME_BUDGET = 5.0
"""Seconds a bot may think before its fallback answers for it."""
QUEUE_BUDGETS = 4
"""A decision waits at most this many budgets for a thread to think in."""


class BotThinking:
    """The host's pool of bot threads; :meth:`thinker` gives each bot seat its way in."""

    def __init__(self, threads: int = BOT_THREADS, budget: float = BOT_TIME_BUDGET) -> None:
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="liar-tui-bot")
        self._budget = budget
        self._waits: set[asyncio.Task[None]] = set()
        self._running: set[int] = set()
        """The bots (by id) deciding in a thread now."""
        self._closed = False

    def thinker(self, fallback: Bot) -> Thinker:
        """Decide in the pool; past the budget, or if the bot fails, ``fallback`` decides."""
        loop = asyncio.get_running_loop()

        def think(bot: Bot, view: Any, deliver: Callable[[Any], None]) -> None:
            if self._closed:  # a bot's timer that fired as the host closed
                return
            if id(bot) in self._running:
                # Its last decision ran past the budget and still runs: one bot object
                # never decides in two threads at once, so the fallback answers again.
                action = _fallback_action(fallback, view)
                if action is not None:
                    loop.call_soon(deliver, action)
                return
            started = asyncio.Event()
            self._running.add(id(bot))

            def decide() -> Any:
                loop.call_soon_threadsafe(started.set)
                try:
                    return bot.act(view)
                finally:
                    loop.call_soon_threadsafe(self._running.discard, id(bot))

            decision = loop.run_in_executor(self._pool, decide)
            wait = loop.create_task(self._answer(started, decision, fallback, view, deliver))
            self._waits.add(wait)
            wait.add_done_callback(self._waits.discard)

        return think

    async def _answer(
        self,
        started: asyncio.Event,
        decision: asyncio.Future[Any],
        fallback: Bot,
        view: Any,
        deliver: Callable[[Any], None],
    ) -> None:
        try:
            # The budget runs from when the bot starts thinking, not while it waits for a
            # thread; a wait for a thread is bounded too, in case every thread is stuck.
            await asyncio.wait_for(started.wait(), self._budget * QUEUE_BUDGETS)
            action = await asyncio.wait_for(asyncio.shield(decision), self._budget)
        except TimeoutError:
            logger.warning("a bot took longer than %g s; its fallback answers", self._budget)
            action = _fallback_action(fallback, view)
        except Exception:
            logger.exception("a bot failed to decide; its fallback answers")
            action = _fallback_action(fallback, view)
        if action is not None:
            deliver(action)

    def close(self) -> None:
        """Stop: decisions under way are dropped, and nothing waits for their threads."""
        self._closed = True
        for wait in self._waits:
            wait.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)


def _fallback_action(fallback: Bot, view: Any) -> Any:
    try:
        return fallback.act(view)
    except Exception:
        logger.exception("a fallback bot failed to decide too")
        return None
