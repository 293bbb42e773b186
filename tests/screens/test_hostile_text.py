"""Names and file contents that look like Textual markup show as typed, on every screen.

A seat named ``[/]`` or ``[b]Ann``, or an error quoting a damaged file, must neither crash
the app (``MarkupError``) nor restyle it: each test plays through real screens and looks
for the text, character for character, on the terminal.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import groupby
from pathlib import Path
from typing import Any

import pytest
from textual.events import Paste
from textual.pilot import Pilot
from textual.widgets import Static

from liar_tui.app import LiarApp
from liar_tui.rules.liar_game import game as liar_game
from liar_tui.rules.liar_game.game import Rules
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.liar_game.game_over import GameOverScreen, winners_line
from liar_tui.screens.liar_game.play import LiarGamePlayScreen, saved_summary
from liar_tui.screens.liar_game.reveal import RevealScreen, reveal_headline, seat_title
from liar_tui.screens.liar_game.scoreboard import ScoreboardScreen
from liar_tui.screens.privacy import PrivacyScreen
from liar_tui.screens.seat_editor import SeatRow
from liar_tui.screens.settings import SettingsScreen
from liar_tui.screens.setup import SetupScreen
from liar_tui.store import paths
from liar_tui.store.saves import SaveStore
from liar_tui.store.settings import Settings, load_settings, settings_problems
from liar_tui.table import local
from liar_tui.table.bot_seat import BotSeat, RefusalHandler, Scheduler
from liar_tui.table.seats import MAX_NAME_LENGTH, SeatConfig, SeatKind, default_seats
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Bus, Table
from liar_tui.widgets.card_art import CardLook

from .menus import screen_text

SIZE = (100, 32)
MAX_ROUNDS = 40
"""Games here play to 60 points: a handful of rounds. More means a screen is stuck."""

HOSTILE_HUMANS = ("[/]", "[b]Ann")
HOSTILE_BOTS = ("[@click=app.quit]x", "Zoë 🎲", "[red]Long name[/red]")
"""A click action (its closing tag would pass the name limit), wide characters, and a name
exactly as long as a name may be."""
HOSTILE_NAMES = HOSTILE_HUMANS + HOSTILE_BOTS
SHORT_GAME_SEED = 4
"""With these seats, and people who show their first three cards, a game of two rounds."""
HOSTILE_SEATS = (
    *(SeatConfig(name, SeatKind.HUMAN) for name in HOSTILE_HUMANS),
    *(SeatConfig(name) for name in HOSTILE_BOTS),
)


async def settle(pilot: Pilot[Any]) -> None:
    """Let bots answer and screens switch; each screen switch needs its own pause."""
    for _ in range(3):
        await pilot.pause()


async def type_into(pilot: Pilot[Any], text: str) -> None:
    """Clear the focused input and type ``text`` key by key.

    Pilot has no key for a character like 🎲 (a terminal sends it as text), so such
    characters arrive as a terminal paste.
    """
    await pilot.press("end", "ctrl+u")
    for keyed, chars in groupby(text, key=lambda char: char.isascii() or char.isalnum()):
        if keyed:
            await pilot.press(*chars)
        else:
            focused = pilot.app.focused
            assert focused is not None
            focused.post_message(Paste("".join(chars)))
            await pilot.pause()


def on_screen(app: LiarApp, text: str) -> bool:
    """Whether ``text`` is written on the terminal, allowing it to wrap onto more lines
    (a long file path breaks anywhere) inside a box or a notification."""
    if text in screen_text(app):
        return True
    shown = "".join(re.sub(r"[│▌]", "", screen_text(app)).split())
    return "".join(text.split()) in shown


async def pass_privacy_and_pick(app: LiarApp, pilot: Pilot[Any], name: str) -> None:
    assert isinstance(app.screen, PrivacyScreen)
    assert on_screen(app, f"Pass the keyboard to {name}.")
    assert on_screen(app, f"{name}, press Enter when only you can see the screen.")
    assert on_screen(app, f"I am {name}: show my cards")
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(app.screen, LiarGamePlayScreen)
    assert f"{name}'s pocket: pick three cards to show" in screen_text(app)
    for human in HOSTILE_HUMANS:
        assert human in screen_text(app), "the score panel names every person"
    await pilot.press("1", "2", "3", "enter")
    await settle(pilot)


def check_reveal(app: LiarApp) -> None:
    screen = app.screen
    assert isinstance(screen, RevealScreen)
    assert on_screen(app, reveal_headline(screen.result, screen.names))
    for hand in screen.result.hands:
        score = screen.result.scores[hand.seat]
        title = seat_title(screen.names[hand.seat], score, hand.won, CardLook())
        assert title in screen_text(app)


def test_the_hostile_names_are_names_a_player_may_choose() -> None:
    assert len(HOSTILE_BOTS[-1]) == MAX_NAME_LENGTH
    assert settings_problems(Settings(seats=HOSTILE_SEATS)) == []


@pytest.mark.slow
async def test_hostile_names_typed_in_setup_play_through_every_screen() -> None:
    settings = Settings(
        bot_delay=0,
        seats=default_seats(bots=len(HOSTILE_BOTS), humans=len(HOSTILE_HUMANS)),
    ).with_rules("liar-game", Rules(target=60))
    app = LiarApp(settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        for row, name in zip(app.screen.query(SeatRow), HOSTILE_NAMES, strict=True):
            await pilot.press("tab")
            assert app.focused is row.name_input
            await type_into(pilot, name)
            assert row.name_input.value == name
            await pilot.press("tab", "tab")
        await pilot.press("tab")
        assert app.focused is app.screen.query_one("#seed")
        await type_into(pilot, str(SHORT_GAME_SEED))
        await pilot.press("ctrl+s")
        await settle(pilot)
        table = app.table
        assert table.setup.names == HOSTILE_NAMES
        for _ in range(MAX_ROUNDS):
            for name in HOSTILE_HUMANS:
                await pass_privacy_and_pick(app, pilot, name)
            check_reveal(app)
            await pilot.press("enter")
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
        assert table.over
        game_over = app.screen
        assert isinstance(game_over, GameOverScreen)
        assert on_screen(app, winners_line(game_over.result, HOSTILE_NAMES))
        for name in HOSTILE_NAMES:
            assert name in screen_text(app)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, ScoreboardScreen)
        standings = screen_text(app)
        for name in HOSTILE_NAMES:
            assert name in standings
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert app.is_running


async def test_a_setup_problem_quoting_a_hostile_name_is_shown_as_typed() -> None:
    app = LiarApp(settings=Settings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        rows = list(app.screen.query(SeatRow))
        for row in rows[:2]:
            row.name_input.focus()
            await type_into(pilot, "[/]")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert on_screen(app, "• Two seats are called '[/]': give each a different name.")


async def test_the_settings_screen_takes_a_hostile_player_name() -> None:
    app = LiarApp(settings=Settings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, SettingsScreen)
        await type_into(pilot, "[b]Ann")
        bot_row = next(row for row in app.screen.query(SeatRow) if not row.config().is_human)
        bot_row.name_input.focus()
        await type_into(pilot, "[b]Ann")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert on_screen(app, "• Two seats are called '[b]Ann': give each a different name.")
        await type_into(pilot, "Zoë 🎲")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
    assert app.settings.player_name == "[b]Ann"
    assert load_settings() == (app.settings, None)


async def test_resume_is_offered_for_a_save_with_hostile_names() -> None:
    setup = TableSetup("liar-game", Rules(target=60), HOSTILE_SEATS, seed=11)
    game = liar_game.LiarGame(setup.rules, len(setup.seats), setup.seed)
    actions = []
    for seat in game.to_act():
        action = game.legal_actions(seat)[0]
        game.apply(action)
        actions.append(action)
    SaveStore().save(setup, tuple(actions))
    saved = SaveStore().load()
    assert saved is not None
    app = LiarApp(settings=Settings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert on_screen(
            app, saved_summary(saved.setup, local.open_table(setup, saved.actions).view(0))
        )
        await pilot.press("r")
        await settle(pilot)
        await pass_privacy_and_pick(app, pilot, HOSTILE_HUMANS[0])
        assert isinstance(app.screen, PrivacyScreen)
        assert app.is_running


@pytest.fixture
def bracketed_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Config and data folders whose names are markup: every message naming a file quotes it."""
    monkeypatch.setenv("LIAR_TUI_CONFIG_DIR", str(tmp_path / "[b]config"))
    monkeypatch.setenv("LIAR_TUI_DATA_DIR", str(tmp_path / "[/]data"))


