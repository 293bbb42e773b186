"""What every game must do, checked the same way for each: random legal games to their end.

Modelled on OpenSpiel's random simulation test (``RandomSimulationTest``): from a seeded
start, a seeded chooser plays legal actions at random until the game is over (a session
that never ends, dollar bills, until a few of its games are scored), and after every step
the state must keep the promises the table, the codec, the saves, the arena and the host
rely on:

* a state that is not over has a seat to act, and that seat has a legal action; a seat not
  to act has none, and an action sent for it is refused;
* every action ``legal_actions`` lists is accepted (its refusal is None), and so is the
  plugin's ``fallback_action``, the last resort of a bot that fails;
* the codec round-trips every action applied, every event and every seat's view, tagged;
* no seat's view reaches another seat's hidden cards (the walk of
  ``tests/arena/test_views_hide.py``);
* ``returns()`` has one entry per seat and, once ``completed_games()`` is above 0, sums to
  what the plugin's scoring says; ``completed_games()`` never goes down, and is above 0 once
  the game is over;
* the same seed and actions replay to an equal snapshot.

The games are every registered one, and the fourth game of ``tests/fourth_game`` through
its entry point. A new game passes here before it is played anywhere else.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
from collections.abc import Callable
from typing import Any

import pytest

from liar_tui.games import plugin, registered
from liar_tui.games.plugin import GamePlugin
from liar_tui.rules.base import GameState
from liar_tui.table import codec
from liar_tui.table.seats import BotLevel, SeatConfig
from liar_tui.table.setup import TableSetup
from tests.arena.test_views_hide import SECRETS, Secrets, leaks
from tests.fourth_game.rules import Call, HighCardGame, HighCardView
from tests.fourth_game.support import GAME_ID as FOURTH_GAME
from tests.fourth_game.support import fourth_game, high_card_secrets

__all__ = ["fourth_game"]  # a fixture, used by name

GAMES = [*(game for game in registered() if game != FOURTH_GAME), FOURTH_GAME]
"""Read when the tests are collected: the built-in games, then the fourth game."""


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> str:
    """Each game's id in turn; the fourth game registered through its entry point."""
    if request.param == FOURTH_GAME:
        request.getfixturevalue("fourth_game")
    return str(request.param)


HIDDEN: dict[str, Callable[[Any, int], Secrets]] = {
    **SECRETS,
    FOURTH_GAME: high_card_secrets,
}
"""What each seat may not see, per game: a new game adds its own here."""

PARTIAL_LEGAL_ACTIONS = {
    "liars-poker-cards": "legal_actions lists no declarations: there are far too many",
}
"""Games whose ``legal_actions`` leaves some legal actions out, and why. For them a seat
with nothing listed must still have a legal action, which the game's own bot finds; the
chooser mixes the bot's actions with the listed ones."""

SESSION_GAMES = 3
"""A session that runs on from game to game (dollar bills) stops once it has scored this
many; every other game plays until it is over."""
MOST_STEPS = 5_000
VIEWS_EVERY_STEP = 40
"""The quick run checks every seat's view after each of a game's first steps, then after
every :data:`VIEWS_LATER`-th step and the last: a view carries the game's history, so
checking all of them is quadratic in the game's length. The slow run checks many more."""
VIEWS_LATER = 10


def _json(data: Any) -> Any:
    """What the other end of a file or a socket reads."""
    return json.loads(json.dumps(data))


def assert_round_trip(value: object, expected: Any) -> None:
    encoded = codec.encode(value)
    assert isinstance(encoded, dict), f"{type(value).__name__} is not encoded as a message"
    assert encoded[codec.TYPE_KEY] == codec.message_name(type(value))
    decoded = codec.decode(_json(encoded), expected)
    assert decoded == value, f"{type(value).__name__} does not survive the codec"
    assert codec.encode(decoded) == encoded


