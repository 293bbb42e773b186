"""Liar's Poker with dollar bills in a real terminal: from the home screen to a first turn that
offers only what can be done (no Pass for the opener, no bid that does not raise), then play
until the show, read back from the screen."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from liar_tui.rules.dollar_bills.game import number_words
from tests.terminal.tmux import LIAR_TUI, Terminal, terminal

pytestmark = pytest.mark.tmux

SETTINGS = "bot_delay = 0.0\n\n[dollar_bills]\ndigits = 6\nstake = 2\n"
"""Bots that answer at once, and short serials so every row of the show is quick to read."""
NAMES = ("You", "Ada", "Bea", "Cal")
SHOW = "the bills are shown"


def wait_for_turn_or_show(term: Terminal) -> str:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        screen = term.screen()
        if "It is your turn" in screen or SHOW in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"neither a turn nor the show came; the screen was:\n{screen}")


def test_only_legal_bids_offered_then_the_show_read_from_the_screen(
    isolated_dirs: dict[str, Path],
) -> None:
    config = isolated_dirs["config"]
    config.mkdir(parents=True)
    (config / "settings.toml").write_text(SETTINGS, encoding="utf-8")
    env = {"LIAR_TUI_CONFIG_DIR": str(config), "LIAR_TUI_DATA_DIR": str(isolated_dirs["data"])}
    with terminal([LIAR_TUI], env, size=(80, 24)) as term:
        term.wait_for("Liar's Poker (dollar bills)")
        term.press("3")
        term.wait_for("New table: Liar's Poker (dollar bills)")
        term.press("C-s")
        screen = term.wait_for("It is your turn")
        assert "Your bill · game 1" in screen
        if "It is your turn: open" in screen:
            assert "Pass (p)" not in screen and "The opener may not pass." in screen
        else:
            term.press("1", *["Down"] * 24, "Enter")
            assert "Bid refused" not in wait_for_turn_or_show(term)
        for _ in range(30):
            screen = wait_for_turn_or_show(term)
            if SHOW in screen:
                break
            term.press("p" if "To beat" in screen else "Enter")
            time.sleep(0.3)
        show = term.wait_for(SHOW)
        bidder, count_word, digit = re.search(r"(\w+) bid (\w+) (\d)s?\. The bills", show).groups()
        rows = re.findall(r"(You|Ada|Bea|Cal)\s+((?:\d ){5}\d)\s+(\d+)\s", show)
        assert [name for name, _, _ in rows] == list(NAMES)
        for _, serial, count in rows:
            assert serial.split().count(digit) == int(count)
        total = sum(int(count) for _, _, count in rows)
        assert re.search(rf"All bills\s+{total}\b", show)
        held = "the bid holds" in show
        assert held != ("the bid fails" in show)
        claimed = {number_words(n).capitalize(): n for n in range(1, 25)}[count_word]
        assert held == (total >= claimed)
        verb = ("win" if held else "pay") if bidder == "You" else ("wins" if held else "pays")
        assert f"{bidder} {verb} $2 " in show
        term.press("Enter")
        term.wait_for(f"Game 1: {bidder} bid")
        term.press("C-q")
        term.wait_until(term.exited)
    assert (isolated_dirs["data"] / "current-table.json").exists()
