"""``liar-tui replay ID``: the app opened at a game's replay; an id with no game, one that is
not an id, or a game that does not replay, each one sentence on stderr and exit code 2."""

from __future__ import annotations

import pytest

from liar_tui.app import LiarApp
from liar_tui.cli import build_app, main
from liar_tui.screens.replay import ReplayScreen
from liar_tui.store.history import HistoryStore, Recorded, history_path
from tests.screens.replays import record_complete
from tests.store.history.builders import finished_game, played


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """What ``liar-tui replay *argv`` said, checking it said one line, printed nothing, and
    exited with 2."""
    code = main(["replay", *argv])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("liar-tui: error: ")
    return err


def test_an_id_with_no_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "There is no game 7 in your history" in refused(capsys, "7")
    record_complete("liar-game")
    assert "There is no game 7 in your history" in refused(capsys, "7")


@pytest.mark.parametrize("given", ["seven", "0", "-3", "1.5"])
def test_what_is_not_an_id_is_refused(capsys: pytest.CaptureFixture[str], given: str) -> None:
    assert "a game's id is a number from 1" in refused(capsys, given)


def test_a_game_whose_actions_do_not_replay_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    actions, _ = played(6)  # dealt from another seed than the record's: the hands differ
    store = HistoryStore(history_path())
    try:
        result = store.record(finished_game(actions=actions))
    finally:
        store.close()
    assert isinstance(result, Recorded)
    said = refused(capsys, str(result.game_id))
    assert f"Game {result.game_id} cannot be replayed" in said


async def test_a_good_id_opens_the_app_at_its_replay() -> None:
    game_id = record_complete("liar-game")
    app = build_app(["replay", str(game_id)])
    assert isinstance(app, LiarApp)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(3):
            await app.workers.wait_for_complete()
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.game_id == game_id and screen.steps
        await pilot.press("escape")
        assert not isinstance(app.screen, ReplayScreen)
