"""The history database at the size a keen player reaches: 10,000 games of each title.

Issue 14's targets: recording a finished game median ≤ 5 ms, opening the history list
≤ 200 ms, the stats ≤ 200 ms. This builds, in a temporary folder, a history of ``--games``
games of each title (30,000 by default), copied from a few dozen real games played to the
end by normal bots (seeded, so every run builds the same file; each copy ends at its own
time, over about two years, against opponents of varied names and levels), then times:

- **record**: :meth:`HistoryStore.record` of a finished game into the full file, one
  transaction each, as the app's worker and the table host call it; ``record + replay``
  adds building the record from the setup and the action log, which they do first in the
  same thread (the log is replayed to read each seat's result), per title;
- **record, seat**: the same for a seat's own record of a long game of each title (normal
  bots; at dollar bills the last deal of a twelve-deal session), whose log is every update
  the seat was told: **online** as a joined client keeps it (each update decoded from its
  frame's JSON, heard by the seat's recorder), and **hot seat** as the app replays it from
  the table's log; with the size its log is stored in, and that of its updates written
  whole (as they were stored before, and as ``liar-tui export`` writes them). The online
  recorder writes each update in the stored form as it hears it (**hear**, a line of each
  update's time), so recording writes only the JSON; **build + record** adds what the
  app's worker does first: make the record from the recorder's updates (online), or replay
  the table's log and write its updates (hot seat). Then :meth:`HistoryStore.load_game` of
  the hot-seat record, what opening its replay reads;
- **list open**: the first page of the list, newest first, from a store that has not yet
  opened the file (what opening the history screen costs: the file, the schema check, the
  query), and the same page again once open; then the list filtered by game and by an
  opponent's name;
- **count**: how many games there are, in all and of one title (the list's length);
- **stats**: every title's stats (the lines per kind of opponent, and each game's own
  numbers), what the stats screen and ``liar-tui stats`` read, from an open file; then one
  title's ledger (its plot).
- **migration**: a history of as many games written at schema 1 opened (migrated to the
  latest schema), and the counting of each game's own numbers that follows, in the
  background.

Medians and p99 (nearest rank: with fewer than 100 runs, the slowest) of ``--runs`` runs.

    .venv/bin/python benchmarks/history.py [--games 10000] [--runs 50]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from liar_tui.games import make_bot
from liar_tui.net.client_history import SeatGame, SeatRecorder
from liar_tui.rules.dollar_bills.rules import Rules as BillRules
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.store.history import FinishedGame, HistoryFilter, HistoryStore, Recorded
from liar_tui.store.history.database import open_history, transaction
from liar_tui.store.history.records import EncodedGame, encoded, insert_game
from liar_tui.store.history.stats import history_ledger, history_stats
from liar_tui.table.codec import decode, encode
from liar_tui.table.finished import (
    GameTimes,
    complete_record,
    replayed_updates,
    seat_record,
    seat_record_from_updates,
)
from liar_tui.table.local import bot_rng, open_table
from liar_tui.table.seats import BOT_NAMES, BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import SeatUpdate

TITLES: dict[str, Any] = {
    "liar-game": LiarGameRules(),
    "liars-poker-cards": LiarsPokerRules(),
    "liars-poker-bills": BillRules(),
}
"""Each title with its default rules; a dollar-bills game is one settled deal."""
SAMPLES = 24
"""Real games played per title; the file holds copies of them."""
FIRST_END = datetime(2025, 1, 1, tzinfo=UTC)
SPREAD = timedelta(days=730)
LEVELS = tuple(BotLevel)


def sample_setup(game: str, number: int) -> TableSetup:
    """You and three bots, whose names and levels vary from game to game."""
    chooser = random.Random(f"{game}:{number}")
    names = chooser.sample(BOT_NAMES, 3)
    bots = tuple(SeatConfig(name, SeatKind.BOT, chooser.choice(LEVELS)) for name in names)
    return TableSetup(game, TITLES[game], (SeatConfig("You", SeatKind.HUMAN), *bots), number)


def played(setup: TableSetup, games: int = 1) -> tuple[Any, ...]:
    """The action log of ``games`` games played to their end (deals at dollar bills), a
    normal bot in every chair."""
    table = open_table(setup)
    bots = [
        make_bot(setup.game, BotLevel.NORMAL, bot_rng(setup, seat))
        for seat in range(len(setup.seats))
    ]
    while not table.over and table.completed_games() < games:
        for seat in table.to_act():
            table.handle(bots[seat].act(table.view(seat)))
    return table.actions


def times_of(end: datetime, actions: int) -> GameTimes:
    duration = timedelta(seconds=20 + 3 * actions)
    return GameTimes(end - duration, end, duration)


def samples() -> list[tuple[TableSetup, tuple[Any, ...]]]:
    return [
        (setup, played(setup))
        for game in TITLES
        for setup in (sample_setup(game, number) for number in range(SAMPLES))
    ]


def build(path: Path, games: int, found: list[tuple[TableSetup, tuple[Any, ...]]]) -> None:
    """``games`` games of each title at ``path``, copies of the ``found`` ones, each ending
    at its own time; written in one transaction (as no player would, to build it fast)."""
    finished = [
        complete_record(setup, log, times_of(FIRST_END, len(log)), 0) for setup, log in found
    ]
    rows = [encoded(game) for game in finished]
    step = SPREAD / (games * len(TITLES))
    connection, _ = open_history(path)
    try:
        with transaction(connection):
            for number in range(games * len(TITLES)):
                row = rows[number % len(rows)]
                insert_game(connection, ended(row, FIRST_END + number * step))
    finally:
        connection.close()


def ended(row: EncodedGame, end: datetime) -> EncodedGame:
    """``row`` as a game that ended at ``end`` (its length kept)."""
    length = timedelta(microseconds=int(row.game[3]))  # type: ignore[call-overload]
    stamps = (
        (end - length).isoformat(timespec="microseconds"),
        end.isoformat(timespec="microseconds"),
    )
    return replace(row, game=(row.game[0], *stamps, *row.game[3:]))


def timed(step: Callable[[], object], runs: int) -> list[float]:
    """Milliseconds of each of ``runs`` runs of ``step``."""
    found = []
    for _ in range(runs):
        start = time.perf_counter()
        step()
        found.append((time.perf_counter() - start) * 1000)
    return found


def line(label: str, milliseconds: list[float], target: str = "") -> str:
    ordered = sorted(milliseconds)
    p99 = ordered[min(len(ordered) - 1, max(0, round(0.99 * len(ordered)) - 1))]
    median = statistics.median(ordered)
    return f"{label:<34} median {median:8.2f} ms   p99 {p99:8.2f} ms   {target}".rstrip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games of each title")
    parser.add_argument("--runs", type=int, default=50, help="runs of each timed step")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.sqlite3"
        start = time.perf_counter()
        found = samples()
        build(path, args.games, found)
        total = args.games * len(TITLES)
        size = sum(part.stat().st_size for part in Path(folder).iterdir()) / 2**20
        print(
            f"history of {total:,} games ({args.games:,} of each title): {size:.1f} MB, "
            f"built in {time.perf_counter() - start:.1f} s"
        )
        report(path, found, args.runs, total)
    migration(found, args.games)


SEAT_GAMES = {"liar-game": 1, "liars-poker-cards": 1, "liars-poker-bills": 12}
"""Games each title's table plays for its seat records: a session of deals at dollar bills,
whose last deal's views carry the session's ledger and last games."""


@dataclass(frozen=True)
class SeatRecords:
    """Seat 0's own record of the last game of a long table of one title, online and hot
    seat, and how each is built (see the module)."""

    records: dict[str, FinishedGame]
    builds: dict[str, Callable[[], FinishedGame]]
    """What the app's worker does at the game's end before recording it: an online seat's
    record made of the updates its recorder kept (already written as they came), a hot
    seat's replayed from the table's log (and written)."""
    hearing: list[float]
    """Milliseconds the online seat's recorder took to hear each update (and write it)."""


