"""A bot that fails never freezes its table: the safe wrapper answers for it (issue 12).

A failing bot once left a table waiting forever on its seat (``AssertionError`` under rules
with no legal opening). Wrapped by the plugin's ``safe_bot``, the easy bot answers instead,
and when that fails too, the plugin's strategy-free legal action.
"""

from __future__ import annotations

import logging
import random
from typing import Any, NoReturn

import pytest

from liar_tui.bots.base import Bot
from liar_tui.bots.safe import SafeBot
from liar_tui.games import plugin, registered
from liar_tui.games.plugin import GamePlugin
from liar_tui.rules.base import GameState
from liar_tui.table.seats import BotLevel, SeatConfig
from liar_tui.table.setup import TableSetup

SESSION_GAMES = 2
"""Dollar bills runs on from game to game: a session stops after this many."""
MOST_ACTIONS = 5_000


class Broken:
    """A bot with a bug: it raises at every decision."""

    def __init__(self, message: str = "a bot with a bug") -> None:
        self.message = message
        self.asked = 0

    def act(self, view: Any) -> NoReturn:
        self.asked += 1
        raise AssertionError(self.message)


class Answers:
    """A bot that always gives the same answer."""

    def __init__(self, answer: str) -> None:
        self.answer = answer

    def act(self, view: Any) -> str:
        return self.answer


def failures_logged(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name == "liar_tui.bots.safe"]


def test_the_stand_in_answers_when_the_bot_raises(caplog: pytest.LogCaptureFixture) -> None:
    broken = Broken()
    made: list[Bot] = []

    def stand_in() -> Bot:
        made.append(Answers("the easy bot's answer"))
        return made[-1]

    safe = SafeBot(broken, stand_in, lambda view: "the last resort")
    answers = [safe.act(view) for view in ("first view", "second view", "third view")]
    assert answers == ["the easy bot's answer"] * 3
    assert broken.asked == 3, "the bot is asked again at every decision"
    assert len(made) == 1, "one stand-in, kept so that it remembers what it saw"
    logged = failures_logged(caplog)
    assert len(logged) == 1, "the same failure is logged once"
    assert logged[0].levelno == logging.ERROR
    assert logged[0].exc_info is not None, "with its traceback"


def test_the_last_resort_answers_when_the_stand_in_fails_too(
    caplog: pytest.LogCaptureFixture,
) -> None:
    safe = SafeBot(Broken("the bot's bug"), lambda: Broken("the easy bot's bug"), str.upper)
    assert safe.act("view") == "VIEW"
    assert safe.act("view") == "VIEW"
    messages = [record.getMessage() for record in failures_logged(caplog)]
    assert len(messages) == 2, "each distinct failure once"
    assert "the bot's bug" in messages[0]
    assert "the easy bot's bug" in messages[1]


def test_a_bot_that_works_is_answered_by_itself(caplog: pytest.LogCaptureFixture) -> None:
    safe = SafeBot(Answers("its own answer"), lambda: Broken(), lambda view: "the last resort")
    assert safe.act("view") == "its own answer"
    assert failures_logged(caplog) == []


@pytest.mark.parametrize("game_id", list(registered()))
@pytest.mark.parametrize("level", list(BotLevel), ids=lambda level: level.value)
def test_the_safe_bot_wraps_the_levels_own_bot(game_id: str, level: BotLevel) -> None:
    game = plugin(game_id)
    safe = game.safe_bot(level, random.Random(0))
    assert isinstance(safe, SafeBot)
    assert type(safe.bot) is type(game.bot(level, random.Random(0)))


def played_to_the_end(game: GamePlugin, bots: list[Bot], seed: int) -> GameState:
    """A game (a few games of a session) played by ``bots``, every action legal."""
    seats = tuple(SeatConfig(f"Seat {seat}") for seat in range(len(bots)))
    state = game.new_state(TableSetup(game.id, game.default_rules(), seats, seed))
    for _ in range(MOST_ACTIONS):
        if state.over or state.completed_games() >= SESSION_GAMES:
            return state
        seat = state.to_act()[0]
        action = bots[seat].act(state.view(seat))
        assert state.refusal(action) is None, f"{action!r} is refused: {state.refusal(action)}"
        state.apply(action)
    pytest.fail(f"{game.id} did not end within {MOST_ACTIONS} actions")


@pytest.mark.parametrize("game_id", list(registered()))
def test_a_table_of_failing_bots_plays_to_the_end(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every level's bot raises: the easy bot stands in for the others, and the plugin's
    legal action for the easy bot."""
    game = plugin(game_id)
    monkeypatch.setattr(type(game), "bot", lambda self, level, rng: Broken(level.value))
    levels = list(BotLevel)
    bots = [game.safe_bot(levels[seat % len(levels)], random.Random(seat)) for seat in range(3)]
    assert played_to_the_end(game, bots, seed=7).completed_games() > 0


@pytest.mark.parametrize("game_id", list(registered()))
def test_the_easy_bot_stands_in_for_a_failing_one(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = plugin(game_id)
    working = type(game).bot

    def hard_is_broken(self: GamePlugin, level: BotLevel, rng: random.Random) -> Bot:
        return Broken() if level is BotLevel.HARD else working(self, level, rng)

    monkeypatch.setattr(type(game), "bot", hard_is_broken)
    fallback_used: list[Any] = []
    last_resort = type(game).fallback_action

    def counted(self: GamePlugin, view: Any) -> Any:
        fallback_used.append(view)
        return last_resort(self, view)

    monkeypatch.setattr(type(game), "fallback_action", counted)
    bots = [game.safe_bot(BotLevel.HARD, random.Random(seat)) for seat in range(2)]
    assert played_to_the_end(game, bots, seed=3).completed_games() > 0
    assert fallback_used == [], "the easy bot answered every decision"
