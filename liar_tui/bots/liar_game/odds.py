"""What the other seats are likely to show this round, judged only from public cards.

A bot cannot see other pockets, but it can count: every card not in its own pocket and not
shown since the last shuffle is somewhere unseen (another pocket or the deck). Pockets
sampled from those unseen ranks give the hands an opponent *could* show. How often an
opponent has shown a made hand (a double or better) tells how often it shows its best
rather than throwing trash; one that has just shown a made hand has spent it.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from liar_tui.rules.cards import Card, Rank, Suit, shoe
from liar_tui.rules.liar_game.game import (
    BIG_COMBO_SIZES,
    HAND_SIZE,
    POCKET_SIZE,
    HandKind,
    LiarGameView,
    Rules,
    legal_hands,
    score_hand,
)

SAMPLED_POCKETS = 40
"""Enough pockets for a smooth estimate while a decision stays at a few milliseconds."""
HISTORY_WINDOW = 15
"""Only recent rounds say how an opponent plays now (a view carries the last
:data:`~liar_tui.rules.liar_game.game.RECENT_ROUNDS`, no fewer than these)."""
PRIOR_ROUNDS = 2.0
"""Pseudo-rounds of "shows its best half the time", so a new game starts from a guess."""
SPENT_FACTOR = 0.6
"""An opponent that just showed a made hand has likely spent its best cards."""
MIN_BEST_SHARE = 0.05
"""Even a seat that has only thrown trash so far might show its best this time."""
MAX_HAND_CARDS = max(BIG_COMBO_SIZES)


@dataclass(frozen=True)
class Scored:
    """What the bot needs of a hand's score: its strength as one number, and its points."""

    strength: int
    """The rules' tie-breaking key packed into one int (same order), so comparing is cheap."""
    points: int
    made: bool
    """A double or better: a hand someone kept for, not trash."""


Ranks = tuple[int, ...]
"""A hand or pocket as its card ranks (``Rank`` values), sorted low to high.

Plain ints rather than ``Rank`` members: they hash fast, and the bot hashes a lot.
"""


class HandBook:
    """Scores of hands by their ranks alone, under one set of rules (suits never count).

    It asks the rules' own :func:`score_hand` about stand-in cards, so the bot never values
    a hand differently from the table, and remembers every answer: a game only has a few
    hundred distinct three-card rank patterns, and a decision samples thousands of hands.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._scores: dict[Ranks, Scored] = {}

    def score(self, ranks: Ranks) -> Scored:
        scored = self._scores.get(ranks)
        if scored is None:
            scored = self._scores[ranks] = self._ask_rules(ranks)
        return scored

    def pocket(self, ranks: Ranks) -> list[Scored]:
        """Every hand a pocket of these ranks can show: any three, and the rules' combos."""
        scores = [self.score(hand) for hand in combinations(ranks, HAND_SIZE)]
        if self.rules.big_combos or self.rules.joker_sets:
            longer = legal_hands(stand_ins(ranks), self.rules)
            scores += [self.score(ranks_of(hand)) for hand in longer if len(hand) > HAND_SIZE]
        return scores

    def _ask_rules(self, ranks: Ranks) -> Scored:
        score = score_hand(stand_ins(ranks), self.rules)
        value, basic, by_rank = score.key
        strength = value * 1000 + basic
        for slot in range(MAX_HAND_CARDS):
            strength = strength * 16 + (by_rank[slot] if slot < len(by_rank) else 0)
        return Scored(strength, score.points, score.kind is not HandKind.HIGH)


@lru_cache(maxsize=16)
def hand_book(rules: Rules) -> HandBook:
    """The shared book for these rules, so every bot and decision reuses its answers."""
    return HandBook(rules)


def stand_ins(ranks: Iterable[int]) -> list[Card]:
    """Distinct cards with the given ranks, for asking the rules about ranks alone."""
    return [
        Card(Rank(rank), None if rank == Rank.JOKER else Suit.SPADES, copy)
        for copy, rank in enumerate(ranks)
    ]


def ranks_of(cards: Iterable[Card]) -> Ranks:
    return tuple(sorted(int(card.rank) for card in cards))


