"""The easy and hard Liar's Poker bots: legal under every rule set, deterministic given their
generator, and ordered in strength (hard above normal above easy) on fixed-seed series."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from liar_tui.bots.base import Bot
from liar_tui.bots.liars_poker.easy import EasyLiarsPokerBot
from liar_tui.bots.liars_poker.hard import (
    Belief,
    HardLiarsPokerBot,
    claim_belief,
    is_in_full,
    outlook,
    rungs_between,
    seat_phrasing,
    win_chance,
)
from liar_tui.bots.liars_poker.normal import LiarsPokerBot
from liar_tui.bots.liars_poker.odds import HeldHand, legal_raises, value_of
from liar_tui.rules.cards import Card, Rank, Suit, parse_cards
from liar_tui.rules.liars_poker.declarations import Declaration, declaration_of
from liar_tui.rules.liars_poker.game import (
    Action,
    Challenge,
    ChallengeResolved,
    Declare,
    Discard,
    LiarsPokerGame,
    LiarsPokerRules,
    LiarsPokerView,
    Take,
)
from liar_tui.rules.liars_poker.rules import Category
from tests.bots.liars_poker.test_bots import (
    BotFactory,
    opened,
    play_to_the_end,
    random_rules,
    share_won_against_random_bots,
)
from tests.marks import slow_after_rows

LEVELS: dict[str, BotFactory] = {"easy": EasyLiarsPokerBot, "hard": HardLiarsPokerBot}


# --------------------------------------------------------------------------- always legal


@pytest.mark.parametrize(
    ("name", "games"),
    slow_after_rows(
        2,
        [("easy", range(6)), ("hard", range(3)), ("easy", range(6, 16)), ("hard", range(3, 8))],
    ),
    ids=["easy-first-6", "hard-first-3", "easy-next-10", "hard-next-5"],
)
def test_they_never_send_an_illegal_action(name: str, games: range) -> None:
    """Whole games under random five-card rule sets, beside bots of every other level: a
    few for each level in the default run, the rest of the games in the slow run."""
    others = [LiarsPokerBot, EasyLiarsPokerBot, HardLiarsPokerBot]
    for number in games:
        chooser = random.Random(f"level:{name}:{number}")
        rules = random_rules(chooser, seven_cards=False)
        seats = chooser.randint(2, 5)
        bots: list[Bot] = [LEVELS[name](random.Random(number))]
        bots += [chooser.choice(others)(random.Random(chooser.random())) for _ in range(1, seats)]
        game = LiarsPokerGame(rules, seats, chooser.randrange(2**32))
        play_to_the_end(game, bots)
        assert game.winner is not None


@pytest.mark.slow
@pytest.mark.parametrize("name", LEVELS)
def test_they_stay_legal_with_seven_cards_and_communal_cards(name: str) -> None:
    for number in range(6):
        chooser = random.Random(f"level seven:{name}:{number}")
        rules = random_rules(chooser, seven_cards=True)
        seats = chooser.randint(2, 4)
        game = LiarsPokerGame(rules, seats, number)
        play_to_the_end(game, [LEVELS[name](random.Random(seat)) for seat in range(seats)])


@pytest.mark.parametrize("name", LEVELS)
def test_they_are_deterministic_given_their_generator(name: str) -> None:
    def actions_of(seed: int) -> list[Action]:
        chooser = random.Random(seed)
        game = LiarsPokerGame(random_rules(chooser, False), 3, seed)
        played: list[Action] = []
        play_to_the_end(game, [LEVELS[name](random.Random(seat)) for seat in range(3)], played)
        return played

    assert actions_of(11) == actions_of(11)


# --------------------------------------------------------------------------- strength


def wins_of_first_level(first: BotFactory, second: BotFactory, games: int) -> tuple[int, int]:
    """Games won by each level at a four-seat table of two and two, seated alternately and
    rotated between games so neither level keeps the better seats."""
    won = [0, 0]
    for number in range(games):
        game = LiarsPokerGame(LiarsPokerRules(), 4, 1000 + number)
        levels = [(number + seat) % 2 for seat in range(4)]
        factories = (first, second)
        bots: list[Bot] = [
            factories[level](random.Random(number * 10 + seat)) for seat, level in enumerate(levels)
        ]
        play_to_the_end(game, bots)
        assert game.winner is not None
        won[levels[game.winner]] += 1
    return won[0], won[1]


@pytest.mark.slow  # a strength match: statistics, not a rule
def test_hard_beats_normal_and_normal_beats_easy() -> None:
    hard, normal = wins_of_first_level(HardLiarsPokerBot, LiarsPokerBot, 40)
    assert hard > normal
    normal, easy = wins_of_first_level(LiarsPokerBot, EasyLiarsPokerBot, 40)
    assert normal > easy


@pytest.mark.slow
def test_one_hard_bot_wins_well_above_its_share_against_three_normal_ones() -> None:
    games = 200
    wins = 0
    for number in range(games):
        game = LiarsPokerGame(LiarsPokerRules(), 4, number)
        hero = number % 4
        bots: list[Bot] = [
            (HardLiarsPokerBot if seat == hero else LiarsPokerBot)(random.Random(number + seat))
            for seat in range(4)
        ]
        play_to_the_end(game, bots)
        wins += game.winner == hero
    assert wins / games > 0.33


def test_the_easy_bot_beats_random_bots() -> None:
    assert share_won_against_random_bots(EasyLiarsPokerBot) > 0.3


# --------------------------------------------------------------------------- the hard bot


def test_a_full_claim_is_told_from_a_bare_one() -> None:
    floor = value_of(parse_cards("9S 9H 9D KC 4H"), LiarsPokerRules().round.poker)
    assert is_in_full(declaration_of(floor), floor)
    assert not is_in_full(Declaration(Category.THREE_OF_A_KIND, (Rank.NINE,)), floor)


def test_a_full_claim_is_believed_more_than_the_same_floor_said_bare() -> None:
    """The same floor said in full or as the bare cheapest raise: bluffers say it bare."""
    believed = []
    for in_full in (True, False):

        def cheapest_raise(view: LiarsPokerView, in_full: bool = in_full) -> Declaration:
            rung = legal_raises(view, 1)[0]
            said = declaration_of(rung.floor) if in_full else rung.declaration
            assert is_in_full(said, rung.floor) is in_full
            return said

        view = declared_after_a_draw(3, cheapest_raise)
        believed.append(claim_belief(view, None, random.Random(3)).true)
    assert believed[0] > believed[1]


def declared_after_a_draw(
    drawn: int, saying: Callable[[LiarsPokerView], Declaration]
) -> LiarsPokerView:
    """The next seat's view once a seat took a pair of jacks, drew ``drawn`` cards and
    declared what ``saying`` makes of its own view."""
    game = opened(LiarsPokerGame(LiarsPokerRules(), 3, 5), Declaration(Category.PAIR, (Rank.JACK,)))
    taker = game.acting
    assert taker is not None
    game.apply(Take(taker))
    game.apply(Discard(taker, tuple(game.pocket[:drawn])))
    game.apply(Declare(taker, saying(game.view(taker))))
    decider = game.acting
    assert decider is not None
    return game.view(decider)


def in_full(cards: str) -> Declaration:
    return declaration_of(value_of(parse_cards(cards), LiarsPokerRules().round.poker))


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        (in_full("QS QH QD 6C 6H"), Take),
        (in_full("KS KH KD 6C 2H"), Take),
        (Declaration(Category.THREE_OF_A_KIND, (Rank.NINE,)), Challenge),
    ],
    ids=["full-house-in-full", "three-kings-in-full", "three-nines-bare"],
)
def test_a_claim_after_a_draw_is_judged_by_how_it_is_phrased(
    said: Declaration, expected: type[Action]
) -> None:
    """A player that says its true hands in full and bluffs bare, as the normal bot always
    does, drew two cards and jumped from a pair of jacks: few sampled hands reach the claim,
    but said in full it is held, and said bare it is a bluff. The old bot challenged all
    three, losing a life on every true claim in full."""
    view = declared_after_a_draw(2, lambda _view: said)
    for seed in range(5):
        assert isinstance(HardLiarsPokerBot(random.Random(seed)).act(view), expected)


def test_a_bluff_shown_in_full_makes_claims_in_full_less_believed() -> None:
    """The opener bluffed a pair of kings in full and was challenged: the showdown says how
    it talks. Its rate of bluffs in full rises most, the table's (another seat's) with it,
    and the same claim in full from it is believed less than before it was caught."""
    rules = LiarsPokerRules(lives=3)
    caught = LiarsPokerGame(rules, 3, 5)
    caught.pocket = parse_cards("9S 7H 5D 3C 2H")
    bluffer = caught.opener
    caught.apply(Declare(bluffer, in_full("KS KH 9D 6C 2H")))
    challenger = caught.acting
    assert challenger is not None
    caught.apply(Challenge(challenger))
    shown = caught.view(challenger).recent_rounds
    assert isinstance(shown[-1].ending, ChallengeResolved)
    other = next(seat for seat in range(3) if seat not in (bluffer, challenger))

    fresh = opened(LiarsPokerGame(rules, 3, 5), in_full("QS QH QD 6C 2H"))
    assert fresh.opener == bluffer
    decider = fresh.acting
    assert decider is not None
    before = fresh.view(decider)
    after = dataclasses.replace(before, recent_rounds=shown)
    prior = seat_phrasing(before, bluffer).in_full_when_bluffing
    assert (
        seat_phrasing(after, bluffer).in_full_when_bluffing
        > (seat_phrasing(after, other).in_full_when_bluffing)
        > prior
    )
    believed = [claim_belief(view, None, random.Random(3)).true for view in (before, after)]
    assert believed[1] < believed[0]


def test_it_challenges_a_raise_it_knows_is_false() -> None:
    """It passed on a weak hand; the next seat stood pat and claimed four aces."""
    game = LiarsPokerGame(LiarsPokerRules(), 2, 5)
    game.pocket = parse_cards("9S 7H 5D 3C 2H")
    bots = [HardLiarsPokerBot(random.Random(seat)) for seat in range(2)]
    opener = game.opener
    game.apply(bots[opener].act(game.view(opener)))
    other = 1 - opener
    game.apply(Take(other))
    game.apply(Discard(other, ()))
    game.apply(Declare(other, Declaration(Category.FOUR_OF_A_KIND, (Rank.ACE,))))
    assert bots[opener].act(game.view(opener)) == Challenge(opener)


def bluffing_after_a_draw(thrown: int) -> tuple[LiarsPokerGame, int]:
    """A pair of jacks taken, ``thrown`` cards drawn, and a hand that beats nothing."""
    game = opened(LiarsPokerGame(LiarsPokerRules(), 3, 5), Declaration(Category.PAIR, (Rank.JACK,)))
    taker = game.acting
    assert taker is not None
    game.apply(Take(taker))
    game.apply(Discard(taker, tuple(game.pocket[:thrown])))
    game.pocket = parse_cards("9S 7H 5D 3C 2H")
    return game, taker


def test_its_bluff_after_a_small_draw_is_the_cheapest_raise_said_in_full() -> None:
    game, taker = bluffing_after_a_draw(1)
    view = game.view(taker)
    action = HardLiarsPokerBot(random.Random(1)).act(view)
    assert isinstance(action, Declare)
    cheapest = legal_raises(view, 1)[0].floor
    assert game.judge(action.declaration) == cheapest
    assert is_in_full(action.declaration, cheapest)


def test_after_a_big_draw_its_bluffs_are_not_all_the_cheapest_raise() -> None:
    """After three new cards, "cheapest raise" was all it bluffed, and a reader knew it: most
    of its bluffs there now say, in full, a hand its draw could have made, bigger raises
    among them; each is a legal claim its hand does not hold."""
    game, taker = bluffing_after_a_draw(3)
    view = game.view(taker)
    cheapest = legal_raises(view, 1)[0].floor
    held = value_of(view.full_hand, view.round_rules.poker)
    floors = []
    for seed in range(30):
        action = HardLiarsPokerBot(random.Random(seed)).act(view)
        assert isinstance(action, Declare) and game.refusal(action) is None
        floor = game.judge(action.declaration)
        assert floor > held and is_in_full(action.declaration, floor)
        floors.append(floor)
    above = sum(floor > cheapest for floor in floors)
    assert 15 <= above < 30


@pytest.mark.slow  # whole games: a property of its claims over many decisions
def test_its_claims_do_not_tell_a_bluff_by_the_size_of_the_raise() -> None:
    """Over seeded games against normal bots: some of its claims that raise by a rung or more
    are bluffs, and at most four bluffs in five are the cheapest raise (every raise of a
    rung or more was true before, and every bluff the cheapest raise)."""
    bluffs_above = bluffs_cheapest = 0
    for number in range(60):
        game = LiarsPokerGame(LiarsPokerRules(), 4, number)
        hero = number % 4
        bots: list[Bot] = [
            (HardLiarsPokerBot if seat == hero else LiarsPokerBot)(random.Random(number + seat))
            for seat in range(4)
        ]
        while not game.over:
            seat = game.acting
            assert seat is not None
            view = game.view(seat)
            action = bots[seat].act(view)
            if seat == hero and isinstance(action, Declare) and view.declarations:
                floor = game.judge(action.declaration)
                true = value_of(view.full_hand, view.round_rules.poker) >= floor
                rungs = rungs_between(view.declarations[-1].floor, floor, view)
                bluffs_above += rungs >= 1 and not true
                bluffs_cheapest += rungs == 0 and not true
            game.apply(action)
    assert bluffs_above > 0
    assert bluffs_cheapest <= 4 * bluffs_above


def test_a_claim_against_a_seat_on_its_last_life_is_worth_more_to_challenge() -> None:
    rules = LiarsPokerRules(lives=3)
    game = opened(LiarsPokerGame(rules, 4, 5), Declaration(Category.PAIR))
    decider = game.acting
    assert decider is not None
    doubtful = Belief(true=0.45, improvable=0.5)
    spared = outlook(game.view(decider), doubtful)
    game.lives[game.opener] = 1
    knockout = outlook(game.view(decider), doubtful)
    assert knockout.challenge - knockout.take > spared.challenge - spared.take


def test_win_chance_follows_lives() -> None:
    assert win_chance((1, 1, 1, 1), 0) == pytest.approx(0.25)
    assert win_chance((0, 1, 1, 1), 0) == 0.0
    assert win_chance((3, 1), 0) > win_chance((2, 1), 0) > 0.5


def test_it_remembers_the_hand_it_passed_on() -> None:
    game = LiarsPokerGame(LiarsPokerRules(), 2, 5)
    bot = HardLiarsPokerBot(random.Random(1))
    opener = game.opener
    game.apply(bot.act(game.view(opener)))
    assert isinstance(bot.held, HeldHand)
    assert bot.held.pocket == tuple(game.pocket)


# --------------------------------------------------------------------------- the easy bot


def test_the_easy_bot_keeps_only_its_pairs() -> None:
    game = opened(LiarsPokerGame(LiarsPokerRules(), 3, 5), Declaration(Category.PAIR))
    taker = game.acting
    assert taker is not None
    game.apply(Take(taker))
    game.pocket = parse_cards("QS QH 8H 9H TH")
    action = EasyLiarsPokerBot(random.Random(1)).act(game.view(taker))
    assert isinstance(action, Discard)
    assert set(action.cards) == {
        Card(Rank.EIGHT, Suit.HEARTS),
        Card(Rank.NINE, Suit.HEARTS),
        Card(Rank.TEN, Suit.HEARTS),
    }


def test_the_easy_bot_says_the_exact_truth() -> None:
    game = LiarsPokerGame(LiarsPokerRules(), 3, 5)
    game.pocket = parse_cards("9S 9H 4D KC 2H")
    action = EasyLiarsPokerBot(random.Random(1)).act(game.view(game.opener))
    assert action == Declare(
        game.opener,
        Declaration(Category.PAIR, (Rank.NINE,), (Rank.KING, Rank.FOUR, Rank.TWO)),
    )


def test_the_easy_bot_takes_a_modest_claim_and_challenges_a_big_one_mostly() -> None:
    modest = [
        EasyLiarsPokerBot(random.Random(seed)).act(
            (
                game := opened(LiarsPokerGame(LiarsPokerRules(), 3, 5), Declaration(Category.PAIR))
            ).view(game.acting or 0)
        )
        for seed in range(40)
    ]
    big = [
        EasyLiarsPokerBot(random.Random(seed)).act(
            (
                game := opened(
                    LiarsPokerGame(LiarsPokerRules(), 3, 5), Declaration(Category.FULL_HOUSE)
                )
            ).view(game.acting or 0)
        )
        for seed in range(40)
    ]
    assert sum(isinstance(action, Take) for action in modest) > 25
    assert sum(isinstance(action, Challenge) for action in big) > 25
