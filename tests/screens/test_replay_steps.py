"""A replay step redraws the table in place: stepping between the moves of a round lays the
screen out not once (a layout measures and places every widget of the screen, and was most
of a step's time)."""

from __future__ import annotations

from typing import Any

import pytest
from textual._compositor import Compositor

from .replays import record_complete, replay_app, settled


@pytest.mark.parametrize("game", ["liar-game", "liars-poker-cards", "liars-poker-bills"])
async def test_steps_within_a_round_lay_nothing_out(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = replay_app(record_complete(game))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await settled(pilot)
        round_ends = next(
            index for index, shown in enumerate(screen.steps) if shown.words.milestone
        )
        assert round_ends >= 3, "a round of a few moves to step through"
        await pilot.press("right")  # the first step after the opening frame settles sizes
        await pilot.pause()
        layouts: list[object] = []
        reflow = Compositor.reflow

        def counted(compositor: Compositor, *args: Any) -> Any:
            layouts.append(args)
            return reflow(compositor, *args)

        monkeypatch.setattr(Compositor, "reflow", counted)
        for at in range(2, round_ends):
            await pilot.press("right")
            await pilot.pause()
            assert screen.at == at
        assert layouts == []
