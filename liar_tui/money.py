"""Money as the whole app writes it: ``+$3``, ``-$1.50``, ``$0``.

One formatter for the commands (``liar-tui history`` and ``stats``), the stats screen and
its plot, a money game's table and the stats lines its rules word: pure (no Rich, no
Textual, no game), so that the rules may use it as well as the screens.
"""

from __future__ import annotations


def money_text(amount: float) -> str:
    """``+$3``, ``-$1.50``, ``$0``: a gain, a loss or even, to the cent (less than a cent is
    even), cents only where there are some, thousands grouped (``+$1,200``)."""
    cents = round(amount * 100)
    whole, part = divmod(abs(cents), 100)
    shown = f"{whole:,}.{part:02d}" if part else f"{whole:,}"
    sign = "+" if cents > 0 else "-" if cents < 0 else ""
    return f"{sign}${shown}"
