"""Argument types for the command line's options, shared by ``liar-tui`` and each game's own.

A bad value is one short line naming what was typed, never argparse's traceback or usage dump.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable


def shorten(text: str) -> str:
    """At most a few words of what was typed, so an error stays one readable line."""
    return text if len(text) <= 30 else text[:27] + "..."


def whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # not a number, or one too long to convert
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is not a whole number") from None


def int_between(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        number = whole_number(text)
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(
                f"must be from {low} to {high}, not {shorten(str(number))}"
            )
        return number

    return parse
