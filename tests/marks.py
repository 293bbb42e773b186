"""Split a parametrised matrix between the default run and the slow one.

The default run must stay within its time budget yet keep a quick check of every behaviour;
CI runs the slow marks too. So a matrix keeps its first cases in the default run (choose them
to be the cheap and telling ones) and marks the rest slow, under the same test name and ids.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest
from _pytest.mark.structures import ParameterSet


def slow_after(keep: int, cases: Iterable[object]) -> list[object | ParameterSet]:
    """The first `keep` cases as they are, each later one marked slow (one argument name)."""
    return [
        case if index < keep else pytest.param(case, marks=pytest.mark.slow)
        for index, case in enumerate(cases)
    ]


def slow_after_rows(keep: int, rows: Iterable[Sequence[object]]) -> list[object | ParameterSet]:
    """`slow_after` for a matrix of several argument names, one tuple of values a row."""
    return [
        tuple(row) if index < keep else pytest.param(*row, marks=pytest.mark.slow)
        for index, row in enumerate(rows)
    ]
