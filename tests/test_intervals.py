"""The Wilson interval shared by the arena and the player's stats: its ends at no wins and
at all wins are exact, whatever the number of games (rounding once left a share of 0 just
below its own interval's low end)."""

from __future__ import annotations

import pytest

from liar_tui.intervals import wilson_bounds


@pytest.mark.parametrize("trials", [1, 3, 10, 17, 22, 100, 999])
def test_no_wins_start_at_0_and_all_wins_end_at_1_exactly(trials: int) -> None:
    assert wilson_bounds(0, trials)[0] == 0.0
    assert wilson_bounds(trials, trials)[1] == 1.0


def test_a_count_no_games_could_give_and_no_games_are_refused() -> None:
    with pytest.raises(ValueError, match="3 wins cannot come from 2 games"):
        wilson_bounds(3, 2)
    with pytest.raises(ValueError, match="at least one game"):
        wilson_bounds(0, 0)
