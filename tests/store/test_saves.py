"""The saved table: atomic writes, faithful replays, and damaged files refused whole."""

from __future__ import annotations

import json
import os
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from liar_tui.rules.liar_game.game import LiarGame, Rules, ShowHand
from liar_tui.store import atomic, paths
from liar_tui.store.saves import SavedClock, SavedTable, SaveError, SaveStore
from liar_tui.table.local import open_table
from liar_tui.table.seats import SeatConfig, SeatKind, default_seats
from liar_tui.table.setup import TableSetup

TYPICAL_PATH = "~/.local/share/liar-tui/current-table.json"
"""Where the save sits on Linux, as messages show it: their length is judged with this path."""

SETUP = TableSetup("liar-game", Rules(target=300), default_seats(bots=2), seed=42)


def play(setup: TableSetup, count: int, chooser: random.Random) -> tuple[ShowHand, ...]:
    """Up to ``count`` random legal actions from the start, stopping before the game ends."""
    game = LiarGame(setup.rules, len(setup.seats), setup.seed)
    actions: list[ShowHand] = []
    for _ in range(count):
        action = chooser.choice(game.legal_actions(chooser.choice(game.to_act())))
        game.apply(action)
        if game.over:
            break
        actions.append(action)
    return tuple(actions)


def saved_document(store: SaveStore) -> dict[str, Any]:
    return json.loads(store.path.read_text(encoding="utf-8"))


def write_document(store: SaveStore, document: object) -> None:
    store.path.write_text(json.dumps(document), encoding="utf-8")


CLOCK = SavedClock(datetime(2026, 11, 30, 21, 5, 7, tzinfo=UTC), 754.25)


@pytest.fixture
def store() -> SaveStore:
    store = SaveStore()
    store.save(SETUP, play(SETUP, 7, random.Random(1)), CLOCK)
    return store


def test_the_default_path_is_the_data_folder(isolated_dirs: dict[str, Path]) -> None:
    assert SaveStore().path == paths.save_path()
    assert SaveStore().path.parent == isolated_dirs["data"]


def test_nothing_saved_loads_as_none() -> None:
    assert SaveStore().load() is None


def test_a_save_loads_back_with_its_setup_actions_and_time(store: SaveStore) -> None:
    loaded = store.load()
    assert isinstance(loaded, SavedTable)
    assert loaded.setup == SETUP
    assert loaded.actions == play(SETUP, 7, random.Random(1))
    assert datetime.fromisoformat(loaded.saved_at).tzinfo is not None
    assert loaded.clock == CLOCK


def test_a_save_from_before_the_clock_loads_without_one(store: SaveStore) -> None:
    """Version 1 kept no clock: the game goes on, and its record starts when taken up."""
    document = saved_document(store)
    del document["started_at"], document["played"]
    write_document(store, document | {"version": 1})
    loaded = store.load()
    assert loaded is not None
    assert loaded.clock is None
    assert loaded.actions == play(SETUP, 7, random.Random(1))


def test_the_file_names_its_format_and_version(store: SaveStore) -> None:
    document = saved_document(store)
    assert document["format"] == "liar-tui saved table"
    assert document["version"] == 2
    assert document["setup"]["rules"]["type"] == "LiarGameRules"


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rules=st.sampled_from([Rules(target=200), Rules(decks=2, big_combos=True, joker_sets=True)]),
    seats=st.integers(2, 8),
    seed=st.integers(0, 2**31),
    count=st.integers(0, 60),
)
def test_a_saved_random_game_replays_to_the_same_state(
    tmp_path: Path, rules: Rules, seats: int, seed: int, count: int
) -> None:
    setup = TableSetup("liar-game", rules, default_seats(bots=seats - 1), seed)
    actions = play(setup, count, random.Random(seed))
    original = open_table(setup, actions)
    store = SaveStore(tmp_path / f"table-{seed}-{count}.json")
    store.save(setup, actions)
    loaded = store.load()
    assert loaded is not None
    assert open_table(loaded.setup, loaded.actions).snapshot() == original.snapshot()


def test_saving_leaves_no_temporary_file(store: SaveStore) -> None:
    store.save(SETUP, ())
    assert [path.name for path in store.path.parent.iterdir()] == ["current-table.json"]


