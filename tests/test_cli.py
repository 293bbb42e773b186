"""The command line: what each command asks for, and one-line errors with exit code 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from liar_tui import __version__
from liar_tui.cli import OpenHome, PrintText, StartTable, UsageError, main, parse_command
from liar_tui.rules.dollar_bills.rules import Rules as DollarBillsRules
from liar_tui.rules.liar_game.game import Rules
from liar_tui.rules.liars_poker.rules import LiarsPokerRules, PokerRules, RoundRules
from liar_tui.store.settings import Settings, save_settings
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind, default_seats
from liar_tui.table.setup import TableSetup


def start(argv: list[str], settings: Settings | None = None) -> TableSetup:
    command = parse_command(argv, settings or Settings())
    assert isinstance(command, StartTable)
    return command.setup


def test_no_command_opens_the_home_screen() -> None:
    assert parse_command([], Settings()) == OpenHome()


def test_play_parses_to_the_table_it_names() -> None:
    setup = start(["play", "liar-game", "--bots", "3", "--seed", "7", "--target", "500"])
    assert setup == TableSetup("liar-game", Rules(target=500), default_seats(3, 1, "You"), 7)


def test_every_rule_and_seat_option_reaches_the_setup() -> None:
    argv = ["play", "liar-game", "--bots", "1", "--humans", "2", "--name", "Ann", "--seed", "4"]
    argv += ["--target", "2000", "--decks", "2", "--free-jokers", "--big-combos"]
    argv += ["--joker-sets", "--low-straight", "--low-doubling"]
    setup = start(argv)
    assert setup.rules == Rules(2, 2000, True, True, True, True, True)
    assert setup.seats == (
        SeatConfig("Ann", SeatKind.HUMAN),
        SeatConfig("Player 2", SeatKind.HUMAN),
        SeatConfig("Ada"),
    )
    assert setup.seed == 4


def test_the_settings_give_the_defaults_and_options_override_them() -> None:
    settings = Settings(player_name="Zoe").with_rules(
        "liar-game", Rules(decks=2, big_combos=True, target=800)
    )
    setup = start(["play", "liar-game", "--no-big-combos", "--low-straight"], settings)
    assert setup.rules == Rules(decks=2, target=800, low_straight=True)
    assert setup.seats[0] == SeatConfig("Zoe", SeatKind.HUMAN)


def test_a_table_of_bots_only_is_refused_like_on_the_setup_screen(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "liar-game", "--humans", "0", "--bots", "2"]) == 2
    assert capsys.readouterr() == (
        "",
        "liar-tui: error: Seat at least one person (you or someone here): "
        "bots cannot play alone (add --humans 1)\n",
    )


def test_a_hot_seat_table_needs_no_bots() -> None:
    setup = start(["play", "liar-game", "--humans", "2", "--bots", "0"])
    assert setup.human_seats == (0, 1)


def test_a_unicode_name_is_welcome() -> None:
    assert start(["play", "liar-game", "--name", "Zoë 🃏 李"]).seats[0].name == "Zoë 🃏 李"


def test_the_largest_seed_is_allowed() -> None:
    assert start(["play", "liar-game", "--seed", str(2**63 - 1)]).seed == 2**63 - 1


def test_the_seed_is_random_when_not_given() -> None:
    seed = start(["play", "liar-game"]).seed
    assert isinstance(seed, int)
    assert 0 <= seed < 2**31


def test_help_describes_both_levels() -> None:
    top = parse_command(["--help"], Settings())
    assert isinstance(top, PrintText)
    assert top.text.startswith("usage: liar-tui")
    assert "play" in top.text
    play = parse_command(["play", "--help"], Settings())
    assert isinstance(play, PrintText)
    assert "--low-doubling" in play.text


def test_main_prints_help_and_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-h"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("usage: liar-tui")
    assert err == ""


def test_main_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr() == (f"liar-tui {__version__}\n", "")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["deal"], "invalid choice: 'deal'"),
        (["play"], "play needs a game"),
        (["play", "chess"], "unknown game 'chess' (choose from liar-game"),
        (["play", "x" * 5000], "unknown game 'xxxxxxxxxxxxxxxxxxxxxxxxxxx...' (choose from"),
        (["play", "liars-poker-bills", "--lives", "2"], "--lives is a rule of liars-poker-cards"),
        (["play", "liar-game", "--digits", "6"], "--digits is a rule of liars-poker-bills"),
        (["play", "liars-poker-cards", "--target", "9"], "--target is a rule of liar-game"),
        (["play", "liars-poker-cards", "--lives", "6"], "argument --lives: must be from 1 to 5"),
        (["play", "liars-poker-cards", "--jokers", "3"], "argument --jokers: invalid choice"),
        (["play", "liars-poker-bills", "--stake", "0"], "argument --stake: must be from 1 to"),
        (["play", "liars-poker-bills", "--bots", "10"], "seats 2 to 10 players, not 11"),
        (["play", "liar-game", "--bots", "0"], "seats 2 to 8 players, not 1 (1 human, 0 bots)"),
        (["play", "liar-game", "--bots", "8"], "seats 2 to 8 players, not 9 (1 human, 8 bots)"),
        (["play", "liar-game", "--bots", "13"], "argument --bots: must be from 0 to 12, not 13"),
        (["play", "liar-game", "--bots", "9" * 5000], "argument --bots: '99999999999999999999"),
        (["play", "liar-game", "--humans", "9" * 400], "argument --humans: must be from 0 to 12"),
        (
            ["play", "liar-game", "--bots", "three"],
            "argument --bots: 'three' is not a whole number",
        ),
        (["play", "liar-game", "--humans", "-1"], "argument --humans: must be from 0 to 12"),
        (["play", "liar-game", "--humans", "6"], "seats 2 to 8 players, not 9 (6 humans, 3 bots)"),
        (["play", "liar-game", "--humans", "0", "--bots", "1"], "not 1 (0 humans, 1 bot)"),
        (["play", "liar-game", "--seed", "1.5"], "argument --seed: '1.5' is not a whole number"),
        (["play", "liar-game", "--seed", "-4"], "--seed: must be from 0 to 9223372036854775807"),
        (["play", "liar-game", "--seed", str(2**63)], "--seed: must be from 0 to 922337203685"),
        (["play", "liar-game", "--seed"], "argument --seed: expected one argument"),
        (["play", "liar-game", "--target", "0"], "The target score must be from 1 to 100000"),
        (["play", "liar-game", "--target", "9" * 99], "The target score must be from 1 to 100000"),
        (["play", "liar-game", "--decks", "3"], "argument --decks: invalid choice: 3"),
        (["play", "liar-game", "--joker-sets"], "Joker sets needs two decks"),
        (["play", "liar-game", "--name", ""], "--name must not be empty"),
        (["play", "liar-game", "--name", "x" * 21], "--name must be at most 20 characters"),
        (["play", "liar-game", "--name", "Ann\nBo"], "--name must not hold tabs, line breaks"),
        (["play", "liar-game", "--humans", "0"], "bots cannot play alone (add --humans 1)"),
        (
            ["play", "liar-game", "--humans", "2", "--name", "Player 2"],
            "Two seats are called 'Player 2': give each a different name",
        ),
    ],
)
def test_a_bad_command_line_is_one_line_on_stderr_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    with pytest.raises(UsageError):
        parse_command(argv, Settings())
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("liar-tui: error: ")
    assert words in err
    assert err.count("\n") == 1
    assert len(err) < 130, "a mistake is reported in one short line, however long the input"
    assert err.endswith("\n")


def test_variants_with_one_deck_suggest_the_fix(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "liar-game", "--big-combos"]) == 2
    assert capsys.readouterr().err.rstrip().endswith("(add --decks 2)")


class FakeApp:
    """Stands in for LiarApp so that main's wiring is tested without a terminal."""

    created: list[dict[str, Any]]

    def __init__(self, **options: Any) -> None:
        FakeApp.created.append(options)
        self.return_code = 0

    def run(self) -> None:
        pass


