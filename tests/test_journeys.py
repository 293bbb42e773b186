"""Whole games from the home screen to game over, as a person plays them: by keys alone, by
mouse alone, and two people taking turns at one keyboard; and quitting mid-round, then
resuming exactly where the table stood."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from liar_tui.app import LiarApp
from liar_tui.cli import build_app
from liar_tui.rules.liar_game.game import Rules, ShowHand, legal_hands
from liar_tui.screens.confirm import ConfirmScreen
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.liar_game.game_over import GameOverScreen
from liar_tui.screens.liar_game.play import LiarGamePlayScreen
from liar_tui.screens.liar_game.reveal import RevealScreen
from liar_tui.screens.privacy import PrivacyScreen
from liar_tui.screens.setup import SetupScreen
from liar_tui.store.saves import SaveStore
from liar_tui.store.settings import Settings
from liar_tui.table.local import open_table
from liar_tui.table.seats import SeatConfig, SeatKind, default_seats
from liar_tui.table.setup import TableSetup

SIZE = (100, 32)
MAX_ROUNDS = 40
"""Games here play to 30 points: a few rounds. More means a screen is stuck."""


def quick_settings(seats: tuple[SeatConfig, ...] | None = None) -> Settings:
    """Saved defaults for short games with bots that answer at once."""
    settings = Settings(bot_delay=0, seats=seats or default_seats(bots=3))
    return settings.with_rules("liar-game", Rules(target=30))


def screen_text(app: App[Any]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def settle(pilot: Pilot[Any]) -> None:
    """Let bots answer and screens switch; each screen switch needs its own pause."""
    for _ in range(3):
        await pilot.pause()


async def click_text(pilot: Pilot[Any], app: App[Any], text: str) -> None:
    """Click the first place on screen where ``text`` is written, as a person aims the mouse."""
    for y, line in enumerate(screen_text(app).splitlines()):
        x = line.find(text)
        if x >= 0:
            assert await pilot.click(offset=(x + 1, y)), f"nothing to click at {text!r}"
            return
    raise AssertionError(f"{text!r} is not on the screen:\n{screen_text(app)}")


async def show_the_first_three_cards(pilot: Pilot[Any]) -> None:
    await pilot.press("1", "2", "3", "enter")
    await settle(pilot)


async def close_the_reveal(pilot: Pilot[Any]) -> bool:
    """Continue from the round's reveal; whether the game is over."""
    assert isinstance(pilot.app.screen, RevealScreen)
    await pilot.press("enter")
    await settle(pilot)
    return isinstance(pilot.app.screen, GameOverScreen)


async def start_from_home_by_keys(pilot: Pilot[Any]) -> None:
    """Home → ``1`` (Liar Game) → the setup screen → ``Ctrl+S`` (start)."""
    await pilot.press("1")
    await settle(pilot)
    assert isinstance(pilot.app.screen, SetupScreen)
    await pilot.press("ctrl+s")
    await settle(pilot)


async def test_home_to_game_over_by_keys_alone() -> None:
    app = LiarApp(settings=quick_settings())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        await start_from_home_by_keys(pilot)
        table = app.table
        for _ in range(MAX_ROUNDS):
            assert isinstance(app.screen, LiarGamePlayScreen)
            await show_the_first_three_cards(pilot)
            if await close_the_reveal(pilot):
                break
        assert table.over
        assert "Game over" in screen_text(app)
        assert not SaveStore().path.exists(), "a finished game leaves nothing to resume"
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert "Resume" not in screen_text(app)


async def test_home_to_game_over_by_mouse_alone() -> None:
    app = LiarApp(settings=quick_settings())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await click_text(pilot, app, "Liar Game")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert await pilot.click("#start")
        await settle(pilot)
        table = app.table
        for _ in range(MAX_ROUNDS):
            assert isinstance(app.screen, LiarGamePlayScreen)
            for card in ("#pick-4", "#pick-5", "#pick-6"):
                assert await pilot.click(card)
            assert await pilot.click("#show-hand")
            await settle(pilot)
            assert isinstance(app.screen, RevealScreen)
            assert await pilot.click("#reveal-ok")
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
        assert table.over
        assert await pilot.click("#go-home")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


