"""Properties of the Liar Game engine, checked on random hands and whole random games.

Hand values are checked against a reference written here from RULINGS.md alone: its own
card values, its own grouping, and a brute force over every joker assignment to all 13
ranks. Games are played to the end by random legal choices, and the table's invariants
are checked after every action.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import random
from collections import Counter
from collections.abc import Sequence
from enum import Enum

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from liar_tui.rules.cards import NATURAL_RANKS, Card, Rank, Suit, shoe
from liar_tui.rules.liar_game.game import (
    RECENT_ROUNDS,
    GameOver,
    LiarGame,
    LiarGameView,
    Rules,
    ShowHand,
    replay,
    score_hand,
    why_not_a_hand,
)
from tests.rules.liar_game.rigging import holds_its_shoe

# --------------------------------------------------------------------------- the reference

ACE = 14
ALL_RANKS = range(2, 15)
REFERENCE_VALUES = {rank: rank for rank in range(2, 11)} | {11: 10, 12: 10, 13: 10, ACE: 20}

Key = tuple[int, int, tuple[int, ...]]


def reference_key(ranks: Sequence[int], rules: Rules) -> Key:
    """Value, basic value and ranks high to low of natural ranks, straight from RULINGS.md."""
    basic = sum(REFERENCE_VALUES[rank] for rank in ranks)
    high_to_low = tuple(sorted(ranks, reverse=True))
    if rules.low_straight and high_to_low == (4, 3, 2):
        return (90, basic, high_to_low)
    value = 0
    for rank, count in Counter(ranks).items():
        group_sum = count * REFERENCE_VALUES[rank]
        if count == 1:
            value += group_sum
            continue
        multiplier = count * (2 if rules.low_doubling and rank <= 4 else 1)
        value += multiplier * group_sum
    return (value, basic, high_to_low)


def brute_force(cards: Sequence[Card], rules: Rules) -> tuple[Key, int]:
    """The best key over every allowed joker assignment, and the points it wins."""
    jokers = sum(card.is_joker for card in cards)
    if rules.joker_sets and jokers == len(cards) and jokers in (3, 4):
        set_value = 100 * jokers
        return (set_value, 20 * jokers, (ACE,) * jokers), set_value
    naturals = [int(card.rank) for card in cards if not card.is_joker]
    best: Key | None = None
    for assigned in itertools.product(ALL_RANKS, repeat=jokers):
        if not rules.free_jokers and naturals and not set(assigned) <= set(naturals):
            continue
        if not rules.free_jokers and not naturals and set(assigned) != {ACE}:
            continue
        key = reference_key([*naturals, *assigned], rules)
        best = key if best is None or key > best else best
    assert best is not None
    return best, best[0] - 20 * jokers


# --------------------------------------------------------------------------- strategies


def rule_sets(most_target: int = 500) -> st.SearchStrategy[Rules]:
    """Any playable settings: 1 or 2 decks, free jokers, each variant (two decks only)."""
    return st.builds(
        lambda decks, free, variants, target: Rules(
            decks=decks,
            free_jokers=free,
            big_combos=variants[0] and decks == 2,
            joker_sets=variants[1] and decks == 2,
            low_straight=variants[2] and decks == 2,
            low_doubling=variants[3] and decks == 2,
            target=target,
        ),
        st.sampled_from([1, 2]),
        st.booleans(),
        st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
        st.integers(min_value=1, max_value=most_target),
    )


@st.composite
def hands(draw: st.DrawFn) -> tuple[Rules, tuple[Card, ...]]:
    """A rule set and a hand it allows: three cards, heavy on jokers, or a combo."""
    rules = draw(rule_sets())
    cards = shoe(rules.decks)
    jokers = [card for card in cards if card.is_joker]
    naturals = [card for card in cards if not card.is_joker]
    shape = draw(st.sampled_from(["three", "three", "low", "combo", "joker set"]))
    if shape == "combo" and rules.big_combos:
        rank = draw(st.sampled_from(sorted({card.rank for card in naturals})))
        same = [card for card in naturals if card.rank == rank]
        size = draw(st.integers(min_value=4, max_value=6))
        return rules, tuple(draw(st.permutations(same))[:size])
    if shape == "joker set" and rules.joker_sets:
        return rules, tuple(jokers)
    pool = [card for card in naturals if card.rank <= 4] if shape == "low" else naturals
    joker_count = draw(st.integers(min_value=0, max_value=min(3, len(jokers))))
    picked = draw(st.permutations(pool))[: 3 - joker_count]
    return rules, tuple(draw(st.permutations(jokers))[:joker_count] + picked)


# --------------------------------------------------------------------------- hand values


def check_hand_value_against_the_brute_force(rules: Rules, hand: tuple[Card, ...]) -> None:
    assert why_not_a_hand(hand, rules) is None
    expected_key, expected_points = brute_force(hand, rules)
    score = score_hand(hand, rules)
    assert score.key == expected_key
    assert score.value == expected_key[0]
    assert score.points == expected_points


@given(hands())
@settings(max_examples=80, deadline=None)
def test_hand_values_agree_with_the_brute_force(
    rules_and_hand: tuple[Rules, tuple[Card, ...]],
) -> None:
    """A quick sample; the slow twin below tries five times as many hands."""
    check_hand_value_against_the_brute_force(*rules_and_hand)


@pytest.mark.slow
@given(hands())
@settings(max_examples=400, deadline=None)
def test_many_hand_values_agree_with_the_brute_force(
    rules_and_hand: tuple[Rules, tuple[Card, ...]],
) -> None:
    check_hand_value_against_the_brute_force(*rules_and_hand)


@given(hands(), st.randoms(use_true_random=False))
@settings(max_examples=100, deadline=None)
def test_hand_order_never_matters(
    rules_and_hand: tuple[Rules, tuple[Card, ...]], rng: random.Random
) -> None:
    rules, hand = rules_and_hand
    shuffled_hand = list(hand)
    rng.shuffle(shuffled_hand)
    assert score_hand(shuffled_hand, rules).key == score_hand(hand, rules).key


# --------------------------------------------------------------------------- whole games


LEAF_TYPES = (int, str, Enum, type(None))


def collect(value: object, cards: list[Card], sequences: list[tuple[object, ...]]) -> None:
    """Gather every card and every tuple or list anywhere inside a view, however nested."""
    if isinstance(value, Card):
        cards.append(value)
    elif isinstance(value, LEAF_TYPES):
        return
    elif isinstance(value, tuple | list):
        sequences.append(tuple(value))
        for item in value:
            collect(item, cards, sequences)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            collect(getattr(value, field.name), cards, sequences)
    else:
        raise AssertionError(f"a view holds {value!r}, which is not plain data")


def check_view_is_private(game: LiarGame, seat: int) -> None:
    """No card outside the seat's pocket, its own choice and the public record is in its view.

    The history in the view must be the last rounds of the table's record, which
    :func:`check_public_record` holds to the actions; so only the rest of the view is
    searched, keeping this linear. The view's running counts must sum up the whole record.
    """
    view = game.view(seat)
    assert isinstance(view, LiarGameView)
    assert view.pocket == tuple(game.pockets[seat])
    assert view.history == tuple(game.history[-RECENT_ROUNDS:])
    assert view.rounds_played == len(game.history)
    wins = Counter(winner for round_ in game.history for winner in round_.winners)
    assert view.rounds_won == tuple(wins[other] for other in range(game.seats))
    shown = {card for round_ in game.history for hand in round_.hands for card in hand.score.cards}
    assert set(view.seen_since_shuffle) <= shown
    allowed = shown | set(game.pockets[seat]) | set(game.chosen[seat] or ())
    cards: list[Card] = []
    sequences: list[tuple[object, ...]] = []
    collect(dataclasses.replace(view, history=()), cards, sequences)
    for card in cards:
        assert card in allowed, f"seat {seat} can see {card.token}, which is not public"
    if len(game.deck) > 1:
        deck_order = tuple(game.deck)
        assert deck_order not in sequences
        assert deck_order[::-1] not in sequences


def check_public_record(game: LiarGame, actions: list[ShowHand]) -> None:
    """Every seat acts once a round, and a revealed round shows exactly the hands chosen."""
    assert len(game.history) == len(actions) // game.seats
    if game.history and len(actions) % game.seats == 0:
        chosen = {action.seat: tuple(action.cards) for action in actions[-game.seats :]}
        shown = {hand.seat: hand.score.cards for hand in game.history[-1].hands}
        assert shown == chosen


WHOLE_GAME_CHECK_EVERY = 13
"""A deep copy and a replay cost the whole game so far, so they run every 13th action (13 is
prime to every seat count, so they land on every point of a round) and at the end."""


def check_invariants(game: LiarGame, actions: list[ShowHand]) -> None:
    assert holds_its_shoe(game)
    assert len(set(game.all_cards())) == len(game.all_cards())
    check_public_record(game, actions)
    for seat in range(game.seats):
        awarded = sum(round_.hand_of(seat).points for round_ in game.history)
        assert game.scores[seat] == awarded
        check_view_is_private(game, seat)
    assert game.history == [] or game.history[-1].scores == tuple(game.scores)
    if game.over or len(actions) % WHOLE_GAME_CHECK_EVERY == 0:
        assert copy.deepcopy(game) == game
        assert replay(game.rules, game.seats, game.seed, actions).snapshot() == game.snapshot()
    if game.over:
        assert game.to_act() == ()
        top = max(game.scores)
        assert top >= game.rules.target
        assert game.winners == tuple(s for s, score in enumerate(game.scores) if score == top)
        return
    assert all(len(pocket) == 6 for pocket in game.pockets)
    assert game.to_act()
    for seat in range(game.seats):
        legal = game.legal_actions(seat)
        if seat in game.to_act():
            assert legal
            assert game.refusal(legal[-1]) is None
        else:
            assert legal == []
    assert max(game.scores) < game.rules.target


def try_a_stolen_card(game: LiarGame, seat: int) -> None:
    """Showing another seat's card is refused and changes nothing."""
    other = (seat + 1) % game.seats
    action = ShowHand(seat, (*game.pockets[seat][:2], game.pockets[other][0]))
    before = game.snapshot()
    assert game.refusal(action) == "You can only show cards from your own pocket."
    assert game.snapshot() == before


