"""The hard Liar Game bot: it learns, round by round, what each opponent really shows.

The normal bot guesses the others' hands from the unseen cards and a rule of thumb about
how often they throw trash. Every revealed hand is a direct sample of an opponent's habits,
though, so the hard bot keeps, per opponent, the strengths it has shown (split by whether it
spent a made hand the round before, which makes it likely to throw trash now) and blends
them with the card-counting guess, trusting the samples more as they pile up. With those
chances it values every hand as the normal bot does: points now, the game's end, and the
cards kept for the rounds to come. Against a table that hoards, or one that always shows
its best, the record corrects the guess. Against three normal bots it is, so far, only
their equal (26.5% of 400 arena games, seed 7); see issue 5 for what was tried.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass

from liar_tui.bots.liar_game_bot import Turn
from liar_tui.bots.liar_game_odds import Opponent, TableOdds, hand_book, ranks_of
from liar_tui.rules.liar_game import HandKind, LiarGameView, ShowHand, legal_hands

PRIOR_WEIGHT = 6.0
"""Revealed hands the card-counting guess is worth, per opponent and situation."""
FUTURE_WEIGHT = 1.0
"""The normal bot's weight on kept cards. It sits on a knife edge: a kept hand plus one
fresh card is always worth at least that hand shown now, so at 1 showing a made hand and
keeping it nearly tie, and the small terms (what a fresh card would add to each, the danger
of an opponent finishing) decide. Above 1 the bot hoards for ever (1.05 won 16%, 1.1 7%,
1.25 5.5% of 400 games against three normal bots); below 1 it spends too soon (0.85 15%).
A deeper look ahead (three fresh cards, best of six) lost at every weight tried, 0.5 to 1.3."""


class HardLiarGameBot:
    """The normal bot's arithmetic on win chances learnt from what each seat has shown."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: LiarGameView) -> ShowHand:
        odds = LearntOdds.estimate(view, self.rng)
        turn = Turn(view, odds, FUTURE_WEIGHT)
        hands = legal_hands(view.pocket, view.rules)
        return ShowHand(view.seat, max(hands, key=turn.worth))


@dataclass(frozen=True)
class LearntOdds(TableOdds):
    """Each opponent's chance of showing at most a strength: its record, then the guess."""

    shown: dict[int, tuple[int, ...]]
    """Per opponent, the sorted strengths it showed in rounds like this one."""

    @classmethod
    def estimate(cls, view: LiarGameView, rng: random.Random) -> LearntOdds:
        guess = TableOdds.estimate(view, rng)
        book = hand_book(view.rules)
        shown: dict[int, tuple[int, ...]] = {}
        for opponent in guess.opponents:
            spent_now = _spent(view, opponent.seat, len(view.history))
            record = [
                book.score(ranks_of(revealed.hand_of(opponent.seat).score.cards)).strength
                for number, revealed in enumerate(view.history)
                if _spent(view, opponent.seat, number) == spent_now
            ]
            shown[opponent.seat] = tuple(sorted(record))
        return cls(guess.best, guess.any, guess.opponents, shown)

    def beats(self, opponent: Opponent, strength: int) -> float:
        record = self.shown[opponent.seat]
        guess = super().beats(opponent, strength)
        if not record:
            return guess
        below = bisect_right(record, strength)
        return (below + PRIOR_WEIGHT * guess) / (len(record) + PRIOR_WEIGHT)


def _spent(view: LiarGameView, seat: int, number: int) -> bool:
    """Whether the seat showed a made hand in the round before round ``number`` (0-based)."""
    if number == 0:
        return False
    return view.history[number - 1].hand_of(seat).score.kind is not HandKind.HIGH
