"""The Liar Game table screens, played through the real app as a person would."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import DataTable

from liar_tui.app import LiarApp
from liar_tui.rules.cards import Card
from liar_tui.rules.liar_game.game import RECENT_ROUNDS, LiarGame, Rules
from liar_tui.screens.confirm import ConfirmScreen
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.liar_game.game_over import GameOverScreen
from liar_tui.screens.liar_game.hand_picker import HandPicker
from liar_tui.screens.liar_game.play import LiarGamePlayScreen
from liar_tui.screens.liar_game.reveal import (
    SEAT_PANEL_WIDTH,
    RevealScreen,
    grid_columns,
    seat_title,
)
from liar_tui.screens.liar_game.scoreboard import ScoreboardScreen
from liar_tui.screens.privacy import PrivacyScreen
from liar_tui.screens.wording import subject_verb
from liar_tui.store.settings import Settings
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.widgets.card_art import CardLook, corner_label
from liar_tui.widgets.pocket_order import sorted_pocket

ONE_HUMAN = (
    SeatConfig("You", SeatKind.HUMAN),
    SeatConfig("Ada"),
    SeatConfig("Bea"),
    SeatConfig("Cal"),
)
HOT_SEAT = (
    SeatConfig("Ann", SeatKind.HUMAN),
    SeatConfig("Ada"),
    SeatConfig("Ben", SeatKind.HUMAN),
    SeatConfig("Bea"),
)
EXTRA_BOTS = (SeatConfig("Dot"), SeatConfig("Eve"), SeatConfig("Flo"), SeatConfig("Gus"))
MAX_ROUNDS = 40
"""A game to 60 takes a handful of rounds; more means the screens are stuck in a loop."""


def table_app(seats: tuple[SeatConfig, ...], seed: int = 7, target: int = 60) -> LiarApp:
    setup = TableSetup("liar-game", Rules(target=target), seats, seed=seed)
    return LiarApp(settings=Settings(bot_delay=0), start=setup)


def screen_text(app: App[Any]) -> str:
    """What the terminal shows right now, as plain text lines."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def play_screen(app: App[Any]) -> LiarGamePlayScreen:
    return next(s for s in app.screen_stack if isinstance(s, LiarGamePlayScreen))


def face_corner(card: Card) -> str:
    """The top-left line of a card face as the picker draws it: ``│9♦   │``."""
    return f"│{corner_label(card, CardLook()):<5}│"


async def settle(pilot: Pilot[Any]) -> None:
    """Let bots answer and screens switch (each switch takes its own pause)."""
    for _ in range(2):
        await pilot.pause()


async def test_a_whole_game_by_keys_alone_and_no_privacy_screen_for_one_human() -> None:
    app = table_app(ONE_HUMAN)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.table
        for round_number in range(1, MAX_ROUNDS):
            assert isinstance(app.screen, LiarGamePlayScreen)
            picker = app.screen.query_one(HandPicker)
            assert picker.pocket == sorted_pocket(table.view(0).pocket, app.settings.pocket_order)
            await pilot.press("1", "right", "space", "right", "space", "enter")
            await settle(pilot)
            assert isinstance(app.screen, RevealScreen)
            assert f"Round {round_number}:" in screen_text(app)
            await pilot.press("enter")
            await settle(pilot)
            assert not any(isinstance(s, PrivacyScreen) for s in app.screen_stack)
            if isinstance(app.screen, GameOverScreen):
                break
        assert table.over
        text = screen_text(app)
        assert "Game over" in text
        winner = table.setup.names[table.view(0).winners[0]]
        assert f"{subject_verb(winner, 'win')} with" in text or "share the win" in text
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


@pytest.mark.slow
async def test_a_whole_game_by_mouse_alone() -> None:
    """The mouse path of a whole game (slow: the keys path above is the default run's)."""
    app = table_app(ONE_HUMAN, seed=11)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.table
        for _ in range(MAX_ROUNDS):
            assert isinstance(app.screen, LiarGamePlayScreen)
            for card in ("#pick-6", "#pick-2", "#pick-4"):
                await pilot.click(card)
            await pilot.click("#show-hand")
            await settle(pilot)
            assert isinstance(app.screen, RevealScreen)
            await pilot.click("#reveal-ok")
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
        assert table.over
        await pilot.click("#play-again")
        await settle(pilot)
        again = app.screen
        assert isinstance(again, LiarGamePlayScreen)
        assert app.table is not table
        assert again.setup.seats == table.setup.seats
        assert app.table.view(0).round == 1


@pytest.mark.slow
async def test_hot_seat_hides_each_pocket_behind_a_privacy_screen() -> None:
    """Slow: test_hot_seat_privacy walks every Liar Game hand-off in the default run."""
    app = table_app(HOT_SEAT, seed=3)
    humans = {0: "Ann", 2: "Ben"}
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.table
        for _ in range(MAX_ROUNDS):
            for seat, name in humans.items():
                other = next(s for s in humans if s != seat)
                assert isinstance(app.screen, PrivacyScreen)
                text = screen_text(app)
                assert f"Pass the keyboard to {name}." in text
                assert "╭─────╮" not in text, "no card face shows behind the curtain"
                await pilot.press("enter")
                await settle(pilot)
                assert isinstance(app.screen, LiarGamePlayScreen)
                text = screen_text(app)
                drawn = sorted_pocket(table.view(seat).pocket, app.settings.pocket_order)
                assert app.screen.query_one(HandPicker).pocket == drawn
                assert f"{name}'s pocket" in text
                for card in table.view(seat).pocket:
                    assert face_corner(card) in text
                for card in table.view(other).pocket:
                    assert face_corner(card) not in text, f"{name} saw a card of seat {other}"
                await pilot.press("1", "2", "3", "enter")
                await settle(pilot)
            assert isinstance(app.screen, RevealScreen)
            await pilot.press("enter")
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
        assert table.over


