"""Arena matches: repeatable for any number of workers, fair in seating, and summed right."""

from __future__ import annotations

import argparse
import json
import math
import random
from dataclasses import replace
from typing import Any

import pytest

from liar_tui.arena import runner
from liar_tui.arena.command import add_arena_parser, run_arena
from liar_tui.arena.runner import (
    ArenaError,
    ArenaResult,
    Match,
    PlayedGame,
    Scoring,
    chair_of,
    default_match,
    play_game,
    run_match,
    summarize,
    table_seed,
)
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.table.seats import BotLevel

EASY, NORMAL, HARD = BotLevel.EASY, BotLevel.NORMAL, BotLevel.HARD


def outcome(result: ArenaResult) -> list[tuple[Any, ...]]:
    """Everything in a result but the decision times, which the clock decides."""
    return [(e.entrant, e.level, e.result, e.decisions) for e in result.entrants]


def quick_liar_game(games: int) -> Match:
    """Liar Game to 100 points: the same table and bots, over in a few rounds."""
    return replace(
        default_match("liar-game", (HARD, NORMAL, EASY), games, seed=7),
        rules=LiarGameRules(target=100),
    )


def test_a_seeded_match_gives_the_same_table_twice_and_with_two_workers() -> None:
    match = default_match("liars-poker-bills", (HARD, NORMAL, EASY), games=24, seed=3)
    first = run_match(match, jobs=1)
    assert outcome(run_match(match, jobs=1)) == outcome(first)
    assert outcome(run_match(match, jobs=2)) == outcome(first)


def test_a_different_seed_plays_different_games() -> None:
    match = default_match("liars-poker-bills", (NORMAL, NORMAL, EASY), games=24, seed=3)
    other = replace(match, seed=4)
    assert outcome(run_match(match)) != outcome(run_match(other))


@pytest.mark.parametrize(
    "match",
    [
        quick_liar_game(6),
        default_match("liars-poker-cards", (HARD, NORMAL, NORMAL, EASY), games=6, seed=1),
    ],
    ids=["liar-game", "liars-poker-cards"],
)
def test_win_shares_sum_to_one_and_every_bot_is_timed(match: Match) -> None:
    progress: list[int] = []
    result = run_match(match, on_progress=progress.append)
    assert sum(progress) == match.games
    assert result.scoring is Scoring.WIN_SHARE
    assert math.fsum(e.result.estimate for e in result.entrants) == pytest.approx(1)
    for entrant in result.entrants:
        assert entrant.decisions > 0
        assert entrant.median_ms is not None and entrant.p99_ms is not None
        assert 0 <= entrant.median_ms <= entrant.p99_ms
        assert entrant.result.low is not None and entrant.result.high is not None
        assert 0 <= entrant.result.low <= entrant.result.estimate <= entrant.result.high <= 1


def test_money_sums_to_zero_game_by_game() -> None:
    match = default_match("liars-poker-bills", (HARD, NORMAL, EASY), games=12, seed=5)
    games = [play_game(match, index) for index in range(match.games)]
    for game in games:
        assert sum(game.payoffs) == 0
        assert any(game.payoffs)
    result = summarize(match, games)
    assert result.scoring is Scoring.MONEY
    assert math.fsum(e.result.estimate for e in result.entrants) == pytest.approx(0, abs=1e-12)


def test_every_entrant_sits_in_every_chair_once_in_each_run_of_games() -> None:
    seats = 4
    for start in (0, 4, 9):
        for entrant in range(seats):
            chairs = {chair_of(entrant, index, seats) for index in range(start, start + seats)}
            assert chairs == set(range(seats))
        for index in range(start, start + seats):
            assert {chair_of(e, index, seats) for e in range(seats)} == set(range(seats))


def test_table_seeds_depend_on_the_match_seed_and_the_index_only() -> None:
    seeds = [table_seed(1, index) for index in range(50)]
    assert seeds == [table_seed(1, index) for index in range(50)]
    assert len(set(seeds)) == 50
    assert seeds != [table_seed(2, index) for index in range(50)]