def unseen_ranks(view: LiarGameView) -> list[int]:
    """Ranks of every card this seat has not seen since the last shuffle, in a fixed order."""
    unseen = Counter(int(card.rank) for card in shoe(view.rules.decks))
    unseen.subtract(int(card.rank) for card in view.pocket)
    unseen.subtract(int(card.rank) for card in view.seen_since_shuffle)
    return sorted(unseen.elements())


@dataclass(frozen=True)
class Spread:
    """Sampled hands sorted by strength, to read off "how often is a hand below this one"."""

    strengths: tuple[int, ...]
    points: tuple[int, ...]
    """The same hands' winning points, sorted on their own."""
    made_share: float

    @classmethod
    def of(cls, scores: Sequence[Scored]) -> Spread:
        return cls(
            tuple(sorted(score.strength for score in scores)),
            tuple(sorted(score.points for score in scores)),
            sum(score.made for score in scores) / len(scores),
        )

    def at_most(self, strength: int) -> float:
        """Share of hands that one this strong beats or ties (a perfect tie wins for both)."""
        return bisect_right(self.strengths, strength) / len(self.strengths)

    def paying_at_least(self, points: int) -> float:
        return 1 - bisect_left(self.points, points) / len(self.points)


@dataclass(frozen=True)
class Opponent:
    seat: int
    best_share: float
    """How likely it shows the best hand of its pocket rather than any hand."""


@dataclass(frozen=True)
class TableOdds:
    """Each opponent shows its pocket's best hand with its ``best_share``, else any hand."""

    best: Spread
    any: Spread
    opponents: tuple[Opponent, ...]

    @classmethod
    def estimate(cls, view: LiarGameView, rng: random.Random) -> TableOdds:
        unseen = unseen_ranks(view)
        size = min(POCKET_SIZE, len(unseen))
        best: list[Scored] = []
        shown: list[Scored] = []
        book = hand_book(view.rules)
        for _ in range(SAMPLED_POCKETS):
            scores = book.pocket(tuple(sorted(rng.sample(unseen, size))))
            shown += scores
            best.append(max(scores, key=lambda score: score.strength))
        best_spread, any_spread = Spread.of(best), Spread.of(shown)
        opponents = tuple(
            Opponent(seat, _best_share(view, seat, best_spread, any_spread))
            for seat in range(view.seats)
            if seat != view.seat
        )
        return cls(best_spread, any_spread, opponents)

    def beats(self, opponent: Opponent, strength: int) -> float:
        """Chance that a hand this strong beats or ties what ``opponent`` shows."""
        share = opponent.best_share
        return share * self.best.at_most(strength) + (1 - share) * self.any.at_most(strength)

    def wins(self, strength: int) -> float:
        """Chance that a hand this strong wins the round (ties included)."""
        chance = 1.0
        for opponent in self.opponents:
            chance *= self.beats(opponent, strength)
        return chance

    def shows_at_least(self, opponent: Opponent, points: int) -> float:
        """Chance that ``opponent`` shows a hand paying at least ``points`` if it wins."""
        share = opponent.best_share
        return share * self.best.paying_at_least(points) + (1 - share) * self.any.paying_at_least(
            points
        )


def _best_share(view: LiarGameView, seat: int, best: Spread, any_hand: Spread) -> float:
    """Read from its recent made-hand rate where the seat sits between random and greedy."""
    recent = view.history[-HISTORY_WINDOW:]
    made = sum(revealed.hand_of(seat).score.kind is not HandKind.HIGH for revealed in recent)
    prior_rate = (best.made_share + any_hand.made_share) / 2
    rate = (made + PRIOR_ROUNDS * prior_rate) / (len(recent) + PRIOR_ROUNDS)
    spread = best.made_share - any_hand.made_share
    share = (rate - any_hand.made_share) / spread if spread > 0 else 1.0
    if recent and recent[-1].hand_of(seat).score.kind is not HandKind.HIGH:
        share *= SPENT_FACTOR
    return min(1.0, max(MIN_BEST_SHARE, share))
