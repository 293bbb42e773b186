"""How the screens put names into sentences, whoever sits at the table.

The default player name is "You", a pronoun: ``You win`` but ``Ada wins``. Every sentence
that names a seat goes through here, so the grammar is decided once.
"""

from __future__ import annotations

from collections.abc import Sequence


def names_joined(names: Sequence[str]) -> str:
    """``Ada``, ``Ada and Bea``, ``Ada, Bea and Cal``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def subject_verb(name: str, verb: str) -> str:
    """``Ada wins`` but ``You win``: the default player name is a pronoun."""
    return f"{name} {verb}" if name == "You" else f"{name} {verb}s"