def seat_records(game: str) -> SeatRecords:
    setup = sample_setup(game, 1)
    actions = played(setup, SEAT_GAMES[game])
    times = times_of(datetime.now(UTC), len(actions))
    handed: list[SeatGame] = []
    recorder = SeatRecorder(setup, 0, handed.append, from_start=True)
    hearing = []
    for update in replayed_updates(setup, actions, 0):
        heard = decode(json.loads(json.dumps(encode(update))), SeatUpdate)
        start = time.perf_counter()
        recorder.hear(heard)
        hearing.append((time.perf_counter() - start) * 1000)
    online = handed[-1]
    builds: dict[str, Callable[[], FinishedGame]] = {
        "online": partial(seat_record_from_updates, online.setup, online.log, 0, times),
        "hot seat": partial(seat_record, setup, actions, times, 0),
    }
    return SeatRecords({kind: build() for kind, build in builds.items()}, builds, hearing)


def seat_label(kind: str, finished: FinishedGame) -> str:
    """What the line of a seat record says of it: its title, its updates, its log's size
    as stored and its updates' written whole."""
    updates = len(finished.seat_updates)
    stored = len(encoded(finished).log.encode()) / 1024
    whole = len(json.dumps(encode(finished.seat_updates), separators=(",", ":"))) / 1024
    return f"{kind}: {finished.game} ({updates} updates, {stored:.0f} KB; whole {whole:.0f} KB)"


def build_and_record(store: HistoryStore, build: Callable[[], FinishedGame]) -> None:
    store.record(build())


