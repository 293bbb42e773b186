"""A finished game as history keeps it, built from a table's setup and its action log.

A table in this process (a local game, or one a table host runs) holds every action, so its
record can be complete: the log replays from the seed. A hot-seat game keeps only what the
first person's seat was told instead, which must not show the other people's hands. Each
seat's result is what the game's plugin reads from the updates that replay tells a seat.
Reading the result from the replay rather than from the table's state means a game saved
and resumed is read whole, from its first action, and that the table, a local game and an
online client (which has only its own updates) all ask the plugin the same question.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from liar_tui.games import new_state, plugin
from liar_tui.store.history.compact import ChangeLog
from liar_tui.store.history.records import FinishedGame, SeatResult, Visibility
from liar_tui.store.history.starts import last_game, replayed
from liar_tui.table.table import SeatUpdate

if TYPE_CHECKING:
    from liar_tui.table.setup import TableSetup


@dataclass(frozen=True)
class GameTimes:
    """When a game began and ended, and how long it was played."""

    started_at: datetime
    ended_at: datetime
    duration: timedelta


@dataclass(frozen=True)
class GameClock:
    """Times the game being played at a table, from when the table opened (or the last
    game at it ended) to when the table finishes one more game.

    A game taken up from a save goes on with the save's clock: it began when it was first
    started, and only the time it was open counts as played. One taken up from a host's
    journal began, as far as this process knows, when it was taken up: the journal keeps no
    time. At a table played deal after deal, where each settled deal is a game, a new clock
    starts after each.
    """

    games_done: int
    """Games the table had finished when the clock started: one more is one to record."""
    started_at: datetime
    started: float
    """``time.monotonic()`` at the start: a duration no change of the wall clock skews."""
    played_before: float = 0.0
    """Seconds the game was played before this process took it up (from its save)."""

    @classmethod
    def start(cls, games_done: int) -> GameClock:
        return cls(games_done, datetime.now(UTC), time.monotonic())

    @classmethod
    def resume(cls, games_done: int, started_at: datetime, played_before: float) -> GameClock:
        """The clock of a saved game taken up again: its first start, and the time played."""
        return cls(games_done, started_at, time.monotonic(), max(0.0, played_before))

    def one_more(self, games_done: int) -> bool:
        """Whether a table that has now finished ``games_done`` games finished one since."""
        return games_done > self.games_done

    def played(self) -> float:
        """Seconds played so far, in this process and before it."""
        return self.played_before + max(0.0, time.monotonic() - self.started)

    def stop(self) -> GameTimes:
        """The game's times, ending now."""
        return GameTimes(self.started_at, datetime.now(UTC), timedelta(seconds=self.played()))


def replayed_updates(setup: TableSetup, actions: Sequence[Any], seat: int) -> list[SeatUpdate]:
    """What ``seat`` would have been told had it heard the whole game: its first view, then
    the events and its view after each action of ``actions``, replayed from the seed."""
    updates, _ = replayed(setup, None, actions, seat)
    return updates


def last_game_updates(setup: TableSetup, actions: Sequence[Any], seat: int) -> list[SeatUpdate]:
    """What ``seat`` was told of the last game ``actions`` end: :func:`replayed_updates`
    from that game's start, its first the seat's view there (with no events, as a table's
    first view has none).

    At a table played deal after deal, the log runs on over every deal settled before, and
    each settled deal is a game of its own in history: a seat's record of it keeps that deal
    alone, so that records grow with a deal's length, not the session's. At any other table
    the last game is the only one, and this is every update.
    """
    game = new_state(setup)
    updates = [SeatUpdate(seat, (), game.view(seat), game.to_act())]
    starts = [0]  # where each game began in ``updates``: at 0, then after each completed
    for action in actions:
        done = game.completed_games()
        events = tuple(game.apply(action))
        actor = getattr(action, "seat", None)
        updates.append(SeatUpdate(seat, events, game.view(seat), game.to_act(), actor))
        if game.completed_games() > done:
            starts.append(len(updates) - 1)
    # The last game is the one the last completion ended; it began at the one before it.
    start = starts[-2] if len(starts) > 1 else 0
    begun = updates[start]
    return [SeatUpdate(seat, (), begun.view, begun.to_act), *updates[start + 1 :]]


