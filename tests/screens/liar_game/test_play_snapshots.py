"""Snapshots of the Liar Game table screens (fixed seeds, bots answering at once).

Screens that show hands are taken at tables of two people, whose every choice the test
makes: the pictures then depend on the rules and the deal, not on how bots play.

Refresh with ``pytest tests/screens/liar_game/test_play_snapshots.py --snapshot-update`` and look at
the SVGs under ``__snapshots__`` before keeping them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from liar_tui.app import LiarApp
from liar_tui.rules.liar_game.game import GameOver, LiarGame, LiarGameView, Rules
from liar_tui.screens.liar_game.game_over import GameOverScreen
from liar_tui.screens.liar_game.scoreboard import ScoreboardScreen
from liar_tui.store.settings import Settings
from liar_tui.table.seats import SeatConfig, SeatKind, default_seats
from liar_tui.table.setup import TableSetup
from liar_tui.widgets.card_art import CardLook

ONE_HUMAN = (
    SeatConfig("You", SeatKind.HUMAN),
    SeatConfig("Ada"),
    SeatConfig("Bea"),
    SeatConfig("Cal"),
)
HOT_SEAT = (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Ben", SeatKind.HUMAN), SeatConfig("Ada"))
TWO_PEOPLE = (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Ben", SeatKind.HUMAN))
BIG_TABLE = default_seats(bots=7, humans=1)
BOTH_SHOW_THEIR_FIRST_THREE = ("enter", "1", "2", "3", "enter") * 2
"""Each person passes the privacy screen and shows the first three cards of the pocket."""

SnapCompare = Callable[..., bool]


LIGHT = Settings(bot_delay=0, theme="textual-light", four_color=True)
"""The light look: every colour off the cards must read on a light background."""


def table_app(
    seats: tuple[SeatConfig, ...],
    seed: int = 7,
    target: int = 60,
    settings: Settings | None = None,
) -> LiarApp:
    setup = TableSetup("liar-game", Rules(target=target), seats, seed=seed)
    return LiarApp(settings=settings or Settings(bot_delay=0), start=setup)


def keys(*pressed: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Settle the table, press keys, and settle again before the picture is taken."""

    async def run(pilot: Pilot[Any]) -> None:
        for _ in range(3):
            await pilot.pause()
        for key in pressed:
            await pilot.press(key)
            for _ in range(3):
                await pilot.pause()

    return run


def test_play_screen(snap_compare: SnapCompare) -> None:
    app = table_app(ONE_HUMAN)
    assert snap_compare(app, terminal_size=(100, 32), run_before=keys("1", "4", "right"))


@pytest.mark.slow
def test_play_screen_with_eight_seats_at_80_by_24(snap_compare: SnapCompare) -> None:
    app = table_app(BIG_TABLE)
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys("2", "5", "6"))


def test_reveal_screen(snap_compare: SnapCompare) -> None:
    app = table_app(TWO_PEOPLE, seed=2, target=500)
    assert snap_compare(app, terminal_size=(100, 32), run_before=keys(*BOTH_SHOW_THEIR_FIRST_THREE))


@pytest.mark.slow
def test_reveal_screen_in_a_light_theme(snap_compare: SnapCompare) -> None:
    app = table_app(TWO_PEOPLE, seed=2, target=500, settings=LIGHT)
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys(*BOTH_SHOW_THEIR_FIRST_THREE))


def two_rounds_by_the_rules() -> LiarGameView:
    """Two rounds between Ann and Ben played by the rules alone, each showing a hand."""
    game = LiarGame(Rules(target=500), 2, seed=2)
    while game.round <= 2:
        for seat in game.to_act():
            game.apply(game.legal_actions(seat)[0])
    return game.view(0)


def test_scoreboard_screen(snap_compare: SnapCompare) -> None:
    """The scoreboard the table opens with s, opened here over the home screen from a game
    played by the rules: the same screen without two rounds played through the app first
    (that path is the slow test below)."""

    async def open_scoreboard(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, LiarApp)
        look = CardLook.from_settings(app.settings).in_theme(app.current_theme.dark)
        await app.push_screen(ScoreboardScreen(("Ann", "Ben"), two_rounds_by_the_rules(), look))
        await pilot.pause()

    app = LiarApp(settings=Settings(bot_delay=0))
    assert snap_compare(app, terminal_size=(100, 32), run_before=open_scoreboard)


@pytest.mark.slow
def test_scoreboard_screen_after_two_rounds_at_the_table(snap_compare: SnapCompare) -> None:
    app = table_app(TWO_PEOPLE, seed=2, target=500)
    two_rounds = (*BOTH_SHOW_THEIR_FIRST_THREE, "enter") * 2
    assert snap_compare(app, terminal_size=(100, 32), run_before=keys(*two_rounds, "enter", "s"))


@pytest.mark.slow
def test_scoreboard_screen_in_a_light_theme(snap_compare: SnapCompare) -> None:
    app = table_app(TWO_PEOPLE, seed=2, target=500, settings=LIGHT)
    two_rounds = (*BOTH_SHOW_THEIR_FIRST_THREE, "enter") * 2
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys(*two_rounds, "enter", "s"))


async def play_to_the_end(pilot: Pilot[Any]) -> None:
    """Seed 4 ends a game to 40 in its first round; the picture must be of the game's end."""
    await keys(*BOTH_SHOW_THEIR_FIRST_THREE, "enter")(pilot)
    assert isinstance(pilot.app.screen, GameOverScreen)


def test_game_over_screen(snap_compare: SnapCompare) -> None:
    """The game's end as the table opens it, opened here over the home screen for Ann's
    win: the same screen without a round played through the app first (that path is the
    slow test below)."""

    async def open_game_over(pilot: Pilot[Any]) -> None:
        app = pilot.app
        result = GameOver(winners=(0,), scores=(45, 27))
        await app.push_screen(GameOverScreen(result, ("Ann", "Ben"), *[lambda: None] * 3))
        await pilot.pause()

    app = LiarApp(settings=Settings(bot_delay=0))
    assert snap_compare(app, terminal_size=(100, 32), run_before=open_game_over)


@pytest.mark.slow
def test_game_over_screen_after_a_round_at_the_table(snap_compare: SnapCompare) -> None:
    app = table_app(TWO_PEOPLE, seed=4, target=40)
    assert snap_compare(app, terminal_size=(100, 32), run_before=play_to_the_end)


@pytest.mark.slow
def test_game_over_screen_in_a_light_theme(snap_compare: SnapCompare) -> None:
    app = table_app(TWO_PEOPLE, seed=4, target=40, settings=LIGHT)
    assert snap_compare(app, terminal_size=(80, 24), run_before=play_to_the_end)


def test_privacy_screen(snap_compare: SnapCompare) -> None:
    app = table_app(HOT_SEAT)
    assert snap_compare(
        app, terminal_size=(100, 32), run_before=keys("enter", "1", "2", "3", "enter")
    )


def test_leave_question_dims_the_table_without_hiding_it(snap_compare: SnapCompare) -> None:
    app = table_app(ONE_HUMAN)
    assert snap_compare(app, terminal_size=(100, 32), run_before=keys("1", "escape"))


@pytest.mark.slow
def test_reveal_screen_with_eight_seats_at_160_by_48(snap_compare: SnapCompare) -> None:
    app = table_app(BIG_TABLE, target=500)
    assert snap_compare(app, terminal_size=(160, 48), run_before=keys("1", "2", "3", "enter"))
