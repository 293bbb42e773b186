"""A finished game as history keeps it, and the queries the history screens ask.

A game's setup and log are stored as JSON in the project's own codec (as the saved table
keeps them), so a record replays through the same rules; the seats' results go into a table
of their own so that history can be filtered by opponent and counted per bot level.

A complete record's log is its actions, a JSON list. A seat's own record's log is the
updates the seat was told, each but the first as what changed since the one before
(:mod:`liar_tui.store.history.compact`): each update holds the seat's whole view, which
repeats the last rounds, so written whole a long game's log was a megabyte. Records written
before that keep a plain list of updates, and still load (:func:`seat_updates_of`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from enum import Enum
from operator import is_
from types import GenericAlias
from typing import TYPE_CHECKING, Any

from liar_tui import __version__, games
from liar_tui.store.history.compact import ChangeLog, compacted, expanded, is_compacted
from liar_tui.table.codec import DecodeError, decode, encode
from liar_tui.table.seats import BotLevel, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import SeatUpdate

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Sequence

    from liar_tui.games.plugin import GamePlugin


class Visibility(Enum):
    """How much of a game its record may show (issue 14, point 2)."""

    COMPLETE = "complete"
    """Everything: a local game's setup with its seed and every action (against bots, or the
    games a table host hosts)."""
    SEAT = "seat"
    """Only what the recording seat saw, and what became public: the updates it was sent.
    An online client's record is built from these, never from the host's full log."""


@dataclass(frozen=True)
class SeatResult:
    """One seat at the end of a game."""

    name: str
    kind: SeatKind
    level: BotLevel | None
    """The bot's level; None for a person."""
    place: int
    """1 for the winner; seats that tie share a place."""
    won: bool
    score: float
    """The game's own final number for the seat: points, money or lives, as its plugin says."""

    def __post_init__(self) -> None:
        if (self.kind is SeatKind.BOT) != (self.level is not None):
            raise ValueError("a bot's result has a level, and a person's has none")
        if self.place < 1:
            raise ValueError(f"places start at 1, not {self.place}")


@dataclass(frozen=True)
class FinishedGame:
    """Everything a finished game leaves in history."""

    setup: TableSetup
    seed: int | None
    """The game's seed where it is known; None where it is not (an online client is never
    told it), and then ``setup.seed`` is not the game's."""
    seats: tuple[SeatResult, ...]
    """In the order of ``setup.seats``."""
    started_at: datetime
    ended_at: datetime
    duration: timedelta
    """Time at the table, which is less than from start to end for a game saved and resumed."""
    recording_seat: int | None
    """The seat whose history this is; None when it is nobody's (a table host's record)."""
    visibility: Visibility
    actions: tuple[Any, ...] = ()
    """Every action, in order: the log of a complete record (empty for a seat's own)."""
    seat_updates: tuple[SeatUpdate, ...] = ()
    """What the recording seat was sent, in order: the log of a seat's own record."""
    app_version: str = __version__
    counts: tuple[tuple[str, int], ...] = ()
    """The recording seat's own numbers of the game, as its plugin's ``game_counts`` reads
    them from the seat's updates, by name in order (none for nobody's record): made with
    the record, so that the stats sum them without replaying a game."""
    start: Any | None = None
    """Where a complete record's actions begin, when not at the table's setup: a game of a
    table played game after game, as its plugin's ``game_start`` gave it (a session's deal,
    with what the session carried into it), so that the record keeps that game's actions
    alone. None for a record whose actions run from the setup."""
    seat_log: ChangeLog | None = field(default=None, compare=False, repr=False)
    """``seat_updates`` already written in the stored form, as the seat heard them (an online
    seat's recorder writes each update when it comes): recording then writes only the JSON.
    None where they are written when the game is recorded, as they are for a log given that
    is not of the very updates of ``seat_updates``."""

    def __post_init__(self) -> None:
        if len(self.seats) != len(self.setup.seats):
            raise ValueError("a finished game has one result for each seat of its setup")
        if self.started_at.tzinfo is None or self.ended_at.tzinfo is None:
            raise ValueError("a finished game's times must say their time zone")
        if self.recording_seat is not None and not 0 <= self.recording_seat < len(self.seats):
            raise ValueError(f"there is no seat {self.recording_seat} to record the game")
        if self.duration < timedelta(0):
            raise ValueError("a finished game cannot have lasted less than no time")
        if self.visibility is Visibility.COMPLETE and (self.seat_updates or self.seed is None):
            raise ValueError(
                "a complete record keeps the seed and the actions, not a seat's updates"
            )
        if self.visibility is Visibility.SEAT and (self.actions or self.recording_seat is None):
            raise ValueError("a seat's own record keeps that seat's updates, not the actions")
        if self.counts and self.recording_seat is None:
            raise ValueError("a record that is nobody's has no seat's numbers")
        if self.start is not None and self.visibility is not Visibility.COMPLETE:
            raise ValueError("only a complete record keeps where its actions begin")
        if self.seat_log is not None and not _same_items(self.seat_log.values, self.seat_updates):
            # Made with other updates (``replace`` of a record's updates): written when the
            # game is recorded instead.
            object.__setattr__(self, "seat_log", None)

    @property
    def game(self) -> str:
        return self.setup.game


