"""A dollar-bills session's deals recorded from their own starts (issue 14): each deal's record
keeps that deal's actions alone, so a session's history grows with its deals, not their
square, and a deal replays from its start as it was played."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from liar_tui.games import make_bot, new_state
from liar_tui.rules.dollar_bills.game import BillsShown, DealStart, Settled
from liar_tui.rules.dollar_bills.rules import Rules
from liar_tui.store.history import HistoryStore
from liar_tui.store.history.records import GameRecord
from liar_tui.store.history.starts import last_game_alone
from liar_tui.table.finished import GameTimes, complete_record
from liar_tui.table.replay import replay_of
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup

from .builders import finished_game

SETUP = TableSetup(
    "liars-poker-bills",
    Rules(),
    (
        SeatConfig("You", SeatKind.HUMAN),
        SeatConfig("Ada", SeatKind.BOT, BotLevel.NORMAL),
        SeatConfig("Bea", SeatKind.BOT, BotLevel.NORMAL),
        SeatConfig("Cy", SeatKind.BOT, BotLevel.NORMAL),
    ),
    seed=7,
)
ENDED = datetime(2026, 12, 2, 8, 0, tzinfo=UTC)
TIMES = GameTimes(ENDED - timedelta(minutes=1), ENDED, timedelta(seconds=60))


def session(deals: int) -> list[tuple[Any, ...]]:
    """The session's log as it stood at each deal settled: what the table hands history."""
    state = new_state(SETUP)
    bots = [make_bot(SETUP.game, BotLevel.NORMAL, random.Random(seat)) for seat in range(4)]
    actions: list[Any] = []
    logs: list[tuple[Any, ...]] = []
    while len(logs) < deals:
        seat = state.to_act()[0]
        actions.append(bots[seat].act(state.view(seat)))
        done = state.completed_games()
        state.apply(actions[-1])
        if state.completed_games() > done:
            logs.append(tuple(actions))
    return logs


def stored_sizes(store: HistoryStore) -> list[int]:
    """Each game's log and start as the file keeps them, in bytes, in the order recorded."""
    return store.read(
        lambda connection: [
            size
            for (size,) in connection.execute(
                "SELECT length(log) + coalesce(length(start), 0) FROM logs ORDER BY game_id"
            )
        ]
    )


def test_a_session_s_deals_are_stored_in_a_size_that_does_not_grow_with_the_session(
    store: HistoryStore,
) -> None:
    """Thirty deals: the last deal's record is no larger than a start and its own actions
    take (each deal's record had run back to the session's first deal: 7.5 KB by the
    thirtieth, against a few hundred bytes of its own)."""
    logs = session(30)
    for log in logs:
        store.record(complete_record(SETUP, log, TIMES, 0))
    sizes = stored_sizes(store)
    own_actions = [
        len(log) - len(before) for before, log in zip(((), *logs[:-1]), logs, strict=True)
    ]
    assert len(sizes) == 30
    for size, actions in zip(sizes, own_actions, strict=True):
        assert size <= 1_500 + 120 * actions
    assert sum(sizes) < 30 * 2_000


def test_the_first_deal_replays_from_the_setup_and_a_later_one_from_its_start(
    store: HistoryStore,
) -> None:
    logs = session(4)
    for log in logs:
        store.record(complete_record(SETUP, log, TIMES, 0))
    first, fourth = store.load_game(1), store.load_game(4)
    assert first is not None and fourth is not None
    assert first.finished.start is None and first.finished.actions == logs[0]
    start = fourth.finished.start
    assert isinstance(start, DealStart) and start.game == 4
    assert fourth.finished.actions == logs[3][len(logs[2]) :]


def test_a_deal_s_replay_steps_through_that_deal_alone_as_it_was_played() -> None:
    """The replay of the third deal from its start shows what a replay of the whole session
    showed of that deal: the same bill, bids and show, step by step."""
    logs = session(3)
    whole = replay_of(GameRecord(1, complete_record(SETUP, logs[2], TIMES, 0)))
    alone = replay_of(GameRecord(2, last_game_alone(complete_record(SETUP, logs[2], TIMES, 0))))
    own = len(logs[2]) - len(logs[1])
    assert len(alone.steps) == own + 1
    deal = whole.steps[-own - 1 :]
    assert [step.action for step in alone.steps[1:]] == [step.action for step in deal[1:]]
    assert [step.update.events for step in alone.steps[1:]] == [
        step.update.events for step in deal[1:]
    ]
    for seen, played in zip(alone.steps, deal, strict=True):
        assert seen.update.view.serial == played.update.view.serial or any(
            isinstance(event, Settled) for event in played.update.events
        )
        assert seen.update.view.ledger == played.update.view.ledger
        assert (seen.decision is None) == (played.decision is None)
    shown = [e for e in alone.steps[-1].update.events if isinstance(e, BillsShown)]
    assert shown and shown[0].game == 3
    assert alone.steps[0].update.events == () and alone.steps[0].update.view.game == 3


def test_a_game_that_is_its_table_s_only_one_is_kept_as_it_is() -> None:
    game = finished_game()
    assert last_game_alone(game) is game


def test_a_log_its_rules_refuse_is_kept_whole_rather_than_lost() -> None:
    logs = session(2)
    refused = (*logs[1][:-2], logs[1][-1], logs[1][-2])  # the last two turns swapped
    game = complete_record(SETUP, logs[1], TIMES, 0)
    kept = last_game_alone(replace(game, start=None, actions=refused))
    assert kept.start is None and kept.actions == refused
