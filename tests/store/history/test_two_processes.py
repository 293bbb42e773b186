"""Two liar-tui processes finishing games at the same moment both get recorded (issue 14)."""

from __future__ import annotations

import multiprocessing
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path

from liar_tui.store.history import HistoryStore

from .builders import finished_game

GAMES_EACH = 20
FIRST_MINUTES = (0, 1000)
"""Each process's games end at minutes of their own, to tell them apart afterwards."""


def record_games(path: Path, start: Barrier, first_minute: int, answers: Queue[list[str]]) -> None:
    """Record :data:`GAMES_EACH` games once both processes are ready, and tell what each
    recording answered. The file is first opened after the barrier, so the two processes
    race to create it as well as to write it."""
    store = HistoryStore(path)
    start.wait(timeout=30)
    recorded = [
        store.record(finished_game(minute=first_minute + number)) for number in range(GAMES_EACH)
    ]
    store.close()
    answers.put([type(answer).__name__ for answer in recorded])


def test_two_processes_recording_at_once_are_both_recorded(path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(len(FIRST_MINUTES))
    answers: Queue[list[str]] = context.Queue()
    processes = [
        context.Process(target=record_games, args=(path, start, first_minute, answers))
        for first_minute in FIRST_MINUTES
    ]
    for process in processes:
        process.start()
    told = [answers.get(timeout=60) for _ in processes]
    for process in processes:
        process.join(timeout=30)
    assert told == [["Recorded"] * GAMES_EACH] * len(processes)
    store = HistoryStore(path)
    listed = store.list_games(limit=1000)
    store.close()
    assert sorted(summary.ended_at for summary in listed) == sorted(
        finished_game(minute=minute).ended_at
        for first in FIRST_MINUTES
        for minute in range(first, first + GAMES_EACH)
    )