def seat_results(setup: TableSetup, updates: Sequence[SeatUpdate]) -> tuple[SeatResult, ...]:
    """Each seat's result as history keeps it: who sat there (from the setup) and how it came
    out (from the game's plugin, reading ``updates``)."""
    outcomes = plugin(setup.game).seat_outcomes(setup, updates)
    return tuple(
        SeatResult(
            name=config.name,
            kind=config.kind,
            level=None if config.is_human else config.level,
            place=outcome.place,
            won=outcome.won,
            score=outcome.score,
        )
        for config, outcome in zip(setup.seats, outcomes, strict=True)
    )


def seat_counts(
    setup: TableSetup, updates: Sequence[SeatUpdate], seat: int | None
) -> tuple[tuple[str, int], ...]:
    """The game's own numbers for ``seat`` (none for nobody's record), as its plugin counts
    them from what the seat was told, by name in order: what history sums for the stats."""
    if seat is None:
        return ()
    counted = plugin(setup.game).game_counts(setup, updates, seat)
    return tuple(sorted((name, int(count)) for name, count in counted.items() if count))


def complete_record(
    setup: TableSetup, actions: Sequence[Any], times: GameTimes, recording_seat: int | None
) -> FinishedGame:
    """The complete record of the game ``actions`` end (every action known, and the seed):
    a game of one person against bots, or the table host's own record of a game it ran.

    Replaying the log is the slow part of recording: call this off the UI's thread and off
    the host's event loop.
    """
    seat = recording_seat if recording_seat is not None else 0
    # At a table played game after game, the record keeps the last game from its own start,
    # and only that game is replayed with views.
    start, own_actions = last_game(setup, actions)
    updates, _ = replayed(setup, start, own_actions, seat)
    return FinishedGame(
        setup=setup,
        seed=setup.seed,
        seats=seat_results(setup, updates),
        started_at=times.started_at,
        ended_at=times.ended_at,
        duration=times.duration,
        recording_seat=recording_seat,
        visibility=Visibility.COMPLETE,
        actions=own_actions,
        counts=seat_counts(setup, updates, recording_seat),
        start=start,
    )


def seat_record(
    setup: TableSetup, actions: Sequence[Any], times: GameTimes, recording_seat: int
) -> FinishedGame:
    """The record of what ``recording_seat`` saw of the game ``actions`` end, and what became
    public: a person's own history of a game with other people at this terminal (hot seat),
    which must not show the others' hands (issue 14, point 2). So neither the actions nor
    the seed (which deals every hand) are kept: the setup keeps seed 0, as a table host
    tells its players.

    At a table played deal after deal, the record keeps the last deal alone (see
    :func:`last_game_updates`).

    Replaying the log is the slow part: call this off the UI's thread, as
    :func:`complete_record`.
    """
    log = ChangeLog.of(last_game_updates(setup, actions, recording_seat), SeatUpdate)
    return seat_record_from_updates(setup, log, recording_seat, times)


def seat_record_from_updates(
    setup: TableSetup, log: ChangeLog, recording_seat: int, times: GameTimes
) -> FinishedGame:
    """The record of one game as ``recording_seat`` was told it: the updates of ``log``, from
    the game's first view to its end, and nothing else (issue 14, point 2). A hot-seat
    game's are replayed from the log (:func:`seat_record`); an online client's are the
    updates the table host sent its seat, written as they came (``setup`` as the host told
    it, whose seed is never the game's: it is kept as 0, and the record's seed is unknown).
    The log is the record's own from then on: nothing more is added to it."""
    updates = log.values
    return FinishedGame(
        setup=replace(setup, seed=0),
        seed=None,
        seats=seat_results(setup, updates),
        started_at=times.started_at,
        ended_at=times.ended_at,
        duration=times.duration,
        recording_seat=recording_seat,
        visibility=Visibility.SEAT,
        seat_updates=updates,
        counts=seat_counts(setup, updates, recording_seat),
        seat_log=log,
    )


def ends_a_game(setup: TableSetup, update: SeatUpdate) -> bool:
    """Whether ``update`` tells its seat that a game ended (at a table of bills, that a deal
    was settled): a seat that hears updates as they come, an online client's, learns the
    end from nothing else. The game's plugin reads a result from that update alone, as it
    raises ``ValueError`` for updates that end no game. An update with no events (the view
    a seat is handed when it sits down or comes back) ends nothing, even after the end."""
    if not update.events:
        return False
    try:
        plugin(setup.game).seat_outcomes(setup, (update,))
    except (ValueError, LookupError, TypeError, AttributeError):
        # Only ValueError means "no game ended"; the others come of a host's update not
        # shaped as the game makes them, which must not end the client's reading.
        return False
    return True
