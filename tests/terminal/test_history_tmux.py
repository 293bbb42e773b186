"""History, replay and stats in a real terminal: play a Liar Game to its end, find it in
history, replay it to the coach's line and read that line off the screen, then count it in
the stats."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.terminal.tmux import LIAR_TUI, Terminal, terminal

pytestmark = pytest.mark.tmux

COMMAND = [LIAR_TUI, "play", "liar-game", "--bots", "1", "--target", "1", "--seed", "1"]
VERDICTS = ("You then played as the coach would.", "You then played otherwise.")


def play_to_the_end(term: Terminal) -> None:
    """Show the first three cards every round until someone reaches the target of 1."""
    for _ in range(10):
        screen = term.wait_for_any("Your pocket", "Game over")
        if "Game over" in screen:
            return
        term.press("1", "2", "3", "Enter")
        term.wait_for("Continue (Enter)")
        term.press("Enter")
    raise AssertionError(f"ten rounds and no winner; the screen was:\n{term.screen()}")


def coach_panel(screen: str) -> str:
    """The text inside the Coach panel's border, its wrapped lines joined by spaces."""
    lines = screen.splitlines()
    top = next(index for index, line in enumerate(lines) if "─ Coach ─" in line)
    inside: list[str] = []
    for line in lines[top + 1 :]:
        if line.lstrip().startswith("╰"):
            break
        inside.append(line.strip().strip("│").strip())
    return " ".join(part for part in inside if part)


def test_a_finished_game_is_replayed_with_the_coach_and_counted_in_stats(
    isolated_dirs: dict[str, Path],
) -> None:
    config = isolated_dirs["config"]
    config.mkdir(parents=True)
    (config / "settings.toml").write_text("bot_delay = 0\n", encoding="utf-8")
    env = {"LIAR_TUI_CONFIG_DIR": str(config), "LIAR_TUI_DATA_DIR": str(isolated_dirs["data"])}
    with terminal(COMMAND, env, size=(80, 24)) as term:
        play_to_the_end(term)
        term.press("h")
        term.wait_for("Three bluffing games")
        term.press("h")
        history = term.wait_for("1 game · all games")
        assert re.search(r"Liar Game +(1st|2nd) \(\d+\) +Ada (1st|2nd)", history), history
        term.press("Enter")
        term.wait_for("Replay · game 1 · Liar Game · your side")
        # The last round's reveal came of your hand: one step back, the table still faces
        # that choice, and the coach speaks of it.
        term.press("End", "Left")
        screen = term.wait_for_any(*VERDICTS)
        coach = coach_panel(screen)
        assert re.search(r"Coach: .*wins the round \d+% · .*it would show ", coach), coach
        assert any(verdict in coach for verdict in VERDICTS), coach
        term.press("Escape")
        term.wait_for("1 game · all games")
        term.press("t")
        stats = term.wait_for("Points per round")
        assert re.search(r"all opponents +1 +[01] ", stats), stats
        assert re.search(r"normal bots +1 +[01] ", stats), stats
        term.press("C-q")
        term.wait_until(term.exited)


@pytest.mark.slow
def test_enter_typed_right_after_arrows_replays_the_game_they_reached(
    isolated_dirs: dict[str, Path],
) -> None:
    config = isolated_dirs["config"]
    config.mkdir(parents=True)
    (config / "settings.toml").write_text("bot_delay = 0\n", encoding="utf-8")
    env = {"LIAR_TUI_CONFIG_DIR": str(config), "LIAR_TUI_DATA_DIR": str(isolated_dirs["data"])}
    with terminal(COMMAND, env, size=(80, 24)) as term:
        play_to_the_end(term)
        term.press("p")
        term.wait_for("No round played yet.")
        play_to_the_end(term)
        term.press("h")
        term.wait_for("Three bluffing games")
        term.press("h")
        term.wait_for("2 games · all games")
        term.press_together("Down", "Enter")
        term.wait_for("Replay · game 1 · Liar Game", timeout=10)