MAX_ROUNDS = 400


def play_to_the_end(rules: Rules, seats: int, seed: int, chooser: random.Random) -> LiarGame:
    game = LiarGame(rules, seats, seed)
    actions: list[ShowHand] = []
    check_invariants(game, actions)
    for _ in range(MAX_ROUNDS):
        order = list(game.to_act())
        chooser.shuffle(order)
        for seat in order:
            if chooser.random() < 0.1:
                try_a_stolen_card(game, seat)
            action = chooser.choice(game.legal_actions(seat))
            events = game.apply(action)
            actions.append(action)
            assert any(isinstance(event, GameOver) for event in events) == game.over
            check_invariants(game, actions)
        if game.over:
            return game
    raise AssertionError(f"no winner after {MAX_ROUNDS} rounds")


@given(
    rule_sets(most_target=300),
    st.integers(min_value=2, max_value=8),
    st.integers(min_value=0, max_value=2**32),
    st.randoms(use_true_random=False),
)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_games_keep_every_invariant(
    rules: Rules, seats: int, seed: int, chooser: random.Random
) -> None:
    """A quick sample of short games; the slow run plays longer ones below."""
    game = play_to_the_end(rules, seats, seed, chooser)
    assert game.over


@pytest.mark.slow
@given(
    rule_sets(most_target=2000),
    st.integers(min_value=2, max_value=8),
    st.integers(min_value=0, max_value=2**32),
    st.randoms(use_true_random=False),
)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_many_random_games_keep_every_invariant(
    rules: Rules, seats: int, seed: int, chooser: random.Random
) -> None:
    game = play_to_the_end(rules, seats, seed, chooser)
    assert game.over


RULE_SETS_FOR_THREE_CARDS = [
    Rules(decks=decks, free_jokers=free, joker_sets=sets, low_straight=low, low_doubling=double)
    for decks, free, sets, low, double in itertools.product([1, 2], *[[False, True]] * 4)
    if decks == 2 or not (sets or low or double)
]


@pytest.mark.parametrize("rules", RULE_SETS_FOR_THREE_CARDS, ids=repr)
def test_every_three_card_hand_agrees_with_the_brute_force(rules: Rules) -> None:
    """Suits never count, so one card per rank and every joker count cover every hand."""
    one_per_rank = [Card(rank, Suit.SPADES) for rank in NATURAL_RANKS]
    most_jokers = 3 if rules.decks == 2 else 2
    for joker_count in range(most_jokers + 1):
        jokers = tuple(Card(Rank.JOKER, None, copy) for copy in range(joker_count))
        for naturals in itertools.combinations_with_replacement(one_per_rank, 3 - joker_count):
            hand = (*jokers, *naturals)
            expected_key, expected_points = brute_force(hand, rules)
            score = score_hand(hand, rules)
            assert (score.key, score.points) == (expected_key, expected_points), hand
