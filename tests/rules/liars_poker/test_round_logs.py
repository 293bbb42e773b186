"""Past rounds in the view (issue 13): every seat's view carries the last finished rounds,
public facts only, so a resumed or network-joined table shows the rounds before it.

A save holds the setup and the actions only (:mod:`liar_tui.store.saves`), so a save
written before views carried rounds replays into a game that has them all.
"""

from __future__ import annotations

import dataclasses
import random
import shutil
from collections.abc import Iterator
from pathlib import Path

from liar_tui.games import new_state
from liar_tui.rules.cards import Card
from liar_tui.rules.liars_poker.game import (
    RECENT_ROUNDS,
    ChallengeResolved,
    Declared,
    Discarded,
    HandStuck,
    LiarsPokerGame,
    LiarsPokerRules,
    RoundLog,
)
from liar_tui.rules.liars_poker.rules import MAX_LIVES
from liar_tui.store.saves import SaveStore
from tests.rules.liars_poker.test_properties import random_action

OLD_SAVE = Path(__file__).with_name("saved_before_round_logs.json")
"""Four seats with three lives (seed 2026) played by random legal moves: eight rounds
finished and three moves into the ninth. Saves hold only the setup and the actions, so it
is the file the version before round logs wrote for the same play."""


def cards_in(value: object) -> Iterator[Card]:
    """Every card anywhere inside ``value``, a dataclass or a tuple of them."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list | frozenset):
        for item in value:
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))


def shown_cards(log: RoundLog) -> set[Card]:
    """The cards a round showed every seat: the challenged hand and the face-up cards."""
    shown = set(log.ending.hand if isinstance(log.ending, ChallengeResolved) else ())
    if isinstance(log.ending, HandStuck):
        shown |= set(log.ending.communal)
    for move in log.moves:
        if isinstance(move, Discarded):
            shown |= set(move.communal)
    return shown


def test_views_carry_the_last_rounds_alike_for_every_seat_and_only_what_was_shown() -> None:
    rng = random.Random(3)
    seats = 6
    game = LiarsPokerGame(LiarsPokerRules(lives=MAX_LIVES), seats, seed=3)
    while not game.over:
        lives_before = tuple(game.lives)
        finished = len(game.past_rounds)
        game.apply(random_action(game, rng))
        views = [game.view(seat) for seat in range(seats)]
        assert len({(view.recent_rounds, view.round_moves) for view in views}) == 1
        if len(game.past_rounds) > finished:
            log = game.past_rounds[-1]
            assert log.ending.lives[log.loser] == lives_before[log.loser] - 1
            # Claims may name cards aloud; any other card a move holds was shown to all.
            spoken = [move for move in log.moves if not isinstance(move, Declared)]
            assert set(cards_in(spoken)) <= shown_cards(log)
    played = len(game.past_rounds)
    assert played == seats * MAX_LIVES - 1 > RECENT_ROUNDS
    recent = game.view(0).recent_rounds
    assert [log.round for log in recent] == list(range(played - RECENT_ROUNDS + 1, played + 1))
    assert game.view(0).round_moves == ()


def test_a_round_log_keeps_the_moves_in_order_and_the_view_the_round_in_play() -> None:
    rng = random.Random(8)
    game = LiarsPokerGame(LiarsPokerRules(lives=2), 3, seed=8)
    opener = game.opener
    heard: list[object] = []
    while not game.past_rounds:
        heard += game.apply(random_action(game, rng))
    (log,) = game.view(1).recent_rounds
    ending = heard.index(log.ending)
    assert (log.round, log.opener) == (1, opener)
    assert log.moves == tuple(heard[:ending])
    assert game.view(1).round_moves == ()
    moved = game.apply(random_action(game, rng))
    assert game.view(1).round_moves == tuple(moved)


def test_a_save_from_before_round_logs_loads_with_its_past_rounds(tmp_path: Path) -> None:
    path = tmp_path / "current-table.json"
    shutil.copyfile(OLD_SAVE, path)
    saved = SaveStore(path).load()
    assert saved is not None
    game = new_state(saved.setup)
    assert isinstance(game, LiarsPokerGame)
    for action in saved.actions:
        game.apply(action)
    view = game.view(0)
    assert [log.round for log in view.recent_rounds] == list(range(1, 9))
    assert [log.loser for log in view.recent_rounds] == [1, 3, 1, 1, 2, 0, 0, 0]
    assert [type(move).__name__ for move in view.round_moves] == [
        "Declared",
        "Took",
        "Discarded",
    ]