@pytest.mark.slow
async def test_hot_seat_two_people_from_home_to_game_over() -> None:
    seats = (
        SeatConfig("Ann", SeatKind.HUMAN),
        SeatConfig("Ada"),
        SeatConfig("Ben", SeatKind.HUMAN),
    )
    app = LiarApp(settings=replace(quick_settings(seats), player_name="Ann"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await start_from_home_by_keys(pilot)
        table = app.table
        assert table.setup.human_seats == (0, 2)
        for _ in range(MAX_ROUNDS):
            for seat, name in ((0, "Ann"), (2, "Ben")):
                assert isinstance(app.screen, PrivacyScreen)
                covered = screen_text(app)
                assert name in covered
                for card in table.view(seat).pocket + table.view(2 - seat).pocket:
                    assert card.text not in covered, "the privacy screen shows no cards"
                await pilot.press("enter")
                await settle(pilot)
                assert isinstance(app.screen, LiarGamePlayScreen)
                await show_the_first_three_cards(pilot)
            if await close_the_reveal(pilot):
                break
        assert table.over


async def test_quit_mid_round_then_resume_exactly_where_it_stood() -> None:
    settings = quick_settings().with_rules("liar-game", Rules(target=500))
    first = LiarApp(settings=settings)
    async with first.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await start_from_home_by_keys(pilot)
        for _ in range(2):
            await show_the_first_three_cards(pilot)
            await close_the_reveal(pilot)
        table = first.table
        assert table.to_act() == (0,), "mid-round: the bots have chosen, the person has not"
        before = table.snapshot()
        await pilot.press("ctrl+q")
    second = LiarApp(settings=settings)
    async with second.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Resume" in screen_text(second)
        await pilot.press("r")
        await settle(pilot)
        resumed = second.table
        assert resumed.snapshot() == before
        assert resumed.view(0).round == 3


async def test_a_corrupt_settings_file_is_named_and_the_app_runs_on_defaults(
    isolated_dirs: dict[str, Path],
) -> None:
    settings_file = isolated_dirs["config"] / "settings.toml"
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text("bot_delay = [oops\n", encoding="utf-8")
    app = build_app([])
    assert isinstance(app, LiarApp)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        notices = [(notice.title, notice.message) for notice in app._notifications]
        assert len(notices) == 1
        title, message = notices[0]
        assert title == "Settings not loaded"
        assert str(settings_file) in message or "settings.toml" in message
        assert "not valid TOML" in message
        assert app.settings == Settings()
    assert settings_file.read_text(encoding="utf-8") == "bot_delay = [oops\n"


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_a_new_table_asks_before_replacing_the_unfinished_game() -> None:
    """The unfinished game is written straight to the save (how a game gets saved is the
    quit-and-resume journey's to show), so only the app that asks is run."""
    settings = quick_settings().with_rules("liar-game", Rules(target=500))
    save_setup = TableSetup("liar-game", Rules(target=500), default_seats(bots=3), seed=5)
    SaveStore().save(save_setup, (first_legal_hand(save_setup),))
    saved = SaveStore().path.read_bytes()
    second = LiarApp(settings=settings)
    async with second.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await start_from_home_by_keys(pilot)
        assert isinstance(second.screen, ConfirmScreen)
        assert "unfinished game" in screen_text(second)
        await pilot.press("n")
        await settle(pilot)
        assert second.table is None
        assert SaveStore().path.read_bytes() == saved
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(second.screen, LiarGamePlayScreen)
        await show_the_first_three_cards(pilot)
        assert SaveStore().path.read_bytes() != saved


async def test_the_command_line_asks_too_before_replacing_the_unfinished_game() -> None:
    settings = quick_settings()
    save_setup = TableSetup("liar-game", Rules(), default_seats(bots=2), seed=5)
    SaveStore().save(save_setup, (first_legal_hand(save_setup),))
    saved = SaveStore().path.read_bytes()
    app = LiarApp(settings=settings, start=replace(save_setup, seed=6))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert "Resume" in screen_text(app)
    assert SaveStore().path.read_bytes() == saved


def first_legal_hand(setup: TableSetup) -> ShowHand:
    view = open_table(setup).view(0)
    return ShowHand(0, legal_hands(view.pocket, view.rules)[0])