def _same_items(written: tuple[Any, ...], kept: tuple[Any, ...]) -> bool:
    """Whether two tuples hold the very same objects, in order: a log written as the seat
    heard its updates is of the record's own updates, not copies to compare."""
    return len(written) == len(kept) and all(map(is_, written, kept))


@dataclass(frozen=True)
class GameRecord:
    """A game as loaded from history, whole."""

    id: int
    finished: FinishedGame
    imported: bool = False
    """Brought in by ``liar-tui import``: someone's game, not one played here."""


@dataclass(frozen=True)
class GameSummary:
    """A game as the history list shows it: who played and how it ended, without its log."""

    id: int
    game: str
    started_at: datetime
    ended_at: datetime
    duration: timedelta
    recording_seat: int | None
    visibility: Visibility
    seats: tuple[SeatResult, ...]
    imported: bool = False
    """Brought in by ``liar-tui import``: shown marked, and left out of the stats."""

    @property
    def opponents(self) -> tuple[SeatResult, ...]:
        """Every seat but the recording one."""
        return tuple(
            seat for number, seat in enumerate(self.seats) if number != self.recording_seat
        )


@dataclass(frozen=True)
class HistoryFilter:
    """Which games a list shows: all of them unless narrowed."""

    game: str | None = None
    """A game's id, its plugin's."""
    opponent_name: str | None = None
    """Games in which another seat bore this name."""
    opponent_level: BotLevel | None = None
    """Games against at least one bot of this level."""


PEOPLE = "people"
"""The kind of opponent that is a person; the others are the bot levels."""
OPPONENT_KINDS: tuple[str, ...] = ("easy", "normal", "hard", PEOPLE)
"""The kinds of opponent, each a bit of a game's ``opponent_kinds``: bit ``i`` is
``OPPONENT_KINDS[i]``. The file keeps the bits, so a new kind takes a new bit at the end."""


def opponent_kinds(seats: Sequence[SeatResult], recording_seat: int | None) -> int:
    """The bit mask of the kinds of opponent among ``seats`` (every seat but the recording
    one): what the stats count a game under, kept on the game's row so that they read no
    seat but the player's."""
    mask = 0
    for number, seat in enumerate(seats):
        if number != recording_seat:
            kind = PEOPLE if seat.level is None else seat.level.value
            mask |= 1 << OPPONENT_KINDS.index(kind)
    return mask


class RecordProblem(ValueError):
    """A stored record that cannot be read back; the message is one sentence."""


# ----------------------------------------------------------------------------- writing

_INSERT_GAME = """
    INSERT INTO games (game, started_at, ended_at, duration_us, app_version, recording_seat,
                       visibility, seed, opponent_kinds, imported, player_won, player_score)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
"""
_INSERT_LOG = "INSERT INTO logs (game_id, setup, log, start) VALUES (?, ?, ?, ?)"
_INSERT_SEAT = "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
_INSERT_COUNT = "INSERT INTO seat_counts VALUES (?, ?, ?, ?)"


@dataclass(frozen=True)
class EncodedGame:
    """A finished game as the rows that store it: encoded before the file's write lock is
    taken, so that another process waits on it only for the inserts themselves."""

    game: tuple[object, ...]
    setup: str
    log: str
    seats: tuple[tuple[object, ...], ...]
    """Each seat's row without its game's id, which the insert gives."""
    counts: tuple[tuple[object, ...], ...] = ()
    """The recording seat's own numbers, each row without its game's id."""
    start: str | None = None


