"""The replay viewer as it looks at 80x24: one snapshot a game, at the player's first
decision, with the coach's line under the table."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from .replays import record_complete, replay_app, settled


@pytest.mark.parametrize("game", ["liar-game", "liars-poker-cards", "liars-poker-bills"])
def test_snapshot_replay_at_the_first_decision(snap_compare: Any, game: str) -> None:
    game_id = record_complete(game)

    async def to_the_first_decision(pilot: Pilot[Any]) -> None:
        screen = await settled(pilot)
        first = next(index for index, shown in enumerate(screen.steps) if shown.decided)
        await pilot.press(*["right"] * (first - 1))  # the table facing the decision
        await pilot.pause()

    assert snap_compare(
        replay_app(game_id), terminal_size=(80, 24), run_before=to_the_first_decision
    )
