"""The host's journal: tables written so a restarted host (even after kill -9) takes them up.

Games are played headlessly by the games' own bots, so every action journaled is a real one
of its game, and a restore is checked the way the host will do it: the restored actions
replayed by ``open_table`` must give every seat the view it had.
"""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from liar_tui.games import make_bot, new_state, registered
from liar_tui.net.host_journal import (
    ChairRecord,
    HostJournal,
    JournalError,
    RestoredTable,
    TableRecord,
)
from liar_tui.net.protocol import CreateTable
from liar_tui.table import codec
from liar_tui.table.local import bot_rng, open_table
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind, default_seats
from liar_tui.table.setup import MAX_SEED, TableSetup
from liar_tui.table.table import Table

GAMES = tuple(registered())
REPO = Path(__file__).resolve().parents[2]


def new_setup(game: str, seed: int = 7) -> TableSetup:
    """Two people and three bots, as a started host table has them."""
    seats = (*default_seats(bots=2, humans=2), SeatConfig("Dee", SeatKind.BOT))
    return TableSetup(game, registered()[game].default_rules(), seats, seed)


def record_of(setup: TableSetup, number: int = 1, started: bool = True) -> TableRecord:
    open_seats = tuple(
        SeatConfig(seat.name, SeatKind.HUMAN) if seat.is_human else seat for seat in setup.seats
    )
    chairs = tuple(
        ChairRecord(seat.name, f"token-{number}-{index}")
        if seat.is_human
        else ChairRecord(None, None)
        for index, seat in enumerate(setup.seats)
    )
    request = CreateTable(setup.game, setup.rules, open_seats, private=True, turn_seconds=45.0)
    return TableRecord(number, request, chairs, 0, "K7Q2", setup if started else None)


def play(table: Table, limit: int) -> None:
    """Bots play every seat for up to ``limit`` actions, stopping before the game is over so
    the table is one a restarted host must take up."""
    setup = table.setup
    bots = [
        make_bot(setup.game, BotLevel.NORMAL, bot_rng(setup, s)) for s in range(len(setup.seats))
    ]
    ahead = new_state(setup)  # one action ahead of the table: sees an action end the game
    while len(table.actions) < limit:
        seat = table.to_act()[0]
        action = bots[seat].act(table.view(seat))
        ahead.apply(action)
        if ahead.over:
            return
        table.handle(action)


def played(game: str, limit: int = 60, seed: int = 7) -> tuple[TableSetup, tuple[Any, ...]]:
    setup = new_setup(game, seed)
    table = open_table(setup)
    play(table, limit)
    return setup, table.actions


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "host" / "tables"


@pytest.fixture
def journal(folder: Path) -> Iterator[HostJournal]:
    journal = HostJournal(folder)
    yield journal
    journal.close()


def reopened(folder: Path) -> tuple[list[RestoredTable], list[str]]:
    """What a restarted host finds."""
    journal = HostJournal(folder)
    try:
        return journal.load()
    finally:
        journal.close()


def write_private(path: Path, data: bytes) -> None:
    """Write a journal file as the journal would have it, private."""
    path.write_bytes(data)
    path.chmod(0o600)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# --------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("game", GAMES)
def test_a_started_table_comes_back_with_its_record_and_every_action(
    game: str, journal: HostJournal, folder: Path
) -> None:
    setup, actions = played(game)
    assert len(actions) >= 10
    journal.save_table(record_of(setup))
    for action in actions:
        journal.append_action(1, action)
    restored, problems = reopened(folder)
    assert problems == []
    assert restored == [RestoredTable(record_of(setup), actions)]
    assert all(isinstance(action, registered()[game].action_type) for action in actions)


@pytest.mark.parametrize("game", GAMES)
def test_the_restored_actions_rebuild_the_table_every_seat_saw(
    game: str, journal: HostJournal, folder: Path
) -> None:
    """What the host will do: journal each action as the table applies it, restore with
    ``open_table`` after a restart, and every seat's view, the seats to act and the whole
    state are as they were."""
    setup = new_setup(game, seed=2**62 + 11)  # a host's seed is drawn from all of them
    journal.save_table(record_of(setup, number=4))
    table = open_table(
        setup, recorder=lambda _setup, actions, _game: journal.append_action(4, actions[-1])
    )
    play(table, limit=80)
    [restored], problems = reopened(folder)
    assert problems == []
    assert restored.record.setup is not None
    again = open_table(restored.record.setup, restored.actions)
    assert again.actions == table.actions
    assert again.to_act() == table.to_act()
    for seat in range(len(setup.seats)):
        assert again.view(seat) == table.view(seat)
    assert again.snapshot() == table.snapshot()


