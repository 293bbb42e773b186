"""The garbage collector is tuned once startup is over, in the processes that run one app."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path
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


def test_join_runs_its_app_after_the_heap_is_settled(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from liar_tui import client_app
    from liar_tui.net import client, join_command

    steps: list[str] = []

    class ConnectedClient:
        def __init__(self, address: Any, name: str, **options: Any) -> None:
            self.name = name

        async def connect(self) -> None:
            steps.append("connect")

        async def close(self) -> None:
            steps.append("close")

    class RecordingApp:
        return_code = 0

        def __init__(self, *arguments: Any) -> None:
            pass

        async def run_async(self) -> None:
            steps.append("run")

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(client, "HostClient", ConnectedClient)
    monkeypatch.setattr(client_app, "ClientApp", RecordingApp)
    monkeypatch.setattr(join_command, "settle_after_startup", lambda: steps.append("settle"))
    parser = argparse.ArgumentParser(prog="liar-tui")
    join_command.add_parser(parser.add_subparsers(dest="command"))
    assert join_command.run(parser.parse_args(["join", "127.0.0.1:7777"])) == 0
    assert steps == ["connect", "settle", "run", "close"]
