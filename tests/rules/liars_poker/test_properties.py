"""Liar's Poker played to the end by random legal moves under random rules, checking the
table's invariants after every action: every card accounted for, one life lost per
challenge, no seat shown a hand it does not hold, and the game replaying from its seed."""

from __future__ import annotations

import contextlib
import random
from collections import Counter

import pytest

from liar_tui.rules.cards import NATURAL_RANKS, Card, standard_deck
from liar_tui.rules.liars_poker.declarations import (
    GROUP_SHAPES,
    STRAIGHT_CATEGORIES,
    Declaration,
    DeclarationError,
    declaration_of,
)
from liar_tui.rules.liars_poker.floor import highest_hand
from liar_tui.rules.liars_poker.game import (
    Action,
    Challenge,
    ChallengeResolved,
    ChooseRules,
    Declare,
    Discard,
    GameOver,
    HandStuck,
    LiarsPokerGame,
    LiarsPokerRules,
    Phase,
    PlayChip,
    RoundRules,
    Take,
    replay,
)
from liar_tui.rules.liars_poker.poker_hands import hand_rank
from liar_tui.rules.liars_poker.rules import Category, PokerRules
from tests.marks import slow_after

GAMES = 24
MOST_ACTIONS = 5_000
QUICK_GAMES = (3, 4, 6, 10, 12, 13, 14, 15, 19)
"""The default run's games: short ones that still meet jokers, wild ranks, dealer's choice,
chips, seven cards, one and two communal cards (discardable too), drawing twice and two
pair over trips. The long games (and the one that must discard, which test_examples and the
bots' games also meet) are in the slow run."""
GAME_MATRIX = slow_after(
    len(QUICK_GAMES),
    [*QUICK_GAMES, *(number for number in range(GAMES) if number not in QUICK_GAMES)],
)


def random_round_rules(rng: random.Random, jokers: int) -> RoundRules:
    communal = rng.choice((0, 0, 1, 2))
    poker = PokerRules(
        jokers=jokers,
        wild_ranks=frozenset(rng.sample(NATURAL_RANKS, rng.choice((0, 0, 0, 1, 2)))),
        color_flush=rng.random() < 0.8,
        color_straight_flush=rng.random() < 0.8,
        two_pair_over_trips=rng.random() < 0.2,
        hand_size=rng.choice((5, 5, 7)),
        communal_cards=communal,
    )
    return RoundRules(
        poker,
        discard_limit=rng.choice((None, None, 1, 2, 3)),
        must_discard=rng.random() < 0.2,
        draw_twice=rng.random() < 0.2,
        communal_discardable=communal > 0 and rng.random() < 0.5,
    )


def random_rules(rng: random.Random) -> LiarsPokerRules:
    return LiarsPokerRules(
        lives=rng.choice((1, 1, 2, 3)),
        chips=rng.random() < 0.5,
        dealers_choice=rng.random() < 0.3,
        round=random_round_rules(rng, rng.choice((0, 0, 1, 2))),
    )


def candidate_declarations(game: LiarsPokerGame, rng: random.Random) -> list[Declaration]:
    """A ladder of declarations from the lowest category to the best hand, the truth of the
    hand held, and the truth of random hands the table could hold."""
    poker = game.round_rules.poker
    ladder: list[Declaration] = [declaration_of(highest_hand(poker, tuple(game.communal)))]
    for category in poker.order():
        ladder.append(Declaration(category))
        for rank in NATURAL_RANKS:
            with contextlib.suppress(DeclarationError):
                if category in STRAIGHT_CATEGORIES:
                    ladder.append(Declaration(category, top=rank))
                elif category in GROUP_SHAPES:
                    ladder.append(Declaration(category, groups=(rank,)))
                else:
                    ladder.append(Declaration(category, high_cards=(rank,)))
    unseen = [card for card in standard_deck(jokers=poker.jokers) if card not in game.communal]
    hands = [tuple(game.pocket + game.communal)]
    for _ in range(6):
        hands.append((*rng.sample(unseen, game.round_rules.pocket_size), *game.communal))
    return ladder + [declaration_of(hand_rank(hand, poker)) for hand in hands]