def test_a_failed_write_keeps_the_old_save(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = store.path.read_bytes()

    def failing_replace(source: str, target: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", failing_replace)
    with pytest.raises(
        SaveError, match=r"^The table could not be saved to .*: no space left on device\.$"
    ):
        store.save(SETUP, ())
    monkeypatch.undo()
    assert store.path.read_bytes() == before
    assert [path.name for path in store.path.parent.iterdir()] == ["current-table.json"]
    assert store.load() is not None


def test_clear_forgets_the_save_and_is_harmless_twice(store: SaveStore) -> None:
    store.clear()
    assert store.load() is None
    store.clear()
    assert not store.path.exists()


def test_an_unreadable_save_is_refused_without_an_error_number(tmp_path: Path) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    with pytest.raises(SaveError) as refusal:
        SaveStore(folder).load()
    assert str(refusal.value) == f"The saved table {folder} could not be read: is a directory."


def test_a_save_that_is_not_text_is_damaged(store: SaveStore) -> None:
    store.path.write_bytes(b"\xff\xfe")
    with pytest.raises(SaveError, match=r"is damaged: it is not UTF-8 text\.$"):
        store.load()


def test_a_save_that_cannot_be_removed_says_why(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing_unlink(path: Path, missing_ok: bool = False) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "unlink", failing_unlink)
    with pytest.raises(SaveError, match=r"could not be removed: permission denied\.$"):
        store.clear()


def test_a_save_in_the_home_folder_is_named_from_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Path, "home", lambda: tmp_path)
    store = SaveStore(tmp_path / ".local" / "share" / "liar-tui" / "current-table.json")
    store.path.parent.mkdir(parents=True)
    store.path.write_text("[]", encoding="utf-8")
    with pytest.raises(SaveError) as refusal:
        store.load()
    assert str(refusal.value) == (
        "The saved table ~/.local/share/liar-tui/current-table.json is damaged: "
        "it is not a liar-tui saved table."
    )


def tampered(document: dict[str, Any], change: str) -> object:
    """The saved document after one of the edits a damaged or doctored file might show."""
    first = document["actions"][0]
    edits: dict[str, Any] = {
        "list": lambda: [document],
        "format": lambda: document | {"format": "someone else's file"},
        "version": lambda: document | {"version": 3},
        "clock in version 1": lambda: document | {"version": 1},
        "half a clock": lambda: {k: v for k, v in document.items() if k != "played"},
        "clock start": lambda: document | {"started_at": "noon"},
        "clock forever": lambda: document | {"played": 1e300},
        "clock yes": lambda: document | {"played": True},
        "version text": lambda: document | {"version": "1"},
        "extra": lambda: document | {"notes": "hi"},
        "time": lambda: document | {"saved_at": "yesterday"},
        "no game": lambda: document | {"setup": {"seed": 1}},
        "game": lambda: document | {"setup": document["setup"] | {"game": "chess"}},
        "other game": lambda: (
            document | {"setup": document["setup"] | {"game": "liars-poker-cards"}}
        ),
        "rules": lambda: (
            document
            | {
                "setup": document["setup"]
                | {"rules": {"type": "SeatConfig", "name": "x", "kind": "bot", "level": "easy"}}
            }
        ),
        "rules value": lambda: (
            document
            | {"setup": document["setup"] | {"rules": document["setup"]["rules"] | {"decks": 3}}}
        ),
        "seats": lambda: (
            document | {"setup": document["setup"] | {"seats": document["setup"]["seats"] * 3}}
        ),
        "seed": lambda: document | {"setup": document["setup"] | {"seed": -42}},
        "name": lambda: (
            document
            | {
                "setup": document["setup"]
                | {"seats": [document["setup"]["seats"][0] | {"name": "A\x1b[2J"}]}
            }
        ),
        "seat kind": lambda: (
            document
            | {
                "setup": document["setup"]
                | {"seats": [document["setup"]["seats"][0] | {"kind": "alien"}]}
            }
        ),
        "seed text": lambda: document | {"setup": document["setup"] | {"seed": "x"}},
        "setup extra": lambda: document | {"setup": document["setup"] | {"colour": "red"}},
        "actions": lambda: document | {"actions": "x"},
        "action seat": lambda: document | {"actions": [first | {"seat": True}]},
        "action extra": lambda: document | {"actions": [first | {"x" * 5000: 1}]},
        "action type": lambda: document | {"actions": [first | {"type": "GameOver"}]},
        "card": lambda: document | {"actions": [first | {"cards": ["AS", "AS:7", "ZZ"]}]},
        "stolen card": lambda: document | {"actions": [first | {"seat": (first["seat"] + 1) % 3}]},
        "twice": lambda: document | {"actions": [first, first]},
    }
    return edits[change]()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("list", "is damaged: it is not a liar-tui saved table."),
        ("format", "is damaged: it is not a liar-tui saved table."),
        (
            "version",
            "was written by another version of liar-tui: its save format is 3; this one reads"
            " formats 1 to 2.",
        ),
        ("version text", "its save format is '1'; this one reads formats 1 to 2."),
        ("clock in version 1", "is damaged: it has an unknown entry 'played'."),
        ("half a clock", "is damaged: its time played is missing or not a number of seconds."),
        ("clock start", "is damaged: its game's start is missing or not a timestamp."),
        ("clock forever", "is damaged: its time played is missing or not a number of seconds."),
        ("clock yes", "is damaged: its time played is missing or not a number of seconds."),
        ("extra", "is damaged: it has an unknown entry 'notes'."),
        ("time", "is damaged: its time of saving is missing or not a timestamp."),
        ("no game", "is damaged: it does not say which game it is."),
        ("game", "is for an unknown game 'chess'."),
        ("other game", "is damaged: its rules are not Liar's Poker (cards) rules."),
        ("rules", "is damaged: its rules are not Liar Game rules."),
        ("rules value", "its table cannot be set up (Liar Game is played with one or two decks)."),
        ("seats", "is damaged: its table cannot be set up (Liar Game seats 2 to 8 players)."),
        ("seat kind", "is damaged: the kind of seat 1 must be 'human' or 'bot', not 'alien'."),
        ("seed", "is damaged: its seed must be from 0 to 9223372036854775807, not -42."),
        ("seed text", "is damaged: setup.seed must be a whole number, not 'x'."),
        ("setup extra", "is damaged: setup has an unknown entry 'colour'."),
        ("name", "is damaged: the name of seat 1 must not hold tabs, line breaks"),
        ("actions", "is damaged: actions must be a list, not 'x'."),
        ("action seat", "is damaged: the seat of action 1 must be a whole number, not true."),
        ("action extra", "is damaged: action 1 has an unknown entry 'xxxxxxxxxxxxxxxxxxx…'."),
        ("action type", "is damaged: action 1 must be a ShowHand, not a GameOver."),
        ("card", "is damaged: card 3 of action 1 must be a card like 'AS' or 'JK:1', not 'ZZ'."),
        ("stolen card", "action 1 does not replay (You can only show cards from your own pocket)."),
        ("twice", "action 2 does not replay (This seat has already chosen"),
    ],
)
def test_a_damaged_or_doctored_save_is_refused_whole(
    store: SaveStore, change: str, words: str
) -> None:
    write_document(store, tampered(saved_document(store), change))
    with pytest.raises(SaveError) as refusal:
        store.load()
    message = str(refusal.value)
    assert words in message
    assert message.startswith(f"The saved table {store.path} ")
    assert "\n" not in message
    assert len(message.replace(str(store.path), TYPICAL_PATH)) <= 160


