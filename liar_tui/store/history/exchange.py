"""A finished game as a file to share: ``liar-tui export`` writes it, ``liar-tui import``
checks it and records it (issue 14, point 6). docs/game-format.md says the same for readers.

The file is one JSON object, format ``liar-tui-game``, version 2::

    {"format": "liar-tui-game", "version": 2,
     "game": "<game id>",             # the plugin's id
     "setup": {...},                  # the table: game, rules, seats, seed (the codec's form)
     "seed": 1234,                    # the game's seed; null where it is not known
     "visibility": "complete",        # or "seat"
     "recording_seat": 0,             # whose history it is; null for a table host's record
     "start": null,                   # where a complete record's actions begin: null for
                                      # the table's setup, or its game's start (a deal of
                                      # a dollar-bills session, with what the session
                                      # carried into it)
     "actions": [...],                # every action in order (a complete record), from there
     "seat_updates": [...],           # what the recording seat was sent (a seat's record)
     "seats": [{"name": "You", "kind": "human", "level": null, "place": 1, "won": true,
                "score": 30.0}, ...], # each seat's result, in the order of the setup's seats
     "started_at": "2026-12-02T01:00:00.000000+00:00", "ended_at": "...",  # ISO 8601
     "duration_seconds": 600.0,       # time at the table
     "app_version": "0.1.0"}          # the liar-tui that recorded the game

Setups, starts, actions and updates are in the project's codec (:mod:`liar_tui.table.codec`),
as the saved table and the history file keep them. A complete record holds its actions and
an empty ``seat_updates``; a seat's own record the reverse, and a null start.

Version 1 had no ``start``: a complete record's actions ran from the setup, at dollar bills
over every deal of the session before the one recorded. It is still read, and such a record
is kept as version 2 keeps it (its deal's start and actions).

Import trusts nothing in the file. A complete record is replayed through the rules from its
seed, or from its start (which its game's rules check first): every action must be legal,
the last must end a game (at a table played deal after deal, settle the deal recorded; from
a start, it alone may end one), and the seats' results read from that replay must be the
file's. A seat's own record (an online player's) has no seed and no actions, so it cannot be
replayed: what can be checked is that its updates decode, are all the recording seat's, end
a game, and give the file's results. The same game imported twice is refused the second
time, naming the game already there, so importing a folder of shared games again adds
nothing twice.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from types import GenericAlias
from typing import Any

from liar_tui import games
from liar_tui.games.plugin import GamePlugin
from liar_tui.store.history.records import FinishedGame, SeatResult, Visibility
from liar_tui.store.history.starts import last_game_alone
from liar_tui.store.messages import TOO_LONG_A_NUMBER, json_problem, lowered
from liar_tui.table.codec import DecodeError, decode, describe, encode, location_words
from liar_tui.table.seats import name_problem
from liar_tui.table.setup import MAX_SEED, TableSetup
from liar_tui.table.table import SeatUpdate

FORMAT = "liar-tui-game"
VERSION = 2
VERSIONS_READ = (1, 2)
FIELDS_OF_VERSION_1 = (
    "format",
    "version",
    "game",
    "setup",
    "seed",
    "visibility",
    "recording_seat",
    "actions",
    "seat_updates",
    "seats",
    "started_at",
    "ended_at",
    "duration_seconds",
    "app_version",
)
FIELDS = (*FIELDS_OF_VERSION_1, "start")
_LIST_ITEMS = {"seats": "seat", "actions": "action", "seat_updates": "update", "cards": "card"}


class ImportProblem(ValueError):
    """Why a file cannot be imported: the end of a sentence (``it is not JSON ...``)."""


@dataclass(frozen=True)
class _Seats:
    """The file's results decoded as the codec decodes any dataclass: one list, one type."""

    seats: tuple[SeatResult, ...]


# ----------------------------------------------------------------------------- export


def exported(finished: FinishedGame) -> dict[str, Any]:
    """``finished`` as the file's object (see the module's docstring)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": finished.game,
        "setup": encode(finished.setup),
        "seed": finished.seed,
        "visibility": finished.visibility.value,
        "recording_seat": finished.recording_seat,
        "start": None if finished.start is None else encode(finished.start),
        "actions": encode(finished.actions),
        "seat_updates": encode(finished.seat_updates),
        "seats": [encode(seat, tagged=False) for seat in finished.seats],
        "started_at": _timestamp(finished.started_at),
        "ended_at": _timestamp(finished.ended_at),
        "duration_seconds": finished.duration / timedelta(seconds=1),
        "app_version": finished.app_version,
    }


def _timestamp(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


# ----------------------------------------------------------------------------- import


def imported(text: str) -> FinishedGame:
    """The finished game ``text`` holds, checked through and through (see the module's
    docstring); raises :class:`ImportProblem` saying why it is refused."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ImportProblem(f"it is not JSON ({json_problem(error)})") from None
    except RecursionError:
        raise ImportProblem("it nests too deeply to be a game") from None
    except ValueError:
        raise ImportProblem(TOO_LONG_A_NUMBER) from None
    finished = _parsed(document)
    return last_game_alone(replace(finished, counts=_check(finished)))


