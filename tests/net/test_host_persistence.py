"""The host's journal as the host uses it: a finished game's files go at once, a table under
rules this version refuses is not taken up again, and saves coalesce."""

from __future__ import annotations

import asyncio
import dataclasses
import pathlib
import random
import threading

from liar_tui.games import make_bot
from liar_tui.net.host_journal import ChairRecord, HostJournal, TableRecord
from liar_tui.net.host_persistence import TableJournal
from liar_tui.net.protocol import CreateTable, Seated, StartTable, TableCreated, TakeSeat
from liar_tui.net.server import HostOptions, TableHost
from liar_tui.rules.cards import NATURAL_RANKS
from liar_tui.rules.liars_poker.rules import LiarsPokerRules, PokerRules, RoundRules
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from tests.net.host_client import WAIT, HostClient, play_seat, running_host

GAME = "liars-poker-cards"
SEATS = (SeatConfig("Chair", SeatKind.HUMAN), SeatConfig("Ada"))


async def test_a_finished_game_leaves_no_journal_behind(tmp_path: pathlib.Path) -> None:
    journal = tmp_path / "tables"
    async with running_host(HostOptions(data_dir=journal)) as (_, port):
        ann = await HostClient.tcp(port)
        await ann.greet("Ann")
        await ann.send(CreateTable(GAME, LiarsPokerRules(lives=1), SEATS, seat=0))
        table = (await ann.expect(TableCreated)).table
        seated = await ann.expect(Seated)
        await ann.send(StartTable(seated.token))
        bot = make_bot(GAME, BotLevel.NORMAL, random.Random(0))
        await asyncio.wait_for(play_seat(ann, seated, bot, GAME), WAIT)
        for _ in range(int(WAIT / 0.05)):  # the journal's thread removes the files
            if not any(journal.glob(f"table-{table}.*")):
                break
            await asyncio.sleep(0.05)
        assert not any(journal.glob(f"table-{table}.*"))
        await ann.close()


async def test_a_table_under_rules_now_refused_is_not_taken_up(tmp_path: pathlib.Path) -> None:
    every_rank_wild = LiarsPokerRules(
        round=RoundRules(poker=PokerRules(wild_ranks=frozenset(NATURAL_RANKS)))
    )
    request = CreateTable(GAME, LiarsPokerRules(), SEATS)
    journal = HostJournal(tmp_path / "tables")
    record = TableRecord(
        1, request, (ChairRecord("Ann", "token"), ChairRecord(None, None)), 0, "", None
    )
    # Written as an older version would have: its rules passed the checks of the time.
    journal.save_table(
        dataclasses.replace(record, request=dataclasses.replace(request, rules=every_rank_wild))
    )
    journal.close()
    host = TableHost(HostOptions(data_dir=tmp_path / "tables"))
    try:
        restored, problems = host.restore()
        assert restored == 0
        assert len(problems) == 1
        assert problems[0].startswith("Table 1 was not taken up: With every")
    finally:
        await host.close()


async def test_records_waiting_to_be_written_are_replaced_by_the_newest(
    tmp_path: pathlib.Path,
) -> None:
    """A client taking and leaving seats fast must not queue a disk write for each."""
    async with running_host(HostOptions(data_dir=tmp_path / "tables")) as (host, port):
        ann = await HostClient.tcp(port)
        await ann.greet("Ann")
        await ann.send(CreateTable(GAME, LiarsPokerRules(), SEATS, seat=0))
        await ann.expect(TableCreated)
        await ann.expect(Seated)
        table = host._tables[1]
        assert host._journal is not None
        writes: list[TableRecord] = []
        journal: TableJournal = host._journal
        original = journal.journal.save_table
        gate = threading.Event()

        def recorded_save(record: TableRecord) -> None:
            writes.append(record)
            original(record)

        journal.journal.save_table = recorded_save  # type: ignore[method-assign]
        journal._writer.submit(gate.wait, WAIT)  # the writer thread is busy meanwhile
        for name in ("Bea", "Cal", "Dee", "Eve"):
            table.chairs[0].person = name
            table.save()
        gate.set()
        journal._writer.submit(lambda: None).result(WAIT)  # everything queued is written
        assert [record.chairs[0].person for record in writes] == ["Eve"]
        await ann.close()


async def test_a_vote_to_start_is_kept_across_a_restart(tmp_path: pathlib.Path) -> None:
    """Else everyone who had said they were ready must say it again after a restart."""
    options = HostOptions(data_dir=tmp_path / "tables")
    people = (SeatConfig("One", SeatKind.HUMAN), SeatConfig("Two", SeatKind.HUMAN), SEATS[1])
    async with running_host(options) as (host, port):
        ann, bob = await HostClient.tcp(port), await HostClient.tcp(port)
        await ann.greet("Ann")
        await bob.greet("Bob")
        await ann.send(CreateTable(GAME, LiarsPokerRules(), people, seat=0))
        table = (await ann.expect(TableCreated)).table
        await ann.expect(Seated)
        await bob.send(TakeSeat(table, 1))
        await bob.send(StartTable((await bob.expect(Seated)).token))
        await bob.expect_lobby(lambda lobby: lobby.tables[0].seats[1].ready)
        assert host._tables[table].table is None, "a vote alone does not start the table"
    restarted = TableHost(options)
    try:
        assert restarted.restore() == (1, [])
        assert [chair.ready for chair in restarted._tables[table].chairs] == [False, True, False]
    finally:
        await asyncio.wait_for(restarted.close(), WAIT)
