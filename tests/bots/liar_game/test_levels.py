"""The three Liar Game levels: easy and hard stay legal and repeatable, easy makes a
beginner's mistakes, and each level beats the one below it over a fixed series of games."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liar_tui.arena.pool import InProcessPool
from liar_tui.bots.base import Bot
from liar_tui.bots.liar_game.easy import EasyLiarGameBot
from liar_tui.bots.liar_game.hard import (
    HAND_CLASSES,
    MOST_LEADING,
    HardLiarGameBot,
    RoundPlan,
    Situation,
    decode_hands,
    kept_triples,
    kept_values,
    learnt_for,
    recorded_hands,
    situation_of,
)
from liar_tui.bots.liar_game.hard_tables import FRESH_RANKS
from liar_tui.bots.liar_game.normal import LiarGameBot
from liar_tui.bots.liar_game.random_bot import RandomLiarGameBot
from liar_tui.rules.cards import parse_cards
from liar_tui.rules.liar_game.game import (
    VARIANT_NAMES,
    LiarGame,
    LiarGameView,
    Rules,
    hand_value,
    legal_hands,
)
from tools.train_liar_game_hard import encode_hands, fresh_draws, record_rounds
from tools.train_liar_game_hard import kept_values as learn_kept_values

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


def check_every_level_shows_only_legal_hands(rules: Rules, seats: int, seed: int) -> None:
    """A game of mixed players, each view also put to every level, whose hand must be legal."""
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


@pytest.mark.slow  # many bot decisions: run in CI, not by default
@settings(max_examples=8, deadline=None)
@given(rules=rule_sets(), seats=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_every_level_shows_only_legal_hands(rules: Rules, seats: int, seed: int) -> None:
    """A few random games; the slow twin below plays many more."""
    check_every_level_shows_only_legal_hands(rules, seats, seed)


@pytest.mark.slow
@settings(max_examples=50, deadline=None)
@given(rules=rule_sets(), seats=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_every_level_shows_only_legal_hands_in_many_games(
    rules: Rules, seats: int, seed: int
) -> None:
    check_every_level_shows_only_legal_hands(rules, seats, seed)


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


@pytest.mark.slow  # many bot decisions: run in CI, not by default
def test_normal_beats_three_easy_bots() -> None:
    """Fair share is a quarter; normal wins most games (96% over 400 in the arena)."""
    assert _wins(LiarGameBot, EasyLiarGameBot, games=24, first_seed=0) > 24 * 0.6


def test_easy_beats_three_random_bots() -> None:
    """A beginner is no random clicker: well above a quarter of the games (57% over 200)."""
    assert _wins(EasyLiarGameBot, RandomLiarGameBot, games=60, first_seed=0) > 60 * 0.35


@pytest.mark.slow  # a strength match: statistics, not a rule
def test_hard_wins_more_than_its_share_against_three_normal_bots() -> None:
    """A quarter is fair; hard wins about a third (see the arena figures in its module)."""
    assert _wins(HardLiarGameBot, LiarGameBot, games=48, first_seed=0) > 48 * 0.25


@pytest.mark.slow
def test_hard_wins_well_above_its_share_over_a_longer_series() -> None:
    assert _wins(HardLiarGameBot, LiarGameBot, games=400, first_seed=1000) > 400 * 0.29


# --------------------------------------------------------------------------- hard's tables


def test_every_kept_set_of_one_deck_has_a_learnt_value() -> None:
    triples = kept_triples()
    assert len(triples) == len(set(triples)) == 559
    assert set(kept_values()) == set(triples), "the table holds one number per kept set"


def test_kept_values_rank_kept_cards_as_a_player_would() -> None:
    values = kept_values()
    ace, king, joker = 14, 13, 15
    assert values[(ace, ace, ace)] == max(values.values())
    assert values[(2, 3, 5)] < values[(5, 5, 9)] < values[(9, king, king)] < values[(9, ace, ace)]
    assert values[(2, 3, joker)] > values[(2, 3, 5)]


@pytest.mark.slow
def test_value_iteration_on_the_stored_rounds_gives_the_stored_values() -> None:
    """The tables keep a sample of the rounds recorded, so the values agree to a point."""
    stored = [hand for name in HAND_CLASSES for hand in recorded_hands(name)]
    learnt = dict(zip(kept_triples(), learn_kept_values(stored, FRESH_RANKS), strict=True))
    assert max(abs(learnt[kept] - value) for kept, value in kept_values().items()) < 1.5


def test_the_fresh_cards_recorded_are_poorer_than_a_full_deck() -> None:
    """The pockets at the table hoard aces and jokers, so fewer come fresh from the deck."""
    dealt = sum(FRESH_RANKS.values())
    ace, joker, two = 14, 15, 2
    assert FRESH_RANKS[ace] / dealt < 0.7 * 4 / 54
    assert FRESH_RANKS[joker] / dealt < 0.85 * 2 / 54
    assert FRESH_RANKS[two] / dealt > 4 / 54


def test_fresh_draws_weigh_every_three_ranks_that_fit_beside_the_kept_ones() -> None:
    ace, joker = 14, 15
    draws = dict(fresh_draws((ace, joker, joker), FRESH_RANKS))
    assert sum(draws.values()) == pytest.approx(1)
    assert not any(joker in ranks for ranks in draws), "one deck holds two jokers"
    assert (ace, ace, ace) in draws
    # Three aces left of four come less often than three kings left of four, fewer aces
    # having come fresh.
    assert draws[(ace, ace, ace)] < dict(fresh_draws((2, 3, joker), FRESH_RANKS))[(13, 13, 13)]


def test_recording_counts_three_fresh_cards_a_round_after_the_opening() -> None:
    games = 2
    hands, fresh = record_rounds(games, seed=5, pool=InProcessPool())
    rounds = sum(len(shown) for shown in hands.values()) // 3
    assert len(hands[Situation.OPENING.value]) == 3 * games
    assert sum(fresh.values()) == 3 * (rounds - games)


def test_recorded_hands_survive_their_encoding() -> None:
    hands = [(2, 3, 5), (14, 14, 15), (10, 11, 12), (15, 15, 15)]
    assert decode_hands("".join(encode_hands(hands))) == hands


def test_hard_uses_its_tables_only_under_the_rules_they_were_learnt_for() -> None:
    assert learnt_for(Rules(target=2000))
    assert not learnt_for(Rules(decks=2))
    assert not learnt_for(Rules(free_jokers=True))


def test_hard_spends_a_double_that_reaches_the_target() -> None:
    """From 430, aces and a king (90) end the game if they win: worth more than keeping them."""
    view = dataclasses.replace(_view_with("AS AH KC 2D 3H 5C"), scores=(430, 100, 120, 90))
    shown = HardLiarGameBot(random.Random(0)).act(view).cards
    assert sorted(card.ascii for card in shown) == ["AH", "AS", "KC"]


def _stakes(scores: tuple[int, ...]) -> tuple[float, float]:
    plan = RoundPlan(dataclasses.replace(_view_with("AS AH KC 2D 3H 5C"), scores=scores))
    return plan.finish_stake, plan.stop_stake


def test_hard_prices_the_games_end_by_its_lead() -> None:
    """Ending the game is worth what the bot does not yet hold of it, stopping an opponent
    from ending it what it does: level, a finish counts three times a stop; ahead, a stop
    counts more; far ahead, a finish still counts (no lead makes the game sure)."""
    level_finish, level_stop = _stakes((300, 300, 300, 300))
    assert level_finish == pytest.approx(3 * level_stop)
    ahead_finish, ahead_stop = _stakes((420, 300, 300, 300))
    assert ahead_stop > ahead_finish
    assert ahead_stop > level_stop
    far_finish, far_stop = _stakes((480, 100, 100, 100))
    assert far_finish == pytest.approx(far_stop * (1 - MOST_LEADING) / MOST_LEADING)
    assert 0 < far_finish < ahead_finish


def test_hard_spends_a_joker_on_its_kings_rather_than_wait_for_a_fresh_one() -> None:
    """Jokers seldom come fresh (the other pockets hoard them), so a kept joker is worth
    less than it would be with a full deck behind it: in an ordinary round K-K-joker (70
    points) is shown, where the values learnt with fresh cards from a full deck showed
    8-K-K and kept the joker and the ace."""
    later = next(view for _, view in views_of(Rules(), 4, seed=3) if view.round > 1)
    view = dataclasses.replace(
        later,
        seat=0,
        pocket=tuple(parse_cards("8D JK AS 6D KC KH")),
        scores=(150, 200, 180, 120),
    )
    assert situation_of(view) is Situation.PLAYING
    shown = HardLiarGameBot(random.Random(0)).act(view).cards
    assert sorted(card.ascii for card in shown) == ["JK", "KC", "KH"]


def test_hard_reads_the_situation_from_the_scores_and_the_round() -> None:
    later = next(view for _, view in views_of(Rules(), 4, seed=3) if view.round > 1)
    playing = dataclasses.replace(later, seat=1, scores=(120, 380, 0, 250))
    assert situation_of(_view_with("2S 3H 5C 7D 8H 9C")) is Situation.OPENING
    assert situation_of(playing) is Situation.PLAYING
    # The round says it, not the rounds a view carries (only the last few of a long game).
    assert situation_of(dataclasses.replace(playing, history=())) is Situation.PLAYING
    assert situation_of(dataclasses.replace(playing, scores=(120, 400, 0, 250))) is (
        Situation.I_MAY_FINISH
    )
    assert situation_of(dataclasses.replace(playing, scores=(420, 380, 0, 250))) is (
        Situation.THEY_MAY_FINISH
    )