async def test_an_illegal_pick_is_explained_and_changes_nothing() -> None:
    app = table_app(ONE_HUMAN)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await settle(pilot)
        screen = play_screen(app)
        actions_before = app.table.actions
        await pilot.press("1", "2", "3", "4")
        assert "Show exactly three cards (big combos are off)." in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(app)
        assert "Hand not shown" in text
        assert text.count("Show exactly three cards (big combos are off).") == 2
        assert app.table.actions == actions_before
        assert app.screen is screen
        assert len(screen.query_one(HandPicker).selection) == 4
        await pilot.press("4", "enter")
        await settle(pilot)
        assert isinstance(app.screen, RevealScreen)


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_scoreboard_lists_every_round_in_one_line_form() -> None:
    app = table_app(ONE_HUMAN, target=500)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.table
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, ScoreboardScreen)
        assert "No round has been played yet." in screen_text(app)
        await pilot.press("escape", "1", "2", "3", "enter")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        text = screen_text(app)
        assert table.view(0).history
        for result in table.view(0).history:
            for hand in result.hands:
                shown = " ".join(card.text for card in hand.score.cards)
                assert f"{shown} {hand.score.value}" in text
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LiarGamePlayScreen)


async def test_leaving_asks_first_and_says_the_game_is_saved() -> None:
    app = table_app(ONE_HUMAN)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        screen = play_screen(app)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "saved" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


async def test_the_reveal_goes_back_to_the_table_by_escape_too() -> None:
    app = table_app(ONE_HUMAN)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        screen = play_screen(app)
        await pilot.press("1", "2", "3", "enter")
        await settle(pilot)
        assert isinstance(app.screen, RevealScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen


def test_a_reveal_title_cuts_a_long_name_but_never_the_score() -> None:
    for look in (CardLook(), CardLook(ascii_only=True)):
        title = seat_title("Bartholomew Longname", 1234, won=True, look=look)
        assert title.endswith(look.text(" · 1234"))
        assert len(title) <= SEAT_PANEL_WIDTH - 6
    assert seat_title("Ann", 61, won=False, look=CardLook()) == "Ann · 61"


def test_reveal_rows_are_balanced() -> None:
    assert grid_columns(8, 160) == 4
    assert grid_columns(8, 80) == 3
    assert grid_columns(4, 100) == 4
    assert grid_columns(5, 100) == 3
    assert grid_columns(2, 30) == 1


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_eight_seats_at_80_by_24_show_every_value_of_the_last_round() -> None:
    seats = (SeatConfig("Bartholomew Longname", SeatKind.HUMAN), *ONE_HUMAN[1:], *EXTRA_BOTS)
    app = table_app(seats, target=500)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        await pilot.press("1", "2", "3", "enter")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        panel = app.screen.query_one("#last-round-panel")
        lines = screen_text(app).splitlines()[panel.region.y : panel.region.bottom]
        shown = "\n".join(line[panel.region.x : panel.region.right] for line in lines)
        (result,) = table.view(0).history
        rows = [line for line in shown.splitlines() if "Round" not in line and "─" not in line]
        numbers = [word for line in rows for word in line.strip("│ ").split() if word.isdigit()]
        assert numbers == [str(hand.score.value) for hand in result.hands]
        assert "Bartholomew Longname" not in shown, "the long name is cut to make room"


async def test_the_scoreboard_of_a_long_game_lists_its_last_rounds_and_counts_them_all() -> None:
    """The view carries only the last rounds' reveals: the scoreboard lists those and says
    so, while its standings count every round from the view's running totals."""
    game = LiarGame(Rules(target=100_000), 3, seed=11)
    rounds = RECENT_ROUNDS + 15
    while game.round <= rounds:
        for seat in game.to_act():
            game.apply(game.legal_actions(seat)[-1])
    view = game.view(0)
    names = ("You", "Ada", "Bea")

    class Scoreboard(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ScoreboardScreen(names, view, CardLook()))

    app = Scoreboard()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert f"Playing to 100000. Rounds played: {rounds}." in text
        assert f"The last {RECENT_ROUNDS} of {rounds} rounds, newest first" in text
        rows = app.screen.query_one("#history", DataTable)
        listed = [int(str(key.value)) for key in rows.rows]
        assert listed == list(range(rounds, rounds - RECENT_ROUNDS, -1))
        for seat, name in enumerate(names):
            won = sum(seat in result.winners for result in game.history)
            assert f"{game.scores[seat]:>5}   won {won} rounds" in text, name


async def test_a_large_terminal_gives_the_seats_panel_room_for_the_longest_names() -> None:
    """At 160 columns the side panel grows, so a 20-letter name is no longer cut to 8."""
    longest = "Bartholomew Ashcroft"
    seats = (SeatConfig("You", SeatKind.HUMAN), SeatConfig(longest), SeatConfig("Ada"))
    app = table_app(seats)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        assert longest in screen_text(app)
