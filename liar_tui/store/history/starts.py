"""Where a complete record's actions begin: at its table's setup, or at the start of the one
game it records, for a table that plays game after game (issue 14).

A table of dollar bills is a session: its log runs on over every deal, and each settled deal
is a game of its own in history. Had each deal's record kept the session's log so far, a
session of N deals would store N(N+1)/2 deals' actions. Instead a record keeps the start of
its game, as the game's plugin gives it (:meth:`~liar_tui.games.plugin.GamePlugin.game_start`:
the deal's bills and opener, and what the session carried into it), and that game's actions
alone, and it replays from that start. The shared code knows no game: a plugin with no
``start_type`` has records that all replay from the setup, as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from liar_tui import games
from liar_tui.store.history.records import FinishedGame, Visibility
from liar_tui.table.table import SeatUpdate

if TYPE_CHECKING:
    from liar_tui.rules.base import GameState
    from liar_tui.table.setup import TableSetup


def state_at(setup: TableSetup, start: Any | None) -> GameState:
    """The state a record's actions replay from: the table's first (``start`` None) or the
    one at ``start``. ``ValueError`` (one sentence) for a table or a start that cannot be."""
    plugin = games.plugin(setup.game)
    return plugin.new_state(setup) if start is None else plugin.state_at_start(setup, start)


def replayed(
    setup: TableSetup, start: Any | None, actions: Sequence[Any], seat: int
) -> tuple[list[SeatUpdate], tuple[Any, ...]]:
    """What ``seat`` was told from the record's first state on (its view there, then the
    events and its view after each action), and every seat's view at the end."""
    game = state_at(setup, start)
    updates = [SeatUpdate(seat, (), game.view(seat), game.to_act())]
    for action in actions:
        events = tuple(game.apply(action))
        actor = getattr(action, "seat", None)
        updates.append(SeatUpdate(seat, events, game.view(seat), game.to_act(), actor))
    final_views = tuple(game.view(other) for other in range(len(setup.seats)))
    return updates, final_views


def last_game(setup: TableSetup, actions: Sequence[Any]) -> tuple[Any | None, tuple[Any, ...]]:
    """The start of the game ``actions`` end, and that game's own actions: (None, every
    action) for a game whose plugin keeps no start, or the table's first game.

    The game is the one the last action ends, so its start is the one the plugin gives after
    the game before it was settled. The log is replayed to find it with no view made, a
    fraction of what replaying it for a seat costs. Raises what the rules raise for a log
    they refuse.
    """
    plugin = games.plugin(setup.game)
    if plugin.start_type is None:
        return None, tuple(actions)
    state = plugin.new_state(setup)
    start: Any | None = None
    begins = 0
    for index, action in enumerate(actions[:-1]):
        done = state.completed_games()
        state.apply(action)
        if state.completed_games() > done and (found := plugin.game_start(state)) is not None:
            start, begins = found, index + 1
    return start, tuple(actions[begins:])


def last_game_alone(finished: FinishedGame) -> FinishedGame:
    """``finished`` keeping the game it records alone (see :func:`last_game`): a complete
    record whose actions run from its table's setup over games settled before its own
    starts at its own game instead, with that game's actions. Any other record is kept as
    it is, and so is a log the rules refuse (which no table makes): a game is never left
    unrecorded for it.
    """
    if (
        finished.game not in games.registered()
        or finished.visibility is not Visibility.COMPLETE
        or finished.start is not None
    ):
        return finished
    try:
        start, actions = last_game(finished.setup, finished.actions)
    except Exception:  # a log its rules refuse is a bug elsewhere: the game is still recorded
        return finished
    if start is None:
        return finished
    return replace(finished, start=start, actions=actions)
