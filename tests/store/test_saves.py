"""The saved table: atomic writes, faithful replays, and damaged files refused whole."""

from __future__ import annotations

import json
import os
import random
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from liar_tui.rules.liar_game import LiarGame, Rules, ShowHand
from liar_tui.store import atomic, paths
from liar_tui.store.saves import SavedTable, SaveError, SaveStore
from liar_tui.table.local import open_table
from liar_tui.table.seats import SeatConfig, SeatKind, default_seats
from liar_tui.table.setup import TableSetup

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


@pytest.fixture
def store() -> SaveStore:
    store = SaveStore()
    store.save(SETUP, play(SETUP, 7, random.Random(1)))
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


def test_the_file_names_its_format_and_version(store: SaveStore) -> None:
    document = saved_document(store)
    assert document["format"] == "liar-tui saved table"
    assert document["version"] == 1
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
        SaveError, match=r"Could not save the table to .*: No space left on device\.$"
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


def test_an_unreadable_save_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    with pytest.raises(SaveError, match="could not be read"):
        SaveStore(folder).load()


def tampered(document: dict[str, Any], change: str) -> object:
    """The saved document after one of the edits a damaged or doctored file might show."""
    first = document["actions"][0]
    edits: dict[str, Any] = {
        "list": lambda: [document],
        "format": lambda: document | {"format": "someone else's file"},
        "version": lambda: document | {"version": 2},
        "version text": lambda: document | {"version": "1"},
        "extra": lambda: document | {"notes": "hi"},
        "time": lambda: document | {"saved_at": "yesterday"},
        "no game": lambda: document | {"setup": {"seed": 1}},
        "game": lambda: document | {"setup": document["setup"] | {"game": "chess"}},
        "unplayable": lambda: (
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
        "action type": lambda: document | {"actions": [first | {"type": "GameOver"}]},
        "card": lambda: document | {"actions": [first | {"cards": ["AS", "AS:7", "ZZ"]}]},
        "stolen card": lambda: document | {"actions": [first | {"seat": (first["seat"] + 1) % 3}]},
        "twice": lambda: document | {"actions": [first, first]},
    }
    return edits[change]()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("list", "is not a liar-tui saved table"),
        ("format", "is not a liar-tui saved table"),
        ("version", "is from an unknown version (2) of liar-tui"),
        ("version text", "is from an unknown version ('1')"),
        ("extra", "unknown entry 'notes'"),
        ("time", "time of saving"),
        ("no game", "does not say which game"),
        ("game", "is for an unknown game 'chess'"),
        ("unplayable", "is for Liar's Poker (cards), which this version cannot play yet"),
        ("rules", "its rules are not Liar Game rules"),
        ("rules value", "its table cannot be set up (Liar Game is played with one or two decks)"),
        ("seats", "its table cannot be set up (Liar Game seats 2 to 8 players)"),
        ("seed", "its seed is not from 0 to 9223372036854775807"),
        ("name", "the name of seat 1 must not hold tabs, line breaks"),
        ("action type", "expected ShowHand, got GameOver"),
        ("card", "'ZZ' is not a card token"),
        ("stolen card", "action 1 does not replay (You can only show cards from your own pocket)"),
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
    assert str(store.path) in message
    assert "\n" not in message


def test_a_file_that_is_not_json_is_refused(store: SaveStore) -> None:
    store.path.write_text('{"format": "liar-tui saved table", "vers', encoding="utf-8")
    with pytest.raises(SaveError, match=r"is damaged: it is not valid JSON \(.*\)\.$"):
        store.load()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "it nests too deeply"),
        ('{"format": "liar-tui saved table", "version": ' + "1" * 5000 + "}", "not valid JSON"),
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
