"""Settings in TOML: round trips, defaults for a missing file, and bad files left alone."""

from __future__ import annotations

import math
import os
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from liar_tui.rules.cards import Rank
from liar_tui.rules.dollar_bills.rules import Rules as DollarBillsRules
from liar_tui.rules.liar_game.game import Rules
from liar_tui.rules.liars_poker.rules import LiarsPokerRules, PokerRules, RoundRules
from liar_tui.store import atomic, paths
from liar_tui.store.settings import (
    CardStyle,
    Coach,
    Settings,
    file_problem,
    load_settings,
    save_settings,
    settings_problems,
    whole_file_unused,
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
    show_odds=False,
    coach=Coach.ALWAYS,
    rules={
        "liar-game": Rules(
            decks=2, target=2000, free_jokers=True, big_combos=True, low_doubling=True
        ),
        "liars-poker-cards": LiarsPokerRules(
            lives=3,
            chips=True,
            round=RoundRules(
                PokerRules(
                    jokers=2, wild_ranks=frozenset({Rank.TWO, Rank.SEVEN}), communal_cards=1
                ),
                discard_limit=3,
                communal_discardable=True,
            ),
        ),
        "liars-poker-bills": DollarBillsRules(digits=6, stake=5),
    },
)


def test_each_game_s_rules_are_kept_under_its_id() -> None:
    settings = Settings()
    assert settings.rules_for("liar-game") == Rules()
    assert settings.rules_for("liars-poker-cards") == LiarsPokerRules()
    assert settings.rules_for("liars-poker-bills") == DollarBillsRules()
    changed = settings.with_rules("liar-game", Rules(target=800))
    assert changed.rules_for("liar-game") == Rules(target=800)
    assert changed.rules_for("liars-poker-bills") == DollarBillsRules()
    assert settings.rules_for("liar-game") == Rules()
    assert Settings(rules={}).rules_for("liars-poker-bills") == DollarBillsRules()
    assert hash(changed) == hash(settings)
    with pytest.raises(ValueError, match="There is no game called 'chess'"):
        settings.rules_for("chess")


def test_a_missing_file_gives_the_defaults_and_no_message() -> None:
    assert load_settings() == (Settings(), None)
    assert not paths.settings_path().exists()


def test_settings_round_trip_through_the_config_folder(isolated_dirs: dict[str, Path]) -> None:
    save_settings(CUSTOM)
    assert paths.settings_path().parent == isolated_dirs["config"]
    assert load_settings() == (CUSTOM, None)


def test_no_discard_limit_is_left_out_of_the_file_and_read_back(tmp_path: Path) -> None:
    """TOML has no null, so an unset limit is an absent entry."""
    path = tmp_path / "settings.toml"
    save_settings(Settings(), path)
    assert "discard_limit" not in tomllib.loads(path.read_text(encoding="utf-8"))["liars_poker"]
    assert load_settings(path) == (Settings(), None)