def _parsed(document: Any) -> FinishedGame:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ImportProblem("it is not a liar-tui game (its format is not 'liar-tui-game')")
    version = document.get("version")
    if type(version) is not int or version not in VERSIONS_READ:
        raise ImportProblem(
            f"it is in version {describe(version)} of the game format, "
            f"and this liar-tui reads versions {VERSIONS_READ[0]} to {VERSIONS_READ[-1]}"
        )
    fields = FIELDS_OF_VERSION_1 if version == 1 else FIELDS
    extra = sorted(set(document) - set(fields))
    if extra:
        raise ImportProblem(f"it has an unknown entry {describe(extra[0])}")
    missing = [field for field in fields if field not in document]
    if missing:
        raise ImportProblem(f"its {missing[0]} is missing")
    game = document["game"]
    plugin = games.registered().get(game) if isinstance(game, str) else None
    if plugin is None:
        raise ImportProblem(f"it is a game this liar-tui does not know, {describe(game)}")
    setup = _decoded(document, "setup", TableSetup)
    if setup.game != game:
        raise ImportProblem(f"its setup is of {describe(setup.game)}, not of {describe(game)}")
    if type(setup.rules) is not plugin.rules_type:
        raise ImportProblem(f"its rules are not {plugin.title} rules")
    if not 0 <= setup.seed <= MAX_SEED:
        raise ImportProblem(f"its seed must be from 0 to {MAX_SEED}, not {describe(setup.seed)}")
    for number, seat in enumerate(setup.seats, start=1):
        # A name is drawn on the history's lines and the replay's table: it must fit there.
        if problem := name_problem(seat.name, f"the name of seat {number}"):
            raise ImportProblem(_clause(problem))
    visibility = _visibility(document["visibility"])
    seed = document["seed"]
    if visibility is Visibility.COMPLETE and seed != setup.seed:
        raise ImportProblem("its seed is not its setup's, which a complete record keeps")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise ImportProblem(
            f"its seed must be a whole number from 0 to {MAX_SEED} or null, not {describe(seed)}"
        )
    recording_seat = document["recording_seat"]
    if recording_seat is not None and type(recording_seat) is not int:
        raise ImportProblem(
            f"its recording_seat must be a seat's number or null, not {describe(recording_seat)}"
        )
    actions_type = GenericAlias(tuple, (plugin.action_type, ...))
    start = _start(document, plugin)
    try:
        return FinishedGame(
            setup=setup,
            seed=seed,
            seats=_decoded({"seats": document["seats"]}, "", _Seats, tagged=False).seats,
            started_at=_moment(document, "started_at"),
            ended_at=_moment(document, "ended_at"),
            duration=_duration(document["duration_seconds"]),
            recording_seat=recording_seat,
            visibility=visibility,
            actions=_decoded(document, "actions", actions_type),
            seat_updates=_decoded(document, "seat_updates", tuple[SeatUpdate, ...]),
            app_version=_text(document, "app_version"),
            start=start,
        )
    except ImportProblem:
        raise
    except ValueError as error:  # the record's own checks: each seat has a result, ...
        raise ImportProblem(f"it does not hold together ({_clause(error)})") from None


def _start(document: dict[str, Any], plugin: GamePlugin) -> Any | None:
    """The file's start, decoded as its game's (None where there is none, as in version 1)."""
    if document.get("start") is None:
        return None
    if plugin.start_type is None:
        raise ImportProblem(f"its start must be null, as a game of {plugin.title} has none")
    return _decoded(document, "start", plugin.start_type)


def _decoded(document: dict[str, Any], entry: str, expected: Any, *, tagged: bool = True) -> Any:
    """``document[entry]`` decoded, or ``document`` itself for the empty entry."""
    try:
        return decode(document[entry] if entry else document, expected, tagged=tagged)
    except DecodeError as error:
        where = location_words((entry, *error.location) if entry else error.location, _LIST_ITEMS)
        raise ImportProblem(f"{where} {error.problem}") from None


def _visibility(value: Any) -> Visibility:
    for visibility in Visibility:
        if value == visibility.value:
            return visibility
    choices = " or ".join(repr(visibility.value) for visibility in Visibility)
    raise ImportProblem(f"its visibility must be {choices}, not {describe(value)}")


