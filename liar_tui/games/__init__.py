"""The games liar-tui knows: every :class:`~liar_tui.games.plugin.GamePlugin` registered under the
entry-point group ``liar_tui.games``.

The three built-in games register there in ``pyproject.toml`` like any other package would,
so the app lists and plays a game installed beside it without a line changed here.
"""

from __future__ import annotations

import functools
import logging
from types import MappingProxyType
from typing import TYPE_CHECKING

from liar_tui.games.discovery import entry_points
from liar_tui.games.plugin import GamePlugin

if TYPE_CHECKING:
    import random
    from collections.abc import Mapping

    from liar_tui.bots.base import Bot
    from liar_tui.rules.base import GameState
    from liar_tui.table.seats import BotLevel
    from liar_tui.table.setup import TableSetup

ENTRY_POINT_GROUP = "liar_tui.games"

log = logging.getLogger(__name__)


@functools.cache
def registered() -> Mapping[str, GamePlugin]:
    """Every game found, by id, in the order the home screen lists them.

    An entry point that fails to load, that is not a plugin, or whose id another game took
    first, is left out and logged: one broken package must not keep the other games from
    being played.
    """
    found: dict[str, GamePlugin] = {}
    for entry in entry_points(ENTRY_POINT_GROUP):
        try:
            game = _loaded(entry.load())
            if game.id != entry.name:
                raise ValueError(f"it calls itself {game.id!r}")
            if game.id in found:
                raise ValueError("another game has that id")
        except Exception:  # a third-party package may fail in any way on import
            log.exception("the game %r could not be loaded", entry.name)
            continue
        found[game.id] = game
    ordered = sorted(found.values(), key=lambda game: (game.menu_order, game.id))
    return MappingProxyType({game.id: game for game in ordered})


def _loaded(target: object) -> GamePlugin:
    """The plugin an entry point names: an instance, or a class made into one."""
    if isinstance(target, type) and issubclass(target, GamePlugin):
        target = target()
    if not isinstance(target, GamePlugin):
        raise TypeError(f"{target!r} is not a GamePlugin")
    return target


def plugin(game: str) -> GamePlugin:
    """The plugin of ``game``; ``ValueError`` with a sentence for a game nobody registered."""
    found = registered().get(game)
    if found is None:
        raise ValueError(f"There is no game called {game!r}.")
    return found


def make_bot(game: str, level: BotLevel, rng: random.Random) -> Bot:
    """The bot ``game``'s plugin seats at ``level``, drawing its own randomness from ``rng``;
    wrapped so that a bot that fails never freezes a table."""
    return plugin(game).safe_bot(level, rng)


def bare_bot(game: str, level: BotLevel, rng: random.Random) -> Bot:
    """The bot as :func:`make_bot`, without the wrapper: the arena measures bots, and a
    failure hidden by the easy bot answering would skew what it measures."""
    return plugin(game).bot(level, rng)


def new_state(setup: TableSetup) -> GameState:
    """The game's starting state; ``ValueError`` for a game or setup it cannot start."""
    return plugin(setup.game).new_state(setup)


MENU_KEYS = "123456789"


def numbered() -> list[tuple[str, GamePlugin]]:
    """The games a menu offers, each with the digit that picks it: the first nine."""
    return list(zip(MENU_KEYS, registered().values(), strict=False))


FEWEST_SEATS = 2
"""A table of one is no bluffing game, whatever a plugin says."""


def seat_limits() -> tuple[int, int]:
    """The fewest and most seats every game can start with: the bounds of the default seats
    the settings screen keeps for whichever game is set up next."""
    games = registered().values()
    fewest = max((game.min_seats for game in games), default=FEWEST_SEATS)
    return fewest, min((game.max_seats for game in games), default=fewest)
