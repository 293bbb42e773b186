"""Command-line value types shared by ``liar-tui host`` and ``liar-tui ssh-serve``.

Each raises argparse's ArgumentTypeError with the end of one sentence, which the commands
print after the option's name (``--port: 'http' is not a port number``).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable


def shortened(text: str) -> str:
    """At most a few words of what was typed, so an error stays one readable line."""
    return text if len(text) <= 30 else text[:27] + "..."


def port_number(text: str) -> int:
    """A TCP port; 0 asks the system for a free one."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shortened(text)!r} is not a port number") from None
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 0 to 65535, not {shortened(text)}")
    return number


def seconds_up_to(most: float) -> Callable[[str], float]:
    """A number of seconds above 0 and at most ``most``: a longer wait is likelier a typo."""

    def parse(text: str) -> float:
        try:
            seconds = float(text)
        except ValueError:
            shown = shortened(text)
            raise argparse.ArgumentTypeError(f"{shown!r} is not a number of seconds") from None
        if not math.isfinite(seconds) or not 0 < seconds <= most:
            raise argparse.ArgumentTypeError(
                f"must be more than 0 and at most {most:g} seconds, not {shortened(text)}"
            )
        return seconds

    return parse


def count_between(low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high``: a limit of the host's."""

    def parse(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            shown = shortened(text)
            raise argparse.ArgumentTypeError(f"{shown!r} is not a whole number") from None
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, not {shortened(text)}")
        return number

    return parse
