"""The registry's own entry-point reader finds what importlib.metadata finds."""

from __future__ import annotations

import re
import sys
from importlib.metadata import entry_points as metadata_entry_points
from pathlib import Path

import pytest

from liar_tui.games import ENTRY_POINT_GROUP
from liar_tui.games.discovery import EntryPoint, entry_points


def pairs(group: str) -> list[tuple[str, str]]:
    return sorted((entry.name, entry.value) for entry in entry_points(group))


def metadata_pairs(group: str) -> list[tuple[str, str]]:
    """importlib.metadata's, without the extras a value may name (loading ignores them)."""
    return sorted(
        (entry.name, re.sub(r"\s*\[.*\]$", "", entry.value))
        for entry in metadata_entry_points(group=group)
    )


@pytest.mark.parametrize("group", [ENTRY_POINT_GROUP, "console_scripts", "pytest11"])
def test_it_finds_what_importlib_metadata_finds(group: str) -> None:
    assert pairs(group) == metadata_pairs(group)


def test_a_distribution_found_twice_counts_once_where_it_is_first_on_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for folder, target in (("first", "one"), ("second", "two")):
        metadata = tmp_path / folder / "Some.Game-1.0.dist-info"
        metadata.mkdir(parents=True)
        (metadata / "METADATA").write_text("Metadata-Version: 2.1\nName: Some.Game\nVersion: 1.0\n")
        (metadata / "entry_points.txt").write_text(
            f"# comment\n[other]\nx = a:b\n\n[{ENTRY_POINT_GROUP}]\n"
            f"some-game = some_{target}.plugin:plugin [extra]\n"
        )
    monkeypatch.setattr(sys, "path", [str(tmp_path / "first"), str(tmp_path / "second")])
    assert entry_points(ENTRY_POINT_GROUP) == [EntryPoint("some-game", "some_one.plugin:plugin")]
    assert pairs(ENTRY_POINT_GROUP) == metadata_pairs(ENTRY_POINT_GROUP)


def test_an_entry_point_loads_what_it_names() -> None:
    assert EntryPoint("x", "liar_tui.games.discovery:EntryPoint.load").load() is EntryPoint.load
