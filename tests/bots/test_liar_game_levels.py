"""The three Liar Game levels: easy and hard stay legal and repeatable, easy makes a
beginner's mistakes, and each level beats the one below it over a fixed series of games."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liar_tui.bots.base import Bot
from liar_tui.bots.liar_game_bot import LiarGameBot
from liar_tui.bots.liar_game_easy import EasyLiarGameBot
from liar_tui.bots.liar_game_hard import HardLiarGameBot
from liar_tui.bots.random_bot import RandomLiarGameBot
from liar_tui.rules.cards import parse_cards
from liar_tui.rules.liar_game import (
    VARIANT_NAMES,
    LiarGame,
    LiarGameView,
    Rules,
    hand_value,
    legal_hands,
)

BotFactory = Callable[[random.Random], Bot]
LEVELS: list[BotFactory] = [EasyLiarGameBot, LiarGameBot, HardLiarGameBot]


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    two_decks = draw(st.booleans())
    return Rules(
        decks=2 if two_decks else 1,
        target=draw(st.sampled_from((60, 150, 300))),
        free_jokers=draw(st.booleans()),
        **{name: two_decks and draw(st.booleans()) for name in VARIANT_NAMES},
    )


def play(rules: Rules, players: list[BotFactory], seed: int) -> tuple[int, ...]:
    """One game's winners, every action checked against the rules as it is taken."""
    game = LiarGame(rules, len(players), seed)
    bots = [make(random.Random(f"{seed}:{seat}")) for seat, make in enumerate(players)]
    while not game.over:
        for seat in game.to_act():
            action = bots[seat].act(game.view(seat))
            assert game.refusal(action) is None, (action, game.pockets[seat])
            game.apply(action)
    return game.winners


def views_of(rules: Rules, seats: int, seed: int) -> list[tuple[LiarGame, LiarGameView]]:
    """States from a game of mixed players, each with a copy of the game to check against."""
    game = LiarGame(rules, seats, seed)
    rng = random.Random(seed)
    bots = [rng.choice([*LEVELS, RandomLiarGameBot])(rng) for _ in range(seats)]
    found = []
    while not game.over:
        for seat in game.to_act():
            view = game.view(seat)
            found.append((game, view))
            game.apply(bots[seat].act(view))
    return found


# --------------------------------------------------------------------------- legality


@settings(max_examples=25, deadline=None)
@given(rules=rule_sets(), seats=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_every_level_shows_only_legal_hands(rules: Rules, seats: int, seed: int) -> None:
    game = LiarGame(rules, seats, seed)
    rng = random.Random(seed)
    bots = [rng.choice([*LEVELS, RandomLiarGameBot])(rng) for _ in range(seats)]
    checkers = [make(random.Random(seed)) for make in LEVELS]
    while not game.over:
        for seat in game.to_act():
            view = game.view(seat)
            for checker in checkers:
                assert game.refusal(checker.act(view)) is None
            game.apply(bots[seat].act(view))


@pytest.mark.parametrize("make", LEVELS)
def test_each_level_is_repeatable_for_a_given_generator(make: BotFactory) -> None:
    views = [view for _, view in views_of(Rules(decks=2, free_jokers=True), 4, 8)]
    first = [make(random.Random(5)).act(view) for view in views]
    assert first == [make(random.Random(5)).act(view) for view in views]


@pytest.mark.parametrize("make", LEVELS)
def test_each_level_answers_for_the_seat_it_was_asked(make: BotFactory) -> None:
    view = LiarGame(Rules(), 4, seed=2).view(3)
    assert make(random.Random(0)).act(view).seat == 3


# --------------------------------------------------------------------------- easy's habits


def _view_with(pocket: str) -> LiarGameView:
    view = LiarGame(Rules(), 4, seed=1).view(0)
    return dataclasses.replace(view, pocket=tuple(parse_cards(pocket)))


def _shown(make: BotFactory, pocket: str, tries: int = 40) -> list[str]:
    view = _view_with(pocket)
    return [
        " ".join(sorted(card.ascii for card in make(random.Random(seed)).act(view).cards))
        for seed in range(tries)
    ]


def test_easy_mostly_shows_its_biggest_hand_now() -> None:
    shown = _shown(EasyLiarGameBot, "8S 8H 2C 3D 6H 9C")
    assert shown.count("8H 8S 9C") > len(shown) * 0.7
    assert len(set(shown)) > 1, "a beginner slips now and then"


def test_easy_forgets_the_joker_penalty_where_normal_does_not() -> None:
    """Joker-9-7 is worth 43 but scores only 23 on a win, and a kept joker is worth more."""
    pocket = "JK 9S 7H 6C 4D 2S"
    assert _shown(EasyLiarGameBot, pocket).count("7H 9S JK") > 25
    assert "7H 9S JK" not in _shown(LiarGameBot, pocket, tries=5)


def test_easy_never_throws_trash_to_keep_a_double() -> None:
    view = _view_with("KS KH 2C 3D 6H 9C")
    best = max(hand_value(hand, view.rules) for hand in legal_hands(view.pocket, view.rules))
    slips = 0
    for seed in range(40):
        action = EasyLiarGameBot(random.Random(seed)).act(view)
        slips += hand_value(action.cards, view.rules) != best
    assert slips < 12


# --------------------------------------------------------------------------- strength


def _wins(hero: BotFactory, others: BotFactory, games: int, first_seed: int) -> int:
    wins = 0
    for seed in range(first_seed, first_seed + games):
        hero_seat = seed % 4
        players = [hero if seat == hero_seat else others for seat in range(4)]
        wins += hero_seat in play(Rules(), players, seed)
    return wins


def test_normal_beats_three_easy_bots() -> None:
    """Fair share is a quarter; normal wins most games (96% over 400 in the arena)."""
    assert _wins(LiarGameBot, EasyLiarGameBot, games=24, first_seed=0) > 24 * 0.6


def test_easy_beats_three_random_bots() -> None:
    """A beginner is no random clicker: well above a quarter of the games (57% over 200)."""
    assert _wins(EasyLiarGameBot, RandomLiarGameBot, games=60, first_seed=0) > 60 * 0.35
