"""Liar's Poker claims and hands as a sentence says them: "a pair of kings", "two pair".

Pure wording, no names at the table: the screens' sentences build on it, and so does the
hard bot's coach, which must not depend on a screen.
"""

from __future__ import annotations

from liar_tui.rules.liars_poker.declarations import Declaration
from liar_tui.rules.liars_poker.poker_hands import HandRank
from liar_tui.rules.liars_poker.rules import Category

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
