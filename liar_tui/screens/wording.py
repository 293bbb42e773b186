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


YOU = "You"
"""The default player name, which the grammar here treats as the pronoun it is."""

_THIRD_PERSON = {"are": "is", "were": "was", "have": "has", "do": "does", "go": "goes"}
"""The verbs whose third person is not the second person with an ``s``."""


def verb_for(name: str, verb: str) -> str:
    """``verb``, said as to "You" (``win``, ``pass``, ``are``, ``were``, ``have``), made to agree
    with ``name``: ``wins``, ``passes``, ``is``, ``was``, ``has`` for Ada. Only the first word
    of a phrase changes (``lose a life``, ``are out``); a past tense other than ``were`` needs
    no help.
    """
    if name == YOU:
        return verb
    first, space, rest = verb.partition(" ")
    if first in _THIRD_PERSON:
        agreed = _THIRD_PERSON[first]
    elif first.endswith(("s", "sh", "ch", "x", "z")):
        agreed = f"{first}es"
    elif len(first) > 1 and first.endswith("y") and first[-2] not in "aeiou":
        agreed = f"{first[:-1]}ies"
    else:
        agreed = f"{first}s"
    return f"{agreed}{space}{rest}"


def subject_verb(name: str, verb: str) -> str:
    """``Ada wins`` but ``You win``, ``Ada passes`` but ``You pass``, ``Ada is`` but ``You are``:
    the default player name is a pronoun. ``verb`` is what "You" would say (see :func:`verb_for`).
    """
    return f"{name} {verb_for(name, verb)}"


def possessive(name: str, *, capital: bool = False) -> str:
    """``Ada's`` but ``your`` (``Your`` with ``capital``, to start a sentence or a title)."""
    if name == YOU:
        return "Your" if capital else "your"
    return f"{name}'s"
