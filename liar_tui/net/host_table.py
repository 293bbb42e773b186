"""One table of the host's lobby: its chairs, the people in them, and the game once started.

The game runs on the same :class:`~liar_tui.table.table.Table` and
:class:`~liar_tui.table.table.Bus` as a table played on one machine; a person's chair is
one listener on the table that forwards that seat's updates to whichever connection holds
the seat now (and to a stand-in bot while the person is away or out of time). Bots never
block the event loop: they wait out the bot delay on a loop timer and decide in the host's
bot threads (:mod:`liar_tui.net.host_bots`).

Whoever created a table owns it once they sit down: only the owner starts it, unless every
person seated votes to start; before the start the owner may send a person away. A private
table's chairs are taken only with its code.
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
from liar_tui.net.host_bots import BotThinking
from liar_tui.net.host_connection import Connection
from liar_tui.net.protocol import (
    ActionRefused,
    ChairKind,
    ChairState,
    CreateTable,
    SeatLost,
    Started,
    TablePhase,
    TableSummary,
    Update,
)
from liar_tui.table.bot_seat import BotSeat
from liar_tui.table.finished import GameClock, GameTimes
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
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters and digits nobody misreads (no I, O, 0 or 1) for a private table's code."""
CODE_LENGTH = 6
"""32⁶ is about a billion codes, and a client may get a table's code wrong only
:data:`CODE_TRIES` times."""
MAX_TURN_SECONDS = 3600.0
"""An hour a turn: a longer timer is likelier a typo than a wish."""
CODE_TRIES = 10
"""Wrong codes one client may give a private table before it may try no more."""
CODE_GUESSERS = 256
"""Clients a private table counts wrong codes for; past that, new ones may not try."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def creation_problem(request: CreateTable) -> str | None:
    """Why the host cannot open this table, in one sentence; None when it can."""
    game = registered().get(request.game)
    if game is None:
        known = ", ".join(registered())
        return f"There is no game called {request.game!r}; choose one of {known}."
    if not isinstance(request.rules, game.rules_type):
        return f"The rules given are not rules of {game.title}."
    if not 0 <= request.turn_seconds <= MAX_TURN_SECONDS:
        return (
            f"A turn timer must be from 0 (none) to {MAX_TURN_SECONDS:g} seconds, "
            f"not {request.turn_seconds:g}."
        )
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
    identity: str = ""
    """Who took the chair, as the host tells clients apart (an address, or a name on this
    machine): the owner's removal bars that identity from the table."""
    connection: Connection | None = None
    """The connection playing this chair now; None while its person is away."""
    ready: bool = False
    """Before the start: the person voted to start."""
    out_of_time: bool = False
    """The turn timer ran out: a bot plays this chair until its person says Back or acts."""
    away_timer: asyncio.TimerHandle | None = None
    turn_timer: asyncio.TimerHandle | None = None
    turn_deadline: float = 0.0
    """The loop time at which the turn timer runs out; 0 while no timer runs."""
    stand_in: BotSeat | None = None

    @property
    def is_open(self) -> bool:
        return self.config.is_human and self.person is None


@dataclass(frozen=True)
class TablePacing:
    """The host's figures a table plays by."""

    bot_delay: float = 0.0
    """Seconds a bot waits before acting (pacing for people)."""
    away_timeout: float = 60.0
    """Seconds a person may be gone before a bot plays their seat."""


def _ignore(*_: object) -> None:
    pass


@dataclass(frozen=True)
class TableHooks:
    """What the host wants to hear from a table."""

    changed: Callable[[], None]
    """Anything the lobby shows changed."""
    dropped: Callable[[HostedTable], None]
    """The table is done with and should leave the host."""
    forget_token: Callable[[str], None]
    saved: Callable[[HostedTable], None] = _ignore
    """The chairs, the owner or the phase changed: what a restart would need to know."""
    applied: Callable[[HostedTable, Any], None] = _ignore
    """An action was applied to the game (before any seat hears of it)."""
    finished: Callable[[HostedTable], None] = _ignore
    """The game is over: nothing of the table need outlive a restart."""
    game_ended: Callable[[TableSetup, tuple[Any, ...], GameTimes], None] = _ignore
    """A game ended (at dollar bills, a deal was settled), with its whole log and its
    times: a game for the host's history."""


