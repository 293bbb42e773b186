"""Settings in TOML: round trips, defaults for a missing file, and bad files left alone."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from liar_tui.rules.liar_game import Rules
from liar_tui.store import atomic, paths
from liar_tui.store.settings import (
    CardStyle,
    Settings,
    load_settings,
    save_settings,
    settings_problems,
)
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind, default_seats

CUSTOM = Settings(
    player_name="Zoë",
    card_style=CardStyle.ASCII,
    four_color=True,
    bot_delay=1.25,
    seats=(
        SeatConfig("Zoë", SeatKind.HUMAN),
        SeatConfig("Max", SeatKind.HUMAN),
        SeatConfig("Ada", level=BotLevel.HARD),
    ),
    liar_game=Rules(decks=2, target=2000, free_jokers=True, big_combos=True, low_doubling=True),
)


def test_a_missing_file_gives_the_defaults_and_no_message() -> None:
    assert load_settings() == (Settings(), None)
    assert not paths.settings_path().exists()


def test_settings_round_trip_through_the_config_folder(isolated_dirs: dict[str, Path]) -> None:
    save_settings(CUSTOM)
    assert paths.settings_path().parent == isolated_dirs["config"]
    assert load_settings() == (CUSTOM, None)


def test_the_file_is_readable_toml_with_plain_values(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    save_settings(CUSTOM, path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# liar-tui settings")
    data = tomllib.loads(text)
    assert data["card_style"] == "ascii"
    assert data["liar_game"]["target"] == 2000
    assert data["seats"][2] == {"name": "Ada", "kind": "bot", "level": "hard"}
    assert "type" not in data


def test_saving_replaces_the_file_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    save_settings(Settings(), path)
    save_settings(CUSTOM, path)
    assert os.listdir(tmp_path) == ["settings.toml"]
    assert load_settings(path) == (CUSTOM, None)


def test_a_failed_save_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.toml"
    save_settings(CUSTOM, path)
    before = path.read_bytes()

    def failing_replace(source: str, target: Path) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic.os, "replace", failing_replace)
    with pytest.raises(PermissionError):
        save_settings(Settings(), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["settings.toml"]


def test_settings_with_problems_are_not_saved(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    with pytest.raises(ValueError, match="The player name must not be empty"):
        save_settings(Settings(player_name=" "), path)
    assert not path.exists()


def test_a_partial_file_fills_in_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('player_name = "Kim"\nbot_delay = 2\n[liar_game]\ntarget = 800\n')
    settings, problem = load_settings(path)
    assert problem is None
    assert settings == Settings(player_name="Kim", bot_delay=2.0, liar_game=Rules(target=800))
    assert settings.seats == default_seats()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("player_name = ", "it is not valid TOML (Invalid value"),
        ('four_color = "yes"', "Settings.four_color: expected bool, got 'yes'"),
        ('card_style = "fancy"', "Settings.card_style: 'fancy' is not a CardStyle"),
        ('colour = "red"', "unknown field 'colour'"),
        ("bot_delay = 9", "The bot delay must be from 0 to 5 seconds"),
        ("bot_delay = -0.5", "The bot delay must be from 0 to 5 seconds"),
        ("bot_delay = nan", "The bot delay must be from 0 to 5 seconds"),
        ('player_name = ""', "The player name must not be empty"),
        (f'player_name = "{"x" * 21}"', "The player name must be at most 20 characters"),
        ("[liar_game]\nbig_combos = true", "Big combos needs two decks"),
        ("[liar_game]\ndecks = 3", "Liar Game is played with one or two decks"),
        ("[liar_game]\ntarget = 0", "The target score must be from 1 to 100000"),
        ('[liar_game]\ndecks = "two"', "Settings.liar_game.decks: expected int, got 'two'"),
        ('[[seats]]\nname = "Solo"', "A table needs 2 to 8 seats"),
        ("seats = [" + ", ".join(f'{{name = "S{i}"}}' for i in range(9)) + "]",
         "A table needs 2 to 8 seats"),
        ('seats = [{name = "A", kind = "alien"}, {name = "B"}]',
         "Settings.seats[0].kind: 'alien' is not a SeatKind"),
        ('seats = [{name = "A"}, {name = ""}]', "The name of seat 2 must not be empty"),
        ('seats = "four"', "Settings.seats: expected a list"),
        ("bot_delay = 1" + "0" * 400, "Settings.bot_delay: expected float, got 1000000"),
        ("bot_delay = 1" + "0" * 5000, "it is not valid TOML (Exceeds the limit"),
        ("x = " + "[" * 50_000 + "]" * 50_000, "it nests too deeply"),
        ('player_name = "Ann\\nBo"', "The player name must not hold tabs, line breaks"),
        ('seats = [{name = "A\\u001b[31m"}, {name = "B"}]', "The name of seat 1 must not hold"),
    ],
)  # fmt: skip
def test_a_bad_file_gives_the_defaults_a_message_and_stays_untouched(
    tmp_path: Path, text: str, words: str
) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(text + "\n", encoding="utf-8")
    before = path.read_bytes()
    before_time = path.stat().st_mtime_ns
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None
    assert problem.startswith(f"The settings file {path} was not used, so the defaults apply: ")
    assert words in problem
    assert problem.endswith(".")
    assert "\n" not in problem
    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == before_time
    assert os.listdir(tmp_path) == ["settings.toml"]


def test_a_file_that_is_not_text_gives_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(b"player_name = '\xff\xfe'\n")
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None
    assert "could not be read" in problem


def test_default_settings_have_no_problems() -> None:
    assert settings_problems(Settings()) == []
    assert settings_problems(CUSTOM) == []


def test_all_bot_tables_are_fine_but_one_seat_is_not() -> None:
    bots_only = Settings(seats=default_seats(bots=3, humans=0))
    assert settings_problems(bots_only) == []
    assert settings_problems(Settings(seats=default_seats(bots=0, humans=1))) == [
        "A table needs 2 to 8 seats."
    ]


def test_every_problem_is_listed_one_sentence_each() -> None:
    settings = Settings(
        player_name="",
        bot_delay=6,
        seats=(SeatConfig("x" * 21),),
        liar_game=Rules(target=0, joker_sets=True),
    )
    assert settings_problems(settings) == [
        "The player name must not be empty.",
        "The bot delay must be from 0 to 5 seconds.",
        "A table needs 2 to 8 seats.",
        "The name of seat 1 must be at most 20 characters.",
        "The target score must be from 1 to 100000.",
        "Joker sets needs two decks: the variants use sets and jokers only a double deck holds.",
    ]
