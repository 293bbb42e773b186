"""Bots for Liar's Poker with cards: one that weighs the odds, one that plays at random."""

from __future__ import annotations

import random

from liar_tui.bots.liars_poker.odds import (
    HeldHand,
    best_keep,
    claim_odds,
    discard_bounds,
    is_legal,
    legal_raises,
    plain_raises,
    top_declaration,
    value_of,
)
from liar_tui.rules.cards import Card, Rank
from liar_tui.rules.liars_poker.declarations import Declaration, declaration_of
from liar_tui.rules.liars_poker.game import (
    Action,
    Challenge,
    ChooseRules,
    Declare,
    Discard,
    LiarsPokerView,
    Phase,
    PlayChip,
    Take,
)
from liar_tui.rules.liars_poker.rules import Chip

RANDOM_CHALLENGE_RATE = 0.2
"""How often the random bot challenges a claim it could take: often enough to reach every
kind of challenge, rarely enough that rounds run long and declarations climb high."""
RANDOM_CHIP_RATE = 0.15
"""How often the random bot plays a chip it may play."""
RANDOM_NEAR_RAISES = 12
"""The random bot mostly picks among this many lowest legal raises, as a player raises by a
step, not to the top of the ladder."""
RANDOM_JUMP_RATE = 0.1
"""How often it jumps to any legal raise instead."""


