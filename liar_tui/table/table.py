"""The table and its message bus.

Seats never touch the game state: they ``send`` actions on the bus, the table checks
each against the rules, applies it, records it, and hands every seat a
:class:`SeatUpdate` holding the public events and that seat's own view. The same
actions, events and views are what a network connection will carry.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from liar_tui.rules.base import GameState
from liar_tui.table.setup import TableSetup


@dataclass(frozen=True)
class SeatUpdate:
    """What one seat learns after an action: public events and its own view."""

    seat: int
    events: tuple[Any, ...]
    view: Any
    to_act: tuple[int, ...]
    actor: int | None = None
    """The seat whose action caused this update; None for the view given on subscribing."""


@dataclass(frozen=True)
class Refused:
    """An action the table did not apply, and why, told only to the seat that sent it."""

    seat: int
    action: Any
    reason: str


@dataclass(frozen=True)
class TurnTimer:
    """A table host's turn timer as last heard, for a countdown beside the seats to act.

    A table in this process has none: only a host's tables hand the turn to a bot when a
    person's time runs out.
    """

    ends_at: float | None
    """When (``time.monotonic()``) a bot acts for the seats to act; None when no timer runs."""
    away: tuple[int, ...] = ()
    """Seats whose person ran out of time: a bot plays them until the person is back."""


@dataclass(frozen=True)
class SeatsLost:
    """The seats played here are no longer ours (another connection took them, or the
    table's owner removed us, or the table is gone): the screen playing them leaves."""

    reason: str


Listener = Callable[[SeatUpdate | Refused], None]
NewsListener = Callable[[TurnTimer | SeatsLost], None]
Recorder = Callable[[TableSetup, tuple[Any, ...], GameState], None]


class Table:
    """Owns one game's state and its action log; the only place rules are applied."""

    def __init__(
        self,
        setup: TableSetup,
        game: GameState,
        actions: tuple[Any, ...] = (),
        recorder: Recorder | None = None,
    ) -> None:
        self.setup = setup
        self._game = game
        self._actions: list[Any] = list(actions)
        self._listeners: dict[int, list[Listener]] = {}
        self._recorder = recorder
        self._closed = False

    @property
    def actions(self) -> tuple[Any, ...]:
        return tuple(self._actions)

    @property
    def over(self) -> bool:
        return self._game.over

    def to_act(self) -> tuple[int, ...]:
        return self._game.to_act()

    def view(self, seat: int) -> Any:
        return self._game.view(seat)

    def snapshot(self) -> dict[str, object]:
        return self._game.snapshot()

    def returns(self) -> tuple[float, ...]:
        return self._game.returns()

    def completed_games(self) -> int:
        return self._game.completed_games()

    def subscribe(self, seat: int, listener: Listener) -> None:
        """Hear every update of ``seat``; the listener gets the current view at once."""
        self._listeners.setdefault(seat, []).append(listener)
        listener(SeatUpdate(seat, (), self._game.view(seat), self._game.to_act()))

    def unsubscribe(self, seat: int, listener: Listener) -> None:
        if listener in self._listeners.get(seat, []):
            self._listeners[seat].remove(listener)

    def close(self) -> None:
        """Stop the table for good once nobody plays at it any more.

        A bot's timer may still fire after the player has left: its action must neither
        change the game nor be saved over the table the player sat down at next.
        """
        self._closed = True
        self._listeners.clear()

    def handle(self, action: Any) -> None:
        """Apply one action from the bus, or refuse it to its sender with the reason."""
        if self._closed:
            return
        seat = getattr(action, "seat", -1)
        if reason := self._game.refusal(action):
            for listener in list(self._listeners.get(seat, [])):
                listener(Refused(seat, action, reason))
            return
        events = tuple(self._game.apply(action))
        self._actions.append(action)
        if self._recorder is not None:
            self._recorder(self.setup, self.actions, self._game)
        to_act = self._game.to_act()
        for listener_seat, listeners in list(self._listeners.items()):
            view = self._game.view(listener_seat)
            update = SeatUpdate(listener_seat, events, view, to_act, actor=seat)
            for listener in list(listeners):
                listener(update)


class Bus:
    """Carries actions to the table one at a time, in the order they were sent.

    A seat may send while the table is still telling others about the last action (a bot
    answering at once); the bus queues it instead of re-entering the table.
    """

    def __init__(self, table: Table) -> None:
        self._table = table
        self._queue: deque[Any] = deque()
        self._busy = False

    def send(self, action: Any) -> None:
        self._queue.append(action)
        if self._busy:
            return
        self._busy = True
        try:
            while self._queue:
                self._table.handle(self._queue.popleft())
        finally:
            self._busy = False


@runtime_checkable
class SeatChannel(Protocol):
    """What the seats played at one terminal may do at a table: hear their own seats, send.

    Screens are handed this, never the table, so no screen can read another seat's view
    or the deck. A :class:`LocalChannel` offers it over a table in this process, and
    :class:`~liar_tui.net.client.RemoteChannel` over a connection to a table host.
    """

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats played here."""
        ...

    @property
    def setup(self) -> TableSetup:
        """The table's names and rules."""
        ...

    def subscribe(self, seat: int, listener: Listener) -> None:
        """Hear every update of ``seat``, one of ``seats``, starting with its current view."""
        ...

    def send(self, action: Any) -> None:
        """Send an action of one of ``seats`` to the table."""
        ...

    def follow(self, listener: NewsListener) -> None:
        """Hear what the table says beyond the seats' updates: its turn timer (the latest at
        once, if any), and the loss of the seats."""
        ...

    def back(self) -> None:
        """The person here is back at the keyboard after their time ran out: the bot that
        played for them stops."""
        ...

    def close(self) -> None:
        """Nobody plays here any more: the screen that played the seats is gone."""
        ...


class LocalChannel:
    """The :class:`SeatChannel` of a table in this process: the seats of one terminal."""

    def __init__(self, table: Table, bus: Bus, seats: tuple[int, ...]) -> None:
        self._table = table
        self._bus = bus
        self.seats = seats
        self.setup = table.setup

    def subscribe(self, seat: int, listener: Listener) -> None:
        if seat not in self.seats:
            raise ValueError(f"seat {seat} is not played here")
        self._table.subscribe(seat, listener)

    def send(self, action: Any) -> None:
        if getattr(action, "seat", None) not in self.seats:
            raise ValueError(f"seat {getattr(action, 'seat', None)} is not played here")
        self._bus.send(action)

    def follow(self, listener: NewsListener) -> None:
        """Nothing to hear: a table in this process has no turn timer and takes no seat away."""

    def back(self) -> None:
        """Nobody is ever away here: without a turn timer no bot takes a person's turn."""

    def close(self) -> None:
        """Stop the table: the screen that played it is gone."""
        self._table.close()
