"""The table protocol: what a host and its clients say to each other, frame by frame.

Version 3. The connection is a stream of frames, each one JSON object on one line (UTF-8,
ending in ``\\n``; at most :data:`MAX_FRAME_BYTES` bytes with the newline from a client,
:data:`MAX_HOST_FRAME_BYTES` from the host). Every frame is a registered dataclass encoded
by :mod:`liar_tui.table.codec`, so it names its type (``{"type": "TakeSeat", "table": 1,
"seat": 0}``) and is decoded strictly against the same class on the other side: the schema
*is* the classes below.

A conversation::

    client                                  host
    Hello(protocol=3, name="Ann")     ->
                                      <-    Welcome(protocol=3, name="Ann")
                                      <-    LobbyState(tables=[...])   (again on every change)
    CreateTable(game, rules, seats)   ->
                                      <-    TableCreated(table=3)
    TakeSeat(table=3, seat=0)         ->
                                      <-    Seated(table=3, seat=0, token="...", setup=...)
    StartTable(token)                 ->
                                      <-    Started(table=3, seat=0, setup=...)
                                      <-    Update(table=3, update=SeatUpdate(...))
    Act(token, action=ShowHand(...))  ->
                                      <-    Update(...)  or  ActionRefused(...)
    (connection drops; later, on a new connection after Hello)
    Resume(token)                     ->
                                      <-    Seated(...), Started(...), Update(...)
                                            or  ResumeRefused(token, ...)

Anything a client sends that is not a well-formed frame of the client's kind, or that the
host refuses, is answered with :class:`HostError` and changes nothing. A wrong protocol
version or an oversized frame is answered with :class:`HostError` and the connection closed,
since the host can no longer trust where the next frame begins.

The host is the only one who knows the seed (it would let anyone recompute the deck), so
the :class:`~liar_tui.table.setup.TableSetup` a client receives has ``seed`` 0.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from typing import Any

from liar_tui.net.ports import DEFAULT_PORT as DEFAULT_PORT
from liar_tui.table import codec
from liar_tui.table.seats import SeatConfig
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import SeatUpdate

PROTOCOL_VERSION = 3
"""3: a Resume refused is answered with :class:`ResumeRefused`, which names its token."""
MAX_FRAME_BYTES = 64 * 1024
"""The longest frame a host accepts. A client's frames are small (an action, a table's
rules), so a hostile client can make the host buffer little."""
MAX_HOST_FRAME_BYTES = 4 * 1024 * 1024
"""The longest frame a client accepts. Views are bounded (a Liar Game view carries its last
20 rounds, about 38 KB at eight seats; a dollar-bills view its last 10 games), but one long
deal can still outgrow a client's 64 KB, so the host's frames may be far longer."""


class FrameError(ValueError):
    """Bytes that are not a frame of the expected kind; the message is one sentence."""


# --------------------------------------------------------------------------- client frames


@dataclass(frozen=True)
class Hello:
    """The first frame of every connection: who is here, speaking which protocol."""

    protocol: int
    name: str


@dataclass(frozen=True)
class CreateTable:
    """A new table in the lobby. ``HUMAN`` seats are open chairs for people to take; seats
    still open when the table starts are filled by bots at their seat's level."""

    game: str
    rules: Any
    seats: tuple[SeatConfig, ...]
    private: bool = False
    """A private table is listed, but its chairs are taken only with the code the host
    gives its creator in :class:`TableCreated`."""
    turn_seconds: float = 0.0
    """Seconds a person has for each turn before a bot acts for them; 0 means no limit."""
    seat: int | None = None
    """The chair the creator sits in at once (answered with Seated after TableCreated), so
    that nobody can sit down in it first and take the new table over."""


@dataclass(frozen=True)
class TakeSeat:
    table: int
    seat: int
    code: str = ""
    """The table's code, for a private table."""


@dataclass(frozen=True)
class LeaveSeat:
    """Give a seat back before the table starts; after, it leaves the seat to a bot."""

    token: str


@dataclass(frozen=True)
class StartTable:
    """From the table's owner, start it; from anyone else seated, a vote to start. The
    table starts when its owner says so or every person seated has voted; bots fill the
    chairs nobody took."""

    token: str


@dataclass(frozen=True)
class RemoveSeat:
    """The owner sends a seated person away before the start; the chair is open again."""

    token: str
    seat: int


@dataclass(frozen=True)
class Back:
    """The person at the token's seat is back at the keyboard after the turn timer ran
    out: the bot that played for them stops."""

    token: str


@dataclass(frozen=True)
class Act:
    """One game action for the token's seat; the host checks it is that seat's to send."""

    token: str
    action: Any


@dataclass(frozen=True)
class Resume:
    """Back after a drop: the seat, its view and the table's state again."""

    token: str


ClientFrame = (
    Hello | CreateTable | TakeSeat | LeaveSeat | StartTable | RemoveSeat | Back | Act | Resume
)


# --------------------------------------------------------------------------- host frames


class ChairKind(Enum):
    OPEN = "open"
    """A chair for a person that nobody has taken yet."""
    PERSON = "person"
    BOT = "bot"


class TablePhase(Enum):
    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"


@dataclass(frozen=True)
class ChairState:
    name: str
    kind: ChairKind
    level: str = "normal"
    """The bot's level, for a bot chair or an open chair a bot would fill."""
    present: bool = False
    """A person's chair: whether its player is connected now."""
    stand_in: bool = False
    """A person's chair: whether a bot plays it while its player is away."""
    ready: bool = False
    """A person's chair before the start: whether they voted to start."""


