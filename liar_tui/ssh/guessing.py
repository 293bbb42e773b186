"""Password guessing made slow: a growing wait and a lockout per address, checks off the loop.

Without it one connection tried 13-15 passwords a second and a crowd of guessers queued
ahead of every real login. Now each address (an IPv6 /64, since one machine holds a whole
/64) has one check in flight at a time, waits longer after each wrong password (the delay
doubles up to a minute) and is locked out for a while after repeated failures: even the
right password is refused then, so guessing cannot go on more slowly in the background.
At most :data:`CHECKS_AT_ONCE` scrypt checks run at once, in worker threads, so guessers
from one address hold one place in that queue and a friend from elsewhere gets the other.
"""

from __future__ import annotations

import asyncio
import enum
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from liar_tui.net.addresses import address_key
from liar_tui.ssh.limits import (
    DEFAULT_LOCKOUT_AFTER,
    DEFAULT_LOCKOUT_SECONDS,
    DEFAULT_PASSWORD_DELAY,
    LONGEST_PASSWORD_DELAY,
)

log = logging.getLogger("liar_tui.ssh")

CHECKS_AT_ONCE = 2
"""scrypt is costly on purpose; a crowd guessing passwords must not starve the games."""
MOST_ADDRESSES = 4096
"""Addresses remembered at once; the quietest are forgotten first beyond that."""


class Verdict(enum.Enum):
    ACCEPTED = "accepted"
    WRONG = "wrong"
    LOCKED_OUT = "locked out"


@dataclass(frozen=True)
class GuessingPolicy:
    """How hard guessing is made; see ``liar-tui ssh-serve --help``."""

    delay: float = DEFAULT_PASSWORD_DELAY
    lockout_after: int = DEFAULT_LOCKOUT_AFTER
    lockout_seconds: float = DEFAULT_LOCKOUT_SECONDS


@dataclass
class _Address:
    turn: asyncio.Lock = field(default_factory=asyncio.Lock)
    failures: int = 0
    last_failure: float = 0.0
    next_try: float = 0.0
    locked_until: float = 0.0


class PasswordGate:
    """Every password try passes here: it waits its turn, then is checked or refused."""

    def __init__(
        self,
        policy: GuessingPolicy,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._policy = policy
        self._clock = clock or (lambda: asyncio.get_running_loop().time())
        self._sleep = sleep
        self._addresses: OrderedDict[str, _Address] = OrderedDict()
        self._checks = asyncio.Semaphore(CHECKS_AT_ONCE)

    async def attempt(self, address: str, check: Callable[[], bool]) -> Verdict:
        """One try from ``address``: after the wait its earlier failures earned, ``check``
        runs in a worker thread (it must touch nothing the event loop changes)."""
        key = address_key(address)
        state = self._remember(key)
        async with state.turn:
            now = self._clock()
            if now < state.locked_until:
                return Verdict.LOCKED_OUT
            if now - state.last_failure > self._policy.lockout_seconds:
                state.failures = 0  # an old failure or two is forgiven
            if state.next_try > now:
                await self._sleep(state.next_try - now)
            async with self._checks:
                accepted = await asyncio.to_thread(check)
            if accepted:
                state.failures, state.next_try = 0, 0.0
                return Verdict.ACCEPTED
            self._failed(key, state)
            return Verdict.WRONG

    def _failed(self, key: str, state: _Address) -> None:
        now = self._clock()
        state.failures += 1
        state.last_failure = now
        if state.failures >= self._policy.lockout_after:
            state.failures, state.next_try = 0, 0.0
            state.locked_until = now + self._policy.lockout_seconds
            log.warning(
                "%s locked out for %g seconds after %d wrong passwords",
                key,
                self._policy.lockout_seconds,
                self._policy.lockout_after,
            )
            return
        delay = min(self._policy.delay * 2 ** (state.failures - 1), LONGEST_PASSWORD_DELAY)
        state.next_try = now + delay

    def _remember(self, key: str) -> _Address:
        state = self._addresses.get(key)
        if state is None:
            state = self._addresses[key] = _Address()
            self._forget_beyond(MOST_ADDRESSES)
        self._addresses.move_to_end(key)
        return state

    def _forget_beyond(self, most: int) -> None:
        """Drop the least recently seen addresses that nobody is waiting on."""
        for key in list(self._addresses):
            if len(self._addresses) <= most:
                return
            if not self._addresses[key].turn.locked():
                del self._addresses[key]
