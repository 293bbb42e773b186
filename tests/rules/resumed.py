"""A saved table brought back as the app brings it back: its setup's fresh state, then every
saved action replayed (a save holds no state of its own, see :mod:`liar_tui.store.saves`)."""

from __future__ import annotations

from typing import TypeVar

from liar_tui.games import new_state
from liar_tui.store.saves import SaveStore

State = TypeVar("State")


def resumed(store: SaveStore, kind: type[State]) -> State:
    """The state the save in ``store`` replays to, which must be a ``kind``."""
    saved = store.load()
    assert saved is not None
    state = new_state(saved.setup)
    assert isinstance(state, kind)
    for action in saved.actions:
        state.apply(action)
    return state