def assert_view_hides(game_id: str, state: GameState, seat: int, view: object) -> None:
    secrets_of = HIDDEN.get(game_id)
    if secrets_of is None:
        pytest.fail(f"say what each seat of {game_id!r} may not see: add it to HIDDEN")
    found = leaks(view, secrets_of(state, seat))
    assert found == [], f"seat {seat} can reach hidden cards: {found}"


def refused_for_another_seat(action: object, state: GameState) -> bool:
    """Whether ``action``, sent as if by a seat that is not to act, is refused (True when
    every seat is to act, or the action names no seat)."""
    idle = [seat for seat in range(state.seats) if seat not in state.to_act()]
    if not idle or not dataclasses.is_dataclass(action) or not hasattr(action, "seat"):
        return True
    return state.refusal(dataclasses.replace(action, seat=idle[0])) is not None  # type: ignore[type-var]


class RandomGame:
    """One game played at random, checking the invariants after every step."""

    def __init__(
        self,
        game_id: str,
        seats: int,
        seed: int,
        views_every_step: int = VIEWS_EVERY_STEP,
        views_later: int = VIEWS_LATER,
    ) -> None:
        self.game_id = game_id
        self.views_every_step = views_every_step
        self.views_later = views_later
        self.info: GamePlugin = plugin(game_id)
        self.setup = TableSetup(
            game_id,
            self.info.default_rules(),
            tuple(SeatConfig(f"Seat {seat}") for seat in range(seats)),
            seed,
        )
        self.state = self.info.new_state(self.setup)
        self.chooser = random.Random(f"conformance:{seed}")
        self.bots = [
            self.info.bot(self.chooser.choice(list(BotLevel)), random.Random(f"{seed}:{seat}"))
            for seat in range(seats)
        ]
        self.actions: list[Any] = []
        self.completed = 0
        self.midway_step = self.chooser.randrange(1, 30)
        self.midway: tuple[int, dict[str, object]] | None = None
        """A snapshot part of the way through, and the actions taken to reach it."""

    def play(self) -> None:
        assert_round_trip(self.setup.rules, self.info.rules_type)
        self.check_state()
        for _ in range(MOST_STEPS):
            if self.state.over or self.state.completed_games() >= SESSION_GAMES:
                break
            self.step()
            self.check_state()
        else:
            pytest.fail(f"{self.game_id} did not end within {MOST_STEPS} random actions")
        self.check_views()
        self.check_replay(len(self.actions), self.state.snapshot())
        if self.midway is not None:
            self.check_replay(*self.midway)

    def step(self) -> None:
        state = self.state
        to_act = state.to_act()
        assert to_act, "a game that is not over has a seat to act"
        seat = self.chooser.choice(to_act)
        listed = list(state.legal_actions(seat))
        for action in listed:
            assert isinstance(action, self.info.action_type), f"{action!r} is not an action"
            reason = state.refusal(action)
            assert reason is None, f"the listed action {action!r} is refused: {reason}"
            assert refused_for_another_seat(action, state), f"{action!r} out of turn is taken"
        fallback = self.info.fallback_action(state.view(seat))
        reason = state.refusal(fallback)
        assert reason is None, f"the fallback action {fallback!r} is refused: {reason}"
        partial = self.game_id in PARTIAL_LEGAL_ACTIONS
        if listed and not (partial and self.chooser.random() < 0.5):
            action = self.chooser.choice(listed)
        else:
            assert partial, f"seat {seat} is to act but has no legal action"
            action = self.bots[seat].act(state.view(seat))
            reason = state.refusal(action)
            assert reason is None, f"the bot's {action!r} is refused: {reason}"
        assert_round_trip(action, self.info.action_type)
        events = state.apply(action)
        self.actions.append(action)
        for event in events:
            assert_round_trip(event, Any)
        if len(self.actions) == self.midway_step:
            self.midway = (len(self.actions), state.snapshot())

    def check_state(self) -> None:
        state = self.state
        to_act = state.to_act()
        if state.over:
            assert to_act == (), "nobody acts once the game is over"
            assert state.completed_games() > 0, "a game that is over has been scored"
        for seat in range(state.seats):
            if seat not in to_act:
                assert list(state.legal_actions(seat)) == [], f"seat {seat} is not to act"
        steps = len(self.actions)
        if steps < self.views_every_step or steps % self.views_later == 0:
            self.check_views()
        returns = state.returns()
        assert len(returns) == state.seats, "one result per seat"
        completed = state.completed_games()
        assert completed >= self.completed, "completed games never go down"
        self.completed = completed
        if completed > 0:
            total = self.info.scoring.total
            assert math.isclose(math.fsum(returns), total, abs_tol=1e-9), (
                f"returns {returns} do not sum to {total}"
            )

    def check_views(self) -> None:
        for seat in range(self.state.seats):
            view = self.state.view(seat)
            assert isinstance(view, self.info.view_type)
            assert_round_trip(view, self.info.view_type)
            assert_view_hides(self.game_id, self.state, seat, view)

    def check_replay(self, count: int, snapshot: dict[str, object]) -> None:
        """The seed and the first ``count`` actions rebuild a state equal to ``snapshot``."""
        again = self.info.new_state(self.setup)
        for action in self.actions[:count]:
            again.apply(action)
        assert again.snapshot() == snapshot, f"the replay of {count} actions differs"