def test_a_file_that_is_not_json_is_refused(store: SaveStore) -> None:
    store.path.write_text('{"format": "liar-tui saved table", "version": }', encoding="utf-8")
    with pytest.raises(SaveError) as refusal:
        store.load()
    assert str(refusal.value) == (
        f"The saved table {store.path} is damaged: "
        "it is not valid JSON: expecting value at line 1, column 47."
    )
    store.path.write_text('{"format": "liar-tui saved table", "vers', encoding="utf-8")
    with pytest.raises(
        SaveError,
        match=r"it is not valid JSON: unterminated string starting at"
        r" line 1, column 36\.$",
    ):
        store.load()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "it nests too deeply"),
        (
            '{"format": "liar-tui saved table", "version": ' + "1" * 5000 + "}",
            "it holds a number too long to read",
        ),
    ],
)
def test_hostile_json_is_refused_with_a_sentence(store: SaveStore, text: str, words: str) -> None:
    store.path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError, match=words):
        store.load()


def test_a_save_whose_game_is_over_is_refused(store: SaveStore) -> None:
    setup = TableSetup(
        "liar-game", Rules(target=1), (SeatConfig("A", SeatKind.HUMAN), SeatConfig("B")), 3
    )
    game = LiarGame(setup.rules, 2, setup.seed)
    actions = tuple(game.legal_actions(seat)[0] for seat in (0, 1))
    store.save(setup, actions)
    with pytest.raises(SaveError, match="its game is already over"):
        store.load()


def test_the_atomic_writer_creates_missing_folders(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "er" / "file.txt"
    atomic.write_atomically(target, "hello")
    assert target.read_text(encoding="utf-8") == "hello"
    assert os.listdir(target.parent) == ["file.txt"]
