"""Liar's Poker with cards in a real terminal: start it from the shell, play a round by keys,
read the challenge off the screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.terminal.tmux import LIAR_TUI, terminal

pytestmark = pytest.mark.tmux

COMMAND = [LIAR_TUI, "play", "liars-poker-cards", "--humans", "2", "--bots", "0", "--seed", "3"]


def test_a_round_by_keys_ends_in_a_challenge_read_on_screen(
    isolated_dirs: dict[str, Path],
) -> None:
    env = {
        "LIAR_TUI_CONFIG_DIR": str(isolated_dirs["config"]),
        "LIAR_TUI_DATA_DIR": str(isolated_dirs["data"]),
    }
    with terminal(COMMAND, env, size=(80, 24)) as term:
        term.wait_for("Pass the keyboard to Player 1.")
        term.press("Enter")
        screen = term.wait_for("hand: declare it")
        assert "opens the round" in screen
        term.press("A", " ", "h", "i", "g", "h", "Enter")
        term.wait_for("Pass the keyboard to Player 2.")
        term.press("Enter")
        screen = term.wait_for("take the hand or challenge")
        assert "Player 1 declared A high" in screen
        assert "╭─────╮" not in screen, "the decider sees no card"
        term.press("t")
        term.wait_for("pick cards to discard")
        term.press("1", "Enter")
        term.wait_for("hand: declare it")  # the hand drawn to, whatever the line wraps
        term.press("2", " ", "p", "a", "i", "r", "Enter")
        term.wait_for("Pass the keyboard to Player 1.")
        term.press("Enter")
        term.wait_for("Player 2 declared two pair")
        term.press("c")
        screen = term.wait_for("Continue (any key)")
        assert "Round 1: Player 1 challenged Player 2." in screen
        assert "loses a life" in screen or "is out" in screen
        term.press("Enter")
        term.wait_for("Game over")
        term.press("C-q")
        term.wait_until(term.exited)