def test_a_waiting_table_comes_back_with_its_latest_chairs(
    journal: HostJournal, folder: Path
) -> None:
    setup = new_setup("liar-game")
    waiting = record_of(setup, number=2, started=False)
    journal.save_table(waiting)
    nobody = ChairRecord(None, None)
    journal.save_table(dataclasses.replace(waiting, chairs=(nobody,) * len(setup.seats)))
    restored, problems = reopened(folder)
    assert problems == []
    assert [table.record.chairs for table in restored] == [(nobody,) * len(setup.seats)]
    assert restored[0].record.setup is None
    assert restored[0].actions == ()


def test_tables_come_back_in_number_order_and_a_dropped_one_does_not(
    journal: HostJournal, folder: Path
) -> None:
    setup, actions = played("liars-poker-bills", limit=12)
    for number in (12, 3, 7):
        journal.save_table(record_of(setup, number))
        journal.append_action(number, actions[0])
    journal.drop_table(7)
    restored, problems = reopened(folder)
    assert problems == []
    assert [table.record.number for table in restored] == [3, 12]
    assert sorted(path.name for path in folder.iterdir()) == [
        "table-12.actions",
        "table-12.json",
        "table-3.actions",
        "table-3.json",
    ]


names = st.text(st.characters(codec=None), min_size=1, max_size=20)


@settings(max_examples=40, deadline=None)
@example(people=[("Ann\ud800", "\udfff"), None], seed=MAX_SEED, code="", turn_seconds=0.0)
@given(
    people=st.lists(st.none() | st.tuples(names, st.text(max_size=40)), min_size=2, max_size=8),
    seed=st.integers(0, MAX_SEED),
    code=st.text(max_size=8),
    turn_seconds=st.floats(0, 3600),
)
def test_any_record_reads_back_as_it_was_written(
    people: list[tuple[str, str] | None], seed: int, code: str, turn_seconds: float
) -> None:
    """Names come from clients' JSON, so any text must survive, lone surrogates included."""
    seats = tuple(SeatConfig(f"Seat {index}", SeatKind.HUMAN) for index in range(len(people)))
    chairs = tuple(ChairRecord(*person) if person else ChairRecord(None, None) for person in people)
    setup = TableSetup(
        "liars-poker-bills", registered()["liars-poker-bills"].default_rules(), seats, seed
    )
    request = CreateTable(setup.game, setup.rules, seats, bool(code), turn_seconds)
    record = TableRecord(5, request, chairs, len(people) - 1, code, setup)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "tables"
        journal = HostJournal(folder)
        journal.save_table(record)
        journal.close()
        assert reopened(folder) == ([RestoredTable(record, ())], [])


# --------------------------------------------------------------------------- crashes


def test_a_crash_before_the_rename_leaves_the_old_record(
    journal: HostJournal, folder: Path
) -> None:
    """The temporary file of a write that never reached its rename is all that is left of
    it: the old record is restored, and the leftover goes."""
    setup = new_setup("liar-game")
    journal.save_table(record_of(setup, started=False))
    newer = json.dumps({"format": "liar-tui host table", "version": 1, "table": "half of it"})
    stray = folder / ".table-1.json.x8k2_q.tmp"
    stray.write_text(newer)
    [restored], problems = reopened(folder)
    assert problems == []
    assert restored.record == record_of(setup, started=False)
    assert not stray.exists()