@dataclass(frozen=True)
class TableSummary:
    table: int
    game: str
    rules: Any
    seats: tuple[ChairState, ...]
    phase: TablePhase
    owner: int | None = None
    """The seat of the table's owner (who may start it), once its creator sits down."""
    private: bool = False
    turn_seconds: float = 0.0


@dataclass(frozen=True)
class Welcome:
    protocol: int
    name: str
    away_timeout: float = 60.0
    """Seconds the host lets a person be gone before a bot plays their seat, so a client
    can tell its player the host's figure rather than its own setting's."""


@dataclass(frozen=True)
class LobbyState:
    """Every table of the host; sent after Welcome and again whenever any table changes."""

    tables: tuple[TableSummary, ...]


@dataclass(frozen=True)
class TableCreated:
    table: int
    code: str = ""
    """A private table's code, for its creator to pass to the friends it is for."""


@dataclass(frozen=True)
class Seated:
    """The seat is yours: keep the token, it is the only way to act or resume."""

    table: int
    seat: int
    token: str
    setup: TableSetup


@dataclass(frozen=True)
class Started:
    """The game at your table has begun (or, on resume, is under way)."""

    table: int
    seat: int
    setup: TableSetup


@dataclass(frozen=True)
class Update:
    table: int
    update: SeatUpdate
    seconds_left: float = 0.0
    """Seconds the people to act have left before a bot acts for them; 0 when no timer runs."""
    away: tuple[int, ...] = ()
    """Seats whose person ran out of time: a bot plays for them until they send Back."""


@dataclass(frozen=True)
class SeatLost:
    """This connection no longer holds the seat: the owner removed it before the start, or
    its token was resumed on another connection. The token is void here."""

    table: int
    seat: int
    reason: str


@dataclass(frozen=True)
class ActionRefused:
    """The rules refused your action; the table is as it was."""

    table: int
    seat: int
    reason: str


class ErrorCode(Enum):
    BAD_FRAME = "bad-frame"
    TOO_LARGE = "too-large"
    VERSION = "version"
    NO_HELLO = "no-hello"
    BAD_TOKEN = "bad-token"
    NOT_YOUR_SEAT = "not-your-seat"
    NOT_YOUR_TURN = "not-your-turn"
    NO_TABLE = "no-table"
    SEAT_TAKEN = "seat-taken"
    BAD_TABLE = "bad-table"
    NOT_STARTED = "not-started"
    ALREADY_STARTED = "already-started"
    HOST_FULL = "host-full"
    NOT_OWNER = "not-owner"
    PRIVATE = "private"
    TOO_FAST = "too-fast"
    IDLE = "idle"


@dataclass(frozen=True)
class HostError:
    """A frame the host did not act on, and why in one sentence."""

    code: ErrorCode
    message: str


@dataclass(frozen=True)
class ResumeRefused:
    """The host does not know this Resume's seat token (its table ended, or a restarted
    host kept nothing): that seat is gone. A client may have several Resumes in flight, and
    any other frame with a token before them (a LeaveSeat of a seat taken up elsewhere is
    refused as a :class:`HostError`): the token says which seat, where the order of the
    answers could not. A frame of its own, and not a field of :class:`HostError`, so that
    the refusal of a Hello of another protocol version reads the same in every version."""

    token: str
    message: str


HostFrame = (
    Welcome
    | LobbyState
    | TableCreated
    | Seated
    | Started
    | Update
    | ActionRefused
    | SeatLost
    | HostError
    | ResumeRefused
)

for _cls in (
    Hello,
    CreateTable,
    TakeSeat,
    LeaveSeat,
    StartTable,
    RemoveSeat,
    Back,
    Act,
    Resume,
    ChairState,
    TableSummary,
    Welcome,
    LobbyState,
    TableCreated,
    Seated,
    Started,
    Update,
    ActionRefused,
    SeatLost,
    HostError,
    ResumeRefused,
):
    codec.register(_cls)


# --------------------------------------------------------------------------- framing


def encode_frame(frame: ClientFrame | HostFrame) -> bytes:
    """One frame as the bytes of its line, newline included."""
    text = json.dumps(codec.encode(frame), ensure_ascii=False, separators=(",", ":"))
    data = text.encode() + b"\n"
    limit = MAX_HOST_FRAME_BYTES if isinstance(frame, HostFrame) else MAX_FRAME_BYTES
    if len(data) > limit:
        raise FrameError(f"a {type(frame).__name__} frame is {len(data)} bytes, over the limit")
    return data


def decode_client_frame(line: bytes) -> ClientFrame:
    """A frame a client sent, checked to the last field; raises :class:`FrameError`."""
    frame: ClientFrame = _decode(line, ClientFrame, MAX_FRAME_BYTES)  # of the type checked
    return frame


def decode_host_frame(line: bytes) -> HostFrame:
    """A frame the host sent, checked to the last field; raises :class:`FrameError`."""
    frame: HostFrame = _decode(line, HostFrame, MAX_HOST_FRAME_BYTES)  # of the type checked
    return frame


def _decode(line: bytes, expected: Any, limit: int) -> Any:
    if len(line) > limit:
        raise FrameError(f"A frame may be at most {limit} bytes.")
    try:
        data = json.loads(line.decode())
    except UnicodeDecodeError:
        raise FrameError("A frame must be UTF-8 text.") from None
    except (ValueError, RecursionError):
        raise FrameError("A frame must be one JSON object on one line.") from None
    if not isinstance(data, dict):
        raise FrameError("A frame must be one JSON object on one line.")
    try:
        return codec.decode(data, expected)
    except codec.DecodeError as error:
        raise FrameError(f"The frame is not valid: {error}.") from None
