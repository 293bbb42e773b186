"""One table of the host's lobby: its chairs, the people in them, and the game once started.

The game runs on the same :class:`~liar_tui.table.table.Table` and
:class:`~liar_tui.table.table.Bus` as a table played on one machine; a person's chair is
one listener on the table that forwards that seat's updates to whichever connection holds
the seat now (and to a stand-in bot while the person is away). Bots never block the event
loop: their quick ``act`` runs in a loop callback, after the bot delay.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from liar_tui.games import make_bot, registered
from liar_tui.net.host_connection import Connection
from liar_tui.net.protocol import (
    ActionRefused,
    ChairKind,
    ChairState,
    CreateTable,
    Started,
    TablePhase,
    TableSummary,
    Update,
)
from liar_tui.table.bot_seat import BotSeat
from liar_tui.table.local import bot_rng, open_table
from liar_tui.table.seats import MAX_NAME_LENGTH, BotLevel, SeatConfig, SeatKind, seat_problems
from liar_tui.table.setup import MAX_SEED, TableSetup
from liar_tui.table.table import Bus, Refused, SeatUpdate, Table

logger = logging.getLogger(__name__)

OVER_TABLE_KEEP = 300.0
"""Seconds a finished table stays in the lobby (as OVER) so its players can see the end, and
a started table whose people are all gone is kept for them to come back to."""
UNSEATED_TABLE_KEEP = 120.0
"""Seconds a table nobody sits at (since its creation or its last person left) stays open
for someone to take a seat."""


def creation_problem(request: CreateTable) -> str | None:
    """Why the host cannot open this table, in one sentence; None when it can."""
    game = registered().get(request.game)
    if game is None:
        known = ", ".join(registered())
        return f"There is no game called {request.game!r}; choose one of {known}."
    if not isinstance(request.rules, game.rules_type):
        return f"The rules given are not rules of {game.title}."
    found = game.rules_problems(request.rules)
    found += seat_problems(request.seats, game.min_seats, game.max_seats)
    if found:
        return found[0]
    try:
        game.new_state(TableSetup(request.game, request.rules, request.seats, 0))
    except ValueError as error:
        return str(error)
    return None


def distinct_name(name: str, taken: set[str]) -> str:
    """``name``, or ``name 2`` (shortened to fit) when another chair already bears it.

    Scores and turns are shown by name, so two chairs called Ann would be two people nobody
    could tell apart.
    """
    clean = name.strip()
    if clean.casefold() not in taken:
        return clean
    number = 2
    while True:
        suffix = f" {number}"
        candidate = clean[: MAX_NAME_LENGTH - len(suffix)] + suffix
        if candidate.casefold() not in taken:
            return candidate
        number += 1


@dataclass
class Chair:
    """One chair: as created, and who sits in it now."""

    config: SeatConfig
    person: str | None = None
    """The name of the person who took this chair, if one did."""
    token: str | None = None
    connection: Connection | None = None
    """The connection playing this chair now; None while its person is away."""
    away_timer: asyncio.TimerHandle | None = None
    stand_in: BotSeat | None = None

    @property
    def is_open(self) -> bool:
        return self.config.is_human and self.person is None


class HostedTable:
    """A lobby table: chairs to take before the start, a game on the host's loop after it."""

    def __init__(
        self,
        number: int,
        request: CreateTable,
        bot_delay: float,
        away_timeout: float,
        changed: Callable[[], None],
        dropped: Callable[[HostedTable], None],
        forget_token: Callable[[str], None],
    ) -> None:
        self.number = number
        self.game = request.game
        self.rules = request.rules
        self.chairs = [Chair(config) for config in request.seats]
        self.phase = TablePhase.WAITING
        self.table: Table | None = None
        """The game, once started; tests read it to check that refused frames change nothing."""
        self._bus: Bus | None = None
        self._bot_delay = bot_delay
        self._away_timeout = away_timeout
        self._changed = changed
        self._dropped = dropped
        self._forget_token = forget_token
        self._loop = asyncio.get_running_loop()
        self._drop_timer: asyncio.TimerHandle | None = None
        self._unseated_timer = self._loop.call_later(
            UNSEATED_TABLE_KEEP, self._drop_if_nobody_waits
        )
        self._action_types: Any = registered()[request.game].action_type

    # ------------------------------------------------------------------ lobby

    def summary(self) -> TableSummary:
        return TableSummary(
            self.number,
            self.game,
            self.rules,
            tuple(self._chair_state(chair) for chair in self.chairs),
            self.phase,
        )

    def _chair_state(self, chair: Chair) -> ChairState:
        level = chair.config.level.value
        if chair.person is not None:
            return ChairState(
                chair.person,
                ChairKind.PERSON,
                level,
                present=chair.connection is not None,
                stand_in=chair.stand_in is not None,
            )
        if chair.is_open and self.phase is TablePhase.WAITING:
            return ChairState(chair.config.name, ChairKind.OPEN, level)
        return ChairState(chair.config.name, ChairKind.BOT, level)

    def client_setup(self) -> TableSetup:
        """The setup as players may know it: names and kinds, and seed 0 instead of the seed."""
        return TableSetup(self.game, self.rules, self._seat_configs(), 0)

    def _seat_configs(self) -> tuple[SeatConfig, ...]:
        configs = []
        for chair in self.chairs:
            if chair.person is not None:
                configs.append(SeatConfig(chair.person, SeatKind.HUMAN, chair.config.level))
            elif chair.is_open and self.phase is TablePhase.WAITING:
                configs.append(chair.config)
            else:
                configs.append(replace(chair.config, kind=SeatKind.BOT))
        return tuple(configs)

    def take(self, seat: int, name: str, connection: Connection) -> str:
        """Seat a person in an open chair (checked by the caller) and return the new token."""
        chair = self.chairs[seat]
        taken = {
            (other.person or other.config.name).strip().casefold()
            for index, other in enumerate(self.chairs)
            if index != seat
        }
        chair.person = distinct_name(name, taken)
        chair.token = secrets.token_urlsafe(24)
        chair.connection = connection
        self._changed()
        return chair.token

    def leave(self, seat: int) -> None:
        """Give a chair back before the start: it is open again and its token is void."""
        chair = self.chairs[seat]
        self._cancel_away(chair)
        if chair.token is not None:
            self._forget_token(chair.token)
        chair.person = chair.token = chair.connection = None
        self._changed()
        if all(other.person is None for other in self.chairs):
            self._unseated_timer.cancel()
            self._unseated_timer = self._loop.call_later(
                UNSEATED_TABLE_KEEP, self._drop_if_nobody_waits
            )

    def _drop_if_nobody_waits(self) -> None:
        """A table that nobody sits at before it starts only fills the lobby: it goes."""
        if self.phase is TablePhase.WAITING and all(chair.person is None for chair in self.chairs):
            self._dropped(self)

    # ------------------------------------------------------------------ the game

    def start(self) -> None:
        """Open chairs become bots; every person present hears Started, then their view."""
        self.phase = TablePhase.PLAYING
        self._unseated_timer.cancel()
        # A solo table's seed is short, to be typed again; a player could search every such
        # seed from the cards they see. The host never shows its seed, so it takes them all.
        seed = secrets.randbelow(MAX_SEED + 1)
        setup = TableSetup(self.game, self.rules, self._seat_configs(), seed)
        self.table = open_table(setup)
        self._bus = Bus(self.table)
        client_setup = self.client_setup()
        for seat, chair in enumerate(self.chairs):
            if chair.connection is not None:
                chair.connection.send(Started(self.number, seat, client_setup))
        self.table.subscribe(0, self._watch_for_the_end)
        for seat, chair in enumerate(self.chairs):
            if chair.person is not None:
                self.table.subscribe(seat, self._person_listener(seat))
            else:
                bot = make_bot(self.game, chair.config.level, bot_rng(setup, seat))
                bot_seat = BotSeat(seat, bot, self._bus, self._schedule_bot, self._bot_refused)
                self.table.subscribe(seat, bot_seat)
        self._changed()

    def accepts_action_type(self, action: object) -> bool:
        return isinstance(action, self._action_types)

    def act(self, action: Any) -> None:
        """Put a checked action on the bus; updates and refusals reach the seats' listeners."""
        assert self._bus is not None
        self._bus.send(action)

    def current_update(self, seat: int) -> SeatUpdate:
        assert self.table is not None
        return SeatUpdate(seat, (), self.table.view(seat), self.table.to_act())

    def _person_listener(self, seat: int) -> Callable[[SeatUpdate | Refused], None]:
        chair = self.chairs[seat]

        def forward(update: SeatUpdate | Refused) -> None:
            if chair.stand_in is not None:
                chair.stand_in(update)
            if chair.connection is None:
                return
            if isinstance(update, Refused):
                chair.connection.send(ActionRefused(self.number, seat, update.reason))
            else:
                chair.connection.send(Update(self.number, update))

        return forward

    def _watch_for_the_end(self, update: SeatUpdate | Refused) -> None:
        if self.table is not None and self.table.over and self.phase is TablePhase.PLAYING:
            self.phase = TablePhase.OVER
            if self._drop_timer is not None:
                self._drop_timer.cancel()
            self._drop_timer = self._loop.call_later(OVER_TABLE_KEEP, self._dropped, self)
            self._changed()

    def _schedule_bot(self, act: Callable[[], None]) -> None:
        if self._bot_delay > 0:
            self._loop.call_later(self._bot_delay, act)
        else:
            self._loop.call_soon(act)

    # ------------------------------------------------------------------ away and back

    def attach(self, seat: int, connection: Connection) -> None:
        """The chair's person is (back) at ``connection``: the stand-in, if any, stops."""
        chair = self.chairs[seat]
        self._cancel_away(chair)
        chair.connection = connection
        chair.stand_in = None
        self._changed()
        self._watch_for_abandon()

    def _watch_for_abandon(self) -> None:
        """A started table whose people are all gone is dropped after a while: bots would
        otherwise play a dollar-bill session, which never ends, for ever."""
        present = any(chair.connection is not None for chair in self.chairs)
        if self.phase is not TablePhase.PLAYING:
            return
        if present and self._drop_timer is not None:
            self._drop_timer.cancel()
            self._drop_timer = None
        elif not present and self._drop_timer is None:
            self._drop_timer = self._loop.call_later(OVER_TABLE_KEEP, self._dropped, self)

    def detach(self, seat: int) -> None:
        """The chair's person dropped: after the away timeout a bot plays for them, or, before
        the start, the chair opens again so a ghost cannot hold a table back."""
        chair = self.chairs[seat]
        chair.connection = None
        self._cancel_away(chair)
        chair.away_timer = self._loop.call_later(self._away_timeout, self._away_too_long, seat)
        self._changed()
        self._watch_for_abandon()

    def _away_too_long(self, seat: int) -> None:
        chair = self.chairs[seat]
        chair.away_timer = None
        if chair.connection is not None or chair.person is None:
            return
        if self.phase is TablePhase.WAITING:
            self.leave(seat)
            return
        if self.table is None or self._bus is None or self.phase is TablePhase.OVER:
            return
        bot = make_bot(self.game, BotLevel.NORMAL, random.Random(secrets.randbits(64)))
        stand_in = BotSeat(seat, bot, self._bus, self._stand_in_scheduler(chair))
        stand_in.on_refused = self._bot_refused
        chair.stand_in = stand_in
        stand_in(self.current_update(seat))
        self._changed()

    def _stand_in_scheduler(self, chair: Chair) -> Callable[[Callable[[], None]], None]:
        """Schedules a stand-in's move, which is dropped if its person is back by then."""

        def schedule(act: Callable[[], None]) -> None:
            stand_in = chair.stand_in

            def act_if_still_standing_in() -> None:
                if chair.stand_in is stand_in:
                    act()

            self._schedule_bot(act_if_still_standing_in)

        return schedule

    def _bot_refused(self, refused: Refused) -> None:
        logger.error("the bot at seat %d sent an illegal action: %s", refused.seat, refused.reason)

    def _cancel_away(self, chair: Chair) -> None:
        if chair.away_timer is not None:
            chair.away_timer.cancel()
            chair.away_timer = None

    # ------------------------------------------------------------------ closing

    def tokens(self) -> list[str]:
        return [chair.token for chair in self.chairs if chair.token is not None]

    def close(self) -> None:
        """Stop every timer and the game: a bot's pending move then does nothing."""
        for chair in self.chairs:
            self._cancel_away(chair)
            chair.stand_in = None
        if self._drop_timer is not None:
            self._drop_timer.cancel()
        self._unseated_timer.cancel()
        if self.table is not None:
            self.table.close()
