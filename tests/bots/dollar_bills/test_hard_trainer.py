"""The trainer of the hard dollar-bill bot's table (tools/train_dollar_bills_hard.py): what it
writes is a module the bot reads back as the strategy it learnt, and where the work ran does
not change it."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from liar_tui.arena.pool import InProcessPool
from tools.train_dollar_bills_hard import average_strategy, train, write_table


def test_the_written_table_reads_back_as_the_strategy_learnt(tmp_path: Path) -> None:
    table = average_strategy(train(48, 16, 1, InProcessPool()))
    assert table
    for row in table.values():
        assert sum(row.values()) == pytest.approx(1, abs=1e-3)
    path = tmp_path / "table.py"
    write_table(table, "48 iterations", path)
    assert runpy.run_path(str(path))["STRATEGY"] == table


def test_a_run_is_the_same_from_the_same_seed() -> None:
    assert train(32, 16, 7, InProcessPool()) == train(32, 16, 7, InProcessPool())
