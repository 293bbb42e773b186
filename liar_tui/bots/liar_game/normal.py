"""A Liar Game bot that counts cards, bides its time and plays for the target."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from liar_tui.bots.liar_game.odds import Ranks, TableOdds, hand_book, ranks_of, unseen_ranks
from liar_tui.rules.cards import Card
from liar_tui.rules.liar_game.game import (
    HAND_SIZE,
    LiarGameView,
    ShowHand,
    legal_hands,
    renews_pocket,
)

FUTURE_WEIGHT = 1.0
"""How much the kept pocket counts against the hand shown now. Its value (kept cards plus
one fresh card) already undersells next round, when three fresh cards come; a weight of 1
balances that against the chance it is beaten then. Tuned in self-play: 0.7 to 0.9 lose
clearly to 1.0, and above 1 the bot hoards and hardly ever shows its hands."""
GAME_STAKE_SHARE = 0.5
"""Winning (or losing) the whole game, in points: half the target."""


class LiarGameBot:
    """Shows the hand with the best expected worth, counting the pocket it leaves behind.

    Every round it estimates what each opponent may show: pockets are sampled from the
    cards it has not seen since the shuffle (so gone aces and spent jokers count), and each
    opponent shows its best hand about as often as it has recently shown doubles or better
    (less often right after it has spent one). Then each legal hand is worth

        P(win) × points                     what it earns now (jokers cost 20 each)
      + P(win) × stake                      if winning now reaches the target first
      + Σ danger × P(beat them) × stake     for each opponent that may reach the target
      + (1 − top danger) × pocket value     what the cards kept may earn next round

    where the stake (half the target) is what the whole game is worth in points, an
    opponent's danger is the chance it shows a hand that would take it to the target, and
    the pocket value is what the cards left plus one fresh card would earn if shown next
    round. So it keeps doubles, triples and jokers, and throws trash when its good hand
    would probably lose now; it shows modest hands when the others throw trash; near the
    end it takes a sure win, and it spends its best to stop an opponent about to finish.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: LiarGameView) -> ShowHand:
        odds = TableOdds.estimate(view, self.rng)
        turn = Turn(view, odds)
        hands = legal_hands(view.pocket, view.rules)
        return ShowHand(view.seat, max(hands, key=turn.worth))


class Turn:
    """One decision's arithmetic, with the chances it asks for more than once remembered."""

    def __init__(
        self, view: LiarGameView, odds: TableOdds, future_weight: float = FUTURE_WEIGHT
    ) -> None:
        self.view = view
        self.future_weight = future_weight
        self.odds = odds
        self.book = hand_book(view.rules)
        self.mine = view.scores[view.seat]
        self.best_other = max(s for seat, s in enumerate(view.scores) if seat != view.seat)
        self.stake = GAME_STAKE_SHARE * view.rules.target
        self.dangers = {
            opponent.seat: odds.shows_at_least(
                opponent, view.rules.target - view.scores[opponent.seat]
            )
            for opponent in odds.opponents
        }
        self.danger = max(self.dangers.values(), default=0.0)
        unseen = Counter(unseen_ranks(view))
        total = sum(unseen.values())
        self.fresh = [(rank, count / total) for rank, count in sorted(unseen.items())]
        self._earnings: dict[Ranks, float] = {}
        self._wins: dict[int, float] = {}

    def wins(self, strength: int) -> float:
        if strength not in self._wins:
            self._wins[strength] = self.odds.wins(strength)
        return self._wins[strength]

    def worth(self, hand: Sequence[Card]) -> float:
        score = self.book.score(ranks_of(hand))
        win = self.wins(score.strength)
        now = win * score.points
        if (
            self.mine + score.points >= self.view.rules.target
            and self.mine + score.points > self.best_other
        ):
            now += win * self.stake
        stop = sum(
            danger * self.odds.beats(opponent, score.strength) * self.stake
            for opponent in self.odds.opponents
            if (danger := self.dangers[opponent.seat])
        )
        kept = () if renews_pocket(hand) else _left_after(self.view.pocket, hand)
        return now + stop + (1 - self.danger) * self.future_weight * self.pocket_value(kept)

    def pocket_value(self, kept: tuple[Card, ...]) -> float:
        """What the kept cards plus one fresh card would earn if shown next round."""
        if not kept:
            return 0.0
        ranks = ranks_of(kept)
        return sum(
            share * self.earnings(tuple(sorted((*ranks, rank)))) for rank, share in self.fresh
        )

    def earnings(self, ranks: Ranks) -> float:
        """The best expected points of any three of these ranks, shown this round."""
        if ranks not in self._earnings:
            best = 0.0
            for shown in set(combinations(ranks, HAND_SIZE)):
                score = self.book.score(shown)
                best = max(best, self.wins(score.strength) * score.points)
            self._earnings[ranks] = best
        return self._earnings[ranks]


def _left_after(pocket: Sequence[Card], hand: Sequence[Card]) -> tuple[Card, ...]:
    shown = set(hand)
    return tuple(card for card in pocket if card not in shown)
