"""The coach, in every game: the hard bot's analysis names the action its ``act`` takes, leaves
its later play unchanged, answers only the seat whose decision it is, and is the same however
often it is asked. (Each game's chances are checked against the odds in its own folder.)"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from liar_tui.bots.coach import (
    COACH_FAILED,
    COACH_SEED,
    NOT_YOUR_TURN,
    Analysis,
    Analyst,
    analyse,
    coach_line,
    hint,
    percent,
)
from liar_tui.games import plugin, registered
from liar_tui.games.plugin import GamePlugin
from liar_tui.table.seats import BotLevel, SeatConfig
from liar_tui.table.setup import TableSetup
from tests.marks import slow_after_rows

DECISIONS = 40
"""Decisions followed per game: a few rounds (a session's first games), every phase met."""
GAMES = sorted(registered())


def decisions(game: GamePlugin, seats: int, seed: int, limit: int = DECISIONS) -> Iterator[Any]:
    """The state before each of ``limit`` decisions of a game of hard bots."""
    players = tuple(SeatConfig(f"Seat {seat}") for seat in range(seats))
    state = game.new_state(TableSetup(game.id, game.default_rules(), players, seed))
    bots = [game.bot(BotLevel.HARD, random.Random(seat)) for seat in range(seats)]
    for _ in range(limit):
        if state.over:
            return
        yield state
        seat = state.to_act()[0]
        state.apply(bots[seat].act(state.view(seat)))


def hard_bot(game: GamePlugin, seed: int) -> Any:
    bot = game.bot(BotLevel.HARD, random.Random(seed))
    assert isinstance(bot, Analyst)
    return bot


@pytest.mark.parametrize("game_id", GAMES)
def test_every_hard_bot_is_an_analyst(game_id: str) -> None:
    assert isinstance(plugin(game_id).bot(BotLevel.HARD, random.Random(0)), Analyst)


@pytest.mark.parametrize(
    ("game_id", "seats", "seed"),
    slow_after_rows(len(GAMES), [(g, 3, 1) for g in GAMES] + [(g, 4, 2) for g in GAMES]),
)
def test_the_analysis_names_what_act_does_and_changes_none_of_its_later_play(
    game_id: str, seats: int, seed: int
) -> None:
    """Seat 0's bot is asked for an analysis before every decision of its own, its twin is
    not: the two play the same game, and each analysis names the action taken."""
    game = plugin(game_id)
    analysed, plain = hard_bot(game, seed), hard_bot(game, seed)
    compared = 0
    for state in decisions(game, seats, seed):
        seat = state.to_act()[0]
        if seat != 0:
            continue
        view = state.view(0)
        analysis = analysed.analyse(view)
        assert analysis is not None
        assert analysed.analyse(view) == analysis, "asked twice, it answers the same"
        action = analysed.act(view)
        assert action == analysis.action
        assert plain.act(view) == action
        compared += 1
    assert compared >= 5


@pytest.mark.parametrize("game_id", GAMES)
def test_the_coach_answers_as_a_fresh_bot_does_and_only_on_the_seats_turn(game_id: str) -> None:
    """The coach keeps its bot between questions; its answers are still a fresh bot's, and a
    seat that is not to act gets None."""
    game = plugin(game_id)
    for state in decisions(game, 3, 5):
        acting = state.to_act()
        for seat in range(3):
            view = state.view(seat)
            analysis = analyse(game, view)
            if seat not in acting:
                assert analysis is None
                continue
            assert analysis is not None
            assert analysis == hard_bot(game, COACH_SEED).analyse(view)


def test_the_coach_line_reads_as_one_sentence() -> None:
    analysis = Analysis((("the standing claim is true", 0.344),), object(), "challenge")
    assert coach_line(analysis) == "Coach: the standing claim is true 34% · it would challenge"


@pytest.mark.parametrize(
    ("chance", "shown"),
    [(0.0, "0%"), (0.001, "<1%"), (0.5, "50%"), (0.998, ">99%"), (1.0, "100%")],
)
def test_a_chance_shows_certainty_only_when_it_is_certain(chance: float, shown: str) -> None:
    assert percent(chance) == shown


class FailingAnalyst:
    """A hard bot whose analysis has a bug."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: Any) -> Any:
        return None

    def analyse(self, view: Any) -> Analysis | None:
        raise RuntimeError("a bug in the analysis")


class FailingGame:
    """Just enough of a plugin for the coach: an id and a hard bot."""

    id = "coach-test-failing"

    def bot(self, level: BotLevel, rng: random.Random) -> FailingAnalyst:
        return FailingAnalyst(rng)


class SeatView:
    seat = 0


def test_the_hint_says_one_sentence_off_a_turn_and_when_the_bot_fails() -> None:
    game: Any = FailingGame()
    assert hint(game, None) == NOT_YOUR_TURN
    assert hint(game, SeatView()) == COACH_FAILED
