"""Liar Game in a real terminal: start it from the shell, play a round by keys, read it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.terminal.tmux import LIAR_TUI, terminal

pytestmark = pytest.mark.tmux


def test_a_round_played_with_keys_shows_the_reveal(isolated_dirs: dict[str, Path]) -> None:
    env = {
        "LIAR_TUI_CONFIG_DIR": str(isolated_dirs["config"]),
        "LIAR_TUI_DATA_DIR": str(isolated_dirs["data"]),
    }
    with terminal([LIAR_TUI, "play", "liar-game", "--seed", "1"], env) as term:
        screen = term.wait_for("Your pocket")
        assert "Round 1" in screen
        term.press("1", "2", "3", "Enter")
        reveal = term.wait_for("won +")
        assert "Round 1:" in reveal
        assert " with " in reveal
        for name in ("You", "Ada", "Bea", "Cal"):
            assert name in reveal
        term.press("Enter")
        screen = term.wait_for("Round 2")
        assert "Last round" in screen
        term.press("C-q")
        term.wait_until(term.exited)
    assert (isolated_dirs["data"] / "current-table.json").exists()
