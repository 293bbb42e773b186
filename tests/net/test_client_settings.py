"""The away timeout setting the join app and the host share: its bounds, in each voice."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from liar_tui.store.settings import Settings, load_settings, settings_problems


def test_the_away_timeout_defaults_to_a_minute() -> None:
    assert Settings().away_timeout == 60.0
    assert settings_problems(Settings(away_timeout=5)) == []
    assert settings_problems(Settings(away_timeout=3600)) == []


@pytest.mark.parametrize("seconds", [4.9, 3601.0, -1.0, math.nan, math.inf])
def test_an_away_timeout_out_of_bounds_is_one_sentence(seconds: float) -> None:
    assert settings_problems(Settings(away_timeout=seconds)) == [
        "The away timeout must be from 5 to 3600 seconds."
    ]


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("away_timeout = 2", "away_timeout must be from 5 to 3600 seconds, not 2."),
        ('away_timeout = "long"', "away_timeout must be a number of seconds, not 'long'."),
    ],
)
def test_a_bad_away_timeout_in_the_file_names_the_entry(
    tmp_path: Path, line: str, problem: str
) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(line + "\n", encoding="utf-8")
    settings, message = load_settings(path)
    assert settings == Settings()
    assert message is not None and message.endswith(problem)


def test_an_away_timeout_in_the_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("away_timeout = 90\n", encoding="utf-8")
    assert load_settings(path) == (Settings(away_timeout=90.0), None)
