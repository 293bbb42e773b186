"""The garbage collector is tuned once startup is over, in the processes that run one app."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from liar_tui import cli, heap


def test_settling_freezes_what_startup_made_and_collects_the_young_less_often() -> None:
    code = (
        "import gc; from liar_tui.heap import YOUNG_THRESHOLD, settle_after_startup; "
        "before = gc.get_threshold(); settle_after_startup(); "
        "assert gc.get_freeze_count() > 1000, gc.get_freeze_count(); "
        "assert gc.get_threshold() == (YOUNG_THRESHOLD, *before[1:]), gc.get_threshold()"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_app_is_run_after_the_heap_is_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    steps: list[str] = []

    class RecordingApp:
        return_code = 0

        def run(self) -> None:
            steps.append("run")

    def build_app(argv: Any) -> RecordingApp:
        return RecordingApp()

    monkeypatch.setattr(cli, "build_app", build_app)
    monkeypatch.setattr(cli, "settle_after_startup", lambda: steps.append("settle"))
    assert cli.main([]) == 0
    assert steps == ["settle", "run"]
    assert heap.YOUNG_THRESHOLD > 700, "less often than Python's default"
