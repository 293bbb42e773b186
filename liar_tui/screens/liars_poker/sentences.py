"""Liar's Poker outcomes told in one sentence, with the names at the table.

The rules record who lost and why; saying it is the screens' work, because "You" is a pronoun
(``You are out``, ``your hand``) and the grammar for it lives in :mod:`liar_tui.screens.wording`.
"""

from __future__ import annotations

from collections.abc import Sequence

from liar_tui.rules.liars_poker.game import ChallengeResolved, HandStuck
from liar_tui.screens.wording import possessive, subject_verb


def verdict(resolved: ChallengeResolved, names: Sequence[str]) -> str:
    """Who loses a life and why, in one sentence for the challenge screen."""
    declarer, challenger = names[resolved.declarer], names[resolved.challenger]
    compared = "at least" if resolved.held else "worse than"
    reason = (
        f"{possessive(declarer)} hand, {resolved.value.describe()}, is {compared} "
        f"{resolved.declaration.text}, whose worst hand is {resolved.floor.describe()}"
    )
    verdict = f"{_loss(names[resolved.loser], resolved.eliminated)}: {reason}."
    if resolved.held:
        return verdict
    return f"{verdict} {subject_verb(challenger, 'were')} right to challenge."


def stuck_verdict(stuck: HandStuck, names: Sequence[str]) -> str:
    """Why a taker lost a life without a challenge: the new face-up cards left no raise."""
    loss = _loss(names[stuck.seat], stuck.eliminated)
    return f"{loss}: with the new face-up cards, no hand can beat {stuck.declaration.text}."


def _loss(name: str, eliminated: bool) -> str:
    return subject_verb(name, "are out" if eliminated else "lose a life")
