"""The seat tokens kept on disk: this user's alone, written whole, a damaged file survived."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from liar_tui.net.seat_tokens import MAX_TOKENS_PER_HOST, SeatTokens
from liar_tui.store import atomic, paths

HOST = "127.0.0.1:7777"


def test_tokens_are_kept_by_host_in_the_data_folder(isolated_dirs: dict[str, Path]) -> None:
    store = SeatTokens()
    store.remember(HOST, "a")
    store.remember(HOST, "b")
    store.remember("/run/liar.sock", "c")
    store.remember(HOST, "a")
    assert store.path == paths.seat_tokens_path() == isolated_dirs["data"] / "seat-tokens.json"
    again = SeatTokens()
    assert again.tokens(HOST) == ("a", "b")
    assert again.tokens("/run/liar.sock") == ("c",)
    assert again.tokens("elsewhere:1") == ()
    again.forget(HOST, "a")
    assert SeatTokens().tokens(HOST) == ("b",)
    assert store.take_problem() is None


def test_the_file_is_readable_by_its_owner_only_even_under_a_loose_umask(tmp_path: Path) -> None:
    path = tmp_path / "tokens.json"
    old_umask = os.umask(0)
    try:
        SeatTokens(path).remember(HOST, "secret")
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_failed_write_leaves_the_old_file_whole_and_is_one_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "tokens.json"
    store = SeatTokens(path)
    store.remember(HOST, "kept")
    before = path.read_bytes()

    def full_disk(source: str, target: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", full_disk)
    store.remember(HOST, "new")
    store.forget(HOST, "kept")
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["tokens.json"]
    assert store.take_problem() == (
        f"Seat tokens could not be saved to {path}: no space left on device."
    )
    assert store.take_problem() is None


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "expecting property name enclosed in double quotes at line 1, column 2"),
        ("[]", "it is not a seat tokens file"),
        ('{"format": "liar-tui seat tokens", "version": 9, "hosts": {}}', "its version is not 1"),
        (
            '{"format": "liar-tui seat tokens", "version": 1, "hosts": {"h:1": [1]}}',
            "its hosts are not lists of tokens",
        ),
    ],
)
def test_a_damaged_file_is_one_warning_and_a_fresh_start(
    tmp_path: Path, text: str, reason: str
) -> None:
    path = tmp_path / "tokens.json"
    path.write_text(text, encoding="utf-8")
    store = SeatTokens(path)
    assert store.tokens("h:1") == ()
    assert store.take_problem() == (
        f"The seat tokens in {path} could not be read ({reason}); starting with none."
    )
    store.remember(HOST, "fresh")
    assert store.take_problem() is None
    assert SeatTokens(path).tokens(HOST) == ("fresh",)


def test_bytes_that_are_not_text_are_a_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / "tokens.json"
    path.write_bytes(b"\xff\xfe\x00")
    store = SeatTokens(path)
    assert store.take_problem() == (
        f"The seat tokens in {path} could not be read (it is not UTF-8 text); starting with none."
    )


def test_another_process_s_seats_are_kept_when_this_one_changes_its_own(tmp_path: Path) -> None:
    path = tmp_path / "tokens.json"
    first, second = SeatTokens(path), SeatTokens(path)
    first.remember(HOST, "first's")
    second.remember(HOST, "second's")
    first.forget(HOST, "gone")
    assert SeatTokens(path).tokens(HOST) == ("first's", "second's")


def test_a_host_handing_out_endless_seats_cannot_grow_the_file(tmp_path: Path) -> None:
    store = SeatTokens(tmp_path / "tokens.json")
    for number in range(MAX_TOKENS_PER_HOST + 5):
        store.remember(HOST, f"t{number}")
    kept = SeatTokens(tmp_path / "tokens.json").tokens(HOST)
    assert len(kept) == MAX_TOKENS_PER_HOST
    assert kept[-1] == f"t{MAX_TOKENS_PER_HOST + 4}"


@given(st.lists(st.tuples(st.booleans(), st.sampled_from(["a", "b", "c"]))))
def test_the_file_always_holds_what_was_remembered_and_not_forgotten(
    steps: list[tuple[bool, str]],
) -> None:
    path = paths.data_dir() / "property" / "tokens.json"
    path.unlink(missing_ok=True)
    store = SeatTokens(path)
    expected: list[str] = []
    for keep, token in steps:
        if keep:
            store.remember(HOST, token)
            if token not in expected:
                expected.append(token)
        else:
            store.forget(HOST, token)
            expected = [held for held in expected if held != token]
        assert SeatTokens(path).tokens(HOST) == tuple(expected)
    if path.exists():
        assert json.loads(path.read_text())["hosts"].get(HOST, []) == expected