def test_the_file_is_readable_toml_with_plain_values(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    save_settings(CUSTOM, path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# liar-tui settings")
    data = tomllib.loads(text)
    assert data["card_style"] == "ascii"
    assert data["coach"] == "always"
    assert data["liar_game"]["target"] == 2000
    assert data["seats"][2] == {"name": "Ada", "kind": "bot", "level": "hard"}
    assert "type" not in data
    assert "type" not in data["liar_game"]
    assert "rules" not in data
    assert list(data) == [
        "player_name",
        "card_style",
        "four_color",
        "bot_delay",
        "away_timeout",
        "seats",
        "show_odds",
        "turn_bell",
        "pocket_order",
        "coach",
        "theme",
        "liar_game",
        "liars_poker",
        "dollar_bills",
    ]


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
    expected = Settings(player_name="Kim", bot_delay=2.0).with_rules("liar-game", Rules(target=800))
    assert settings == expected
    assert settings.seats == default_seats()


def test_every_good_entry_is_kept_and_every_bad_one_named(tmp_path: Path) -> None:
    """One misspelt key or one bad value costs only that entry, never the player's name."""
    path = tmp_path / "settings.toml"
    path.write_text(
        'player_name = "Kim"\ncolour = "red"\nbot_delay = "fast"\nshow_odds = false\n'
        "[liar_game]\ntarget = 0\ndecks = 2\n",
        encoding="utf-8",
    )
    before = path.read_bytes()
    settings, problem = load_settings(path)
    assert settings == Settings(player_name="Kim", show_odds=False).with_rules(
        "liar-game", Rules(decks=2)
    )
    assert problem == (
        f"Some entries of the settings file {path} were not used, so their defaults apply: "
        "'colour' is not a setting; bot_delay must be a number of seconds, not 'fast'; "
        "liar_game.target must be from 1 to 100000, not 0."
    )
    assert not whole_file_unused(problem)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["settings.toml"]


def test_entries_that_need_each_other_are_kept_in_any_order(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("[liar_game]\nbig_combos = true\ndecks = 2\n", encoding="utf-8")
    assert load_settings(path) == (
        Settings().with_rules("liar-game", Rules(decks=2, big_combos=True)),
        None,
    )


def test_entries_that_need_each_other_are_kept_beside_a_bad_one(tmp_path: Path) -> None:
    """A bad name makes the entries go in one at a time: big_combos, refused before decks = 2
    comes, is tried again once it has."""
    path = tmp_path / "settings.toml"
    path.write_text('player_name = ""\n[liar_game]\nbig_combos = true\ndecks = 2\n')
    settings, problem = load_settings(path)
    assert settings == Settings().with_rules("liar-game", Rules(decks=2, big_combos=True))
    assert problem is not None and "player_name" in problem and "big_combos" not in problem


def test_of_two_entries_that_clash_the_one_that_breaks_the_rules_is_named(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("[liar_game]\ndecks = 1\nbig_combos = true\ntarget = 800\n")
    settings, problem = load_settings(path)
    assert settings == Settings().with_rules("liar-game", Rules(decks=1, target=800))
    assert problem is not None
    assert problem.endswith("its default applies: liar_game.big_combos needs two decks: set "
                            "liar_game.decks = 2.")  # fmt: skip


TYPICAL_PATH = "~/.config/liar-tui/settings.toml"
"""Where the file sits on Linux, as messages show it: their length is judged with this path."""


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("player_name = ", "it is not valid TOML: invalid value at line 1, column 15."),
        ('player_name = """Ann', "not valid TOML: unterminated string at the end of the file."),
        ("card_style = 'ascii'\nfour_color = ", "invalid value at line 2, column 14"),
        ("[liar_game]\n[liar_game]", "it is not valid TOML: cannot declare [liar_game] twice at"),
        ('four_color = "yes"', "four_color must be true or false, not 'yes'"),
        ("player_name = 5", "player_name must be text in quotes, not 5"),
        ('card_style = "fancy"', "card_style must be 'unicode' or 'ascii', not 'fancy'"),
        ('pocket_order = "colour"', "pocket_order must be 'rank' or 'suit', not 'colour'"),
        ('coach = "loud"', "coach must be 'off', 'on request' or 'always', not 'loud'"),
        ('turn_bell = "loud"', "turn_bell must be true or false, not 'loud'"),
        ("theme = 7", "theme must be text in quotes, not 7"),
        ('theme = "mauve"', "theme must be a theme's name, not 'mauve'."),
        ('card_style = "' + "é" * 50 + '"', "card_style must be 'unicode' or 'ascii', not 'éééé"),
        ('colour = "red"', "applies: 'colour' is not a setting."),
        ("x" * 5000 + " = 1", "applies: 'xxxxxxxxxxxxxxxxxxx…' is not a setting."),
        ("[liar_game]\ncolour = 1", "'colour' is not a setting in liar_game."),
        ('bot_delay = "fast"', "bot_delay must be a number of seconds, not 'fast'"),
        ("bot_delay = 1979-05-27", "bot_delay must be a number of seconds, not a date."),
        ("bot_delay = 9", "bot_delay must be from 0 to 5 seconds, not 9."),
        ("bot_delay = -0.5", "bot_delay must be from 0 to 5 seconds, not -0.5."),
        ("bot_delay = nan", "bot_delay must be from 0 to 5 seconds, not nan."),
        ('player_name = ""', "player_name must not be empty"),
        (f'player_name = "{"x" * 21}"', "player_name must be at most 20 characters"),
        ('player_name = "Ann\\nBo"', "player_name must not hold tabs, line breaks"),
        ("[liar_game]\nbig_combos = true",
         "liar_game.big_combos needs two decks: set liar_game.decks = 2."),
        ("[liar_game]\ndecks = 3", "liar_game.decks must be 1 or 2, not 3."),
        ("[liar_game]\ntarget = 0", "liar_game.target must be from 1 to 100000, not 0."),
        ("[liar_game]\ntarget = " + "9" * 99, "liar_game.target must be from 1 to 100000, not 99"),
        ('[liar_game]\ndecks = "two"', "liar_game.decks must be a whole number, not 'two'"),
        ('[liar_game]\ndecks = 2\ntarget = "x"',
         "applies: liar_game.target must be a whole number, not 'x'."),
        ("[liars_poker.round.poker]\ncolour = 1",
         "'colour' is not a setting in liars_poker.round.poker."),
        ('[liars_poker.round]\ndiscard_limit = "x"',
         "liars_poker.round.discard_limit must be a whole number, not 'x'."),
        ("dollar_bills = []", "dollar_bills must be a table, not a list."),
        ("[dollar_bills]\ndigits = 2", "dollar_bills.digits must be from 4 to 12, not 2."),
        ('rules = 1', "applies: 'rules' is not a setting."),
        ('[rules]\nliar_game = {}', "applies: 'rules' is not a setting."),
        ('rules = 1\nalpha = 2', "apply: 'rules' is not a setting; 'alpha' is not a setting."),
        ('colour = 1\n[liar_game]\ntarget = "x"',
         "apply: 'colour' is not a setting; liar_game.target must be a whole number, not 'x'."),
        ('seats = 1\n[liar_game]\ntarget = "x"',
         "apply: seats must be a list, not 1; liar_game.target must be a whole number"),
        ("liar_game = 5", "liar_game must be a table, not 5."),
        ('[[seats]]\nname = "Solo"\nkind = "human"', "a table seats 2 to 8 players, not 1"),
        ("seats = [" + ", ".join(f'{{name = "S{i}"}}' for i in range(9)) + "]",
         "a table seats 2 to 8 players, not 9"),
        ('seats = [{name = "A", kind = "alien"}, {name = "B"}]',
         "the kind of seat 1 must be 'human' or 'bot', not 'alien'"),
        ('seats = [{name = "A", kind = "human"}, {kind = "bot"}]', "the name of seat 2 is missing"),
        ('seats = [{name = "A", colour = 1}, {name = "B"}]', "'colour' is not a setting in seat 1"),
        ('seats = [{name = "A", kind = "human"}, {name = ""}]', "name of seat 2 must not be empty"),
        ('seats = [{name = "A\\u001b[31m"}, {name = "B"}]', "the name of seat 1 must not hold"),
        ('seats = [{name = "Ann", kind = "human"}, {name = "ann"}]',
         "two seats are called 'Ann': give each a different name"),
        ('seats = [{name = "A"}, {name = "B"}]', "seat at least one person (you or someone here)"),
        ('seats = "four"', "seats must be a list, not 'four'"),
        ('seats = ["x", "y"]', "seat 1 must be a table, not 'x'"),
        ("bot_delay = 1" + "0" * 400, "must be a number of seconds, not 1000000000000000000…."),
        ("bot_delay = 1" + "0" * 5000, "it holds a number too long to read."),
        ("x = " + "[" * 50_000 + "]" * 50_000, "it nests too deeply to be a settings file."),
    ],
    ids=lambda value: value[:40],
)  # fmt: skip
def test_a_bad_file_gives_the_defaults_a_message_and_stays_untouched(
    tmp_path: Path, text: str, words: str
) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(text + "\n", encoding="utf-8")
    before = path.read_bytes()
    before_time = path.stat().st_mtime_ns
    settings, problem = load_settings(path)
    assert settings in (Settings(), Settings().with_rules("liar-game", Rules(decks=2)))
    assert problem is not None
    assert problem.startswith(
        (
            f"The settings file {path} was not used, so the defaults apply: ",
            f"An entry of the settings file {path} was not used, so its default applies: ",
            f"Some entries of the settings file {path} were not used, so their defaults apply: ",
        )
    )
    assert words in problem
    assert problem.endswith(".")
    assert "\n" not in problem
    assert len(problem.replace(str(path), TYPICAL_PATH)) <= 180 * (problem.count("; ") + 1)
    for python_spelling in ("Settings", "SeatKind", "CardStyle", "float", "None", "datetime"):
        assert python_spelling not in problem
    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == before_time
    assert os.listdir(tmp_path) == ["settings.toml"]


def test_a_file_that_is_not_text_gives_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(b"player_name = '\xff\xfe'\n")
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None and whole_file_unused(problem)
    assert problem == (
        f"The settings file {path} was not used, so the defaults apply: it is not UTF-8 text."
    )


def test_a_file_that_cannot_be_read_says_why_without_an_error_number(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.mkdir()
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem == (
        f"The settings file {path} was not used, so the defaults apply: "
        "it could not be read: is a directory."
    )


def test_a_file_in_the_home_folder_is_named_from_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Path, "home", lambda: tmp_path)
    path = tmp_path / ".config" / "liar-tui" / "settings.toml"
    path.parent.mkdir(parents=True)
    path.write_text('bot_delay = "fast"\n', encoding="utf-8")
    assert load_settings(path)[1] == (
        "An entry of the settings file ~/.config/liar-tui/settings.toml was not used, so its "
        "default applies: bot_delay must be a number of seconds, not 'fast'."
    )


def test_default_settings_have_no_problems() -> None:
    assert settings_problems(Settings()) == []
    assert settings_problems(CUSTOM) == []
    assert file_problem(Settings()) is None
    assert file_problem(CUSTOM) is None


def test_a_table_needs_a_person_and_two_seats() -> None:
    assert settings_problems(Settings(seats=default_seats(bots=3, humans=0))) == [
        "Seat at least one person (you or someone here): bots cannot play alone."
    ]
    assert settings_problems(Settings(seats=default_seats(bots=0, humans=1))) == [
        "A table seats 2 to 8 players, not 1."
    ]
    assert settings_problems(Settings(seats=default_seats(bots=0, humans=2))) == []


def test_every_problem_is_listed_one_sentence_each() -> None:
    settings = Settings(
        player_name="",
        bot_delay=6,
        seats=(SeatConfig("x" * 21),),
    ).with_rules("liar-game", Rules(target=0, joker_sets=True))
    assert settings_problems(settings) == [
        "The player name must not be empty.",
        "The bot delay must be from 0 to 5 seconds.",
        "A table seats 2 to 8 players, not 1.",
        "The name of seat 1 must be at most 20 characters.",
        "Seat at least one person (you or someone here): bots cannot play alone.",
        "The target score must be from 1 to 100000.",
        "Joker sets needs two decks: the variants use sets and jokers only a double deck holds.",
    ]


any_settings = st.builds(
    lambda liar_game, **shared: Settings(**shared).with_rules("liar-game", liar_game),
    player_name=st.sampled_from(["You", "", "x" * 21, "A\tB"]),
    bot_delay=st.sampled_from([0.0, 0.6, 5.0, -1.0, 5.5, math.nan, math.inf]),
    seats=st.lists(
        st.builds(
            SeatConfig,
            name=st.sampled_from(["Ann", "ann", "Bo", "", "x" * 21]),
            kind=st.sampled_from(SeatKind),
        ),
        max_size=9,
    ).map(tuple),
    liar_game=st.builds(
        Rules,
        decks=st.integers(0, 3),
        target=st.sampled_from([0, 1, 500, 100_000, 100_001]),
        big_combos=st.booleans(),
        joker_sets=st.booleans(),
        low_straight=st.booleans(),
        low_doubling=st.booleans(),
    ),
)


@given(any_settings)
def test_a_file_is_refused_exactly_when_the_screen_would_refuse_its_settings(
    settings: Settings,
) -> None:
    assert (file_problem(settings) is None) == (settings_problems(settings) == [])
