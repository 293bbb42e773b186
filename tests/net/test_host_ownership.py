"""Issue 12 finding 5 and table ownership: the creator owns a table; anyone else seated only
votes to start; the owner may send a person away; a private table takes a code; a seat
resumed elsewhere is taken from its first holder with a SeatLost saying so."""

from __future__ import annotations

from liar_tui.net.protocol import (
    ChairKind,
    CreateTable,
    ErrorCode,
    HostError,
    LeaveSeat,
    LobbyState,
    RemoveSeat,
    Resume,
    Seated,
    SeatLost,
    Started,
    StartTable,
    TableCreated,
    TablePhase,
    TakeSeat,
)
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.table.seats import SeatConfig, SeatKind
from tests.net.host_client import HostClient, running_host
from tests.net.test_host_faults import chair_is, open_table, take

GAME = "liar-game"
THREE_CHAIRS = (*(SeatConfig(f"Chair {n}", SeatKind.HUMAN) for n in range(3)), SeatConfig("Ada"))


async def greeted(port: int, *names: str) -> list[HostClient]:
    """Connections that said Hello with these names."""
    clients = []
    for name in names:
        client = await HostClient.tcp(port)
        await client.greet(name)
        clients.append(client)
    return clients


def phase_is(table: int, phase: TablePhase, **fields: object) -> object:
    def matches(lobby: LobbyState) -> bool:
        summary = next((t for t in lobby.tables if t.table == table), None)
        return (
            summary is not None
            and summary.phase is phase
            and all(getattr(summary, k) == v for k, v in fields.items())
        )

    return matches


async def test_a_stranger_at_an_open_chair_cannot_start_someone_elses_table() -> None:
    async with running_host() as (host, port):
        ann, eve = await greeted(port, "Ann", "Eve")
        table = await open_table(ann, GAME, LiarGameRules(), THREE_CHAIRS)
        ann_seat = await take(ann, table, 0)
        eve_seat = await take(eve, table, 1)
        await eve.expect_lobby(phase_is(table, TablePhase.WAITING, owner=0))
        await eve.send(StartTable(eve_seat.token))
        # Eve's StartTable is only her vote: Ann, seated and the owner, has not voted.
        await eve.expect_lobby(chair_is(table, 1, ready=True))
        assert host._tables[table].phase is TablePhase.WAITING
        await ann.send(StartTable(ann_seat.token))
        assert (await ann.expect(Started)).table == table
        assert (await eve.expect(Started)).table == table


async def test_the_table_starts_when_everyone_seated_votes() -> None:
    async with running_host() as (host, port):
        creator, bob, cat = await greeted(port, "Creator", "Bob", "Cat")
        table = await open_table(creator, GAME, LiarGameRules(), THREE_CHAIRS)
        bob_seat, cat_seat = await take(bob, table, 1), await take(cat, table, 2)
        await bob.send(StartTable(bob_seat.token))
        await bob.expect_lobby(chair_is(table, 1, ready=True))
        assert host._tables[table].phase is TablePhase.WAITING
        await cat.send(StartTable(cat_seat.token))
        assert (await bob.expect(Started)).table == table
        assert (await cat.expect(Started)).table == table


async def test_an_owner_who_leaves_hands_the_table_to_the_next_person() -> None:
    async with running_host() as (_, port):
        ann, bob = await greeted(port, "Ann", "Bob")
        table = await open_table(ann, GAME, LiarGameRules(), THREE_CHAIRS)
        ann_seat = await take(ann, table, 0)
        bob_seat = await take(bob, table, 2)
        await ann.send(LeaveSeat(ann_seat.token))
        await bob.expect_lobby(phase_is(table, TablePhase.WAITING, owner=2))
        await bob.send(StartTable(bob_seat.token))
        assert (await bob.expect(Started)).table == table


async def test_the_owner_sends_a_person_away_before_the_start() -> None:
    async with running_host() as (_, port):
        ann, bob = await greeted(port, "Ann", "Bob")
        table = await open_table(ann, GAME, LiarGameRules(), THREE_CHAIRS)
        ann_seat = await take(ann, table, 0)
        bob_seat = await take(bob, table, 1)
        await bob.send(RemoveSeat(bob_seat.token, 0))
        refusal = await bob.expect(HostError)
        assert refusal.code is ErrorCode.NOT_OWNER
        await ann.send(RemoveSeat(ann_seat.token, 2))
        assert (await ann.expect(HostError)).message == "Nobody sits at seat 2 of table 1."
        await ann.send(RemoveSeat(ann_seat.token, 1))
        lost = await bob.expect(SeatLost)
        assert (lost.table, lost.seat) == (table, 1)
        assert "owner" in lost.reason
        await ann.expect_lobby(chair_is(table, 1, kind=ChairKind.OPEN))
        await bob.send(StartTable(bob_seat.token))
        assert (await bob.expect(HostError)).code is ErrorCode.BAD_TOKEN
        await ann.send(StartTable(ann_seat.token))
        await ann.expect(Started)
        await ann.send(RemoveSeat(ann_seat.token, 1))
        assert (await ann.expect(HostError)).code is ErrorCode.ALREADY_STARTED


