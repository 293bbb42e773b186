"""Every rule set the rules checks accept can be played to the end by every bot level.

Issue 12, finding 6: a Liar's Poker table with every rank but aces wild passed the checks,
and then nobody could open (the bots raised ``AssertionError``) and the table froze. Here
random rule sets, drawn to reach the edges (nearly every rank wild, seven-card hands with
face-up cards, every variant switched on), are filtered by the plugin's ``rules_problems``
exactly as the host and the settings filter them, then played by each level's own bot,
unwrapped so that any failure shows: no bot may raise, every action it takes must be legal,
and a game that is not over must always have a seat to act. A dollar-bills session never
ends, so it is played for a few games.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from liar_tui.games import plugin, registered
from liar_tui.games.plugin import GamePlugin
from liar_tui.rules.cards import NATURAL_RANKS
from liar_tui.rules.dollar_bills import rules as bills
from liar_tui.rules.liar_game import rules as liar_game
from liar_tui.rules.liars_poker import rules as poker
from liar_tui.table.seats import BotLevel, SeatConfig
from liar_tui.table.setup import TableSetup

SESSION_GAMES = 3
"""Games of a dollar-bills session played before it is left."""
MOST_ACTIONS = 20_000


@st.composite
def liar_game_rules(draw: st.DrawFn, most_target: int) -> liar_game.Rules:
    """Targets stay low enough for a game to end quickly: the target changes how long a
    game runs, not which moves there are."""
    decks = draw(st.sampled_from((1, 2)))
    variants = {name: decks == 2 and draw(st.booleans()) for name in liar_game.VARIANT_NAMES}
    target = draw(st.integers(1, most_target))
    return liar_game.Rules(decks=decks, target=target, free_jokers=draw(st.booleans()), **variants)


NEARLY_ALL_WILD = st.frozensets(st.sampled_from(NATURAL_RANKS), max_size=3).map(
    lambda natural: frozenset(NATURAL_RANKS) - natural
)
"""Every rank wild but a few: where a deck starts to leave no opening."""


@st.composite
def liars_poker_rules(draw: st.DrawFn, most_lives: int) -> poker.LiarsPokerRules:
    hand_size = draw(st.sampled_from((5, 7)))
    communal = draw(st.integers(0, 2))
    cards = poker.PokerRules(
        jokers=draw(st.integers(0, 2)),
        wild_ranks=draw(st.frozensets(st.sampled_from(NATURAL_RANKS)) | NEARLY_ALL_WILD),
        color_flush=draw(st.booleans()),
        color_straight_flush=draw(st.booleans()),
        two_pair_over_trips=draw(st.booleans()),
        hand_size=hand_size,
        communal_cards=communal,
    )
    round_rules = poker.RoundRules(
        poker=cards,
        discard_limit=draw(st.none() | st.integers(1, hand_size)),
        must_discard=draw(st.booleans()),
        draw_twice=draw(st.booleans()),
        communal_discardable=communal > 0 and draw(st.booleans()),
    )
    return poker.LiarsPokerRules(
        lives=draw(st.integers(1, most_lives)),
        chips=draw(st.booleans()),
        dealers_choice=draw(st.booleans()),
        round=round_rules,
    )


def dollar_bills_rules(quick: bool) -> st.SearchStrategy[bills.Rules]:
    """Every digit count and stake, quick or not: a session is played for a few games
    whatever they are."""
    return st.builds(
        bills.Rules,
        digits=st.integers(bills.MIN_DIGITS, bills.MAX_DIGITS),
        stake=st.integers(1, bills.MAX_STAKE),
    )


RuleSets = Callable[[bool], st.SearchStrategy[Any]]
RULE_SETS: dict[str, RuleSets] = {
    "liar-game": lambda quick: liar_game_rules(most_target=300 if quick else 1000),
    "liars-poker-cards": lambda quick: liars_poker_rules(most_lives=2 if quick else 5),
    "liars-poker-bills": dollar_bills_rules,
}
"""Each game's rule sets; ``quick`` keeps the default run's games short."""


def test_every_game_draws_random_rule_sets() -> None:
    assert set(RULE_SETS) == set(registered()), "a new game adds its rule sets here"


def played_to_the_end(game: GamePlugin, rules: Any, seats: int, seed: int, level: BotLevel) -> None:
    setup = TableSetup(game.id, rules, tuple(SeatConfig(f"Seat {s}") for s in range(seats)), seed)
    state = game.new_state(setup)
    bots = [game.bot(level, random.Random(f"{seed}:{seat}")) for seat in range(seats)]
    for _ in range(MOST_ACTIONS):
        if state.over or state.completed_games() >= SESSION_GAMES:
            return
        to_act = state.to_act()
        assert to_act, "a game that is not over has a seat to act"
        seat = to_act[0]
        action = bots[seat].act(state.view(seat))
        reason = state.refusal(action)
        assert reason is None, f"the {level.value} bot's {action!r} is refused: {reason}"
        state.apply(action)
    pytest.fail(f"{game.id} under {rules!r} did not end within {MOST_ACTIONS} actions")


def check_a_random_table(game_id: str, level: BotLevel, data: st.DataObject, quick: bool) -> None:
    game = plugin(game_id)
    rules = data.draw(RULE_SETS[game_id](quick), label="rules")
    assume(not game.rules_problems(rules))
    most = game.max_seats if not quick else min(game.max_seats, game.min_seats + 2)
    seats = data.draw(st.integers(game.min_seats, most), label="seats")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    played_to_the_end(game, rules, seats, seed, level)


GAMES = sorted(RULE_SETS)
LEVELS = pytest.mark.parametrize("level", list(BotLevel), ids=lambda level: level.value)


@pytest.mark.parametrize("game_id", GAMES)
@LEVELS
@settings(
    max_examples=2,  # each game with each level; the slow run below tries 300 of each
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_accepted_rule_sets_play_to_the_end(
    game_id: str, level: BotLevel, data: st.DataObject
) -> None:
    check_a_random_table(game_id, level, data, quick=True)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@LEVELS
@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_many_accepted_rule_sets_play_to_the_end(
    game_id: str, level: BotLevel, data: st.DataObject
) -> None:
    """Every seat count, more lives and longer targets."""
    check_a_random_table(game_id, level, data, quick=False)