@pytest.mark.usefixtures("bracketed_dirs")
async def test_a_damaged_save_quoting_brackets_is_explained_as_it_is() -> None:
    setup = TableSetup("liar-game", Rules(target=60), HOSTILE_SEATS, seed=5)
    SaveStore().save(setup, ())
    path = paths.save_path()
    document = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(document | {"[/x]": 1}), encoding="utf-8")
    app = LiarApp(settings=Settings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        problem = str(app.screen.query_one("#save-problem", Static).visual)
        assert problem.startswith(f"The saved table {path} is damaged: ")
        assert "'[/x]'" in problem
        assert on_screen(app, problem)
        assert "Resume" not in screen_text(app)


@pytest.mark.usefixtures("bracketed_dirs")
async def test_a_damaged_settings_file_quoting_brackets_is_notified_and_shown() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('player_name = "Ann"\n"[/x]" = 1\n', encoding="utf-8")
    settings, problem = load_settings()
    assert problem is not None and "'[/x]'" in problem and str(path) in problem
    app = LiarApp(settings=settings, settings_problem=problem)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert on_screen(app, f"Some settings not loaded {problem}")
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, SettingsScreen)
        shown = app.screen.query_one("#settings-file-problem", Static)
        assert str(shown.visual) == problem
        assert on_screen(app, problem)


async def test_a_late_bot_timer_of_a_table_left_behind_saves_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bots of the first table wait to act; meanwhile the player leaves and starts
    another table and shows a hand there. When the first table's bots then act, the
    second table's save must stay as it is."""
    tables: list[Table] = []
    waiting: list[list[Callable[[], None]]] = []
    """For each table, the bots' scheduled turns, run only when the test says so."""
    seat_bots = local.seat_bots

    def seat_bots_that_wait(
        table: Table, bus: Bus, schedule: Scheduler, on_refused: RefusalHandler
    ) -> list[BotSeat]:
        tables.append(table)
        waiting.append([])
        return seat_bots(table, bus, waiting[-1].append, on_refused)

    monkeypatch.setattr(local, "seat_bots", seat_bots_that_wait)
    app = LiarApp(settings=Settings(bot_delay=0).with_rules("liar-game", Rules(target=60)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("1", "ctrl+s")
        await settle(pilot)
        await pilot.press("escape", "y")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("1", "ctrl+s")
        await settle(pilot)
        await pilot.press("1", "2", "3", "enter")
        await settle(pilot)
        left, playing = tables
        assert len(playing.actions) == 1
        saved_before = SaveStore().load()
        assert saved_before is not None and saved_before.setup == playing.setup
        assert waiting[0], "the first table's bots are still waiting to act"
        for act in waiting[0]:
            act()
        await settle(pilot)
        saved = SaveStore().load()
        assert saved is not None
        assert (saved.setup, saved.actions) == (playing.setup, playing.actions)
        assert left.actions == (), "the table left behind takes no more actions"
