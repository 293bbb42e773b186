"""The hard Liar Game bot: a best response to the normal bots, learnt offline.

The normal bot weighs the hand it shows now against the cards it keeps with one set of win
chances for both, and prices kept cards as "shown next round with one fresh card". A kept
double is then always worth at least the same double shown now, so the two nearly tie and
small terms decide (its ``FUTURE_WEIGHT`` sits on a knife edge). Patching that arithmetic
went nowhere; each of these stayed at a quarter of the games against three normal bots
(21.5% to 26.5% of 200 to 400 games): blending in each opponent's record of shown hands; a
deeper look ahead; other weights; predicting each opponent by running the normal bot's own
rule on pockets sampled from the unseen cards (a best response to the known rule, but at
25 ms a decision); and win chances split by the rate at which an opponent shows made hands
right after spending one (49%, against 52% after trash: the rate says little; how strong
the hand is says more, below).

What works is to price the kept cards by what they will really earn, against what each
opponent really shows. Tables learnt offline by :mod:`tools.train_liar_game_hard` and stored
in :mod:`liar_tui.bots.liar_game.hard_tables` carry it:

* **What each opponent shows.** Thousands of hands normal bots showed against this bot, by
  class (:data:`HAND_CLASSES`): the situation (the opening round, where they hoard: a median
  26 points; ordinary rounds; rounds where this bot, or else an opponent, is within 100 of
  the target, where they spend their best to stop whoever may finish), and whether that
  seat showed a made hand the round before. A normal bot shows a double or better about as
  often either way (45% against 48%), but after spending one what it shows pays 31 points
  on average, against 38 after trash: its best cards are gone. The chance that a hand wins
  now is the product, over the opponents, of the share of its class's recorded hands it
  meets. Counting cards on top (each recorded hand weighed by the chance its cards are still
  unseen) added nothing: 31.2% against 31.0% of 600 games.
* **What kept cards are worth.** Exact relative value iteration on "keep three, draw three,
  show three" against those hands gives, for each of the 559 sets of three ranks one deck
  can hold, the points they add over all the rounds to come, compared with keeping 2-3-5.
  The fresh cards are drawn as they really came to this bot: every pocket at the table
  hoards aces, kings and jokers, so the deck holds about half its share of aces. Drawn from
  a full deck instead, the values promised 23.9 points a round where the bot took 17.8,
  and kept middling doubles (K-K-10 behind 2-7-8) waiting for cards that seldom come.

Each legal hand is worth its chance of meeting every opponent's hand times its points, plus
the value of the three cards it leaves, plus the end of the game priced in points
(``GAME_STAKE``, shared by how far ahead the bot is): a winning hand that reaches the
target is worth the part of the game the bot does not yet hold, and beating a hand that
would take an opponent there the part it does. A decision is a few bisections and
dictionary look-ups: well under a millisecond.

The tables were learnt under the default rules (one deck, jokers copy, no variants) and
hold for any target, since they price rounds, not games, and for any number of opponents,
one factor each (the kept values stay those for three). Under other rules (two decks, free
jokers, variants) hands are worth other things, and the bot plays the normal bot's
arithmetic instead.

Measured with ``liar-tui arena liar-game --seats hard,normal,normal,normal --games 2000
--seed 1 --jobs 2``: hard wins 37.1% of the games (95% interval 35.0-39.2%) against a fair
25%, the three normal bots 20.8% to 21.1% each; 35.0% (32.9-37.1%) with the game's end at a
fixed 150 points, short of the 40% aimed at. The bot leads when the first seat reaches 400
points in only a fifth of the games (it then wins nearly nine in ten, and a fifth of the
rest: 300 games, seed 2), and against these opponents, seen as a fixed spread of hands, the
best play takes 17-18 points a round (17.2 by these tables), which the bot already took
(17.8 a round where each normal bot took 16.0, 300 games); sharpening the spread (opponents
that showed trash twice running: 31.3% against 35.3% in 300 games) or pricing the kept
cards higher or lower (0.8 and 1.2 times: 29.7% and 20.7%) did worse. Told each normal
bot's kept cards, with its rule run on them, it wins no more (-0.2 ± 1.8 points in 4,000
paired games, ``benchmarks/liar_game_bounds.py``; +23 told whole pockets): what a normal bot
shows turns on its fresh cards, so reading its pocket from the history is no way up. A
decision takes a median 0.36 ms, p99 25 ms in that arena (two cores shared with much other
work), a median 0.23 ms, p99 2.3 ms in ``benchmarks/bots.py --games 30``.
"""

from __future__ import annotations

import dataclasses
import math
import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from enum import Enum
from functools import cache
from itertools import combinations_with_replacement