def test_a_failed_rename_keeps_the_old_record_and_leaves_no_temporary_file(
    journal: HostJournal, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = new_setup("liar-game")
    journal.save_table(record_of(setup, started=False))

    def full_disk(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(
        JournalError, match=r"^Table 1 could not be journaled in .*: no space left on device\.$"
    ):
        journal.save_table(record_of(setup))
    monkeypatch.undo()
    assert sorted(path.name for path in folder.iterdir()) == ["table-1.json"]
    assert reopened(folder)[0][0].record == record_of(setup, started=False)


def test_a_torn_last_line_is_dropped_and_cut_off_so_appending_goes_on(
    journal: HostJournal, folder: Path
) -> None:
    setup, actions = played("liars-poker-cards", limit=30)
    journal.save_table(record_of(setup))
    for action in actions[:-1]:
        journal.append_action(1, action)
    journal.close()
    whole_line = json.dumps(codec.encode(actions[-1])).encode()
    with (folder / "table-1.actions").open("ab") as file:
        file.write(whole_line[: len(whole_line) // 2])
    [restored], problems = reopened(folder)
    assert problems == []
    assert restored.actions == actions[:-1]
    # The restarted host goes on appending to the same file:
    again = HostJournal(folder)
    again.load()
    again.append_action(1, actions[-1])
    again.close()
    assert reopened(folder) == ([RestoredTable(record_of(setup), actions)], [])


def test_a_torn_first_line_leaves_a_started_table_with_no_actions(
    journal: HostJournal, folder: Path
) -> None:
    setup = new_setup("liar-game")
    journal.save_table(record_of(setup))
    write_private(folder / "table-1.actions", b'{"type":"Show')
    assert reopened(folder) == ([RestoredTable(record_of(setup), ())], [])
    assert (folder / "table-1.actions").read_bytes() == b""


@pytest.mark.parametrize(
    ("damage", "problem"),
    [
        (lambda lines: [lines[0], b"not json", *lines[1:]], "action 2 is not a line of JSON"),
        (lambda lines: [lines[0], b'{"type":"Hello"}', *lines[1:]], "action 2 is not valid"),
        (lambda lines: [lines[0], b"", *lines[1:]], "action 2 is not a line of JSON"),
        (lambda lines: [*lines, b'{"type":"Nope"}'], "action 13 is not valid"),
        (lambda lines: [lines[0], lines[0], *lines[1:]], "action 2 breaks the rules"),
    ],
    ids=["not-json", "wrong-type", "empty", "bad-complete-last-line", "refused-by-rules"],
)
def test_a_bad_line_sets_the_table_aside_and_names_it(
    journal: HostJournal, folder: Path, damage: Any, problem: str
) -> None:
    setup, actions = played("liars-poker-bills", limit=12)
    assert len(actions) == 12
    journal.save_table(record_of(setup, number=3))
    journal.save_table(record_of(setup, number=4))
    for action in actions:
        journal.append_action(3, action)
        journal.append_action(4, action)
    journal.close()
    lines = (folder / "table-3.actions").read_bytes().splitlines()
    damaged = b"\n".join(damage(lines)) + b"\n"
    write_private(folder / "table-3.actions", damaged)
    restored, problems = reopened(folder)
    assert [table.record.number for table in restored] == [4]
    [sentence] = problems
    assert sentence.startswith("Table 3 in ")
    assert problem in sentence
    assert sentence.endswith(
        "its files were set aside as table-3.json.bad and table-3.actions.bad."
    )
    assert (folder / "table-3.actions.bad").read_bytes() == damaged
    assert not (folder / "table-3.json").exists()
    assert reopened(folder) == (restored, [])


@pytest.mark.parametrize(
    ("record_text", "problem"),
    [
        ("{", "its record is not valid JSON"),
        (json.dumps({"format": "something else"}), "its record is not a liar-tui host table"),
        (json.dumps({"format": "liar-tui host table", "version": 9, "table": {}}), "format 9"),
        (json.dumps({"format": "liar-tui host table", "version": 1, "table": 1}), "not valid"),
    ],
)
def test_a_damaged_record_sets_the_table_aside(
    journal: HostJournal, folder: Path, record_text: str, problem: str
) -> None:
    write_private(folder / "table-8.json", record_text.encode())
    restored, [sentence] = journal.load()
    assert restored == []
    assert problem in sentence
    assert sentence.endswith("its files were set aside as table-8.json.bad.")
    # The number used again, and its files set aside again: the first ones are kept.
    write_private(folder / "table-8.json", record_text.encode() + b" ")
    restored, [sentence] = journal.load()
    assert sentence.endswith("its files were set aside as table-8.json.2.bad.")
    assert (folder / "table-8.json.bad").read_text() == record_text
    assert (folder / "table-8.json.2.bad").read_text() == record_text + " "
    assert reopened(folder) == ([], [])


def test_a_record_must_agree_with_its_file_and_its_game(journal: HostJournal, folder: Path) -> None:
    setup = new_setup("liar-game")
    journal.save_table(record_of(setup, number=1))
    (folder / "table-1.json").rename(folder / "table-2.json")
    three_seats = dataclasses.replace(setup, seats=setup.seats[:3])
    journal.save_table(dataclasses.replace(record_of(setup, number=3), setup=three_seats))
    journal.save_table(record_of(new_setup("liar-game"), number=4, started=False))
    journal.append_action(4, played("liar-game", limit=1)[1][0])
    journal.append_action(5, played("liar-game", limit=1)[1][0])
    restored, problems = reopened(folder)
    assert restored == []
    assert [sentence.split(" (")[1].split(")")[0] for sentence in problems] == [
        "its record is of table 1",
        "its start does not match the table it was created as",
        "it has actions but no record of its start",
        "its actions were found without its record",
    ]


# --------------------------------------------------------------------------- privacy


def test_the_folder_and_every_file_are_private_even_under_an_open_umask(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "parents" / "tables"
    previous = os.umask(0)
    try:
        journal = HostJournal(folder)
        seen: list[int] = []
        original_replace = os.replace

        def watching_replace(source: str, target: str) -> None:
            seen.append(mode(Path(source)))  # the temporary file, still under its own name
            original_replace(source, target)

        setup, actions = played("liar-game", limit=1)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(os, "replace", watching_replace)
            journal.save_table(record_of(setup))
        journal.append_action(1, actions[0])
        journal.close()
    finally:
        os.umask(previous)
    assert seen == [0o600]
    assert [mode(path) for path in (folder, folder.parent, folder.parent.parent)] == [0o700] * 3
    assert mode(folder / "table-1.json") == 0o600
    assert mode(folder / "table-1.actions") == 0o600


@pytest.mark.parametrize("folder_mode", [0o777, 0o755, 0o750, 0o701])
def test_a_folder_others_can_reach_is_refused(tmp_path: Path, folder_mode: int) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    folder.chmod(folder_mode)
    with pytest.raises(JournalError) as refused:
        HostJournal(folder)
    assert str(refused.value) == (
        f"The host's journal folder {folder} can be reached by other users; "
        f"make it private with chmod 700 {folder}."
    )


def test_a_journal_file_others_can_read_is_refused(journal: HostJournal, folder: Path) -> None:
    journal.save_table(record_of(new_setup("liar-game")))
    (folder / "table-1.json").chmod(0o644)
    with pytest.raises(
        JournalError, match=r"^The journal file .*table-1\.json can be read by other users"
    ):
        HostJournal(folder)


def test_a_file_in_place_of_the_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "tables").write_text("")
    with pytest.raises(JournalError, match=r"^The host's journal folder .* is not a folder\.$"):
        HostJournal(tmp_path / "tables")
    with pytest.raises(JournalError, match=r"^The host's journal folder .* cannot be used: .*\.$"):
        HostJournal(tmp_path / "tables" / "below")


def open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="counts open files by /proc")
def test_appending_keeps_one_file_open_per_table_until_the_table_goes(journal: HostJournal) -> None:
    _, actions = played("liars-poker-bills", limit=40)
    before = open_descriptors()
    for action in actions:
        journal.append_action(1, action)
    assert open_descriptors() == before + 1
    journal.drop_table(1)
    assert open_descriptors() == before


# --------------------------------------------------------------------------- kill -9

CHILD = """
import json, sys
from pathlib import Path
from liar_tui.games import registered
from liar_tui.net.host_journal import HostJournal
from liar_tui.table import codec

folder, game, actions_file = sys.argv[1:]
action_type = registered()[game].action_type
actions = [codec.decode(item, action_type) for item in json.loads(Path(actions_file).read_text())]
journal = HostJournal(Path(folder))
for count, action in enumerate(actions, start=1):
    journal.append_action(1, action)
    print(count, flush=True)
sys.stdin.read()
"""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("killed_after", ["half", "all"])
def test_a_host_killed_with_sigkill_loses_no_action_it_appended(
    game: str, killed_after: str, journal: HostJournal, folder: Path, tmp_path: Path
) -> None:
    """The child says each count only once ``append_action`` returned: every action it
    counted is on disk however hard it is killed, and whatever else is there is what it was
    appending next."""
    setup, actions = played(game, limit=120)
    journal.save_table(record_of(setup))
    (tmp_path / "actions.json").write_text(json.dumps(codec.encode(actions)))
    wanted = len(actions) if killed_after == "all" else len(actions) // 2
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(folder), game, str(tmp_path / "actions.json")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO,
    )
    try:
        assert child.stdout is not None
        counted = 0
        while counted < wanted:
            line = child.stdout.readline()
            assert line, child.stderr.read().decode() if child.stderr else "the child died"
            counted = int(line)
    finally:
        child.send_signal(signal.SIGKILL)
        child.communicate()
    assert child.returncode == -signal.SIGKILL
    [restored], problems = reopened(folder)
    assert problems == []
    assert len(restored.actions) >= wanted
    assert restored.actions == actions[: len(restored.actions)]
