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


def last_game_alone(finished: FinishedGame) -> FinishedGame:
    """``finished`` keeping the game it records alone: a complete record whose actions run
    from its table's setup over games settled before its own starts at its own game instead,
    with that game's actions. Any other record is kept as it is.

    The record's game is the one its last action ends, so its start is the one the plugin
    gives after the game before it was settled. Replaying the log to find it applies the
    actions without a view, a fraction of building the record. A log the rules refuse (which
    no table makes) is kept whole, as it came: a game is never left unrecorded for it.
    """
    plugin = games.registered().get(finished.game)
    if (
        plugin is None
        or plugin.start_type is None
        or finished.visibility is not Visibility.COMPLETE
        or finished.start is not None
    ):
        return finished
    start: Any | None = None
    begins = 0
    try:
        state = plugin.new_state(finished.setup)
        for index, action in enumerate(finished.actions[:-1]):
            done = state.completed_games()
            state.apply(action)
            if state.completed_games() > done and (found := plugin.game_start(state)) is not None:
                start, begins = found, index + 1
    except Exception:  # a log its rules refuse is a bug elsewhere: the game is still recorded
        return finished
    if start is None:
        return finished
    return replace(finished, start=start, actions=finished.actions[begins:])
