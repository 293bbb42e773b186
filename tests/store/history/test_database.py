"""Opening the history file: where it is, its mode, its pragmas, and that nothing opens it early."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

from liar_tui.store.history import HistoryStore, Recorded, history_path
from liar_tui.store.history.database import BUSY_TIMEOUT_SECONDS, open_history

from .builders import finished_game


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_file_is_in_the_data_folder_unless_a_folder_is_given(
    isolated_dirs: dict[str, Path], tmp_path: Path
) -> None:
    assert history_path() == isolated_dirs["data"] / "history.sqlite3"
    assert history_path(tmp_path / "host") == tmp_path / "host" / "history.sqlite3"


def test_the_file_and_its_companions_are_for_its_owner_only(
    store: HistoryStore, path: Path
) -> None:
    assert isinstance(store.record(finished_game()), Recorded)
    companions = [Path(f"{path}{suffix}") for suffix in ("-wal", "-shm")]
    assert all(companion.exists() for companion in companions)
    assert [mode(file) for file in (path, *companions)] == [0o600, 0o600, 0o600]


def test_a_data_folder_the_history_makes_is_its_owner_s_only(
    store: HistoryStore, path: Path
) -> None:
    """Others may not even list the names of the files beside the history (its moved-aside
    copies hold every hand too). A folder that exists already is left as its owner made it."""
    assert not path.parent.exists()
    assert isinstance(store.record(finished_game()), Recorded)
    assert mode(path.parent) == 0o700


def test_a_file_others_could_read_is_made_private(store: HistoryStore, path: Path) -> None:
    path.parent.mkdir(parents=True)
    path.touch(mode=0o644)
    os.chmod(path, 0o644)
    store.count_games()
    assert mode(path) == 0o600


def test_the_connection_is_in_wal_mode_with_foreign_keys_and_a_busy_timeout(path: Path) -> None:
    connection, notice = open_history(path)
    settings = {
        name: connection.execute(f"PRAGMA {name}").fetchone()[0]
        for name in ("journal_mode", "foreign_keys", "busy_timeout", "synchronous")
    }
    connection.close()
    assert notice is None
    assert settings == {
        "journal_mode": "wal",
        "foreign_keys": 1,
        "busy_timeout": int(BUSY_TIMEOUT_SECONDS * 1000),
        "synchronous": 1,  # NORMAL
    }


def test_a_store_opens_nothing_until_it_is_first_used(store: HistoryStore, path: Path) -> None:
    assert not path.parent.exists()
    store.take_notices()
    assert not path.parent.exists()
    store.count_games()
    assert path.exists()


def test_importing_the_store_leaves_sqlite_unimported() -> None:
    """``sqlite3`` costs milliseconds to import, and the app's first frame needs no history."""
    probe = "import sys, liar_tui.store.history; print('sqlite3' in sys.modules)"
    answer = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert answer.stdout.strip() == "False"


def test_taking_the_notices_never_waits_for_a_query(store: HistoryStore) -> None:
    """The screens take the notices on the UI's thread: a query another thread is running
    (a recording waiting on another process's write, up to the busy timeout) must not hold
    them up. The query here waits for the notices to be taken; taken behind the query's lock
    they would come only after it gave up."""
    entered = threading.Event()
    taken = threading.Event()
    saw_them_taken: list[bool] = []

    def query(connection: object) -> None:
        entered.set()
        saw_them_taken.append(taken.wait(10))

    reader = threading.Thread(target=store.read, args=(query,))
    reader.start()
    assert entered.wait(10)
    store.take_notices()
    taken.set()
    reader.join()
    assert saw_them_taken == [True]
