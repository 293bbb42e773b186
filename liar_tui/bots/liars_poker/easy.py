"""The easy Liar's Poker bot: a beginner who knows the rules and makes a beginner's mistakes.

It is meant to be beaten by someone learning the game, so its mistakes are the visible,
common ones rather than random noise: it takes nearly everything and challenges only claims
that sound big, throws away every card that is not part of a pair (so it never draws to a
flush or a straight), says the exact truth even when that is an easy claim to follow, and,
when it has to bluff, often jumps to a big hand that a careful player would challenge.
"""

from __future__ import annotations

import random

from liar_tui.bots.liars_poker.odds import (
    discard_bounds,
    is_legal,
    legal_raises,
    plain_raises,
    top_declaration,
    usefulness,
    value_of,
)
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
from liar_tui.rules.liars_poker.rules import Category

SOUNDS_BIG = Category.FULL_HOUSE
"""Claims from this category up sound big to a beginner, who challenges them."""
CHALLENGE_BIG = 0.8
"""How often it challenges a claim that sounds big."""
CHALLENGE_ON_A_HUNCH = 0.35
"""How often it challenges any other claim, on a hunch."""
JUMP_RATE = 0.7
"""How often a bluff jumps far up the ladder instead of taking a small step."""
JUMP_RUNGS = (12, 60)
"""How far up the ladder a jumping bluff lands, in rungs above the standing claim."""
CHIP_RATE = 0.2
"""How often it plays a chip when one is playable: beginners spend them early and idly."""
PAIRED = 100.0
"""Usefulness of a card in a pair or set (see ``usefulness``): the only cards it keeps."""


class EasyLiarsPokerBot:
    """Legal and plausible, clearly weaker than ``LiarsPokerBot``: it never weighs odds."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: LiarsPokerView) -> Action:
        seat = view.seat
        if view.phase is Phase.CHOOSE_RULES:
            return ChooseRules(seat, view.rules.round)
        if view.playable_chips and self.rng.random() < CHIP_RATE:
            return PlayChip(seat, self.rng.choice(view.playable_chips))
        if view.phase is Phase.DECIDE:
            return self._decide(view)
        if view.phase is Phase.DISCARD:
            return self._discard(view)
        return self._declare(view)

    def _decide(self, view: LiarsPokerView) -> Action:
        seat = view.seat
        if not view.can_take:
            return Challenge(seat)
        order = view.round_rules.poker.order()
        claimed = view.declarations[-1].floor.category
        sounds_big = SOUNDS_BIG in order and order.index(claimed) >= order.index(SOUNDS_BIG)
        rate = CHALLENGE_BIG if sounds_big else CHALLENGE_ON_A_HUNCH
        return Challenge(seat) if self.rng.random() < rate else Take(seat)

    def _discard(self, view: LiarsPokerView) -> Discard:
        """Keep pairs, sets and wilds; throw the rest, draws and high cards alike."""
        hand = view.hand
        scores = usefulness(hand, view.communal, view.round_rules.poker)
        fewest, most = discard_bounds(view.round_rules, len(hand))
        order = sorted(range(len(hand)), key=scores.__getitem__)
        unpaired = sum(score < PAIRED for score in scores)
        count = max(fewest, min(most, unpaired))
        return Discard(view.seat, tuple(hand[at] for at in order[:count]))

    def _declare(self, view: LiarsPokerView) -> Declare:
        truth = declaration_of(value_of(view.full_hand, view.round_rules.poker))
        if is_legal(truth, view):
            return Declare(view.seat, truth)
        return Declare(view.seat, self._bluff(view))

    def _bluff(self, view: LiarsPokerView) -> Declaration:
        if self.rng.random() < JUMP_RATE:
            jumps = plain_raises(view)[JUMP_RUNGS[0] : JUMP_RUNGS[1]]
            if jumps and is_legal(jump := self.rng.choice(jumps).declaration, view):
                return jump
        raises = legal_raises(view, 1)
        if raises and is_legal(raises[0].declaration, view):
            return raises[0].declaration
        return top_declaration(view)