def record_and_replay(
    store: HistoryStore, games: Iterator[tuple[TableSetup, tuple[Any, ...]]]
) -> None:
    """Build the next game's record from its setup and log, and record it."""
    setup, log = next(games)
    store.record(complete_record(setup, log, times_of(datetime.now(UTC), len(log)), 0))


def report(
    path: Path, found: list[tuple[TableSetup, tuple[Any, ...]]], runs: int, total: int
) -> None:
    now = datetime.now(UTC)
    records: list[FinishedGame] = [
        complete_record(setup, log, times_of(now, len(log)), 0) for setup, log in found
    ]
    chosen = iter(range(10**9))

    def one_record() -> FinishedGame:
        return records[next(chosen) % len(records)]

    store = HistoryStore(path)
    store.count_games()  # opened, so the first record times no opening
    print(line("record", timed(lambda: store.record(one_record()), runs), "(target ≤ 5 ms)"))
    for game in TITLES:
        of_title = iter([(setup, log) for setup, log in found if setup.game == game] * runs)
        step = partial(record_and_replay, store, of_title)
        print(line(f"record + replay: {game}", timed(step, runs)))
    seat_games = 0
    for game in TITLES:
        of_game = seat_records(game)
        print(line(f"hear, online: {game} (each update)", of_game.hearing))
        for kind, finished in of_game.records.items():
            print(line(seat_label(kind, finished), timed(partial(store.record, finished), runs)))
            built = partial(build_and_record, store, of_game.builds[kind])
            print(line(f"  build + record, {kind}", timed(built, runs)))
            seat_games += 2 * runs
        answer = store.record(of_game.records["hot seat"])
        assert isinstance(answer, Recorded)
        seat_games += 1
        loaded = timed(partial(store.load_game, answer.game_id), runs)
        print(line(f"load (replay opens): {game}'s hot-seat record", loaded))
    store.close()

    def cold_list() -> None:
        fresh = HistoryStore(path)
        fresh.list_games()
        fresh.close()

    print(line("list open (file not yet open)", timed(cold_list, runs), "(target ≤ 200 ms)"))
    print(line("list page, open", timed(store.list_games, runs)))
    by_game = HistoryFilter(game="liars-poker-cards")
    print(line("list page, one title", timed(lambda: store.list_games(by_game), runs)))
    by_name = HistoryFilter(opponent_name=BOT_NAMES[0])
    print(
        line(f"list page, opponent {BOT_NAMES[0]}", timed(lambda: store.list_games(by_name), runs))
    )
    games = store.count_games()
    assert games == total + (1 + len(TITLES)) * runs + seat_games, "every record was stored"
    print(line(f"count ({games:,})", timed(store.count_games, runs)))
    print(line("count, one title", timed(lambda: store.count_games(by_game), runs)))
    print(
        line("stats, every title", timed(lambda: history_stats(store), runs), "(target ≤ 200 ms)")
    )
    bills = "liars-poker-bills"
    print(line(f"ledger, {bills}", timed(lambda: history_ledger(store, bills), runs)))
    store.close()


def migration(found: list[tuple[TableSetup, tuple[Any, ...]]], games: int) -> None:
    """Opening a history of ``games`` games of each title that liar-tui wrote at schema 1 (as
    copies of the ``found`` ones), before each game's own numbers were kept: the migration to
    the latest schema, which the first read waits on, then the counting of those numbers
    that follows it, as the store does in the background (here in the caller's thread)."""
    import sqlite3

    from liar_tui.store.history.migrations import MIGRATIONS

    rows = [
        encoded(complete_record(setup, log, times_of(FIRST_END, len(log)), 0))
        for setup, log in found
    ]
    total = games * len(TITLES)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.sqlite3"
        connection = sqlite3.connect(path, isolation_level=None)
        with transaction(connection):
            MIGRATIONS[0].apply(connection)
            for number in range(total):
                row = rows[number % len(rows)]
                game_id = connection.execute(
                    "INSERT INTO games VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?)", row.game[:8]
                ).lastrowid
                connection.execute(
                    "INSERT INTO logs VALUES (?, ?, ?)", (game_id, row.setup, row.log)
                )
                connection.executemany(
                    "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(game_id, *seat) for seat in row.seats],
                )
            connection.execute("PRAGMA user_version = 1")
        connection.close()
        start = time.perf_counter()
        connection, _ = open_history(path)
        opened = time.perf_counter() - start
        connection.close()
        store = HistoryStore(path)
        start = time.perf_counter()
        store.finish_counting()
        counted = time.perf_counter() - start
        left = store.games_to_count()
        store.close()
        assert left == 0, "every game was counted"
    print(
        f"open a schema-1 history of {total:,} games: migration {opened * 1000:.0f} ms; "
        f"then counting their numbers {counted:.1f} s ({counted / total * 1000:.2f} ms a game, "
        "in the background)"
    )


if __name__ == "__main__":
    main()
