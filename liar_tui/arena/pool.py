"""Where many independent games are played: here, in worker processes, or on a Ray cluster.

The arena, the exploit benchmark and the trainers all split their work into calls of one
function over many arguments (a chunk of game indices, say) and sum the answers in a fixed
order, so their results do not depend on where the calls ran. :func:`open_pool` gives them
one object for that with the methods of :class:`multiprocessing.pool.Pool` they use
(``imap``, ``imap_unordered``, ``map``):

* ``jobs=1`` (the default without ``--ray``) calls the function in this process: nothing
  to start, and a debugger or profiler sees every game;
* ``jobs>1`` starts that many local worker processes (a
  :class:`~concurrent.futures.ProcessPoolExecutor`, whose pool says so when a worker dies
  instead of waiting for it forever); they ignore Ctrl-C, which the parent handles once;
* ``ray_address`` runs the calls on a Ray cluster through ``ray.util.multiprocessing.Pool``,
  Ray's drop-in for the standard pool, one worker per CPU of the cluster unless ``jobs``
  says how many. Ray is an optional extra (``pip install -e '.[cluster]'``) imported only
  here, so neither the app nor a local arena run pays for it.

The addresses Ray accepts (``ray.init(address=...)``):

* ``local``: start a private Ray instance on this machine for this run, stopped at its end;
* ``auto``: the cluster this machine belongs to (started with ``ray start --head``, or
  joined with ``ray start --address HEAD:6379``), found through ``RAY_ADDRESS`` or Ray's
  session files;
* ``HOST:PORT``: the head node's address (port 6379 by default), from a machine that has
  joined that cluster;
* ``ray://HOST:10001``: Ray Client, from a machine outside the cluster; it needs
  ``pip install 'ray[client]'`` as well.

Every machine of the cluster needs the same version of liar-tui installed, since the
workers import the functions they call by name.
"""

from __future__ import annotations

import argparse
import signal
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

# concurrent.futures, logging and Ray are imported where a pool is opened, not here: the
# command line imports this module for its options at every start of the app.

Arg = TypeVar("Arg")
Result = TypeVar("Result")

MOST_JOBS = 256
"""More workers than this on one command line is a typing mistake, not a plan."""
CONNECT_SECONDS = 10
"""How long a head node's address may take to answer before it is given up."""
CLUSTER_EXTRA = "pip install -e '.[cluster]'"


class PoolUnavailable(Exception):
    """The pool asked for cannot be had (no Ray, no cluster at that address, too few CPUs)
    or Ray lost it during the run; the message is one sentence a command line prints as it
    is, with exit code 2."""


class WorkPool(Protocol):
    """The part of :class:`multiprocessing.pool.Pool` the arena and the trainers use."""

    def imap(
        self, func: Callable[[Arg], Result], iterable: Iterable[Arg], chunksize: int = 1
    ) -> Iterator[Result]:
        """``func`` over ``iterable``, the answers in the order of the arguments."""
        ...

    def imap_unordered(
        self, func: Callable[[Arg], Result], iterable: Iterable[Arg], chunksize: int = 1
    ) -> Iterator[Result]:
        """``func`` over ``iterable``, each answer as soon as it is ready."""
        ...

    def map(
        self, func: Callable[[Arg], Result], iterable: Iterable[Arg], chunksize: int = 1
    ) -> list[Result]:
        """``func`` over ``iterable``, all the answers in the order of the arguments."""
        ...