from liar_tui.bots.coach import Analysis
from liar_tui.bots.liar_game.hard_tables import KEPT_VALUES, SHOWN_HANDS
from liar_tui.bots.liar_game.normal import Turn
from liar_tui.bots.liar_game.odds import Ranks, TableOdds, hand_book, ranks_of
from liar_tui.rules.cards import Card, cards_text, shoe
from liar_tui.rules.liar_game.game import (
    HAND_SIZE,
    HandKind,
    LiarGameView,
    Rules,
    ShowHand,
    legal_hands,
    score_hand,
)

LEARNT_RULES = Rules()
"""The rules the tables were learnt under; the target may differ."""
GAME_STAKE = 250.0
"""The whole game, in points: what a hand that ends the game is worth beyond its points,
shared out by the chance this bot would win the game anyway (:meth:`RoundPlan.leading`)."""
LEAD_SHARE = 0.12
"""The lead, as a share of the target (60 points of 500), that makes a seat e (2.7) times
likelier to win the game than another, in the rough reckoning of :meth:`RoundPlan.leading`
(40 and 100 points of 500 did as well, 36.3% each in 300 games where 60 had 36.7%)."""
MOST_LEADING = 0.8
"""No lead makes the game sure: a seat far ahead still ends it when it can."""
NEAR_THE_TARGET = 100
"""Points from the target within which one strong hand may end the game (A-A-K pays 90)."""


class Situation(Enum):
    """Rounds whose bars differ: the normal bots hoard at first and fight at the end."""

    OPENING = "opening"
    """The first round: every pocket is a fresh deal and the normal bots keep their best."""
    PLAYING = "playing"
    I_MAY_FINISH = "i may finish"
    """This bot is near the target: the normal bots spend their best to stop it."""
    THEY_MAY_FINISH = "they may finish"
    """An opponent is near the target and this bot is not."""


def situation_of(view: LiarGameView) -> Situation:
    if view.round == 1:
        return Situation.OPENING
    needs = [view.rules.target - score for score in view.scores]
    if needs[view.seat] <= NEAR_THE_TARGET:
        return Situation.I_MAY_FINISH
    if min(needs) <= NEAR_THE_TARGET:
        return Situation.THEY_MAY_FINISH
    return Situation.PLAYING


AFTER_A_MADE_HAND = ", after a made hand"
"""Said of an opponent that showed a double or better the round before: it has spent its
best cards, and what it shows now pays 30 points on average, against 37 after trash."""


def hand_class(view: LiarGameView, seat: int) -> str:
    """The recorded hands ``seat`` is likely to show like: the situation, and whether the
    seat spent a made hand the round before (the opening has no round before)."""
    situation = situation_of(view)
    if situation is Situation.OPENING or not view.history:
        return situation.value
    spent = view.history[-1].hand_of(seat).score.kind is not HandKind.HIGH
    return situation.value + AFTER_A_MADE_HAND if spent else situation.value


HAND_CLASSES = tuple(
    situation.value + after
    for situation in Situation
    for after in ("", AFTER_A_MADE_HAND)
    if situation is not Situation.OPENING or not after
)
"""Every key of the recorded hands, the opening first."""


