"""The password file: its format, and hashes that check the right password only."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from liar_tui.ssh.passwords import (
    PasswordFileError,
    add_password,
    check_password,
    hash_password,
    parse_hash,
    parse_password_lines,
    read_password_file,
)


def test_a_hash_accepts_its_password_and_nothing_else() -> None:
    stored = parse_hash(hash_password("open sesame"))
    assert stored.matches("open sesame")
    assert not stored.matches("open sesame ")
    assert not stored.matches("")


def test_the_same_password_hashes_differently_each_time() -> None:
    assert hash_password("same") != hash_password("same")


def test_the_file_names_each_person_before_the_last_colon() -> None:
    text = f"# who may play\n\nann:{hash_password('a')}\nmr:x:{hash_password('b')}\n"
    hashes = parse_password_lines(text, "passwords")
    assert set(hashes) == {"ann", "mr:x"}
    assert check_password(hashes, "mr:x", "b")
    assert not check_password(hashes, "ann", "b")
    assert not check_password(hashes, "nobody", "a")


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("no colon here", "passwords:2: a line must be name:hash"),
        ("ann:plaintext", "passwords:2: the hash must look like scrypt$N$r$p$salt$key"),
        ("ann:scrypt$1000$8$1$c2FsdA$a2V5", "passwords:2: the scrypt cost must be a power of two"),
        ("ann:scrypt$1048576$64$1$c2FsdA$a2V5", "passwords:2: the scrypt cost and block size"),
        ("ann:scrypt$16384$8$x$c2FsdA$a2V5", "passwords:2: the hash has a number or base64"),
    ],
)
def test_a_bad_line_is_named_with_its_number(line: str, problem: str) -> None:
    with pytest.raises(PasswordFileError) as raised:
        parse_password_lines(f"# header\n{line}\n", "passwords")
    assert str(raised.value).startswith(problem)
    assert "\n" not in str(raised.value)


def test_a_name_given_twice_is_refused() -> None:
    line = f"ann:{hash_password('a')}"
    with pytest.raises(PasswordFileError, match="passwords:2: 'ann' appears twice"):
        parse_password_lines(f"{line}\n{line}\n", "passwords")


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(PasswordFileError, match=r"cannot read the password file .*missing"):
        read_password_file(tmp_path / "missing")


@pytest.mark.parametrize("mode", [0o640, 0o604, 0o620, 0o602])
def test_a_file_others_may_read_or_change_is_refused_with_the_fix(
    tmp_path: Path, mode: int
) -> None:
    path = tmp_path / "passwords"
    path.write_text(f"ann:{hash_password('a')}\n")
    path.chmod(mode)
    with pytest.raises(PasswordFileError) as raised:
        read_password_file(path)
    assert str(raised.value) == (
        f"the password file {path} may be read by others: chmod 600 {path} (its mode is {mode:o})"
    )


def test_adding_a_password_creates_a_private_file_and_appends_to_it(tmp_path: Path) -> None:
    path = tmp_path / "passwords"
    add_password(path, "ann", "first")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_text(path.read_text().rstrip("\n"))  # a hand edit without the last newline
    add_password(path, "bea", "second")
    hashes = read_password_file(path)
    assert check_password(hashes, "ann", "first") and check_password(hashes, "bea", "second")


def test_adding_a_name_twice_or_to_a_readable_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "passwords"
    add_password(path, "ann", "first")
    with pytest.raises(PasswordFileError, match=r"already has a line for 'ann'$"):
        add_password(path, "ann", "again")
    path.chmod(0o644)
    with pytest.raises(PasswordFileError, match="may be read by others: chmod 600"):
        add_password(path, "bea", "second")
    assert path.read_text().count("\n") == 1


def test_a_name_that_cannot_be_a_player_name_is_refused_with_its_line() -> None:
    with pytest.raises(PasswordFileError, match=r"^passwords:1: The name before the colon must"):
        parse_password_lines(f"{'a' * 40}:{hash_password('a')}\n", "passwords")
