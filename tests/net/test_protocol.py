"""The frames of the table protocol: every one round-trips, and bad bytes are one sentence."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from liar_tui.net.protocol import (
    MAX_FRAME_BYTES,
    MAX_HOST_FRAME_BYTES,
    PROTOCOL_VERSION,
    Act,
    ActionRefused,
    ChairKind,
    ChairState,
    CreateTable,
    ErrorCode,
    FrameError,
    Hello,
    HostError,
    LeaveSeat,
    LobbyState,
    Resume,
    ResumeRefused,
    Seated,
    Started,
    StartTable,
    TableCreated,
    TablePhase,
    TableSummary,
    TakeSeat,
    Update,
    Welcome,
    decode_client_frame,
    decode_host_frame,
    encode_frame,
)
from liar_tui.rules.liar_game import rules as liar_game_rules
from liar_tui.rules.liar_game.game import ShowHand
from liar_tui.table.local import open_table
from liar_tui.table.seats import default_seats
from liar_tui.table.setup import TableSetup

SETUP = TableSetup("liar-game", liar_game_rules.Rules(), default_seats(), 0)


def _first_update() -> Update:
    table = open_table(SETUP)
    updates = []
    table.subscribe(0, updates.append)
    return Update(1, updates[0])


CLIENT_FRAMES = [
    Hello(PROTOCOL_VERSION, "Ann"),
    CreateTable("liar-game", liar_game_rules.Rules(), default_seats()),
    TakeSeat(1, 0),
    LeaveSeat("tok"),
    StartTable("tok"),
    Act("tok", ShowHand(0, ())),
    Resume("tok"),
]
HOST_FRAMES = [
    Welcome(PROTOCOL_VERSION, "Ann"),
    LobbyState(
        (
            TableSummary(
                1,
                "liar-game",
                liar_game_rules.Rules(),
                (ChairState("Ann", ChairKind.PERSON, present=True), ChairState("", ChairKind.OPEN)),
                TablePhase.WAITING,
            ),
        )
    ),
    TableCreated(1),
    Seated(1, 0, "tok", SETUP),
    Started(1, 0, SETUP),
    _first_update(),
    ActionRefused(1, 0, "Show three cards."),
    HostError(ErrorCode.NOT_YOUR_TURN, "It is not your turn."),
    ResumeRefused("tok", "That seat token is not valid here."),
]


@pytest.mark.parametrize("frame", CLIENT_FRAMES, ids=lambda frame: type(frame).__name__)
def test_client_frames_round_trip_as_one_line(frame: object) -> None:
    data = encode_frame(frame)  # type: ignore[arg-type]
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    assert decode_client_frame(data) == frame


def test_the_refusal_of_another_version_reads_the_same_in_every_version() -> None:
    """A host refuses a Hello of another protocol with a HostError whose shape no version
    may change: a client of any version must read why (update liar-tui), not take the host
    for something that speaks no liar-tui at all."""
    refusal = HostError(ErrorCode.VERSION, "This host speaks protocol 3, not 2.")
    assert encode_frame(refusal) == (
        b'{"type":"HostError","code":"version","message":"This host speaks protocol 3, not 2."}\n'
    )


@pytest.mark.parametrize("frame", HOST_FRAMES, ids=lambda frame: type(frame).__name__)
def test_host_frames_round_trip_as_one_line(frame: object) -> None:
    data = encode_frame(frame)  # type: ignore[arg-type]
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    assert decode_host_frame(data) == frame


def test_a_host_frame_is_not_taken_from_a_client() -> None:
    with pytest.raises(FrameError, match="not a Welcome"):
        decode_client_frame(encode_frame(Welcome(PROTOCOL_VERSION, "Ann")))
    with pytest.raises(FrameError, match="not a Hello"):
        decode_host_frame(encode_frame(Hello(PROTOCOL_VERSION, "Ann")))


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        (b"hello\n", "one JSON object"),
        (b"[1, 2]\n", "one JSON object"),
        (b"\xff\xfe\n", "UTF-8"),
        (b"[" * 50_000 + b"\n", "one JSON object"),
        (b'{"type": "Hello", "protocol": "1", "name": "Ann"}\n', "whole number"),
        (b'{"type": "Hello", "protocol": 1, "name": "Ann", "admin": true}\n', "unknown entry"),
        (b'{"type": "Hello", "protocol": 1}\n', "missing"),
        (b'{"type": "os.system", "cmd": "rm"}\n', "unknown message type"),
        (b'{"type": "Act", "token": "t", "action": {"type": "LiarGameView"}}\n', "missing"),
        (b'{"protocol": 1, "name": "Ann"}\n', "type"),
    ],
    ids=lambda value: value[:24] if isinstance(value, bytes) else value,
)
def test_bad_bytes_are_a_one_sentence_frame_error(line: bytes, problem: str) -> None:
    with pytest.raises(FrameError, match=problem) as raised:
        decode_client_frame(line)
    assert "\n" not in str(raised.value)


def test_an_oversized_frame_is_refused_before_it_is_parsed() -> None:
    padding = "x" * MAX_FRAME_BYTES
    line = json.dumps({"type": "Hello", "protocol": 1, "name": padding}).encode() + b"\n"
    with pytest.raises(FrameError, match="at most"):
        decode_client_frame(line)
    with pytest.raises(FrameError, match="over the limit"):
        encode_frame(Hello(PROTOCOL_VERSION, padding))


def test_the_host_may_send_longer_frames_than_it_accepts() -> None:
    long_reason = "x" * MAX_FRAME_BYTES
    frame = ActionRefused(1, 0, long_reason)
    assert decode_host_frame(encode_frame(frame)) == frame


@given(st.binary(max_size=300))
def test_any_bytes_decode_to_a_frame_or_a_frame_error(line: bytes) -> None:
    with contextlib.suppress(FrameError):
        decode_client_frame(line)


JSON_KEYS = st.sampled_from(["type", "token", "action", "seat", "table", "cards"]) | st.text(
    max_size=5
)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner) | st.dictionaries(JSON_KEYS, inner),
    max_leaves=20,
)


@given(JSON_VALUES)
def test_any_json_decodes_to_a_frame_or_a_frame_error(data: object) -> None:
    with contextlib.suppress(FrameError):
        decode_client_frame(json.dumps(data).encode())


def test_a_random_game_s_updates_fit_far_inside_a_frame() -> None:
    """Eight seats and a long game: the biggest update stays well under the limit."""
    from liar_tui.bots.liar_game.random_bot import RandomLiarGameBot

    seats = default_seats(bots=7)
    setup = TableSetup("liar-game", liar_game_rules.Rules(decks=2), seats, 5)
    table = open_table(setup)
    biggest = 0

    def measure(update: object) -> None:
        nonlocal biggest
        biggest = max(biggest, len(encode_frame(Update(1, update))))  # type: ignore[arg-type]

    table.subscribe(0, measure)
    bots = [RandomLiarGameBot(random.Random(seat)) for seat in range(len(seats))]
    for _ in range(40):
        if table.over:
            break
        for seat in table.to_act():
            table.handle(bots[seat].act(table.view(seat)))
    assert 0 < biggest < MAX_HOST_FRAME_BYTES // 8