@pytest.fixture
def fake_app(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    import liar_tui.app

    FakeApp.created = []
    monkeypatch.setattr(liar_tui.app, "LiarApp", FakeApp)
    return FakeApp.created


def test_main_opens_the_app_with_the_saved_settings(fake_app: list[dict[str, Any]]) -> None:
    settings = Settings(player_name="Kim")
    save_settings(settings)
    assert main([]) == 0
    assert fake_app == [{"settings": settings, "settings_problem": None, "start": None}]


def test_main_starts_the_table_and_passes_on_a_settings_problem(
    fake_app: list[dict[str, Any]], isolated_dirs: dict[str, Path]
) -> None:
    isolated_dirs["config"].mkdir()
    (isolated_dirs["config"] / "settings.toml").write_text("bot_delay = 99\n", encoding="utf-8")
    assert main(["play", "liar-game", "--seed", "3"]) == 0
    [options] = fake_app
    assert options["settings"] == Settings()
    assert options["settings_problem"].endswith("bot_delay must be from 0 to 5 seconds, not 99.")
    assert options["start"] == TableSetup("liar-game", Rules(), default_seats(), 3)


def run_module(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "liar_tui", *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_real_process_gives_one_line_and_exit_2() -> None:
    result = run_module("--bogus")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == "liar-tui: error: unrecognized arguments: --bogus\n"


def test_the_version_does_not_load_textual() -> None:
    code = (
        "import sys; from liar_tui.cli import main; main(['--version']); "
        "print('textual' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout == f"liar-tui {__version__}\nFalse\n"


def test_play_takes_each_game_s_own_rules() -> None:
    argv = ["play", "liars-poker-cards", "--lives", "3", "--chips", "--jokers", "2"]
    argv += ["--seven-card-hands", "--communal", "1", "--dealers-choice"]
    command = parse_command(argv, Settings())
    assert isinstance(command, StartTable)
    assert command.setup.rules == LiarsPokerRules(
        lives=3,
        chips=True,
        dealers_choice=True,
        round=RoundRules(PokerRules(jokers=2, hand_size=7, communal_cards=1)),
    )
    command = parse_command(
        ["play", "liars-poker-bills", "--digits", "6", "--stake", "5"], Settings()
    )
    assert isinstance(command, StartTable)
    assert command.setup.rules == DollarBillsRules(digits=6, stake=5)


def test_play_chooses_how_well_the_bots_play() -> None:
    command = parse_command(["play", "liar-game", "--bots", "2", "--level", "hard"], Settings())
    assert isinstance(command, StartTable)
    assert [seat.level for seat in command.setup.seats if not seat.is_human] == [BotLevel.HARD] * 2
    with pytest.raises(UsageError, match="argument --level: invalid choice: 'genius'"):
        parse_command(["play", "liar-game", "--level", "genius"], Settings())


def test_arena_runs_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "liars-poker-bills", "--seats", "normal,easy", "--games", "4", "--json"]
    assert main(argv) == 0
    assert '"game": "liars-poker-bills"' in capsys.readouterr().out
    assert main(["arena", "liars-poker-bills", "--seats", "normal,genius"]) == 2
    assert "genius" in capsys.readouterr().err
