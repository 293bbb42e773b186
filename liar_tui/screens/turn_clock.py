"""The line under an online table that counts down the turn and says who is away.

A table host hands the turn to a bot when a person's time runs out; this is where the
people at the table see the seconds going, and where the person whose time ran out learns
that a bot is playing for them and how to take their seat back. A table in this process has
no timer: the line is never shown there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text
from textual.widgets import Static

from liar_tui.screens.wording import names_joined

WARNING_SECONDS = 10
"""The last seconds of a turn, shown in the warning colour."""
AWAY_SENTENCE = "Time ran out: a bot is playing for you. Press b to play again."


def clock_text(
    names: Sequence[str],
    to_act: Iterable[int],
    seconds: int | None,
    away: Iterable[int],
    ours: Iterable[int],
) -> Text | None:
    """``Ann (away) and Bob · 42 s · Cy (away)``; when one of ``ours`` is away, the away
    sentence says so instead of a mark. None when there is nothing to say (no timer, nobody
    away)."""
    our_seats = set(ours)
    marked = set(away) - our_seats
    acting = list(to_act)

    def named(seat: int) -> str:
        return f"{names[seat]} (away)" if seat in marked else names[seat]

    parts: list[str] = []
    if seconds is not None and acting:
        parts.append(f"{names_joined([named(seat) for seat in acting])} · {seconds} s")
    parts += [named(seat) for seat in sorted(marked) if seconds is None or seat not in acting]
    text = Text(" · ".join(parts))
    if set(away) & our_seats:
        if parts:
            text.append("\n")
        text.append(AWAY_SENTENCE, style="bold")
    return text if text.plain else None


class TurnClock(Static):
    """One or two lines above the footer: the countdown of the seats to act, who is away."""

    DEFAULT_CSS = """
    TurnClock {
        display: none;
        width: 100%;
        height: auto;
        text-align: center;
    }
    TurnClock.-urgent {
        color: $warning;
        text-style: bold;
    }
    """

    def show(self, text: Text | None, seconds: int | None) -> None:
        """Say ``text`` (hidden when None), in the warning colour in a turn's last seconds."""
        self.display = text is not None
        self.set_class(seconds is not None and seconds <= WARNING_SECONDS, "-urgent")
        self.update(text or "")
