"""The password file: its format, and hashes that check the right password only."""

from __future__ import annotations

from pathlib import Path

import pytest

from liar_tui.ssh.passwords import (
    PasswordFileError,
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
