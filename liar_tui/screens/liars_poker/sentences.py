"""Liar's Poker outcomes told in one sentence, with the names at the table.

The rules record who lost and why; saying it is the screens' work, because "You" is a pronoun
(``You are out``, ``your hand``) and the grammar for it lives in :mod:`liar_tui.screens.wording`.
A verdict is one short line that names the deciding hand once: the challenge screen shows the
cards and the claim beside it, and the history lists the claims before it. Claims and hands
are worded by :mod:`liar_tui.rules.liars_poker.claim_words`, which the bots' coach shares.
"""

from __future__ import annotations

from collections.abc import Sequence

from liar_tui.rules.liars_poker.claim_words import claim_words, hand_phrase
from liar_tui.rules.liars_poker.game import ChallengeResolved, HandStuck
from liar_tui.screens.wording import possessive, subject_verb

__all__ = ["claim_words", "hand_phrase", "stuck_verdict", "verdict"]


def verdict(resolved: ChallengeResolved, names: Sequence[str]) -> str:
    """Who loses a life, and the one fact that decided it, in one short sentence.

    A claim that held is named as it was said ("Cal's hand holds three queens"); a bluff by
    the hand it really was ("holding only a pair of sevens").
    """
    loss = _loss(names[resolved.loser], resolved.eliminated)
    if resolved.held:
        declarer = possessive(names[resolved.declarer])
        return f"{loss}: {declarer} hand holds {claim_words(resolved.declaration)}."
    return f"{loss}, holding only {hand_phrase(resolved.value)}."


def stuck_verdict(stuck: HandStuck, names: Sequence[str]) -> str:
    """Why a taker lost a life without a challenge: the new face-up cards left no raise."""
    loss = _loss(names[stuck.seat], stuck.eliminated)
    return f"{loss}: with the new face-up cards, no hand can beat {claim_words(stuck.declaration)}."


def _loss(name: str, eliminated: bool) -> str:
    return subject_verb(name, "are out" if eliminated else "lose a life")