class HardLiarGameBot:
    """Clears the recorded bar at the right moment, valuing kept cards by value iteration."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: LiarGameView) -> ShowHand:
        return ShowHand(view.seat, self._choice(view, self.rng)[0])

    def _choice(
        self, view: LiarGameView, rng: random.Random
    ) -> tuple[tuple[Card, ...], Callable[[int], float]]:
        """The hand to show, and the chance that a hand of a given strength wins the round
        that it was chosen by; drawing only from ``rng``."""
        hands = legal_hands(view.pocket, view.rules)
        if not learnt_for(view.rules):
            turn = Turn(view, TableOdds.estimate(view, rng))
            return max(hands, key=turn.worth), turn.wins
        plan = RoundPlan(view)
        return max(hands, key=plan.worth), plan.clears

    def analyse(self, view: LiarGameView) -> Analysis | None:
        """The chance the hand it would show wins the round (and the pocket's strongest hand,
        when it holds that back), and the hand. Its draws come from a copy of its generator,
        so the next ``act`` is unchanged."""
        if view.over or view.chosen is not None or view.seat not in view.waiting_for:
            return None
        shadow = random.Random()
        shadow.setstate(self.rng.getstate())
        hand, wins = self._choice(view, shadow)
        book = hand_book(view.rules)
        strength = book.score(ranks_of(hand)).strength
        estimates = [("the hand it would show wins the round", wins(strength))]
        strongest = max(
            book.score(ranks_of(other)).strength for other in legal_hands(view.pocket, view.rules)
        )
        described = score_hand(hand, view.rules).describe()
        action_text = f"show {cards_text(hand)} ({described})"
        if strongest > strength:
            estimates.append(("your best hand wins the round", wins(strongest)))
            # Said, or the player reads a weaker hand chosen over a likelier win as a mistake.
            action_text += " and keep your best cards for a later round"
        return Analysis(tuple(estimates), ShowHand(view.seat, hand), action_text)


def learnt_for(rules: Rules) -> bool:
    return dataclasses.replace(rules, target=LEARNT_RULES.target) == LEARNT_RULES


class RoundPlan:
    """One decision: each opponent's recorded hands, the kept values, and how near the
    game's end is."""

    def __init__(self, view: LiarGameView) -> None:
        self.view = view
        self.book = hand_book(view.rules)
        self.target = view.rules.target
        self.mine = view.scores[view.seat]
        leading = self.leading()
        self.finish_stake = GAME_STAKE * (1 - leading)
        """Ending the game with a win is worth what this bot does not yet hold of it."""
        self.stop_stake = GAME_STAKE * leading
        """Stopping an opponent from ending it saves what this bot holds of it."""
        others = [seat for seat in range(view.seats) if seat != view.seat]
        classes = [hand_class(view, seat) for seat in others]
        self.shown = [recorded_strengths(name) for name in classes]
        self.finishing = [
            (strengths_paying(name, self.target - view.scores[seat]), len(recorded_hands(name)))
            for seat, name in zip(others, classes, strict=True)
        ]

    def leading(self) -> float:
        """A rough chance that this bot wins the game from here: each seat's weight grows e
        times per :data:`LEAD_SHARE` of the target in score. It sets what ending the game is worth:
        a fixed stake (150 points, for both) ran a seat far behind to stop a finish that
        cost it little, and one far ahead to finish a game it had as good as won; shared by
        the lead, the win share rose from 35.3% to 39.3% (300 games, seed 2), 38.0% to
        39.0% (seed 3) and 33.7% to 36.7% (seed 4)."""
        scale = LEAD_SHARE * self.target
        weights = [math.exp((score - self.mine) / scale) for score in self.view.scores]
        return min(MOST_LEADING, 1 / sum(weights))

    def clears(self, strength: int) -> float:
        """The chance that a hand this strong meets every opponent's hand (a perfect tie wins
        for both), each opponent showing like the recorded hands of its class."""
        chance = 1.0
        for strengths in self.shown:
            chance *= bisect_right(strengths, strength) / len(strengths)
        return chance

    def worth(self, hand: Sequence[Card]) -> float:
        score = self.book.score(ranks_of(hand))
        win = self.clears(score.strength)
        now = win * score.points
        if self.mine + score.points >= self.target:
            now += win * self.finish_stake
        for strengths, recorded in self.finishing:
            now += bisect_right(strengths, score.strength) / recorded * self.stop_stake
        shown = set(hand)
        return now + kept_values()[ranks_of(card for card in self.view.pocket if card not in shown)]


def decode_hands(text: str) -> list[Ranks]:
    """Three hex digits a hand (2 to e for the ranks, f for the joker), as in the tables."""
    return [
        tuple(sorted(int(digit, 16) for digit in text[at : at + HAND_SIZE]))
        for at in range(0, len(text), HAND_SIZE)
    ]


@cache
def recorded_hands(name: str) -> tuple[Ranks, ...]:
    """The hands recorded under one of :data:`HAND_CLASSES`."""
    return tuple(decode_hands("".join(SHOWN_HANDS[name])))


@cache
def recorded_strengths(name: str) -> tuple[int, ...]:
    """Sorted, the strengths of the hands recorded under ``name``."""
    book = hand_book(LEARNT_RULES)
    return tuple(sorted(book.score(hand).strength for hand in recorded_hands(name)))


@cache
def points_and_strengths(name: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The points and strengths of every recorded hand, both in the order of its points."""
    book = hand_book(LEARNT_RULES)
    scored = sorted(
        (book.score(hand).points, book.score(hand).strength) for hand in recorded_hands(name)
    )
    return tuple(p for p, _ in scored), tuple(s for _, s in scored)


def strengths_paying(name: str, points: int) -> tuple[int, ...]:
    """Sorted, the strengths of the recorded hands that pay at least ``points``."""
    return _strengths_from(name, bisect_right(points_and_strengths(name)[0], points - 1))


@cache
def _strengths_from(name: str, start: int) -> tuple[int, ...]:
    """Remembered: recorded hands pay only a few dozen different amounts."""
    return tuple(sorted(points_and_strengths(name)[1][start:]))


@cache
def full_rank_counts() -> Counter[int]:
    return Counter(int(card.rank) for card in shoe(LEARNT_RULES.decks))


def kept_triples() -> list[Ranks]:
    """Every set of three ranks one deck can hold, in the order of ``KEPT_VALUES``."""
    full = full_rank_counts()
    ranks = sorted(full)
    return [
        triple
        for triple in combinations_with_replacement(ranks, HAND_SIZE)
        if all(triple.count(rank) <= full[rank] for rank in set(triple))
    ]


@cache
def kept_values() -> dict[Ranks, float]:
    values = [float(value) for line in KEPT_VALUES for value in line.split()]
    return dict(zip(kept_triples(), values, strict=True))
