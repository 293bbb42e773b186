"""Liar's Poker outcomes told in one sentence, with the names at the table.

The rules record who lost and why; saying it is the screens' work, because "You" is a pronoun
(``You are out``, ``your hand``) and the grammar for it lives in :mod:`liar_tui.screens.wording`.
A verdict is one short line that names the deciding hand once: the challenge screen shows the
cards and the claim beside it, and the history lists the claims before it.
"""

from __future__ import annotations

from collections.abc import Sequence

from liar_tui.rules.liars_poker.declarations import Declaration
from liar_tui.rules.liars_poker.game import ChallengeResolved, HandStuck
from liar_tui.rules.liars_poker.poker_hands import HandRank
from liar_tui.rules.liars_poker.rules import Category
from liar_tui.screens.wording import possessive, subject_verb

_COUNTED = frozenset(
    {
        Category.PAIR,
        Category.STRAIGHT,
        Category.FLUSH,
        Category.COLOR_FLUSH,
        Category.FULL_HOUSE,
        Category.COLOR_STRAIGHT_FLUSH,
        Category.STRAIGHT_FLUSH,
    }
)
"""Hands a sentence counts with "a": "a flush", "a pair of kings", but "two pair"."""


_SAID_WITH_A_VOWEL = frozenset({"A", "8"})
"""Ranks written as figures whose spoken name starts with a vowel: "an A-K-9-8-2 high flush",
"an 8-6-5-4-2 high flush"."""


def _counted(words: str, category: Category) -> str:
    """``words`` with "a" or "an" where a sentence needs it ("an ace-high straight")."""
    if category not in _COUNTED or words.startswith("a "):
        return words
    first = words.replace("-", " ").split()[0]
    vowel = first in _SAID_WITH_A_VOWEL or first[0] in "aeiou"
    return f"{'an' if vowel else 'a'} {words}"


def claim_words(declaration: Declaration) -> str:
    """A claim as a sentence says it: "a full house", "two pair, sevens up", "a pair of kings"."""
    return _counted(declaration.text, declaration.category)


def hand_phrase(value: HandRank) -> str:
    """A hand as a sentence says it: "a pair of tens, A-K-Q kickers", "three queens"."""
    return _counted(value.describe(), value.category)


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