class InProcessPool:
    """Calls the function right here, one argument after the other."""

    def imap(
        self, func: Callable[[Arg], Result], iterable: Iterable[Arg], chunksize: int = 1
    ) -> Iterator[Result]:
        return map(func, iterable)

    def imap_unordered(
        self, func: Callable[[Arg], Result], iterable: Iterable[Arg], chunksize: int = 1
    ) -> Iterator[Result]:
        return map(func, iterable)

    def map(
        self, func: Callable[[Arg], Result], iterable: Iterable[Arg], chunksize: int = 1
    ) -> list[Result]:
        return list(map(func, iterable))


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops the run and says so once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalProcessPool:
    """Worker processes on this machine, over a process pool executor.

    Every argument is submitted at once, as one call (the callers cut their work into a few
    hundred chunks at most, so ``chunksize`` is not needed here and is ignored); leaving the
    pool early, by an error or Ctrl-C, cancels what has not started.
    """

    def __init__(self, executor: Executor) -> None:
        self._executor = executor

    def _submit(
        self, func: Callable[[Arg], Result], iterable: Iterable[Arg]
    ) -> list[Future[Result]]:
        """Every call submitted, once ``func`` is known to reach the workers: pickled in the
        executor's feeder thread instead, a lambda or a function of an unregistered module
        fails there, and on Python 3.11 the pool's shutdown then waits forever."""
        import pickle

        pickle.dumps(func)
        return [self._executor.submit(func, arg) for arg in iterable]

    def imap(
        self, func: Callable[[Arg], Result], iterable: Iterable[Arg], chunksize: int = 1
    ) -> Iterator[Result]:
        futures = self._submit(func, iterable)
        return (future.result() for future in futures)

    def imap_unordered(
        self, func: Callable[[Arg], Result], iterable: Iterable[Arg], chunksize: int = 1
    ) -> Iterator[Result]:
        from concurrent.futures import FIRST_COMPLETED, wait

        pending = set(self._submit(func, iterable))
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            yield from (future.result() for future in done)

    def map(
        self, func: Callable[[Arg], Result], iterable: Iterable[Arg], chunksize: int = 1
    ) -> list[Result]:
        return list(self.imap(func, iterable, chunksize))


class RayPool:
    """``ray.util.multiprocessing.Pool`` behind the same types, a function's own error raised
    as itself, as the standard pool does (Ray's ``imap`` hands it over as a result, wrapped in
    its ``PoolTaskError``), and Ray's own failures (a lost worker or node) as
    :class:`PoolUnavailable`, whose text holds no traceback from the worker."""

    def __init__(
        self, pool: Any, task_failure: type[Exception], ray_error: type[Exception]
    ) -> None:
        self._pool = pool
        self._task_failure = task_failure
        self._ray_error = ray_error

    def _unwrapped(self, results: Iterator[Any]) -> Iterator[Any]:
        try:
            for result in results:
                if isinstance(result, self._task_failure):
                    raise result.underlying  # type: ignore[attr-defined]
                yield result
        except self._ray_error as error:
            raise PoolUnavailable(f"Ray stopped the run: {_first_line(error)}") from None

    def imap(
        self, func: Callable[[Arg], Result], iterable: Iterable[Arg], chunksize: int = 1
    ) -> Iterator[Result]:
        return self._unwrapped(self._pool.imap(func, iterable, chunksize))

    def imap_unordered(
        self, func: Callable[[Arg], Result], iterable: Iterable[Arg], chunksize: int = 1
    ) -> Iterator[Result]:
        return self._unwrapped(self._pool.imap_unordered(func, iterable, chunksize))

    def map(
        self, func: Callable[[Arg], Result], iterable: Iterable[Arg], chunksize: int = 1
    ) -> list[Result]:
        return list(self.imap(func, iterable, chunksize))


@contextmanager
def open_pool(jobs: int | None, ray_address: str | None = None) -> Iterator[WorkPool]:
    """A pool of ``jobs`` workers (None: 1 here, every CPU of a Ray cluster), or of Ray
    workers at ``ray_address``; :class:`PoolUnavailable` when that cannot be had."""
    if ray_address is not None:
        with _ray_pool(jobs, ray_address) as ray_pool:
            yield ray_pool
    elif jobs is None or jobs == 1:
        yield InProcessPool()
    else:
        from concurrent.futures import ProcessPoolExecutor

        executor = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
        try:
            yield LocalProcessPool(executor)
        finally:
            executor.shutdown(cancel_futures=True)


