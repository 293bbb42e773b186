"""How files, system refusals and parser complaints are put into sentences people read."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from liar_tui.store.messages import (
    json_problem,
    os_reason,
    shown_path,
    toml_problem,
    with_path_on_its_own_lines,
)


def test_a_path_under_the_home_folder_starts_with_a_tilde(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Path, "home", lambda: tmp_path / "home")
    assert shown_path(tmp_path / "home" / ".config" / "x.toml") == str(Path("~/.config/x.toml"))
    assert shown_path(tmp_path / "elsewhere.toml") == str(tmp_path / "elsewhere.toml")


def test_a_path_is_shown_whole_when_there_is_no_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", no_home)
    assert shown_path(tmp_path / "x.toml") == str(tmp_path / "x.toml")


def test_a_system_refusal_has_no_error_number_and_no_path() -> None:
    assert os_reason(PermissionError(13, "Permission denied", "/x/settings.toml")) == (
        "permission denied"
    )
    assert os_reason(OSError("something odd")) == "the system refused"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("a = ", "invalid value at the end of the file"),
        ("a = 1\nb = ?", "invalid value at line 2, column 5"),
        ("[a.b]\n[a.b]", "cannot declare [a.b] twice at line 2, column 5"),
        ('a = "\x07"', "illegal character '\\x07' at line 1, column 6"),
    ],
)
def test_a_toml_complaint_reads_as_the_end_of_a_sentence(text: str, problem: str) -> None:
    with pytest.raises(tomllib.TOMLDecodeError) as complaint:
        tomllib.loads(text)
    assert toml_problem(complaint.value) == problem


def test_a_toml_complaint_without_a_place_is_kept_whole() -> None:
    assert toml_problem(tomllib.TOMLDecodeError("Something else")) == "something else"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"a": }', "expecting value at line 1, column 7"),
        ('{\n"a" 1}', "expecting ':' delimiter at line 2, column 5"),
        ('"abc', "unterminated string starting at line 1, column 1"),
    ],
)
def test_a_json_complaint_reads_as_the_end_of_a_sentence(text: str, problem: str) -> None:
    with pytest.raises(json.JSONDecodeError) as complaint:
        json.loads(text)
    assert json_problem(complaint.value) == problem


def test_a_path_gets_lines_of_its_own_broken_after_slashes() -> None:
    text = "The file /home/kim/.config/liar-tui/settings.toml was not used."
    assert with_path_on_its_own_lines(text, "/home/kim/.config/liar-tui/settings.toml", 20) == (
        "The file\n/home/kim/.config/\nliar-tui/\nsettings.toml\nwas not used."
    )
    assert with_path_on_its_own_lines("Nothing here.", "/a/b", 20) == "Nothing here."
    assert with_path_on_its_own_lines("/a/bc", "/a/bc", 2) == "/\na/\nbc"