def encoded(finished: FinishedGame, *, imported: bool = False) -> EncodedGame:
    """The rows of ``finished``; ``imported`` for a game ``liar-tui import`` brings in."""
    if finished.visibility is Visibility.COMPLETE:
        log = encode(finished.actions)
    elif finished.seat_log is not None:
        log = finished.seat_log.stored()
    else:
        log = compacted(finished.seat_updates, SeatUpdate)
    return EncodedGame(
        game=(
            finished.game,
            _timestamp(finished.started_at),
            _timestamp(finished.ended_at),
            finished.duration // timedelta(microseconds=1),
            finished.app_version,
            finished.recording_seat,
            finished.visibility.value,
            finished.seed,
            opponent_kinds(finished.seats, finished.recording_seat),
            imported,
            *_player_result(finished),
        ),
        setup=_json(encode(finished.setup)),
        log=_json(log),
        seats=tuple(
            (
                number,
                seat.name,
                seat.kind.value,
                seat.level.value if seat.level else None,
                seat.place,
                seat.won,
                seat.score,
                number != finished.recording_seat,
            )
            for number, seat in enumerate(finished.seats)
        ),
        counts=tuple((finished.recording_seat, name, count) for name, count in finished.counts),
        start=None if finished.start is None else _json(encode(finished.start)),
    )


def _player_result(finished: FinishedGame) -> tuple[bool | None, float | None]:
    """Whether the recording seat won and its score, kept on the game's row for the stats;
    nothing for nobody's record."""
    if finished.recording_seat is None:
        return None, None
    seat = finished.seats[finished.recording_seat]
    return seat.won, seat.score


def insert_game(connection: sqlite3.Connection, game: EncodedGame) -> int:
    """Store ``game`` within the caller's transaction; its new id."""
    game_id = connection.execute(_INSERT_GAME, game.game).lastrowid
    assert game_id is not None, "an INSERT always sets the row id"
    connection.execute(_INSERT_LOG, (game_id, game.setup, game.log, game.start))
    connection.executemany(_INSERT_SEAT, [(game_id, *seat) for seat in game.seats])
    connection.executemany(_INSERT_COUNT, [(game_id, *count) for count in game.counts])
    return game_id