def test_results_belong_to_the_entrant_whatever_its_chair() -> None:
    match = default_match("liars-poker-cards", (HARD, EASY), games=3, seed=0)
    played = [
        PlayedGame(0, 11, (1.0, 0.0), ((1.0, 3.0), (0.5,))),
        PlayedGame(1, 12, (1.0, 0.0), ((2.0,), (0.5, 0.5))),
        PlayedGame(2, 13, (0.0, 1.0), ((4.0,), ())),
    ]
    hard, easy = summarize(match, played).entrants
    assert (hard.level, easy.level) == (HARD, EASY)
    assert hard.result.estimate == pytest.approx(2 / 3)
    assert easy.result.estimate == pytest.approx(1 / 3)
    assert (hard.decisions, hard.median_ms, hard.p99_ms) == (4, 2.0, 4.0)
    assert (easy.decisions, easy.median_ms, easy.p99_ms) == (3, 0.5, 0.5)


class _Cheat:
    """Answers every view by passing, which opening a dollar-bill deal does not allow."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: Any) -> Any:
        from liar_tui.rules.dollar_bills.game import Pass

        return Pass(view.seat)


def test_an_illegal_bot_action_stops_the_match_naming_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(runner, "bare_bot", lambda game, level, rng: _Cheat(rng))
    match = default_match("liars-poker-bills", (NORMAL, NORMAL), games=2, seed=1)
    with pytest.raises(ArenaError, match=rf"game 1 \(table seed {table_seed(1, 0)}\)"):
        run_match(match)


def arena_args(*argv: str) -> argparse.Namespace:
    class Parser(argparse.ArgumentParser):
        def error(self, message: str) -> Any:
            raise ValueError(message)

    parser = Parser(prog="liar-tui")
    add_arena_parser(parser.add_subparsers(dest="command", parser_class=Parser))
    return parser.parse_args(["arena", *argv])


def test_the_command_prints_json_for_scripts(capsys: pytest.CaptureFixture[str]) -> None:
    args = arena_args("liars-poker-bills", "--seats", "hard,easy", "--games", "8", "--json")
    assert run_arena(args) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["game"] == "liars-poker-bills"
    assert printed["measure"] == "money_per_game"
    assert [seat["level"] for seat in printed["seats"]] == ["hard", "easy"]
    assert sum(seat["estimate"] for seat in printed["seats"]) == pytest.approx(0, abs=1e-12)


def test_the_command_prints_a_table_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_arena(arena_args("liars-poker-bills", "--games", "6")) == 0
    out, err = capsys.readouterr()
    assert "Liar's Poker (dollar bills): 6 games, seed 1" in out
    assert "95% interval" in out and "p99 ms" in out
    rows = [line.split() for line in out.splitlines()]
    levels = {level.value for level in BotLevel}
    seats = [words[1] for words in rows if words[:1] and words[0].isdigit() and words[1] in levels]
    assert seats == ["hard", "normal", "normal"]
    assert "Interval: the true money a game, 95% sure" in out
    assert err == ""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("chess",), "unknown game 'chess'"),
        ((), "arena needs a game"),
        (("liar-game", "--seats", "hard"), "Liar Game seats 2 to"),
        (
            ("liars-poker-bills", "--seats", ",".join(["easy"] * 11)),
            "seats 2 to 10 players, not 11",
        ),
    ],
)
def test_impossible_matches_are_one_line_and_exit_two(
    argv: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_arena(arena_args(*argv)) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("liar-tui: error: ") and message in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("liar-game", "--seats", "hard,wise"), "unknown bot level 'wise'"),
        (("liar-game", "--games", "0"), "must be at least 1, not 0"),
        (("liar-game", "--jobs", "0"), "must be at least 1, not 0"),
        (("liar-game", "--jobs", "two"), "'two' is not a whole number"),
        (("liar-game", "--seed", "-1"), "must be from 0 to"),
    ],
)
def test_bad_option_values_are_refused_by_the_parser(argv: tuple[str, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        arena_args(*argv)


def test_help_is_printed_not_played(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_arena(arena_args("--help")) == 0
    assert "--seats LEVELS" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.parametrize("game", ["liar-game", "liars-poker-cards", "liars-poker-bills"])
def test_a_bigger_match_is_the_same_with_one_worker_or_two(game: str) -> None:
    levels = (HARD, NORMAL, NORMAL) if game == "liars-poker-bills" else (HARD, NORMAL, EASY, EASY)
    match = default_match(game, levels, games=120, seed=11)
    assert outcome(run_match(match, jobs=2)) == outcome(run_match(match, jobs=1))