EARLIEST_YEAR = 1970
LATEST_YEAR = 9998
"""The years a file's times may fall in: any later or earlier (year 1, year 9999) is no
game's, and could not be shown in every time zone (the local time would leave the calendar
Python has, an OverflowError)."""


def _moment(document: dict[str, Any], entry: str) -> datetime:
    text = document[entry]
    try:
        moment = datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise ImportProblem(f"its {entry} must be an ISO 8601 time with its zone")
    try:
        in_utc = moment.astimezone(UTC)
    except OverflowError:
        in_utc = None
    if in_utc is None or not EARLIEST_YEAR <= in_utc.year <= LATEST_YEAR:
        raise ImportProblem(
            f"its {entry} must be a time in the years {EARLIEST_YEAR} to {LATEST_YEAR}"
        )
    return moment


MAX_DURATION_SECONDS = 10**10
"""About 317 years, longer than any game: a longer one would not fit the history's column
of microseconds (SQLite's integers end at 2**63 - 1), nor a ``timedelta`` beyond."""


def _duration(value: Any) -> timedelta:
    if type(value) not in (int, float) or not math.isfinite(value) or value < 0:
        raise ImportProblem(
            f"its duration_seconds must be a number of seconds, not {describe(value)}"
        )
    if value > MAX_DURATION_SECONDS:
        raise ImportProblem(f"its duration_seconds is too long: {describe(value)}")
    return timedelta(seconds=value)


def _text(document: dict[str, Any], entry: str) -> str:
    value = document[entry]
    if not isinstance(value, str):
        raise ImportProblem(f"its {entry} must be text, not {describe(value)}")
    return value


def _check(finished: FinishedGame) -> tuple[tuple[str, int], ...]:
    """Refuse a game that the rules do not bear out (see the module's docstring); the
    recording seat's own numbers of the game, counted as a game recorded here has them
    (the file does not carry them: they are the plugin's reading of the updates)."""
    from liar_tui.store.history.starts import replayed
    from liar_tui.table.finished import seat_counts, seat_results

    if finished.visibility is Visibility.COMPLETE:
        _check_replay(finished)
        seat = finished.recording_seat if finished.recording_seat is not None else 0
        updates, _ = replayed(finished.setup, finished.start, finished.actions, seat)
    else:
        updates = list(finished.seat_updates)
        strangers = [update for update in updates if update.seat != finished.recording_seat]
        if strangers or not updates:
            raise ImportProblem("its updates are missing or not all the recording seat's")
    try:
        results = seat_results(finished.setup, updates)
        counts = seat_counts(finished.setup, updates, finished.recording_seat)
    except ValueError as error:
        raise ImportProblem(f"its updates do not end a game ({_clause(error)})") from None
    except (LookupError, TypeError, AttributeError):
        # A seat's updates are the file's, not a replay's: a plugin reads them trusting the
        # game to have made them (a view of its own type, a list of lives for every seat).
        raise ImportProblem("its updates are not what a game tells a seat") from None
    if results != finished.seats:
        raise ImportProblem("its seats' results are not the ones its game ends with")
    if any(not -LARGEST_COUNT <= count <= LARGEST_COUNT for _, count in counts):
        raise ImportProblem("its numbers are too large to be a game's")
    return counts


LARGEST_COUNT = 2**63 - 1
"""The largest number SQLite keeps as an integer: an edited file's huge score is refused
here rather than failing the write."""


def _check_replay(finished: FinishedGame) -> None:
    try:
        state = games.new_state(finished.setup)
    except ValueError as error:
        raise ImportProblem(f"its table cannot be set up ({_clause(error)})") from None
    if finished.start is not None:
        try:
            state = games.plugin(finished.game).state_at_start(finished.setup, finished.start)
        except ValueError as error:
            raise ImportProblem(
                f"its start cannot be played from ({lowered(_clause(error))})"
            ) from None
    if not finished.actions:
        raise ImportProblem("it has no actions, so no game was played")
    done_before_last = begun = state.completed_games()
    for number, action in enumerate(finished.actions, start=1):
        if reason := state.refusal(action):
            raise ImportProblem(f"action {number} does not replay ({_clause(reason)})")
        done_before_last = state.completed_games()
        if finished.start is not None and done_before_last > begun:
            # A start keeps one game: the deal after it is not in the file (its replay
            # would draw other bills), so no liar-tui recorded actions that play on into it.
            raise ImportProblem("its actions play on past the game its start begins")
        state.apply(action)
    # A record ends with the action that finished its game: at a table played deal after
    # deal, whose log is the session's so far, the one that settled the deal it records.
    if state.completed_games() <= done_before_last:
        raise ImportProblem("its last action does not end a game")


def _clause(sentence: object) -> str:
    """A sentence made fit to sit inside another one, without its full stop."""
    return str(sentence).rstrip(".")