async def test_a_private_table_takes_its_code() -> None:
    async with running_host() as (_, port):
        ann, bob = await greeted(port, "Ann", "Bob")
        await ann.send(CreateTable(GAME, LiarGameRules(), THREE_CHAIRS, private=True))
        created = await ann.expect(TableCreated)
        assert len(created.code) == 6 and created.code.isalnum()
        await bob.expect_lobby(phase_is(created.table, TablePhase.WAITING, private=True))
        await bob.send(TakeSeat(created.table, 1))
        missing = await bob.expect(HostError)
        assert missing.code is ErrorCode.PRIVATE and "code" in missing.message
        wrong = "A" * 6 if created.code != "A" * 6 else "B" * 6
        await bob.send(TakeSeat(created.table, 1, wrong))
        assert (await bob.expect(HostError)).message == "That is not the code of table 1."
        await bob.send(TakeSeat(created.table, 1, f" {created.code.lower()} "))
        assert (await bob.expect(Seated)).seat == 1
        await ann.send(TakeSeat(created.table, 0))  # its creator was given the code
        assert (await ann.expect(Seated)).seat == 0


async def test_a_public_table_has_no_code() -> None:
    async with running_host() as (_, port):
        (ann,) = await greeted(port, "Ann")
        await ann.send(CreateTable(GAME, LiarGameRules(), THREE_CHAIRS))
        assert (await ann.expect(TableCreated)).code == ""


async def test_a_seat_resumed_elsewhere_tells_its_first_holder() -> None:
    async with running_host() as (_, port):
        ann, again = await greeted(port, "Ann", "Ann")
        table = await open_table(ann, GAME, LiarGameRules(), THREE_CHAIRS)
        seated = await take(ann, table, 0)
        await again.send(Resume(seated.token))
        assert (await again.expect(Seated)).token == seated.token
        lost = await ann.expect(SeatLost)
        assert (lost.table, lost.seat) == (table, 0)
        assert "another connection" in lost.reason


async def test_the_creator_sits_down_as_the_table_is_made_so_nobody_can_sit_first() -> None:
    async with running_host() as (host, port):
        ann, eve = await greeted(port, "Ann", "Eve")
        await ann.send(CreateTable(GAME, LiarGameRules(), THREE_CHAIRS, seat=0))
        table = (await ann.expect(TableCreated)).table
        # Eve's TakeSeat for the new number is handled after the table was made, and by
        # then its creator sits in chair 0 and owns it.
        assert host._tables[table].owner_seat == 0
        seated = await ann.expect(Seated)
        assert (seated.table, seated.seat) == (table, 0)
        await eve.send(TakeSeat(table, 0))
        assert (await eve.expect(HostError)).code is ErrorCode.SEAT_TAKEN
        await ann.send(CreateTable(GAME, LiarGameRules(), THREE_CHAIRS, seat=3))
        refusal = await ann.expect(HostError)
        assert refusal.message == "Seat 3 is not a chair for a person."


async def test_a_removed_person_cannot_sit_down_again() -> None:
    async with running_host() as (_, port):
        ann, eve = await greeted(port, "Ann", "Eve")
        await ann.send(CreateTable(GAME, LiarGameRules(), THREE_CHAIRS, private=True, seat=0))
        created = await ann.expect(TableCreated)
        ann_seat = await ann.expect(Seated)
        await eve.send(TakeSeat(created.table, 1, created.code))
        await eve.expect(Seated)
        await ann.send(RemoveSeat(ann_seat.token, 1))
        await eve.expect(SeatLost)
        await eve.send(TakeSeat(created.table, 2, created.code))
        refusal = await eve.expect(HostError)
        assert refusal.message == "The owner of table 1 removed you; you cannot sit there again."
        again = (await greeted(port, "eve"))[0]  # a new connection, the same name here
        await again.send(TakeSeat(created.table, 2, created.code))
        assert (await again.expect(HostError)).code is ErrorCode.SEAT_TAKEN


async def test_a_private_code_cannot_be_guessed_for_ever() -> None:
    async with running_host() as (_, port):
        ann, eve = await greeted(port, "Ann", "Eve")
        await ann.send(CreateTable(GAME, LiarGameRules(), THREE_CHAIRS, private=True))
        created = await ann.expect(TableCreated)
        wrong = "A" * 6 if created.code != "A" * 6 else "B" * 6
        for _ in range(10):
            await eve.send(TakeSeat(created.table, 1, wrong))
            assert (await eve.expect(HostError)).message == "That is not the code of table 1."
        await eve.send(TakeSeat(created.table, 1, created.code))  # even the right one now
        refusal = await eve.expect(HostError)
        assert refusal.message.startswith("Too many wrong codes for table 1")
