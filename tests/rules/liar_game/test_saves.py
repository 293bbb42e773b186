"""A Liar Game saved and resumed: views no longer carry every round, but a save still
restores the whole game, every round included, and older saves still load.

A save holds the setup and the actions only (see :mod:`liar_tui.store.saves`), so the
game's full record comes back by replaying them.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from liar_tui.games import new_state
from liar_tui.rules.liar_game.game import RECENT_ROUNDS, LiarGame, Rules, ShowHand
from liar_tui.store.saves import SaveStore
from liar_tui.table.seats import default_seats
from liar_tui.table.setup import TableSetup
from tests.rules.resumed import resumed

OLD_SAVE = Path(__file__).with_name("saved_before_bounded_views.json")
"""Written by liar-tui at commit 3062cc5, when views still carried every round: three
seats playing to 2,000, thirty rounds played (by normal bots) and one hand chosen in the
thirty-first."""


def test_a_save_written_before_views_were_bounded_loads_and_replays_exactly(
    tmp_path: Path,
) -> None:
    path = tmp_path / "current-table.json"
    shutil.copyfile(OLD_SAVE, path)
    game = resumed(SaveStore(path), LiarGame)
    # What that version's game held after replaying the same actions:
    assert game.round == 31
    assert game.scores == [607, 673, 592]
    assert len(game.history) == 30
    assert [chosen is not None for chosen in game.chosen] == [True, False, False]
    view = game.view(0)
    assert view.rounds_won == (12, 10, 9)
    assert view.rounds_played == 30
    assert [result.round for result in view.history] == list(range(11, 31))


def test_a_long_game_saved_and_loaded_is_the_same_game(tmp_path: Path) -> None:
    """Every round, the generator and every view come back, though views show only the
    last rounds."""
    setup = TableSetup("liar-game", Rules(target=100_000), default_seats(bots=3), seed=77)
    game = new_state(setup)
    assert isinstance(game, LiarGame)
    chooser = random.Random(77)
    actions: list[ShowHand] = []
    while game.round <= 3 * RECENT_ROUNDS or not any(game.chosen):
        seat = chooser.choice(game.to_act())
        action = chooser.choice(game.legal_actions(seat))
        game.apply(action)
        actions.append(action)
    store = SaveStore(tmp_path / "current-table.json")
    store.save(setup, tuple(actions))
    again = resumed(store, LiarGame)
    assert again.snapshot() == game.snapshot()
    assert len(again.history) == 3 * RECENT_ROUNDS
    assert [again.view(seat) for seat in range(4)] == [game.view(seat) for seat in range(4)]