class HostedTable:
    """A lobby table: chairs to take before the start, a game on the host's loop after it."""

    def __init__(
        self,
        number: int,
        request: CreateTable,
        pacing: TablePacing,
        hooks: TableHooks,
        thinking: BotThinking,
        creator: Connection | None = None,
    ) -> None:
        self.number = number
        self.request = request
        self.game = request.game
        self.rules = request.rules
        self.chairs = [Chair(config) for config in request.seats]
        self.phase = TablePhase.WAITING
        self.owner_seat: int | None = None
        """The seat of the person who owns the table, once its creator sits down."""
        self.creator = creator
        """The connection that created the table, until it sits down at it or leaves."""
        self.creator_address = (
            creator.address if creator is not None and not creator.is_local else None
        )
        """The remote address the table counts against; None when made from this machine."""
        self.code = new_code() if request.private else ""
        self.removed: set[str] = set()
        """Identities the owner removed: they may not sit here again."""
        self._wrong_codes: dict[str, int] = {}
        self.setup: TableSetup | None = None
        """The setup with its seed, once started: the host's secret."""
        self.table: Table | None = None
        """The game, once started; tests read it to check that refused frames change nothing."""
        self._bus: Bus | None = None
        self._clock: GameClock | None = None
        """Times the game being played, for the host's history."""
        self._bot_seats: list[BotSeat] = []
        self._pacing = pacing
        self._hooks = hooks
        self._thinking = thinking
        self._loop = asyncio.get_running_loop()
        self._drop_timer: asyncio.TimerHandle | None = None
        self._unseated_timer = self._loop.call_later(
            UNSEATED_TABLE_KEEP, self._drop_if_nobody_waits
        )
        self._action_types: Any = registered()[request.game].action_type

    @property
    def turn_seconds(self) -> float:
        return self.request.turn_seconds

    # ------------------------------------------------------------------ lobby

    def summary(self) -> TableSummary:
        return TableSummary(
            self.number,
            self.game,
            self.rules,
            tuple(self._chair_state(chair) for chair in self.chairs),
            self.phase,
            self.owner_seat,
            bool(self.code),
            self.turn_seconds,
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
                ready=chair.ready,
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

    def code_problem(self, who: str, code: str) -> str | None:
        """Why ``code`` does not open this private table to ``who``; None when it does."""
        tries = self._wrong_codes.get(who, 0)
        if tries >= CODE_TRIES or (
            who not in self._wrong_codes and len(self._wrong_codes) >= CODE_GUESSERS
        ):
            return f"Too many wrong codes for table {self.number}: ask its owner to seat you."
        if code.strip().upper() == self.code:
            return None
        if not code:
            return f"Table {self.number} is private: its chairs take the code its owner was given."
        self._wrong_codes[who] = tries + 1
        return f"That is not the code of table {self.number}."

    def take(self, seat: int, name: str, connection: Connection, identity: str = "") -> str:
        """Seat a person in an open chair (checked by the caller) and return the new token."""
        chair = self.chairs[seat]
        chair.identity = identity
        taken = {
            (other.person or other.config.name).strip().casefold()
            for index, other in enumerate(self.chairs)
            if index != seat
        }
        chair.person = distinct_name(name, taken)
        chair.token = secrets.token_urlsafe(24)
        chair.connection = connection
        if connection is self.creator and self.owner_seat is None:
            self.owner_seat = seat
            self.creator = None
        self._changed()
        return chair.token

    def leave(self, seat: int) -> None:
        """Give a chair back before the start: it is open again and its token is void. An
        owner who leaves hands the table to the next person seated."""
        chair = self.chairs[seat]
        self._cancel_away(chair)
        if chair.token is not None:
            self._hooks.forget_token(chair.token)
        chair.person = chair.token = chair.connection = None
        chair.identity = ""
        chair.ready = False
        if self.owner_seat == seat:
            self.owner_seat = next(
                (index for index, other in enumerate(self.chairs) if other.person is not None),
                None,
            )
        self._changed()
        if all(other.person is None for other in self.chairs):
            self._unseated_timer.cancel()
            self._unseated_timer = self._loop.call_later(
                UNSEATED_TABLE_KEEP, self._drop_if_nobody_waits
            )

    def remove(self, seat: int) -> None:
        """The owner sends the person at ``seat`` away before the start, for good."""
        chair = self.chairs[seat]
        self.removed.add(chair.identity)
        if chair.connection is not None and chair.token is not None:
            chair.connection.tokens.discard(chair.token)
            chair.connection.send(
                SeatLost(
                    self.number,
                    seat,
                    f"The owner of table {self.number} removed you from seat {seat + 1}.",
                )
            )
        self.leave(seat)

    def vote(self, seat: int) -> None:
        """A vote to start; the table starts once every person seated has voted."""
        self.chairs[seat].ready = True
        seated = [chair for chair in self.chairs if chair.person is not None]
        if all(chair.ready for chair in seated):
            self.start()
        else:
            self._changed()

    def _drop_if_nobody_waits(self) -> None:
        """A table that nobody sits at before it starts only fills the lobby: it goes."""
        if self.phase is TablePhase.WAITING and all(chair.person is None for chair in self.chairs):
            self._hooks.dropped(self)

    def _changed(self) -> None:
        self._hooks.changed()
        self.save()

    def save(self) -> None:
        """Tell the host's journal the table as it is now (it writes only what changed)."""
        self._hooks.saved(self)

    # ------------------------------------------------------------------ the game

    def start(self) -> None:
        """Open chairs become bots; every person present hears Started, then their view."""
        # A solo table's seed is short, to be typed again; a player could search every such
        # seed from the cards they see. The host never shows its seed, so it takes them all.
        seed = secrets.randbelow(MAX_SEED + 1)
        self.resume_game(TableSetup(self.game, self.rules, self._seat_configs(), seed), ())

    def resume_game(self, setup: TableSetup, actions: tuple[Any, ...]) -> None:
        """Play ``setup`` from where ``actions`` leave it: at the start, or after a restart
        of the host (whose people are then away until they resume)."""
        self.phase = TablePhase.PLAYING
        self._unseated_timer.cancel()
        self.setup = setup
        self.table = open_table(setup, actions, self._record_action)
        self._clock = GameClock.start(self.table.completed_games())
        self._bus = Bus(self.table)
        client_setup = self.client_setup()
        for seat, chair in enumerate(self.chairs):
            if chair.connection is not None:
                chair.connection.send(Started(self.number, seat, client_setup))
        # Subscribing hands each listener the table as it is: the turn timers are set first,
        # so the people's first updates carry them, and then the bots make their moves.
        self.table.subscribe(0, self._after_each_action)
        for seat, chair in enumerate(self.chairs):
            if chair.person is not None:
                self.table.subscribe(seat, self._person_listener(seat))
            else:
                bot = make_bot(self.game, chair.config.level, bot_rng(setup, seat))
                bot_seat = BotSeat(
                    seat,
                    bot,
                    self._bus,
                    self._schedule_bot,
                    self._bot_refused,
                    self._thinking.thinker(self._fallback_bot()),
                )
                self._bot_seats.append(bot_seat)
                self.table.subscribe(seat, bot_seat)
        for seat, chair in enumerate(self.chairs):
            if chair.person is not None and chair.connection is None:
                self._start_away_timer(seat)
        self._changed()
        self._watch_for_abandon()

    def _record_action(self, setup: TableSetup, actions: tuple[Any, ...], game: Any) -> None:
        self._hooks.applied(self, actions[-1])
        clock = self._clock
        if clock is not None and clock.one_more(game.completed_games()):
            self._clock = clock.start(game.completed_games())
            self._hooks.game_ended(setup, actions, clock.stop())

    def _fallback_bot(self) -> Any:
        return make_bot(self.game, BotLevel.EASY, random.Random(secrets.randbits(64)))

    def accepts_action_type(self, action: object) -> bool:
        return isinstance(action, self._action_types)

    def act(self, action: Any) -> None:
        """Put a checked action on the bus; updates and refusals reach the seats' listeners.
        A person who acts is back at the keyboard: the bot playing for them stops."""
        assert self._bus is not None
        self.back(action.seat)
        self._bus.send(action)

    def current_update(self, seat: int) -> SeatUpdate:
        assert self.table is not None
        return SeatUpdate(seat, (), self.table.view(seat), self.table.to_act())

    def update_frame(self, seat: int, update: SeatUpdate) -> Update:
        """The update for a person, with the time left to act and who is out of time."""
        now = self._loop.time()
        deadlines = [
            self.chairs[acting].turn_deadline
            for acting in update.to_act
            if self.chairs[acting].turn_deadline > 0
        ]
        own = self.chairs[seat].turn_deadline
        deadline = own if own > 0 else min(deadlines, default=0.0)
        seconds_left = max(0.0, round(deadline - now, 1)) if deadline else 0.0
        away = tuple(index for index, chair in enumerate(self.chairs) if chair.out_of_time)
        return Update(self.number, update, seconds_left, away)

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
                chair.connection.send(self.update_frame(seat, update))

        return forward

    def _after_each_action(self, update: SeatUpdate | Refused) -> None:
        """The first listener to hear of each action: the turn timers are set before any
        person's update is sent, so every update carries the time left."""
        if isinstance(update, Refused) or self.table is None:
            return
        self._time_turns(update.to_act, update.actor)
        if self.table.over and self.phase is TablePhase.PLAYING:
            self.phase = TablePhase.OVER
            for chair in self.chairs:
                self._stop_turn_timer(chair)
            if self._drop_timer is not None:
                self._drop_timer.cancel()
            self._drop_timer = self._loop.call_later(OVER_TABLE_KEEP, self._hooks.dropped, self)
            self._changed()
            self._hooks.finished(self)

    def _schedule_bot(self, act: Callable[[], None]) -> None:
        if self._pacing.bot_delay > 0:
            self._loop.call_later(self._pacing.bot_delay, act)
        else:
            self._loop.call_soon(act)

    # ------------------------------------------------------------------ the turn timer

    def _time_turns(self, to_act: tuple[int, ...], actor: int | None = None) -> None:
        """Each person to act has ``turn_seconds`` from when their turn came (or from their
        last action, when they act again at once); nobody else has a timer running."""
        if self.turn_seconds <= 0:
            return
        for seat, chair in enumerate(self.chairs):
            timed = (
                seat in to_act
                and chair.person is not None
                and chair.stand_in is None
                and self.phase is TablePhase.PLAYING
            )
            if not timed:
                self._stop_turn_timer(chair)
            elif chair.turn_timer is None or seat == actor:
                self._stop_turn_timer(chair)
                chair.turn_deadline = self._loop.time() + self.turn_seconds
                chair.turn_timer = self._loop.call_at(chair.turn_deadline, self._out_of_time, seat)

    def _stop_turn_timer(self, chair: Chair) -> None:
        if chair.turn_timer is not None:
            chair.turn_timer.cancel()
        chair.turn_timer = None
        chair.turn_deadline = 0.0

    def _out_of_time(self, seat: int) -> None:
        """The person's time ran out: a bot acts for them until they are back."""
        chair = self.chairs[seat]
        chair.turn_timer = None
        chair.turn_deadline = 0.0
        if self.phase is not TablePhase.PLAYING or chair.stand_in is not None:
            return
        chair.out_of_time = True
        self._stand_in(seat)
        self._watch_for_abandon()

    def back(self, seat: int) -> None:
        """The person at ``seat`` is at the keyboard again after running out of time."""
        chair = self.chairs[seat]
        if not chair.out_of_time:
            return
        chair.out_of_time = False
        self._stop_stand_in(chair)
        self._changed()
        self._watch_for_abandon()
        if self.table is not None:
            self._time_turns(self.table.to_act())
            if chair.connection is not None:
                chair.connection.send(self.update_frame(seat, self.current_update(seat)))

    # ------------------------------------------------------------------ away and back

    def attach(self, seat: int, connection: Connection) -> None:
        """The chair's person is (back) at ``connection``: the stand-in, if any, stops,
        unless it plays because their time ran out (then it stops when they say Back)."""
        chair = self.chairs[seat]
        self._cancel_away(chair)
        chair.connection = connection
        if not chair.out_of_time:
            self._stop_stand_in(chair)
            if self.table is not None and self.phase is TablePhase.PLAYING:
                self._time_turns(self.table.to_act())
        self._changed()
        self._watch_for_abandon()

    def _watch_for_abandon(self) -> None:
        """A started table whose people are all gone is dropped after a while: bots would
        otherwise play a dollar-bill session, which never ends, for ever."""
        present = any(
            chair.connection is not None and not chair.out_of_time for chair in self.chairs
        )
        if self.phase is not TablePhase.PLAYING:
            return
        if present and self._drop_timer is not None:
            self._drop_timer.cancel()
            self._drop_timer = None
        elif not present and self._drop_timer is None:
            self._drop_timer = self._loop.call_later(OVER_TABLE_KEEP, self._hooks.dropped, self)

    def detach(self, seat: int) -> None:
        """The chair's person dropped: after the away timeout a bot plays for them, or, before
        the start, the chair opens again so a ghost cannot hold a table back."""
        chair = self.chairs[seat]
        chair.connection = None
        self._start_away_timer(seat)
        self._changed()
        self._watch_for_abandon()

    def _start_away_timer(self, seat: int) -> None:
        chair = self.chairs[seat]
        self._cancel_away(chair)
        chair.away_timer = self._loop.call_later(
            self._pacing.away_timeout, self._away_too_long, seat
        )

    def _away_too_long(self, seat: int) -> None:
        chair = self.chairs[seat]
        chair.away_timer = None
        if chair.connection is not None or chair.person is None:
            return
        if self.phase is TablePhase.WAITING:
            self.leave(seat)
            return
        if self.phase is TablePhase.OVER or chair.stand_in is not None:
            return
        self._stand_in(seat)

    def _stand_in(self, seat: int) -> None:
        """A normal bot plays the seat until its person is back."""
        if self.table is None or self._bus is None:
            return
        chair = self.chairs[seat]
        self._stop_turn_timer(chair)
        bot = make_bot(self.game, BotLevel.NORMAL, random.Random(secrets.randbits(64)))
        stand_in = BotSeat(
            seat,
            bot,
            self._bus,
            self._schedule_bot,
            self._bot_refused,
            self._thinking.thinker(self._fallback_bot()),
        )
        chair.stand_in = stand_in
        self._changed()
        stand_in(self.current_update(seat))
        if chair.connection is not None:
            chair.connection.send(self.update_frame(seat, self.current_update(seat)))

    def _stop_stand_in(self, chair: Chair) -> None:
        if chair.stand_in is not None:
            chair.stand_in.stop()
            chair.stand_in = None

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
            self._stop_turn_timer(chair)
            self._stop_stand_in(chair)
        if self._drop_timer is not None:
            self._drop_timer.cancel()
        self._unseated_timer.cancel()
        for bot_seat in self._bot_seats:
            bot_seat.stop()
        if self.table is not None:
            self.table.close()