def random_action(game: LiarsPokerGame, rng: random.Random) -> Action:
    seat = game.acting
    assert seat is not None
    if game.phase is Phase.CHOOSE_RULES:
        if rng.random() < 0.5:
            return ChooseRules(seat, game.rules.round)
        return ChooseRules(seat, random_round_rules(rng, game.rules.round.poker.jokers))
    if game.phase is Phase.DECLARE:
        chips = [PlayChip(seat, chip) for chip in game.playable_chips(seat)]
        if chips and rng.random() < 0.3:
            return rng.choice(chips)
        legal = [
            Declare(seat, declaration)
            for declaration in candidate_declarations(game, rng)
            if game.refusal(Declare(seat, declaration)) is None
        ]
        assert legal, "a hand that could be taken must have some raise"
        return rng.choice(legal)
    options = game.legal_actions(seat)
    if game.phase is Phase.DECIDE:
        takes = [action for action in options if isinstance(action, Take)]
        if takes and rng.random() < 0.7:
            return takes[0]
    return rng.choice(options)


def assert_cards_accounted_for(game: LiarsPokerGame) -> None:
    if game.phase in (Phase.CHOOSE_RULES, Phase.OVER):
        return
    held = Counter(game.deck + game.discard_pile + game.pocket + game.communal)
    assert held == Counter(standard_deck(jokers=game.round_rules.poker.jokers))
    assert len(game.pocket) == game.round_rules.pocket_size
    assert len(game.communal) == game.round_rules.poker.communal_cards


def assert_views_hide_the_hand(game: LiarsPokerGame) -> None:
    for seat in range(game.seats):
        view = game.view(seat)
        if seat == game.holder and game.phase is not Phase.OVER:
            assert view.hand == tuple(game.pocket)
        else:
            assert view.hand == ()
        assert view.deck_size == len(game.deck)
        assert not hasattr(view, "deck") and not hasattr(view, "pocket")


@pytest.mark.parametrize("number", GAME_MATRIX)
def test_random_games_keep_the_invariants_and_replay(number: int) -> None:
    rng = random.Random(number)
    rules = random_rules(rng)
    seats = rng.randint(2, 6)
    game = LiarsPokerGame(rules, seats, seed=number)
    actions: list[Action] = []
    challenges = 0  # and takers stuck with no raise: each costs exactly one life
    for _ in range(MOST_ACTIONS):
        if game.over:
            break
        action = random_action(game, rng)
        assert game.refusal(action) is None
        lives_before = list(game.lives)
        events = game.apply(action)
        actions.append(action)
        for event in events:
            if isinstance(event, ChallengeResolved | HandStuck):
                challenges += 1
                lost = [
                    before - after for before, after in zip(lives_before, event.lives, strict=True)
                ]
                assert sorted(lost) == [0] * (seats - 1) + [1]
            if isinstance(event, ChallengeResolved):
                assert lost[event.loser] == 1 and isinstance(action, Challenge)
            if isinstance(event, HandStuck):
                assert lost[event.seat] == 1 and isinstance(action, Discard)
        assert_cards_accounted_for(game)
        assert_views_hide_the_hand(game)
    assert game.over, "a game must end"
    assert isinstance(events[-1], GameOver)
    assert sum(game.lives) == seats * rules.lives - challenges
    assert [seat for seat, lives in enumerate(game.lives) if lives] == [game.winner]
    assert replay(rules, seats, number, actions) == game


def test_the_decider_never_sees_the_hand_it_has_not_taken() -> None:
    rng = random.Random(5)
    game = LiarsPokerGame(LiarsPokerRules(lives=2), 4, seed=5)
    while not game.over:
        if game.phase is Phase.DECIDE:
            assert game.view(game.acting).hand == ()  # type: ignore[arg-type]
        game.apply(random_action(game, rng))


def test_a_discard_of_cards_not_held_is_refused() -> None:
    game = LiarsPokerGame(LiarsPokerRules(), 3, seed=1)
    opener = game.opener
    game.apply(Declare(opener, Declaration(Category.PAIR)))
    taker = game.acting
    assert taker is not None
    game.apply(Take(taker))
    stranger: Card = game.deck[0]
    assert game.refusal(Discard(taker, (stranger,))) == "Discard only cards of the hand you hold."
    assert game.refusal(Discard(taker, (game.pocket[0], game.pocket[0]))) is not None
