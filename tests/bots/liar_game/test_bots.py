"""The Liar Game bots: always legal, sensible in the situations the strategy note names,
repeatable, blind to hidden cards, and clearly stronger than chance."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from enum import Enum

import pytest

from liar_tui.bots.base import Bot
from liar_tui.bots.liar_game.easy import EasyLiarGameBot
from liar_tui.bots.liar_game.hard import HardLiarGameBot
from liar_tui.bots.liar_game.normal import LiarGameBot
from liar_tui.bots.liar_game.odds import HISTORY_WINDOW, hand_book, ranks_of
from liar_tui.bots.liar_game.random_bot import RandomLiarGameBot
from liar_tui.games import plugin
from liar_tui.rules.cards import Card, Rank, parse_cards, shoe
from liar_tui.rules.liar_game.game import (
    CARD_VALUES,
    RECENT_ROUNDS,
    VARIANT_NAMES,
    HandKind,
    LiarGame,
    LiarGameView,
    Rules,
    ShowHand,
    legal_hands,
    score_hand,
)
from liar_tui.table.local import open_table, seat_bots
from liar_tui.table.seats import BotLevel, SeatConfig
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Bus
from tests.marks import slow_after, slow_after_rows

BotFactory = Callable[[random.Random], Bot]

RULE_SETS = [
    Rules(target=200),
    Rules(target=200, free_jokers=True),
    Rules(decks=2, target=200),
    Rules(
        decks=2,
        target=300,
        big_combos=True,
        joker_sets=True,
        low_straight=True,
        low_doubling=True,
    ),
    Rules(decks=2, target=300, free_jokers=True, big_combos=True, joker_sets=True),
]


def _rules_id(rules: Rules) -> str:
    free = ["free_jokers"] if rules.free_jokers else []
    return "+".join([f"{rules.decks}_decks", *free, *rules.variants])


def random_rules(rng: random.Random) -> Rules:
    """Any playable rule set: the variants need two decks."""
    two_decks = rng.random() < 0.7
    return Rules(
        decks=2 if two_decks else 1,
        target=rng.choice((100, 200, 300)),
        free_jokers=rng.random() < 0.5,
        **{name: two_decks and rng.random() < 0.5 for name in VARIANT_NAMES},
    )


def played_views(
    rules: Rules, seats: int, seed: int, players: BotFactory
) -> Iterator[tuple[LiarGame, LiarGameView]]:
    """Every view a seat is asked to act on in one game played by ``players``."""
    game = LiarGame(rules, seats, seed)
    bots = [players(random.Random(f"{seed}:{seat}")) for seat in range(seats)]
    while not game.over:
        for seat in game.to_act():
            view = game.view(seat)
            yield game, view
            game.apply(bots[seat].act(view))


def mixed_players(rng: random.Random) -> Bot:
    """Half the seats smart, half random, so the states cover both kinds of play."""
    return LiarGameBot(rng) if rng.random() < 0.5 else RandomLiarGameBot(rng)


def view_with(pocket: str, scores: tuple[int, ...]) -> LiarGameView:
    """A first-round view for seat 0, with the pocket and scores a test needs."""
    view = LiarGame(Rules(), len(scores), seed=1).view(0)
    return dataclasses.replace(view, pocket=tuple(parse_cards(pocket)), scores=scores)


def choices(view: LiarGameView, tries: int = 5) -> set[str]:
    """What the bot shows for this view, over several generators (its sampling varies)."""
    shown = set()
    for seed in range(tries):
        action = LiarGameBot(random.Random(seed)).act(view)
        shown.add(" ".join(sorted(card.ascii for card in action.cards)))
    return shown


# --------------------------------------------------------------------------- legality


def _legality_matrix() -> list[object]:
    """Every rule set with both bots; the default run keeps the richest rule set for the
    sensible bot and the plainest for the random one (random rule sets are tried below)."""
    richest = RULE_SETS[3]
    first = [(richest, LiarGameBot), (RULE_SETS[0], RandomLiarGameBot)]
    rest = [
        (rules, make)
        for rules in RULE_SETS
        for make in (LiarGameBot, RandomLiarGameBot)
        if (rules, make) not in first
    ]
    return slow_after_rows(len(first), first + rest)


@pytest.mark.parametrize(
    ("rules", "make"),
    _legality_matrix(),
    ids=lambda value: _rules_id(value) if isinstance(value, Rules) else value.__name__,
)
def test_bots_only_show_legal_hands(rules: Rules, make: BotFactory) -> None:
    asked = 0
    for seed in range(4):
        for game, view in played_views(rules, 2 + seed * 2, seed, mixed_players):
            action = make(random.Random(asked)).act(view)
            assert game.refusal(action) is None, (action, view.pocket)
            asked += 1
    assert asked > 100


@pytest.mark.parametrize(
    "games", slow_after(1, [range(4), range(4, 12)]), ids=["first-4", "next-8"]
)
def test_bots_stay_legal_under_random_rule_sets(games: range) -> None:
    """Both bots asked at every turn of games under random rule sets: four games in the
    default run, eight more in the slow run."""
    asked = 0
    for seed in games:
        rng = random.Random(f"2024:{seed}")
        rules = random_rules(rng)
        for game, view in played_views(rules, rng.randint(2, 8), seed, mixed_players):
            for make in (LiarGameBot, RandomLiarGameBot):
                assert game.refusal(make(random.Random(seed)).act(view)) is None
            asked += 1
    assert asked > 15 * len(games), "too few turns to say much"


@pytest.mark.slow
def test_bots_stay_legal_over_many_games() -> None:
    rng = random.Random(7)
    for seed in range(300):
        rules = random_rules(rng)
        for game, view in played_views(rules, rng.randint(2, 8), seed, mixed_players):
            assert game.refusal(LiarGameBot(random.Random(seed)).act(view)) is None


# --------------------------------------------------------------------------- strategy


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: _rules_id(rules))
def test_packed_strength_orders_hands_as_the_rules_do(rules: Rules) -> None:
    rng = random.Random(5)
    book = hand_book(rules)
    for _ in range(300):
        pocket = rng.sample(shoe(rules.decks), 6)
        first, second = rng.sample(legal_hands(pocket, rules), 2)
        first_key, second_key = score_hand(first, rules).key, score_hand(second, rules).key
        by_rules = (first_key > second_key) - (first_key < second_key)
        packed = book.score(ranks_of(first)).strength, book.score(ranks_of(second)).strength
        assert (packed[0] > packed[1]) - (packed[0] < packed[1]) == by_rules
        assert book.score(ranks_of(first)).points == score_hand(first, rules).points


def test_keeps_the_pair_when_throwing_trash() -> None:
    assert choices(view_with("8S 8H 2C 3D 6H 9C", (0, 0, 0, 0))) == {"2C 3D 6H"}


def test_never_breaks_a_good_pair_to_throw_trash() -> None:
    """A pair of sixes or better survives a trash hand; 4-4 or 5-5 may go for high cards."""
    thrown = 0
    for seed in range(4):
        for _, view in played_views(Rules(), 4, seed, mixed_players):
            action = LiarGameBot(random.Random(seed)).act(view)
            if score_hand(action.cards, view.rules).kind is not HandKind.HIGH:
                continue
            if not _good_pairs(view.pocket):
                continue
            thrown += 1
            kept = [card for card in view.pocket if card not in action.cards]
            assert _good_pairs(kept), (view.pocket, action.cards)
    assert thrown > 20


def _good_pairs(cards: Sequence[Card]) -> list[Rank]:
    counts = Counter(card.rank for card in cards if not card.is_joker)
    return [rank for rank, count in counts.items() if count >= 2 and CARD_VALUES[rank] >= 6]


def test_plays_a_winning_triple_when_behind_near_the_target() -> None:
    view = view_with("KS KH KD 2C 5D 7H", (400, 480, 470, 460))
    assert choices(view) == {"KD KH KS"}


def test_spends_its_best_cards_to_stop_an_opponent_about_to_finish() -> None:
    pocket = "KC QD 8H 7C 6S 2S"
    assert choices(view_with(pocket, (0, 0, 0, 0))) == {"2S 6S 7C"}
    assert choices(view_with(pocket, (300, 490, 470, 460))) == {"8H KC QD"}


def test_takes_a_sure_win_that_reaches_the_target() -> None:
    view = view_with("9S 9H 2C 3D 5H 7C", (470, 100, 100, 100))
    assert choices(view) == {"7C 9H 9S"}


def test_is_repeatable_for_a_given_generator() -> None:
    views = [view for _, view in played_views(Rules(), 4, 3, mixed_players)]
    first = [LiarGameBot(random.Random(11)).act(view) for view in views]
    again = [LiarGameBot(random.Random(11)).act(view) for view in views]
    assert first == again


# --------------------------------------------------------------------------- hidden cards


def _reachable_cards(value: object) -> Iterator[Card]:
    """Every card reachable from ``value``, refusing anything that could alias live state.

    A view may hold only frozen dataclasses, tuples and plain values: a list, dict or any
    other object could be the game's own pocket or deck, reached by reference.
    """
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        assert type(value).__dataclass_params__.frozen, type(value)  # type: ignore[attr-defined]
        for field in dataclasses.fields(value):
            yield from _reachable_cards(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _reachable_cards(item)
    else:
        assert isinstance(value, int | str | Enum | type(None)), type(value)


def test_a_view_reaches_no_card_but_its_pocket_and_shown_ones() -> None:
    checked = 0
    rules = Rules(decks=2, big_combos=True, target=400)
    for game, view in played_views(rules, 5, 9, mixed_players):
        ever_shown = {
            card
            for revealed in game.history
            for hand in revealed.hands
            for card in hand.score.cards
        }
        reachable = set(_reachable_cards(view))
        assert reachable <= set(view.pocket) | ever_shown
        others = {
            card for seat, pocket in enumerate(game.pockets) if seat != view.seat for card in pocket
        }
        assert not reachable & (others | set(game.deck)) - ever_shown
        checked += 1
    assert checked > 50


# --------------------------------------------------------------------------- wiring, strength


@pytest.mark.parametrize(
    ("level", "kind"),
    [
        (BotLevel.EASY, EasyLiarGameBot),
        (BotLevel.NORMAL, LiarGameBot),
        (BotLevel.HARD, HardLiarGameBot),
    ],
)
def test_the_plugin_picks_the_bot_for_each_level(level: BotLevel, kind: type) -> None:
    """The bare bot: a table seats it wrapped (``safe_bot``, tested in ``tests/bots``)."""
    assert type(plugin("liar-game").bot(level, random.Random(0))) is kind


def test_beats_three_easy_bots_at_a_real_table() -> None:
    games = 20
    wins = 0
    for seed in range(games):
        smart = seed % 4
        seats = tuple(
            SeatConfig(f"bot {seat}", level=BotLevel.NORMAL if seat == smart else BotLevel.EASY)
            for seat in range(4)
        )
        table = open_table(TableSetup("liar-game", Rules(), seats, seed))
        seat_bots(table, Bus(table))
        assert table.over
        wins += smart in table.view(smart).winners
    assert wins / games > 0.6


def test_show_hand_is_for_the_seat_that_was_asked() -> None:
    view = view_with("AS AH 2C 5D 7H 9C", (0, 0, 0, 0))
    view = dataclasses.replace(view, seat=2)
    for make in (LiarGameBot, RandomLiarGameBot):
        action = make(random.Random(0)).act(view)
        assert isinstance(action, ShowHand)
        assert action.seat == 2


def test_the_normal_bot_reads_no_further_back_than_a_view_carries() -> None:
    """It judges each opponent by its last rounds; a view carries only the last few rounds
    (issue 12), so a longer window would quietly read fewer rounds than it means to."""
    assert HISTORY_WINDOW <= RECENT_ROUNDS
