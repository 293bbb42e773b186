"""The table and its bus: actions in order, refusals to the sender only, views per seat."""

from __future__ import annotations

import random
from typing import Any

from liar_tui.rules.liar_game.game import HandChosen, LiarGameView, Rules, ShowHand, legal_hands
from liar_tui.table.bot_seat import BotSeat
from liar_tui.table.local import open_table
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Bus, Refused, SeatUpdate


class FirstHandBot:
    """Shows the first legal hand: enough to drive a table in tests."""

    def act(self, view: LiarGameView) -> ShowHand:
        return ShowHand(view.seat, legal_hands(view.pocket, view.rules)[0])


def make_setup(humans: int = 1, bots: int = 2, target: int = 100) -> TableSetup:
    seats = [SeatConfig(f"H{i}", SeatKind.HUMAN) for i in range(humans)]
    seats += [SeatConfig(f"B{i}") for i in range(bots)]
    return TableSetup("liar-game", Rules(target=target), tuple(seats), seed=11)


def test_subscribe_gives_current_view_at_once() -> None:
    table = open_table(make_setup())
    heard: list[Any] = []
    table.subscribe(0, heard.append)
    assert len(heard) == 1
    update = heard[0]
    assert isinstance(update, SeatUpdate)
    assert update.view.seat == 0
    assert update.events == ()
    assert update.to_act == (0, 1, 2)


def test_refusal_goes_only_to_sender_and_changes_nothing() -> None:
    table = open_table(make_setup())
    heard: dict[int, list[Any]] = {0: [], 1: []}
    for seat in heard:
        table.subscribe(seat, heard[seat].append)
    before = table.snapshot()
    foreign = table.view(1).pocket[:3]
    Bus(table).send(ShowHand(0, foreign))
    assert isinstance(heard[0][-1], Refused)
    assert "own pocket" in heard[0][-1].reason
    assert len(heard[1]) == 1
    assert table.snapshot() == before
    assert table.actions == ()


def test_each_seat_hears_only_its_own_view() -> None:
    table = open_table(make_setup())
    heard: dict[int, list[Any]] = {0: [], 1: [], 2: []}
    for seat in heard:
        table.subscribe(seat, heard[seat].append)
    Bus(table).send(ShowHand(1, table.view(1).pocket[:3]))
    for seat, updates in heard.items():
        assert updates[-1].view.seat == seat
        assert updates[-1].view.pocket == table.view(seat).pocket


def test_bots_answering_at_once_are_queued_not_nested() -> None:
    setup = make_setup(humans=0, bots=4, target=150)
    recorded: list[int] = []
    table = open_table(setup, recorder=lambda _s, actions, _g: recorded.append(len(actions)))
    bus = Bus(table)
    heard: list[Any] = []
    table.subscribe(0, heard.append)
    for seat in range(4):
        table.subscribe(seat, BotSeat(seat, FirstHandBot(), bus))
    assert table.over
    assert recorded == list(range(1, len(table.actions) + 1))
    chosen = [event for update in heard for event in update.events if type(event) is HandChosen]
    assert [event.seat for event in chosen] == [action.seat for action in table.actions], (
        "a seat hears the actions in the order the table applied them"
    )


def test_table_replays_to_the_same_state() -> None:
    setup = make_setup(humans=0, bots=3)
    table = open_table(setup)
    bus = Bus(table)
    for seat in range(3):
        table.subscribe(seat, BotSeat(seat, FirstHandBot(), bus))
    again = open_table(setup, table.actions)
    assert again.snapshot() == table.snapshot()


def test_human_action_moves_the_table_and_bots_follow() -> None:
    setup = make_setup(humans=1, bots=3)
    table = open_table(setup)
    bus = Bus(table)
    for seat in range(1, 4):
        table.subscribe(seat, BotSeat(seat, FirstHandBot(), bus))
    assert table.to_act() == (0,)
    view = table.view(0)
    bus.send(
        random.Random(3).choice([ShowHand(0, h) for h in legal_hands(view.pocket, view.rules)])
    )
    assert table.view(0).round == view.round + 1
    assert table.to_act() == (0,)


def test_update_names_the_seat_that_acted() -> None:
    table = open_table(make_setup())
    heard: list[Any] = []
    table.subscribe(2, heard.append)
    Bus(table).send(ShowHand(1, table.view(1).pocket[:3]))
    assert heard[0].actor is None
    assert heard[1].actor == 1


def test_a_closed_table_neither_applies_nor_records_a_late_action() -> None:
    recorded: list[int] = []
    table = open_table(make_setup(), recorder=lambda _s, actions, _g: recorded.append(1))
    heard: list[Any] = []
    table.subscribe(1, heard.append)
    before = table.snapshot()
    table.close()
    Bus(table).send(ShowHand(1, table.view(1).pocket[:3]))
    assert table.snapshot() == before
    assert table.actions == ()
    assert recorded == []
    assert len(heard) == 1, "only the view given on subscribing"
