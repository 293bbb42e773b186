"""A history store in each test's own data folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from liar_tui.store.history import HistoryStore, history_path


@pytest.fixture
def path(isolated_dirs: dict[str, Path]) -> Path:
    return history_path()


@pytest.fixture
def store(path: Path) -> Iterator[HistoryStore]:
    store = HistoryStore(path)
    yield store
    store.close()
