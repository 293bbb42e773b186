"""Shared test set-up: every test gets its own empty config and data folders."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

# No per-example deadline: on a shared, loaded machine (and when an example is the first to
# build a ranking's tables) one example's time says nothing about the code, and a deadline
# would fail the suite at random. Speed lives in benchmarks/.
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """Point settings and saves at a fresh folder so no test sees the user's real files."""
    config = tmp_path / "config"
    data = tmp_path / "data"
    monkeypatch.setenv("LIAR_TUI_CONFIG_DIR", str(config))
    monkeypatch.setenv("LIAR_TUI_DATA_DIR", str(data))
    return {"config": config, "data": data}


@pytest.fixture(autouse=True)
def steady_text_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep a focused input's cursor shown instead of blinking every half second.

    A snapshot is taken whenever the app settles; on a loaded machine that can fall either
    side of a blink, and the same screen would then compare unequal to itself.
    """
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
