"""Shared test set-up: every test gets its own empty config and data folders."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """Point settings and saves at a fresh folder so no test sees the user's real files."""
    config = tmp_path / "config"
    data = tmp_path / "data"
    monkeypatch.setenv("LIAR_TUI_CONFIG_DIR", str(config))
    monkeypatch.setenv("LIAR_TUI_DATA_DIR", str(data))
    return {"config": config, "data": data}