def seat_counts(info: GamePlugin, most: int) -> list[int]:
    return list(range(info.min_seats, min(info.max_seats, most) + 1))


def test_random_games_keep_every_promise(game: str) -> None:
    info = plugin(game)
    for seed, seats in enumerate(seat_counts(info, most=info.min_seats + 2)):
        RandomGame(game, seats, seed).play()


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))
def test_many_random_games_keep_every_promise(game: str, seed: int) -> None:
    """Every seat count up to eight, and many more of the views checked."""
    info = plugin(game)
    for seats in seat_counts(info, most=8):
        RandomGame(game, seats, 1000 * seed + seats, views_every_step=100, views_later=5).play()


def test_the_fourth_game_is_checked_only_where_it_is_registered() -> None:
    assert FOURTH_GAME not in registered()
    assert set(HIDDEN) >= set(registered()), "every built-in game says what it hides"


# --------------------------------------------------------------------------- the check itself


@pytest.mark.usefixtures("fourth_game")
def test_it_catches_a_view_that_shows_another_seats_card(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = HighCardGame.view

    def leaky(self: HighCardGame, seat: int) -> HighCardView:
        return dataclasses.replace(honest(self, seat), card=self.cards[(seat + 1) % self.seats])

    monkeypatch.setattr(HighCardGame, "view", leaky)
    with pytest.raises(AssertionError, match="can reach hidden cards"):
        RandomGame(FOURTH_GAME, seats=2, seed=1).play()


@pytest.mark.usefixtures("fourth_game")
def test_it_catches_returns_that_do_not_add_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HighCardGame, "returns", lambda self: (1.0,) * self.seats)
    with pytest.raises(AssertionError, match=r"do not sum to 1\.0"):
        RandomGame(FOURTH_GAME, seats=3, seed=2).play()


@pytest.mark.usefixtures("fourth_game")
def test_it_catches_a_listed_action_the_rules_refuse(monkeypatch: pytest.MonkeyPatch) -> None:
    listed = HighCardGame.legal_actions

    def one_too_many(self: HighCardGame, seat: int) -> list[Any]:
        found = listed(self, seat)
        return [*found, Call(seat)] if found and not self.claims else found

    monkeypatch.setattr(HighCardGame, "legal_actions", one_too_many)
    with pytest.raises(AssertionError, match="is refused"):
        RandomGame(FOURTH_GAME, seats=2, seed=3).play()


@pytest.mark.usefixtures("fourth_game")
def test_it_catches_a_fallback_action_the_rules_refuse(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.fourth_game.plugin import HighCardPlugin

    monkeypatch.setattr(HighCardPlugin, "fallback_action", lambda self, view: Call(view.seat))
    with pytest.raises(AssertionError, match=r"fallback action .* is refused"):
        RandomGame(FOURTH_GAME, seats=2, seed=4).play()
