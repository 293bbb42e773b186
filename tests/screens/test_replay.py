"""The replay viewer by keys: each game stepped through, round by round, to its end; the
coach's line at the player's decisions; a seat's own record never showing another person's
hand; Enter on the history list; and the sentence for a game that cannot be replayed."""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.widgets import Static

from liar_tui.rules.liar_game.game import HandChosen
from liar_tui.screens.history import HistoryScreen
from liar_tui.screens.replay import ReplayScreen
from liar_tui.table.finished import complete_record, seat_record
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind

from .menus import RecordingApp, flat_text
from .replays import (
    SEATS,
    TIMES,
    played_to_end,
    record,
    record_complete,
    record_seat_view,
    replay_app,
    settled,
)

SIZE = (100, 30)
HOT_SEAT = (
    SeatConfig("You", SeatKind.HUMAN),
    SeatConfig("Ann", SeatKind.HUMAN),
    SeatConfig("Ada", SeatKind.BOT, BotLevel.EASY),
)


def step_line(screen: ReplayScreen) -> str:
    return str(screen.query_one("#replay-step", Static).render())


def coach_text(screen: ReplayScreen) -> str:
    return str(screen.query_one("#coach-line", Static).render())


@pytest.mark.parametrize("game", ["liar-game", "liars-poker-cards", "liars-poker-bills"])
async def test_a_game_is_stepped_through_by_keys(game: str) -> None:
    app = replay_app(record_complete(game))
    async with app.run_test(size=SIZE) as pilot:
        screen = await settled(pilot)
        total = len(screen.steps)
        assert total > 3
        assert step_line(screen).startswith(f"step 1 of {total} · ")
        await pilot.press("right", "right")
        assert screen.at == 2
        assert step_line(screen).startswith(f"step 3 of {total} · ")
        await pilot.press("left")
        assert screen.at == 1
        await pilot.press("end")
        assert screen.at == total - 1
        assert "(the end)" in step_line(screen)
        # A complete record: every seat's last view, to show every hand at the end only.
        assert len(screen.steps[-1].frame.face_up) == len(SEATS)
        assert screen.steps[-2].frame.face_up == ()
        await pilot.press("right")
        assert screen.at == total - 1
        await pilot.press("home", "left")
        assert screen.at == 0
        marks = [index for index, shown in enumerate(screen.steps) if shown.words.milestone]
        assert marks
        await pilot.press("right_square_bracket")
        assert screen.at == marks[0]
        await pilot.press("pagedown")
        assert screen.at == (marks[1] if len(marks) > 1 else total - 1)
        before = [mark for mark in marks if mark < screen.at]
        await pilot.press("left_square_bracket")
        assert screen.at == (before[-1] if before else 0)
        await pilot.press("escape")
        assert not isinstance(app.screen, ReplayScreen)


async def test_a_deal_of_a_table_of_bills_is_replayed_from_its_own_deal() -> None:
    """A table of bills deals game after game, and history keeps each deal from its start:
    the second deal's replay opens where it was dealt, and holds no step of the first."""
    setup, actions = played_to_end("liars-poker-bills", deals=2)
    app = replay_app(record(complete_record(setup, actions, TIMES, 0)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await settled(pilot)
        assert screen.at == 0
        assert "Game 2 is dealt" in step_line(screen)
        await pilot.press("end")
        assert "game 3 is dealt" in step_line(screen)
        assert not any("Game 1" in shown.words.text for shown in screen.steps)


async def test_the_coach_speaks_at_the_players_decisions_and_marks_a_difference() -> None:
    app = replay_app(record_complete("liars-poker-bills"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await settled(pilot)
        assert "speaks at each of your decisions" in coach_text(screen)
        decisions = [index for index, shown in enumerate(screen.steps) if shown.decided]
        assert decisions
        replay = screen.replay
        assert replay is not None
        for index in decisions:
            screen._show(index - 1)  # the coach speaks while the decision is still to make
            await pilot.pause()
            line = coach_text(screen)
            assert line.startswith("Coach: ") and "it would " in line
            played = replay.steps[index].action
            analysis = screen._coached[index]
            assert analysis is not None
            mark = "played as the coach would" if played == analysis.action else "played otherwise"
            assert f"You then {mark}." in line
            screen._show(index)
            await pilot.pause()
            assert index + 1 in decisions or "speaks at each" in coach_text(screen)


async def test_a_seat_record_never_shows_another_persons_hand() -> None:
    """A hot-seat game's record is the first person's: stepped from start to end, no step
    shows Ann's pocket (a complete record lays every pocket face up at its end)."""
    app = replay_app(record_seat_view("liar-game", HOT_SEAT))
    async with app.run_test(size=SIZE) as pilot:
        screen = await settled(pilot)
        assert "only your view" in flat_text(app)
        for index in range(len(screen.steps)):
            if index:
                await pilot.press("right")
            frame = screen.steps[screen.at].frame
            assert frame.face_up == () and frame.update.view.seat == 0
            pocket = str(screen.query_one("#pocket", Static).render())
            assert "Ann:" not in pocket and "Ada:" not in pocket
        assert "(the end)" in step_line(screen)


async def test_enter_on_the_history_list_opens_the_games_replay() -> None:
    record_complete("liar-game")
    game_id = record_complete("liars-poker-bills")
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        for _ in range(2):
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("enter")
        screen = await settled(pilot)
        assert screen.game_id == game_id
        assert "Liar's Poker (dollar bills)" in flat_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, HistoryScreen)


async def test_a_game_not_in_history_is_said_in_a_sentence() -> None:
    record_complete("liar-game")
    app = replay_app(99)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        assert "There is no game 99 in your history" in flat_text(app)
        await pilot.press("right")
        await pilot.press("escape")
        assert not isinstance(app.screen, ReplayScreen)


async def test_a_record_that_does_not_fit_its_game_is_one_sentence_not_a_traceback() -> None:
    """An edited import can name a seat the table does not have (the review's hand-edited
    file): the replay says so and the app goes on."""
    setup, actions = played_to_end("liar-game", HOT_SEAT)
    finished = seat_record(setup, actions, TIMES, 0)
    chosen = next(
        (index, event)
        for index, update in enumerate(finished.seat_updates)
        for event in update.events
        if isinstance(event, HandChosen)
    )
    index, event = chosen
    update = finished.seat_updates[index]
    events = tuple(replace(told, seat=9) if told is event else told for told in update.events)
    updates = list(finished.seat_updates)
    updates[index] = replace(update, events=events)
    app = replay_app(record(replace(finished, seat_updates=tuple(updates))))
    async with app.run_test(size=SIZE) as pilot:
        screen = await settled(pilot)
        assert "cannot be replayed: its record does not fit its game" in flat_text(app)
        await pilot.press("right", "end")
        assert app.screen is screen
