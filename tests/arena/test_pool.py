"""The work pool of the arena, the benchmarks and the trainers: here, in worker processes or
on Ray, with the same answers, and a pool it cannot have said in one line."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import pickle
import re
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from liar_tui.arena.command import run_arena
from liar_tui.arena.pool import PoolUnavailable, RayPool, add_pool_arguments, open_pool
from liar_tui.arena.runner import default_match, run_match
from liar_tui.table.seats import BotLevel
from tests.arena.test_runner import arena_args


def square_and_pid(number: int) -> tuple[int, int]:
    return number * number, os.getpid()


def refuse_seven(number: int) -> int:
    if number == 7:
        raise ValueError("seven is refused")
    return number


def test_one_job_runs_every_call_in_this_process() -> None:
    with open_pool(1) as pool:
        answers = list(pool.imap(square_and_pid, range(5)))
    assert answers == [(n * n, os.getpid()) for n in range(5)]


def test_worker_processes_give_the_answers_in_order_or_as_they_come() -> None:
    with open_pool(2) as pool:
        ordered = list(pool.imap(square_and_pid, range(20), chunksize=3))
        unordered = list(pool.imap_unordered(square_and_pid, range(20)))
        mapped = pool.map(square_and_pid, range(3))
    assert [square for square, _ in ordered] == [n * n for n in range(20)]
    assert sorted(square for square, _ in unordered) == [n * n for n in range(20)]
    assert [square for square, _ in mapped] == [0, 1, 4]
    assert os.getpid() not in {pid for _, pid in ordered + unordered}


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_worker_s_error_reaches_the_caller_as_itself(jobs: int) -> None:
    with open_pool(jobs) as pool, pytest.raises(ValueError, match="seven is refused"):
        list(pool.imap_unordered(refuse_seven, range(10)))


def test_a_function_workers_cannot_be_sent_is_refused_before_any_is_started() -> None:
    """Found only in the executor's thread, it left the pool's shutdown waiting forever."""
    with open_pool(2) as pool, pytest.raises((pickle.PicklingError, AttributeError)):
        pool.map(lambda number: number, range(4))


class _TaskFailure(Exception):
    """Stands for Ray's PoolTaskError, which its imap hands over as a result."""

    def __init__(self, underlying: Exception) -> None:
        self.underlying = underlying


class _RayError(Exception):
    """Stands for Ray's RayError: a worker or node lost."""


class _FakeRayPool:
    def __init__(self, results: list[Any]) -> None:
        self._results = results

    def imap(self, func: Any, iterable: Any, chunksize: int) -> Any:
        for result in self._results:
            if isinstance(result, _RayError):
                raise result
            yield result

    imap_unordered = imap


def test_ray_s_wrapped_error_is_raised_as_the_function_s_own() -> None:
    pool = RayPool(_FakeRayPool([1, _TaskFailure(KeyError("lost"))]), _TaskFailure, _RayError)
    with pytest.raises(KeyError, match="lost"):
        pool.map(refuse_seven, [1, 2])


def test_a_lost_ray_worker_is_one_line_without_its_traceback() -> None:
    lost = _RayError("The actor died unexpectedly.\nTraceback (most recent call last): ...")
    pool = RayPool(_FakeRayPool([1, lost]), _TaskFailure, _RayError)
    with pytest.raises(PoolUnavailable) as refused:
        list(pool.imap_unordered(refuse_seven, [1, 2]))
    assert str(refused.value) == "Ray stopped the run: The actor died unexpectedly."


def closed_port() -> int:
    """A port on this machine where nothing listens (it was free a moment ago)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.mark.parametrize(
    ("address", "message"),
    [
        (None, "nothing answers at 127.0.0.1:{port} (Connection refused); is Ray started there"),
        ("head-node", "'head-node' is no Ray address (give local, auto, HOST:PORT or ray://"),
    ],
)
def test_a_ray_address_without_a_cluster_is_refused_at_once(
    address: str | None, message: str
) -> None:
    port = closed_port()
    with pytest.raises(PoolUnavailable, match=re.escape(message.format(port=port))):  # noqa: SIM117
        with open_pool(2, address or f"127.0.0.1:{port}"):
            pytest.fail("a pool was opened")


def test_without_ray_the_arena_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    assert run_arena(arena_args("liar-game", "--games", "2", "--ray", "local")) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "liar-tui: error: --ray needs Ray, which is not installed: pip install -e '.[cluster]'\n"
    )


class _Refusing(argparse.ArgumentParser):
    def error(self, message: str) -> Any:
        raise ValueError(message)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--jobs", "0"], "must be at least 1, not 0"),
        (["--jobs", "257"], "must be at most 256, not 257"),
        (["--jobs", "lots"], "'lots' is not a whole number"),
        (["--ray", " "], "needs an address: local, auto or HOST:PORT"),
    ],
)
def test_bad_pool_options_are_refused_by_the_parser(argv: list[str], message: str) -> None:
    parser = _Refusing()
    add_pool_arguments(parser)
    assert parser.parse_args([]) == argparse.Namespace(jobs=None, ray=None)
    with pytest.raises(ValueError, match=message):
        parser.parse_args(argv)


def test_the_command_line_does_not_load_ray_or_worker_processes() -> None:
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, liar_tui.__main__, liar_tui.cli; "
            "print([m for m in ('ray', 'multiprocessing') if m in sys.modules])",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout == "[]\n"


@pytest.mark.slow
def test_an_arena_match_on_a_local_ray_instance_is_the_match_played_here(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The whole path of ``liar-tui arena ... --ray local``: Ray started for the run, the
    games played by its two workers, and the same result as in this process. (Normal and
    easy bots: the pool is under test, not the hard bots.)"""
    levels = (BotLevel.NORMAL, BotLevel.NORMAL, BotLevel.EASY)
    here = run_match(default_match("liar-game", levels, games=6, seed=7))
    options = ("--games", "6", "--seed", "7", "--seats", "normal,normal,easy", "--json")
    assert run_arena(arena_args("liar-game", *options, "--jobs", "2", "--ray", "local")) == 0
    on_ray = json.loads(capsys.readouterr().out)["seats"]
    assert [(seat["estimate"], seat["decisions"]) for seat in on_ray] == [
        (entrant.result.estimate, entrant.decisions) for entrant in here.entrants
    ]


def test_the_exploit_benchmark_gives_the_same_figures_with_one_job_or_two(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The learned exploiter's model is merged from the workers' parts; the figures, model
    size included, must not depend on how the games were split."""
    path = Path(__file__).parents[2] / "benchmarks" / "exploit.py"
    spec = importlib.util.spec_from_file_location("exploit_benchmark", path)
    assert spec is not None and spec.loader is not None
    benchmark = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, benchmark)  # where workers find its functions
    spec.loader.exec_module(benchmark)
    options = ["liar-game", "--games", "6", "--train", "6", "--only", "learned reader"]
    figures = []
    for jobs in ("1", "2"):
        assert benchmark.main([*options, "--jobs", jobs]) == 0
        header, line = capsys.readouterr().out.splitlines()
        assert header.endswith(f"(seed 1, {jobs} jobs)")
        figures.append(re.sub(r"\(\d+ s,", "(T s,", line))
    assert figures[0] == figures[1]
    assert "trained on" in figures[0]