@contextmanager
def _ray_pool(jobs: int | None, address: str) -> Iterator[RayPool]:
    """Connect to (or, at ``local``, start) Ray, unless this process already has, and
    disconnect at the end if it was this that connected."""
    import importlib.util
    import logging

    if importlib.util.find_spec("ray") is None:
        raise PoolUnavailable(f"--ray needs Ray, which is not installed: {CLUSTER_EXTRA}")
    _check_answers(address)  # before Ray's import, which takes seconds
    # Through import_module, as Any: Ray is optional and its types are partly untyped.
    ray: Any = importlib.import_module("ray")
    ray_error: type[Exception] = importlib.import_module("ray.exceptions").RayError
    task_failure: type[Exception] = importlib.import_module(
        "ray.util.multiprocessing.pool"
    ).PoolTaskError
    ray_pool_class: Any = importlib.import_module("ray.util.multiprocessing").Pool
    connected_here = not ray.is_initialized()
    if connected_here:
        options: dict[str, Any] = {"logging_level": logging.WARNING}
        if address == "local":
            options |= {"num_cpus": jobs, "include_dashboard": False}
        try:
            ray.init(address=address, **options)
        except Exception as error:  # Ray raises many kinds; each is one line here
            raise PoolUnavailable(
                f"could not reach Ray at {address!r}: {_first_line(error)}"
            ) from None
    try:
        cpus = int(ray.cluster_resources().get("CPU", 0))
        if jobs is not None and jobs > cpus:
            raise PoolUnavailable(
                f"the Ray cluster at {address!r} has {cpus} CPUs, fewer than --jobs {jobs}"
            )
        pool = ray_pool_class(processes=jobs, ray_address=address)
        try:
            yield RayPool(pool, task_failure, ray_error)
        finally:
            pool.terminate()
    finally:
        if connected_here:
            ray.shutdown()


def _check_answers(address: str) -> None:
    """Refuse a ``HOST:PORT`` where nothing listens: given one, ``ray.init`` waits for it
    for many minutes, printing a warning every few seconds."""
    if address in ("local", "auto"):
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise PoolUnavailable(
            f"{address!r} is no Ray address (give local, auto, HOST:PORT or ray://HOST:PORT)"
        )
    import socket

    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as error:
        raise PoolUnavailable(
            f"nothing answers at {address} ({error.strerror or error}); "
            "is Ray started there (ray start --head)?"
        ) from None


def _first_line(error: BaseException) -> str:
    """An error's first line, or its name: Ray's messages run on over many lines."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def count_at_least_one(text: str) -> int:
    """An option's count of one or more, or argparse's one-sentence refusal."""
    shown = text if len(text) <= 30 else text[:27] + "..."
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def _jobs(text: str) -> int:
    number = count_at_least_one(text)
    if number > MOST_JOBS:
        raise argparse.ArgumentTypeError(f"must be at most {MOST_JOBS}, not {number}")
    return number


def _address(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("needs an address: local, auto or HOST:PORT")
    return text.strip()


def add_pool_arguments(parser: argparse.ArgumentParser) -> None:
    """``--jobs N`` and ``--ray ADDRESS``, read by :func:`open_pool` as ``args.jobs`` and
    ``args.ray`` (``--jobs`` is None when not given)."""
    parser.add_argument(
        "--jobs",
        type=_jobs,
        default=None,
        metavar="N",
        help="worker processes (default 1; with --ray, every CPU of the cluster); "
        "the result does not depend on it",
    )
    parser.add_argument(
        "--ray",
        type=_address,
        default=None,
        metavar="ADDRESS",
        help="run the games on Ray: local (a Ray of this run's own), auto (the cluster "
        f"this machine joined) or HOST:PORT of the head node; needs {CLUSTER_EXTRA}",
    )
