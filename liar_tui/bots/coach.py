"""The coach: what the hard bot of a game would estimate and do in a player's place.

Each game's hard bot answers :class:`Analyst`: ``analyse(view)`` gives the estimates it
decides by (the chance the standing claim is true, that a bid holds, that a hand wins the
round) and the action it would take, without changing how it plays afterwards. The in-game
hint and the replay viewer ask through :func:`analyse`, which builds the hard bot from the
game's plugin with a fixed seed: a seat's view carries what the bot needs to catch up, and
the same view gets the same answer every time.
"""

from __future__ import annotations

import logging
import random
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from liar_tui.games.plugin import GamePlugin

log = logging.getLogger(__name__)

COACH_SEED = 14
"""The coach's bot draws from a generator seeded with this, so the same view always gets
the same advice (a replay stepped back and forth shows the same line)."""


@dataclass(frozen=True)
class Analysis:
    """What the hard bot makes of one decision."""

    estimates: tuple[tuple[str, float], ...]
    """Each chance the bot decides by, with words that finish "the chance that ...":
    ``("the standing claim is true", 0.34)``."""
    action: Any
    """The action the bot would send, as the game's rules define it."""
    action_text: str
    """That action in the table's words, to follow "it would": ``challenge``."""


@runtime_checkable
class Analyst(Protocol):
    """A bot that can say what it thinks of a decision without making it."""

    def analyse(self, view: Any) -> Analysis | None:
        """The bot's estimates and choice at ``view``; None when ``view`` is not a decision
        of its seat. It leaves the bot as it was: its next ``act`` is what it would have been."""
        ...


def analyse(plugin: GamePlugin, view: Any) -> Analysis | None:
    """The game's hard bot's reading of ``view``; None when the seat of ``view`` has no
    decision to make, or when the game's hard bot gives no analysis.

    The bot is made once per game and seat and kept: asked again later in the same game, it
    only catches up with the turns since (the hard bill bot's beliefs took tens of
    milliseconds to rebuild from the start of a long bidding). An analysis leaves its bot as
    a fresh one would be after catching up, so the answer is the same as a fresh bot's.
    """
    key = (plugin.id, view.seat)
    with _ADVISERS_LOCK:
        if key not in _ADVISERS:
            from liar_tui.table.seats import BotLevel

            _ADVISERS[key] = plugin.bot(BotLevel.HARD, random.Random(COACH_SEED))
        bot = _ADVISERS[key]
        if not isinstance(bot, Analyst):
            return None
        return bot.analyse(view)


_ADVISERS: dict[tuple[str, int], Any] = {}
"""The coach's bot for each game and seat (a bounded set: games times seats)."""
_ADVISERS_LOCK = threading.Lock()
"""The hint's worker thread and the replay viewer may ask at once; a bot answers one."""


NOT_YOUR_TURN = "The coach gives advice on your turn: what the hard bot would do in your place."
COACH_FAILED = "The coach could not read this turn."


def hint(plugin: GamePlugin, view: Any | None) -> str:
    """What the coach says when asked at the table: its line for the turn of ``view`` (the
    view of the person whose turn is on screen), or one sentence saying why it has none.
    A failure of the bot is logged and said in one sentence; it never reaches the table."""
    if view is None:
        return NOT_YOUR_TURN
    try:
        analysis = analyse(plugin, view)
    except Exception as error:  # a bot's bug must not end the game it advises on
        log.error("the coach failed (%s: %s)", type(error).__qualname__, error, exc_info=error)
        return COACH_FAILED
    return NOT_YOUR_TURN if analysis is None else coach_line(analysis)


def percent(chance: float) -> str:
    """A chance as a player reads it: ``34%``; never a flat 0% or 100% for what may yet
    happen, which reads as a certainty the bot does not have."""
    shown = round(chance * 100)
    if shown == 0 and chance > 0:
        return "<1%"
    if shown == 100 and chance < 1:
        return ">99%"
    return f"{shown}%"


def coach_line(analysis: Analysis) -> str:
    """The hint in one line: ``Coach: the standing claim is true 34% · it would challenge``."""
    parts = [f"{label} {percent(chance)}" for label, chance in analysis.estimates]
    parts.append(f"it would {analysis.action_text}")
    return "Coach: " + " · ".join(parts)
