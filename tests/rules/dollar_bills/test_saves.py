"""A dollar-bill session saved and resumed: views no longer carry every game, but a save
still restores the whole session, every past game included, and older saves still load.

A save holds the setup and the actions only (see :mod:`liar_tui.store.saves`), so the
session's full record comes back by replaying them.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from liar_tui.games import new_state
from liar_tui.rules.dollar_bills.game import RECENT_GAMES, DollarBillsSession, Rules, Turn
from liar_tui.store.saves import SaveStore
from liar_tui.table.seats import default_seats
from liar_tui.table.setup import TableSetup
from tests.rules.dollar_bills.test_game import random_turn
from tests.rules.resumed import resumed

OLD_SAVE = Path(__file__).with_name("saved_before_bounded_views.json")
"""Written by liar-tui at commit 69caf3d, when views still carried every past game: three
seats, four-digit bills at $3, twelve games played (by normal bots) and one bid into the
thirteenth."""


def test_a_save_written_before_views_were_bounded_loads_and_replays_exactly(
    tmp_path: Path,
) -> None:
    path = tmp_path / "current-table.json"
    shutil.copyfile(OLD_SAVE, path)
    session = resumed(SaveStore(path), DollarBillsSession)
    # What that version's session held after replaying the same actions:
    assert session.ledger == [-12, 6, 6]
    assert session.game == 13
    assert [len(played.turns) for played in session.past_games] == [
        4,
        4,
        6,
        4,
        7,
        8,
        6,
        6,
        4,
        8,
        5,
        4,
    ]
    assert len(session.turns) == 1
    view = session.view(0)
    assert [record.game for record in view.recent_games] == list(range(3, 13))
    assert view.ledger == (-12, 6, 6)


def test_a_long_session_saved_and_loaded_is_the_same_session(tmp_path: Path) -> None:
    """Every past game, the generator and every view come back, though views show only
    the last games."""
    setup = TableSetup("liars-poker-bills", Rules(digits=5), default_seats(bots=3), seed=77)
    session = new_state(setup)
    assert isinstance(session, DollarBillsSession)
    chooser = random.Random(77)
    actions: list[Turn] = []
    while session.game <= 3 * RECENT_GAMES or not session.turns:
        action = random_turn(session, chooser)
        session.apply(action)
        actions.append(action)
    store = SaveStore(tmp_path / "current-table.json")
    store.save(setup, tuple(actions))
    again = resumed(store, DollarBillsSession)
    assert again.snapshot() == session.snapshot()
    assert len(again.past_games) == 3 * RECENT_GAMES
    assert [again.view(seat) for seat in range(4)] == [session.view(seat) for seat in range(4)]