def _timestamp(moment: datetime) -> str:
    """ISO 8601 in UTC to the microsecond: one width for all, so text order is time order."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


_WRITER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False)
"""Compact JSON, not ASCII only. The codec's data is a tree, made afresh for each write: no
list or object holds itself, so none is looked for (a long seat record's log is thousands of
lists and objects, and that check cost a quarter of writing it); the text is the same."""


def _json(data: Any) -> str:
    return _WRITER.encode(data)


# ----------------------------------------------------------------------------- reading

_SUMMARY_COLUMNS = (
    "id, game, started_at, ended_at, duration_us, recording_seat, visibility, imported"
)


def list_games(
    connection: sqlite3.Connection, where: HistoryFilter, limit: int, offset: int
) -> list[GameSummary]:
    """A page of the games ``where`` picks, newest first."""
    rows = connection.execute(*list_query(where, limit, offset)).fetchall()
    seats = _seats_of(connection, [row[0] for row in rows])
    return [_summary(row, seats.get(row[0], ())) for row in rows]


def list_query(where: HistoryFilter, limit: int, offset: int) -> tuple[str, tuple[object, ...]]:
    """The SQL of :func:`list_games` and its parameters (a test reads how SQLite runs it)."""
    conditions, parameters = _conditions(where)
    return (
        f"SELECT {_SUMMARY_COLUMNS} FROM games AS g {conditions} "
        "ORDER BY g.ended_at DESC, g.id DESC LIMIT ? OFFSET ?",
        (*parameters, limit, offset),
    )


def count_games(connection: sqlite3.Connection, where: HistoryFilter) -> int:
    """How many games ``where`` picks: the length of the list being paged through."""
    conditions, parameters = _conditions(where)
    count: int = connection.execute(
        f"SELECT count(*) FROM games AS g {conditions}", parameters
    ).fetchone()[0]
    return count


def _conditions(where: HistoryFilter) -> tuple[str, tuple[object, ...]]:
    """The WHERE clause for ``where``, with only the conditions it sets, so that SQLite can
    pick the index that fits (``game = ?`` reads the per-game index in order)."""
    clauses: list[str] = []
    parameters: list[object] = []
    if where.game is not None:
        clauses.append("g.game = ?")
        parameters.append(where.game)
    # The list reads the games newest first and stops at a page: an opponent's condition
    # is checked game by game, on the seats' primary key, never on the games' rows (which
    # ``opponent`` spares from reading the recording seat).
    opponent = (
        "EXISTS (SELECT 1 FROM seats AS s WHERE s.game_id = g.id AND s.opponent = 1 AND s.{} = ?)"
    )
    if where.opponent_name is not None:
        clauses.append(opponent.format("name"))
        parameters.append(where.opponent_name)
    if where.opponent_level is not None:
        clauses.append(opponent.format("level"))
        parameters.append(where.opponent_level.value)
    return ("WHERE " + " AND ".join(clauses) if clauses else ""), tuple(parameters)


def _seats_of(
    connection: sqlite3.Connection, game_ids: Sequence[int]
) -> dict[int, tuple[SeatResult, ...]]:
    if not game_ids:
        return {}
    marks = ", ".join("?" * len(game_ids))
    found: dict[int, list[SeatResult]] = {}
    for game_id, *seat in connection.execute(
        f"SELECT game_id, name, kind, level, place, won, score FROM seats "
        f"WHERE game_id IN ({marks}) ORDER BY game_id, seat",
        tuple(game_ids),
    ):
        found.setdefault(game_id, []).append(_seat_result(seat))
    return {game_id: tuple(seats) for game_id, seats in found.items()}


def _seat_result(row: Sequence[Any]) -> SeatResult:
    name, kind, level, place, won, score = row
    return SeatResult(
        name, SeatKind(kind), BotLevel(level) if level else None, place, bool(won), score
    )


def _summary(row: Sequence[Any], seats: tuple[SeatResult, ...]) -> GameSummary:
    game_id, game, started_at, ended_at, duration_us, recording_seat, visibility, imported = row
    return GameSummary(
        game_id,
        game,
        datetime.fromisoformat(started_at),
        datetime.fromisoformat(ended_at),
        timedelta(microseconds=duration_us),
        recording_seat,
        Visibility(visibility),
        seats,
        bool(imported),
    )


def load_game(connection: sqlite3.Connection, game_id: int) -> GameRecord | None:
    """The game stored as ``game_id``, whole; None when there is none.

    Raises :class:`RecordProblem` for a record of a game this liar-tui does not know, or
    whose setup or log no longer decodes.
    """
    row = connection.execute(
        f"SELECT {_SUMMARY_COLUMNS}, app_version, seed, setup, log, start "
        "FROM games AS g JOIN logs ON logs.game_id = g.id WHERE g.id = ?",
        (game_id,),
    ).fetchone()
    if row is None:
        return None
    summary = _summary(row[:8], _seats_of(connection, [game_id]).get(game_id, ()))
    app_version, seed, setup_json, log_json, start_json = row[8:]
    counts = tuple(
        connection.execute(
            "SELECT name, count FROM seat_counts WHERE game_id = ? ORDER BY name", (game_id,)
        )
    )
    plugin = games.registered().get(summary.game)
    if plugin is None:
        raise RecordProblem(f"Game {game_id} of history is of a game this liar-tui does not know.")
    try:
        setup = decode(json.loads(setup_json), TableSetup)
        if summary.visibility is Visibility.COMPLETE:
            actions = decode(json.loads(log_json), GenericAlias(tuple, (plugin.action_type, ...)))
            updates: tuple[SeatUpdate, ...] = ()
            start = _start(plugin, start_json)
        else:
            actions = ()
            updates = seat_updates_of(log_json)
            start = None
    except (DecodeError, ValueError) as error:
        raise RecordProblem(f"Game {game_id} of history cannot be read: {error}.") from None
    finished = FinishedGame(
        setup=setup,
        seed=seed,
        seats=summary.seats,
        started_at=summary.started_at,
        ended_at=summary.ended_at,
        duration=summary.duration,
        recording_seat=summary.recording_seat,
        visibility=summary.visibility,
        actions=actions,
        seat_updates=updates,
        app_version=app_version,
        counts=counts,
        start=start,
    )
    return GameRecord(game_id, finished, summary.imported)


def _start(plugin: GamePlugin, start_json: str | None) -> Any | None:
    """A complete record's start, read back by its plugin's type (None: from the setup)."""
    if start_json is None:
        return None
    if plugin.start_type is None:
        raise ValueError(f"a game of {plugin.title} begins at its table's setup")
    return decode(json.loads(start_json), plugin.start_type)


def seat_updates_of(log_json: str) -> tuple[SeatUpdate, ...]:
    """The updates a seat's own record keeps, from its stored log: each but the first kept
    as its change from the one before, or (written before that) a plain list of them.

    Raises ``ValueError`` (the codec's ``DecodeError`` among them) for a log that does not
    read back.
    """
    data = json.loads(log_json)
    if is_compacted(data):
        return expanded(data, SeatUpdate)
    return decode(data, tuple[SeatUpdate, ...])
