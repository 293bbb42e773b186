"""The hard Liar Game bot: a best response to the normal bots, learnt offline.

The normal bot weighs the hand it shows now against the cards it keeps with one set of win
chances for both, and prices kept cards as "shown next round with one fresh card". A kept
double is then always worth at least the same double shown now, so the two nearly tie and
small terms decide (its ``FUTURE_WEIGHT`` sits on a knife edge). Patching that arithmetic
went nowhere; each of these stayed at a quarter of the games against three normal bots
(21.5% to 26.5% of 200 to 400 games): blending in each opponent's record of shown hands; a
deeper look ahead; other weights; predicting each opponent by running the normal bot's own
rule on pockets sampled from the unseen cards (a best response to the known rule, but at
25 ms a decision); and win chances split by whether an opponent has just spent a made hand
(normal bots show doubles or better about half the time whatever they showed before: 49%
right after a made hand, 52% after trash, so there is little to exploit there).

What works is to price the kept cards by what they will really earn. Two tables, learnt
offline by :mod:`tools.train_liar_game_hard` and stored in
:mod:`liar_tui.bots.liar_game.hard_tables`, carry it:

* **The bar.** Thousands of rounds of the three hands normal bots showed against this bot,
  by situation: the opening round (they hoard: the median bar is 26 points, against 50
  later), ordinary rounds, and rounds where this bot, or else an opponent, is within 100 of
  the target (they spend their best to stop whoever may finish). Within a situation their
  choice is close to a coin toss between their best hand and trash, so the best of their
  three hands, the *bar*, looks alike from round to round, and the chance that a hand wins
  now is the share of the situation's recorded bars it meets. Counting cards on top (each
  recorded round weighed by the chance its cards are still unseen) added nothing: 31.2%
  against 31.0% of 600 games.
* **What kept cards are worth.** Exact relative value iteration on "keep three, draw three,
  show three" against that bar gives, for each of the 559 sets of three ranks one deck can
  hold, the points they add over all the rounds to come, compared with keeping 2-3-5. That
  is the honest price of waiting: a kept double earns what it will earn when shown at its
  moment, less the room it takes from the cards that come.

Each legal hand is worth its chance of meeting the bar times its points, plus the value of
the three cards it leaves, plus the end of the game priced in points (``GAME_STAKE``): a
winning hand that reaches the target, and beating a hand that would take an opponent there.
A decision is a few bisections and dictionary look-ups: well under a millisecond.

The tables were learnt under the default rules (one deck, jokers copy, no variants) and
hold for any target, since they price rounds, not games. With other than three opponents
the bar is the best of as many recorded hands (the kept values stay those for three).
Under other rules (two decks, free jokers, variants) hands are worth other things, and the
bot plays the normal bot's arithmetic instead.

Measured with ``liar-tui arena liar-game --seats hard,normal,normal,normal --games 2000
--seed 1 --jobs 2``: hard wins 35.3% of the games (95% interval 33.2-37.4%) against a fair
25%, the three normal bots 21.2% to 21.8% each (the old hard bot, the normal arithmetic on
learnt records, won 24.6%). A decision takes a median 0.2 ms, p99 0.5 ms
(``benchmarks/bots.py``; 4.5 ms p99 in that arena, sharing two busy cores).
"""

from __future__ import annotations

import dataclasses
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
    LiarGameView,
    Rules,
    ShowHand,
    legal_hands,
    score_hand,
)

LEARNT_RULES = Rules()
"""The rules the tables were learnt under; the target may differ."""
GAME_STAKE = 150.0
"""Winning the game, or stopping an opponent from winning it, in points."""
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
    """One decision: the recorded bars, the kept values, and how near the game's end is."""

    def __init__(self, view: LiarGameView) -> None:
        self.view = view
        self.book = hand_book(view.rules)
        self.target = view.rules.target
        self.mine = view.scores[view.seat]
        situation = situation_of(view)
        self.bars = recorded_bars(situation, view.seats - 1)
        self.finishing = [
            strengths_paying(situation, self.target - score)
            for seat, score in enumerate(view.scores)
            if seat != view.seat
        ]
        self.recorded = len(recorded_hands(situation))

    def clears(self, strength: int) -> float:
        """The chance that a hand this strong meets the bar (a perfect tie wins for both)."""
        return bisect_right(self.bars, strength) / len(self.bars)

    def worth(self, hand: Sequence[Card]) -> float:
        score = self.book.score(ranks_of(hand))
        win = self.clears(score.strength)
        now = win * score.points
        if self.mine + score.points >= self.target:
            now += win * GAME_STAKE
        for strengths in self.finishing:
            now += bisect_right(strengths, score.strength) / self.recorded * GAME_STAKE
        shown = set(hand)
        return now + kept_values()[ranks_of(card for card in self.view.pocket if card not in shown)]


def decode_hands(text: str) -> list[Ranks]:
    """Three hex digits a hand (2 to e for the ranks, f for the joker), as in the tables."""
    return [
        tuple(sorted(int(digit, 16) for digit in text[at : at + HAND_SIZE]))
        for at in range(0, len(text), HAND_SIZE)
    ]


@cache
def recorded_hands(situation: Situation) -> tuple[Ranks, ...]:
    return tuple(decode_hands("".join(SHOWN_HANDS[situation.value])))


@cache
def recorded_bars(situation: Situation, opponents: int) -> tuple[int, ...]:
    """Sorted, the best of each ``opponents`` recorded hands in a row: for three, a round."""
    hands = recorded_hands(situation)
    book = hand_book(LEARNT_RULES)
    return tuple(
        sorted(
            max(book.score(hand).strength for hand in hands[start : start + opponents])
            for start in range(0, len(hands) - opponents + 1, opponents)
        )
    )


@cache
def points_and_strengths(situation: Situation) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The points and strengths of every recorded hand, both in the order of its points."""
    book = hand_book(LEARNT_RULES)
    scored = sorted(
        (book.score(hand).points, book.score(hand).strength) for hand in recorded_hands(situation)
    )
    return tuple(p for p, _ in scored), tuple(s for _, s in scored)


def strengths_paying(situation: Situation, points: int) -> tuple[int, ...]:
    """Sorted, the strengths of the recorded hands that pay at least ``points``."""
    return _strengths_from(situation, bisect_right(points_and_strengths(situation)[0], points - 1))


@cache
def _strengths_from(situation: Situation, start: int) -> tuple[int, ...]:
    """Remembered: recorded hands pay only a few dozen different amounts."""
    return tuple(sorted(points_and_strengths(situation)[1][start:]))


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