class RandomLiarsPokerBot:
    """Legal, plausible and random: the baseline for the other bot, and a fuzzer for the table.

    It takes when it may (now and then it challenges anyway), discards a random number of
    pocket cards within the round's limits, declares a random raise near the standing floor,
    keeps the table's rules under dealer's choice, and plays its chips now and then.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: LiarsPokerView) -> Action:
        seat = view.seat
        if view.phase is Phase.CHOOSE_RULES:
            return ChooseRules(seat, view.rules.round)
        if view.playable_chips and self.rng.random() < RANDOM_CHIP_RATE:
            return PlayChip(seat, self.rng.choice(view.playable_chips))
        if view.phase is Phase.DECIDE:
            if view.can_take and self.rng.random() >= RANDOM_CHALLENGE_RATE:
                return Take(seat)
            return Challenge(seat)
        if view.phase is Phase.DISCARD:
            fewest, most = discard_bounds(view.round_rules, len(view.hand))
            count = self.rng.randint(fewest, most)
            return Discard(seat, tuple(self.rng.sample(view.hand, count)))
        return Declare(seat, self._declaration(view))

    def _declaration(self, view: LiarsPokerView) -> Declaration:
        if self.rng.random() < RANDOM_JUMP_RATE and (jumps := plain_raises(view)):
            jump = self.rng.choice(jumps).declaration
            if is_legal(jump, view):
                return jump
        raises = legal_raises(view, RANDOM_NEAR_RAISES)
        if not raises:
            return top_declaration(view)
        choice = self.rng.choice(raises).declaration
        return choice if is_legal(choice, view) else top_declaration(view)


CAUGHT = 0.5
"""The chance that a false raise of this bot's is challenged: what taking a hand it cannot
truly improve costs it, in lives."""
KNOCKOUT_EAGERNESS = 0.05
"""Extra doubt the bot allows itself against a declarer on its last life: a right challenge
then removes a rival for good."""
SKIP_WHEN_BOTH_ABOVE = 0.4
"""Skip when challenging and taking would each cost a life at least this often."""
FLIP_RATE = 0.1
"""How often the bot flips the direction when it has to bluff: rarely, so the chip stays a
surprise, and when the hand is weak, as a bluff then goes to a different neighbour."""
BLUFF_CHOICES = 4
"""The lowest legal raises a bluff picks from."""


class LiarsPokerBot:
    """Tells the truth when it beats the floor, bluffs by a small step when not, and
    challenges claims its Monte Carlo estimate finds less likely than its own trouble after a
    take.

    - **Declaring**, it says its hand in full detail (hard to improve, so the next seat is
      pushed to challenge a true claim); when its hand is too weak, it names the cheapest
      raise, preferring ranks it holds, easy for the next seat to accept.
    - **Discarding**, it tries a handful of sensible keeps (the best few cards, flush and
      straight draws) on the same sampled draws and keeps what most often beats the floor.
    - **Deciding**, it estimates the chance the claim is true from everything public (draw
      counts, declarations, communal cards) and from the hand itself if it passed it on
      earlier, and compares it with the chance of being caught after taking.
    - **Chips**: Skip when both choices look bad, Double Dip when the draw missed, Flip
      now and then before a bluff.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.held: HeldHand | None = None
        self.discarded: list[Card] = []
        """Cards this seat threw away this turn, kept until it declares."""

    def act(self, view: LiarsPokerView) -> Action:
        seat = view.seat
        if view.phase is Phase.CHOOSE_RULES:
            return ChooseRules(seat, view.rules.round)
        if view.phase is Phase.DECIDE:
            return self._decide(view)
        if view.phase is Phase.DISCARD:
            return self._discard(view)
        return self._declare(view)

    def _decide(self, view: LiarsPokerView) -> Action:
        seat = view.seat
        if not view.can_take:
            return Challenge(seat)
        odds = claim_odds(view, self.held, self.rng)
        caught = (1 - odds.improvable) * CAUGHT
        declarer = view.declarations[-1].seat
        eagerness = KNOCKOUT_EAGERNESS if view.lives[declarer] == 1 else 0.0
        if odds.true < caught + eagerness:
            return Challenge(seat)
        if Chip.SKIP in view.playable_chips and min(odds.true, caught) > SKIP_WHEN_BOTH_ABOVE:
            return PlayChip(seat, Chip.SKIP)
        self.discarded = []
        return Take(seat)

    def _discard(self, view: LiarsPokerView) -> Discard:
        thrown = self._thrown(view, self.rng)
        self.discarded.extend(thrown)
        return Discard(view.seat, thrown)

    def _thrown(self, view: LiarsPokerView, rng: random.Random) -> tuple[Card, ...]:
        """The cards to discard, drawing only from ``rng`` and changing nothing: the hard
        bot's coach asks this without discarding."""
        earlier = self._earlier_discards(view)
        keep = best_keep(view, [*earlier, *self.discarded], rng)
        return tuple(card for card in view.hand if card not in keep)

    def _declare(self, view: LiarsPokerView) -> Action:
        seat = view.seat
        rules = view.round_rules.poker
        value = value_of(view.full_hand, rules)
        truth = declaration_of(value)
        if is_legal(truth, view):
            return self._said(view, truth)
        if Chip.DOUBLE_DIP in view.playable_chips:
            return PlayChip(seat, Chip.DOUBLE_DIP)
        if Chip.FLIP in view.playable_chips and self.rng.random() < FLIP_RATE:
            return PlayChip(seat, Chip.FLIP)
        return self._said(view, self._bluff(view))

    def _bluff(self, view: LiarsPokerView) -> Declaration:
        """The cheapest raise, naming ranks the hand holds where a near one does: if the next
        seat takes, it finds part of what was said."""
        raises = legal_raises(view, BLUFF_CHOICES)
        if not raises:
            return top_declaration(view)
        held = {card.rank for card in view.full_hand}

        def plausibility(at: int) -> float:
            named = _named_ranks(raises[at].declaration)
            return sum(rank in held for rank in named) - at + self.rng.random() / 2

        choice = raises[max(range(len(raises)), key=plausibility)].declaration
        return choice if is_legal(choice, view) else top_declaration(view)

    def _said(self, view: LiarsPokerView, declaration: Declaration) -> Declare:
        """Declare, remembering the hand passed on, for judging the claims that follow it."""
        self.held = HeldHand(
            round=view.round,
            index=len(view.declarations),
            declared=declaration,
            pocket=view.hand,
            draws_seen=len(view.discards),
            discarded=(*self._earlier_discards(view), *self.discarded),
        )
        self.discarded = []
        return Declare(view.seat, declaration)

    def _earlier_discards(self, view: LiarsPokerView) -> tuple[Card, ...]:
        held = self.held
        return held.discarded if held is not None and held.round == view.round else ()


def _named_ranks(declaration: Declaration) -> tuple[Rank, ...]:
    top = () if declaration.top is None else (declaration.top,)
    return (*declaration.groups, *declaration.kickers, *declaration.high_cards, *top)
