"""The Liar's Poker bots: always legal under every rule set, sensible where the odds are
plain, blind to everything their view hides, and the sensible one clearly better than chance."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator

import pytest

from liar_tui.bots.base import Bot
from liar_tui.bots.liars_poker.normal import LiarsPokerBot, RandomLiarsPokerBot
from liar_tui.bots.liars_poker.odds import legal_raises, value_of
from liar_tui.rules.cards import Card, Rank, Suit, parse_cards
from liar_tui.rules.liars_poker.declarations import Declaration, declaration_of
from liar_tui.rules.liars_poker.game import (
    Action,
    Challenge,
    ChooseRules,
    Declare,
    Discard,
    LiarsPokerGame,
    LiarsPokerRules,
    Phase,
    RoundRules,
    Take,
)
from liar_tui.rules.liars_poker.rules import Category, PokerRules
from tests.marks import slow_after_rows

BotFactory = Callable[[random.Random], Bot]
BOTS: dict[str, BotFactory] = {"sensible": LiarsPokerBot, "random": RandomLiarsPokerBot}


def random_rules(chooser: random.Random, seven_cards: bool) -> LiarsPokerRules:
    """Any table the settings allow; seven-card hands and communal cards only when asked."""
    hand_size = chooser.choice([5, 7]) if seven_cards else 5
    communal = chooser.choice([0, 1, 2]) if seven_cards else 0
    wild = chooser.sample([Rank.TWO, Rank.THREE, Rank.SEVEN, Rank.JACK], chooser.choice([0, 0, 1]))
    poker = PokerRules(
        jokers=chooser.randint(0, 2),
        wild_ranks=frozenset(wild),
        color_flush=chooser.random() < 0.8,
        color_straight_flush=chooser.random() < 0.8,
        two_pair_over_trips=chooser.random() < 0.2,
        hand_size=hand_size,
        communal_cards=communal,
    )
    round_rules = RoundRules(
        poker,
        discard_limit=chooser.choice([None, None, 1, 2, 3]),
        must_discard=chooser.random() < 0.3,
        draw_twice=chooser.random() < 0.3,
        communal_discardable=bool(communal) and chooser.random() < 0.5,
    )
    return LiarsPokerRules(
        lives=chooser.randint(1, 3),
        chips=chooser.random() < 0.5,
        dealers_choice=chooser.random() < 0.3,
        round=round_rules,
    )


def play_to_the_end(
    game: LiarsPokerGame, bots: list[Bot], actions: list[Action] | None = None
) -> None:
    """Every seat acts through its bot until the game is over; each action must be legal."""
    while not game.over:
        seat = game.acting
        assert seat is not None
        action = bots[seat].act(game.view(seat))
        assert game.refusal(action) is None, (game.round_rules, action, game.refusal(action))
        if actions is not None:
            actions.append(action)
        game.apply(action)


def mixed_table(seats: int, chooser: random.Random) -> list[Bot]:
    return [
        chooser.choice(list(BOTS.values()))(random.Random(chooser.random())) for _ in range(seats)
    ]


# --------------------------------------------------------------------------- always legal


@pytest.mark.parametrize(
    ("name", "games"),
    slow_after_rows(2, [("sensible", range(4)), ("random", range(40)), ("sensible", range(4, 12))]),
    ids=["sensible-first-4", "random-40", "sensible-next-8"],
)
def test_the_bots_never_send_an_illegal_action(name: str, games: range) -> None:
    """Whole games under random five-card rule sets: jokers, wild ranks, lives, chips, dealer's
    choice, draw twice, discard limits and "discard at least one". The sensible bot's games
    are slow, so the default run plays four of them and the slow run the next eight."""
    for number in games:
        chooser = random.Random(f"{name}:{number}")
        rules = random_rules(chooser, seven_cards=False)
        seats = chooser.randint(2, 6)
        game = LiarsPokerGame(rules, seats, chooser.randrange(2**32))
        play_to_the_end(game, [BOTS[name](random.Random(seat)) for seat in range(seats)])
        assert game.winner is not None


def test_mixed_tables_play_legally() -> None:
    for number in range(10):
        chooser = random.Random(f"mixed:{number}")
        seats = chooser.randint(2, 5)
        game = LiarsPokerGame(random_rules(chooser, False), seats, number)
        play_to_the_end(game, mixed_table(seats, chooser))


@pytest.mark.slow
@pytest.mark.parametrize("name", BOTS)
def test_the_bots_stay_legal_with_seven_cards_and_communal_cards(name: str) -> None:
    for number in range(8):
        chooser = random.Random(f"seven:{name}:{number}")
        rules = random_rules(chooser, seven_cards=True)
        seats = chooser.randint(2, 4)
        game = LiarsPokerGame(rules, seats, number)
        play_to_the_end(game, [BOTS[name](random.Random(seat)) for seat in range(seats)])


# --------------------------------------------------------------------------- sensible play


def share_won_against_random_bots(make: BotFactory, games: int = 60) -> float:
    """The share of ``games`` that one bot of ``make``, in the first seat, wins against three
    random bots, each game under the plain rules and its own seeds."""
    wins = 0
    for number in range(games):
        game = LiarsPokerGame(LiarsPokerRules(), 4, number)
        bots: list[Bot] = [make(random.Random(number))]
        bots += [RandomLiarsPokerBot(random.Random(number * 10 + seat)) for seat in range(1, 4)]
        play_to_the_end(game, bots)
        wins += game.winner == 0
    return wins / games


def test_the_sensible_bot_clearly_beats_random_bots() -> None:
    """One sensible bot against three random ones wins far more than its fair quarter."""
    assert share_won_against_random_bots(LiarsPokerBot) > 0.5


def test_the_bots_are_deterministic_given_their_generator() -> None:
    def actions_of(seed: int) -> list[Action]:
        chooser = random.Random(seed)
        game = LiarsPokerGame(random_rules(chooser, False), 3, seed)
        bots: list[Bot] = [LiarsPokerBot(random.Random(seat)) for seat in range(3)]
        played: list[Action] = []
        play_to_the_end(game, bots, played)
        return played

    assert actions_of(7) == actions_of(7)


def opened(game: LiarsPokerGame, declaration: Declaration) -> LiarsPokerGame:
    """The opener says ``declaration``; the next seat is to decide."""
    game.apply(Declare(game.opener, declaration))
    return game


def test_it_declares_the_truth_in_full_when_that_is_a_raise() -> None:
    game = LiarsPokerGame(LiarsPokerRules(), 3, 5)
    game.pocket = parse_cards("9S 9H 9D KC 4H")
    view = game.view(game.opener)
    action = LiarsPokerBot(random.Random(1)).act(view)
    assert action == Declare(
        game.opener, Declaration(Category.THREE_OF_A_KIND, (Rank.NINE,), (Rank.KING, Rank.FOUR))
    )
    assert game.refusal(action) is None


def test_a_weak_hand_bluffs_by_the_smallest_steps() -> None:
    game = opened(LiarsPokerGame(LiarsPokerRules(), 3, 5), Declaration(Category.PAIR, (Rank.JACK,)))
    taker = game.acting
    game.apply(Take(taker))
    game.apply(Discard(taker, ()))
    game.pocket = parse_cards("9S 7H 5D 3C 2H")
    view = game.view(taker)
    action = LiarsPokerBot(random.Random(1)).act(view)
    assert isinstance(action, Declare)
    cheapest = [rung.declaration for rung in legal_raises(view, 4)]
    assert action.declaration in cheapest


def test_it_keeps_its_pair_when_it_draws() -> None:
    game = opened(LiarsPokerGame(LiarsPokerRules(), 3, 5), Declaration(Category.PAIR))
    taker = game.acting
    game.apply(Take(taker))
    game.pocket = parse_cards("QS QH 8D 5C 2H")
    action = LiarsPokerBot(random.Random(1)).act(game.view(taker))
    assert isinstance(action, Discard)
    assert game.refusal(action) is None
    assert not {Card(Rank.QUEEN, Suit.SPADES), Card(Rank.QUEEN, Suit.HEARTS)} & set(action.cards)
    assert len(action.cards) >= 2


def test_discards_stay_within_the_rounds_limits() -> None:
    rules = LiarsPokerRules(round=RoundRules(discard_limit=2, must_discard=True))
    game = opened(
        LiarsPokerGame(rules, 3, 5), Declaration(Category.HIGH_CARD, high_cards=(Rank.KING,))
    )
    taker = game.acting
    game.apply(Take(taker))
    game.pocket = parse_cards("QS JH 8D 5C 2H")
    action = LiarsPokerBot(random.Random(1)).act(game.view(taker))
    assert isinstance(action, Discard)
    assert 1 <= len(action.cards) <= 2


def test_it_challenges_a_claim_that_is_almost_never_true() -> None:
    game = opened(
        LiarsPokerGame(LiarsPokerRules(), 3, 5),
        Declaration(Category.FOUR_OF_A_KIND, (Rank.ACE,)),
    )
    action = LiarsPokerBot(random.Random(1)).act(game.view(game.acting))
    assert action == Challenge(game.acting)


def test_it_takes_the_lowest_opening() -> None:
    game = opened(
        LiarsPokerGame(LiarsPokerRules(), 3, 5),
        Declaration(Category.HIGH_CARD, high_cards=(Rank.SEVEN, Rank.SIX)),
    )
    action = LiarsPokerBot(random.Random(1)).act(game.view(game.acting))
    assert action == Take(game.acting)


def test_it_challenges_when_nothing_beats_the_claim() -> None:
    rules = LiarsPokerRules()
    top = declaration_of(value_of(parse_cards("AS KS QS JS TS"), rules.round.poker))
    game = opened(LiarsPokerGame(rules, 3, 5), top)
    view = game.view(game.acting)
    assert not view.can_take
    assert LiarsPokerBot(random.Random(1)).act(view) == Challenge(game.acting)


@pytest.mark.parametrize("name", BOTS)
def test_under_dealers_choice_they_keep_the_tables_rules(name: str) -> None:
    rules = LiarsPokerRules(dealers_choice=True, round=RoundRules(draw_twice=True))
    game = LiarsPokerGame(rules, 3, 5)
    assert game.phase is Phase.CHOOSE_RULES
    action = BOTS[name](random.Random(1)).act(game.view(game.opener))
    assert action == ChooseRules(game.opener, rules.round)


# --------------------------------------------------------------------------- privacy


def reachable(value: object, seen: set[int] | None = None) -> Iterator[object]:
    """Every object reachable from ``value`` through dataclass fields and containers."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from reachable(getattr(value, field.name), seen)
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from reachable(item, seen)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from reachable(key, seen)
            yield from reachable(item, seen)


def test_a_bot_sees_only_its_view() -> None:
    """No path leads from a view to the game, its generator, the deck or a hidden hand."""
    game = opened(LiarsPokerGame(LiarsPokerRules(), 3, 5), Declaration(Category.PAIR))
    hidden = set(game.pocket) | set(game.deck)
    for seat in range(3):
        view = game.view(seat)
        found = list(reachable(view))
        assert not any(isinstance(item, LiarsPokerGame | random.Random) for item in found)
        cards = {item for item in found if isinstance(item, Card)}
        assert not cards & set(game.deck)
        assert not cards & hidden or seat == game.holder
