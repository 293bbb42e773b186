"""Help tells the theme key, which the footers leave out to keep their room."""

from __future__ import annotations

from liar_tui.app import LiarApp
from liar_tui.screens.help import keys_text, screens_with_keys


def test_help_lists_ctrl_p_with_the_keys_that_work_everywhere() -> None:
    text = keys_text(LiarApp(), screens_with_keys(LiarApp))
    everywhere = next(line for line in text.splitlines() if "**Everywhere**" in line)
    assert "`Ctrl+P` change the theme" in everywhere
    assert text.count("Ctrl+P") == 1
