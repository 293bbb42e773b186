"""The Liar's Poker table screens, played through the real app as people would.

Most tables here seat two or three people at one keyboard, so every move is the test's own
and each turn starts behind the privacy screen; one game is played against the bots.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from liar_tui.app import LiarApp
from liar_tui.rules.cards import Card
from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.game import (
    Declare,
    LiarsPokerRules,
    LiarsPokerView,
    Phase,
    RoundRules,
)
from liar_tui.rules.liars_poker.rules import PokerRules
from liar_tui.screens.confirm import ConfirmScreen
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.liars_poker.challenge import ChallengeScreen
from liar_tui.screens.liars_poker.dealers_choice import DealersChoiceScreen
from liar_tui.screens.liars_poker.declaration_builder import DeclarationBuilder
from liar_tui.screens.liars_poker.discard_picker import DiscardPicker
from liar_tui.screens.liars_poker.game_over import LiarsPokerOverScreen
from liar_tui.screens.liars_poker.play import LiarsPokerPlayScreen
from liar_tui.screens.liars_poker.sentences import claim_words, hand_phrase, verdict
from liar_tui.screens.privacy import PrivacyScreen
from liar_tui.store.settings import Settings
from liar_tui.table.seats import SeatConfig, SeatKind, default_seats
from liar_tui.table.setup import TableSetup
from liar_tui.widgets.card_art import CardLook, corner_label
from tests.widgets.form_rows import click_option

SIZE = (100, 32)
TWO_PEOPLE = (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Ben", SeatKind.HUMAN))
THREE_PEOPLE = (*TWO_PEOPLE, SeatConfig("Cy", SeatKind.HUMAN))
CARD_TOP = "╭─────╮"
MAX_TURNS = 300
"""A game against three bots, two lives each, takes a few dozen turns; more means a loop."""


def table_app(
    seats: tuple[SeatConfig, ...] = TWO_PEOPLE,
    rules: LiarsPokerRules | None = None,
    seed: int = 3,
) -> LiarApp:
    setup = TableSetup("liars-poker-cards", rules or LiarsPokerRules(), seats, seed=seed)
    return LiarApp(settings=Settings(bot_delay=0), start=setup)


def screen_text(app: App[Any]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def flat_text(app: App[Any]) -> str:
    """The screen's words in one line, borders gone: wrapped sentences read whole."""
    return re.sub(r"[\s│█▀▄╭╮╰╯─]+", " ", screen_text(app))


def panel_text(app: App[Any], selector: str) -> str:
    """The words inside one panel of the table, in one line: side-by-side panels apart."""
    region = app.screen.query_one(selector).region
    lines = screen_text(app).splitlines()[region.y : region.bottom]
    return re.sub(r"[\s│╭╮╰╯─]+", " ", " ".join(line[region.x : region.right] for line in lines))


def face_corner(card: Card) -> str:
    return f"│{corner_label(card, CardLook()):<5}│"


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(2):
        await pilot.pause()


async def type_text(pilot: Pilot[Any], text: str) -> None:
    await pilot.press(*text)


def play_screen(app: App[Any]) -> LiarsPokerPlayScreen:
    return next(s for s in app.screen_stack if isinstance(s, LiarsPokerPlayScreen))


def acting(app: LiarApp) -> LiarsPokerView:
    table = app.table
    assert table is not None
    (seat,) = table.to_act()
    return table.view(seat)


async def pass_privacy(pilot: Pilot[Any], app: LiarApp) -> LiarsPokerView:
    """The curtain names the person to act and shows no card; Enter lifts it."""
    assert isinstance(app.screen, PrivacyScreen)
    view = acting(app)
    text = screen_text(app)
    assert f"Pass the keyboard to {app.table.setup.names[view.seat]}." in text
    assert CARD_TOP not in text
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(app.screen, LiarsPokerPlayScreen)
    return view


async def declare(pilot: Pilot[Any], text: str) -> None:
    await type_text(pilot, text)
    await pilot.press("enter")
    await settle(pilot)


async def test_a_round_by_keys_with_a_refused_declaration_and_the_challenge_read_on_screen() -> (
    None
):
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        opener = await pass_privacy(pilot, app)
        assert opener.phase is Phase.DECLARE
        for card in opener.hand:
            assert face_corner(card) in screen_text(app)
        await declare(pilot, "A high")
        taker = await pass_privacy(pilot, app)
        text = panel_text(app, "#main-column")
        assert "declared A high" in text
        assert "A-6-4-3-2 high" in text, "the floor of the declaration is shown"
        assert CARD_TOP not in screen_text(app), "the hand stays face down until taken"
        await pilot.press("t")
        await settle(pilot)
        picker = app.screen.query_one(DiscardPicker)
        taken = table.view(taker.seat).hand
        assert sorted(picker.cards) == sorted(taken), "the taken hand, in the pocket's order"
        await pilot.press("1", "right", "space")
        assert picker.selection == picker.cards[:2], "the first two cards as shown"
        await pilot.press("enter")
        await settle(pilot)
        view = table.view(taker.seat)
        assert view.phase is Phase.DECLARE
        assert sum(card not in taken for card in view.hand) == 2
        assert "You drew" in screen_text(app)
        taker_name = table.setup.names[taker.seat]
        assert f"{taker_name} took the hand, discarded 2" in panel_text(app, "#history-panel")
        actions = table.actions
        await declare(pilot, "K high")
        builder = app.screen.query_one(DeclarationBuilder)
        assert builder.status_text.endswith(
            "× K high does not beat A high: its worst hand, K-5-4-3-2 high, "
            "is no better than A-6-4-3-2 high."
        ), "the builder shows the table's own refusal"
        assert "K high does not beat A high" in panel_text(app, "#action-panel")
        assert table.actions == actions, "a refused declaration never reaches the table"
        await pilot.press("ctrl+u")
        await declare(pilot, "2 pair")
        assert table.actions[-1] == Declare(taker.seat, parse_declaration("two pair", PokerRules()))
        await pass_privacy(pilot, app)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, ChallengeScreen)
        resolved = app.screen.resolved
        text = flat_text(app)
        assert verdict(resolved, table.setup.names) in text
        assert hand_phrase(resolved.value) in text
        assert f"Declared {claim_words(resolved.declaration)} at least" in text
        for card in resolved.hand:
            assert face_corner(card) in screen_text(app)
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, LiarsPokerOverScreen), "one life each: the game is over"
        winner = table.setup.names[resolved.winner]
        assert f"{winner} wins" in screen_text(app)


async def test_take_challenge_and_cards_by_mouse() -> None:
    app = table_app(seed=8)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert await pilot.click("#privacy-show")
        await settle(pilot)
        await declare(pilot, "K high")
        assert await pilot.click("#privacy-show")
        await settle(pilot)
        taker = acting(app)
        assert await pilot.click("#take")
        await settle(pilot)
        picker = app.screen.query_one(DiscardPicker)
        for card in ("#pick-5", "#pick-3"):
            assert await pilot.click(card)
        assert picker.selection == (picker.cards[2], picker.cards[4])
        assert await pilot.click("#discard-draw")
        await settle(pilot)
        assert app.table.view(taker.seat).phase is Phase.DECLARE
        await declare(pilot, "A high")
        assert await pilot.click("#privacy-show")
        await settle(pilot)
        assert await pilot.click("#challenge")
        await settle(pilot)
        assert isinstance(app.screen, ChallengeScreen)
        assert await pilot.click("#challenge-ok")
        await settle(pilot)
        assert isinstance(app.screen, LiarsPokerOverScreen)
        assert await pilot.click("#play-again")
        await settle(pilot)
        assert isinstance(app.screen, PrivacyScreen)
        assert app.table.view(0).round == 1


@pytest.mark.slow
async def test_take_is_refused_with_the_reason_when_nothing_is_higher() -> None:
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, app)
        await declare(pilot, "royal flush")
        await pass_privacy(pilot, app)
        assert "you must challenge" in panel_text(app, "#action-panel")
        assert app.screen.query_one("#take").disabled
        actions = app.table.actions
        await pilot.press("t")
        await pilot.click("#take")
        await settle(pilot)
        assert app.table.actions == actions
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, ChallengeScreen)


@pytest.mark.slow  # test_hot_seat_privacy walks every path in the default run
async def test_hot_seat_never_shows_a_hand_while_another_person_is_to_act() -> None:
    app = table_app(THREE_PEOPLE, LiarsPokerRules(lives=2), seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        said = ("K high", "A high", "kings")
        for declaration in said:
            view = await pass_privacy(pilot, app)
            if view.phase is Phase.DECIDE:
                text = screen_text(app)
                assert CARD_TOP not in text, "the decider sees no card"
                await pilot.press("t")
                await settle(pilot)
                await pilot.press("enter")
                await settle(pilot)
            holder = table.view(view.seat)
            text = screen_text(app)
            for card in holder.hand:
                assert face_corner(card) in text
            others = [seat for seat in range(3) if seat != view.seat]
            assert all(not table.view(seat).hand for seat in others)
            await declare(pilot, declaration)
        assert len(table.view(0).declarations) == len(said)


@pytest.mark.slow
async def test_a_discard_over_the_limit_is_explained_and_changes_nothing() -> None:
    rules = LiarsPokerRules(round=RoundRules(discard_limit=1, draw_twice=True))
    app = table_app(rules=rules)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, app)
        assert "This round: discard at most 1 · draw twice" in screen_text(app)
        await declare(pilot, "A high")
        taker = await pass_privacy(pilot, app)
        await pilot.press("t")
        await settle(pilot)
        assert "You draw twice this round: this is the first." in panel_text(app, "#action-panel")
        actions = app.table.actions
        await pilot.press("1", "2")
        assert "Discard at most 1 card at a time this round." in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert "Not discarded" in screen_text(app)
        assert app.table.actions == actions
        await pilot.press("2", "enter")
        await settle(pilot)
        assert app.table.view(taker.seat).discards_left == 1
        assert "Discard and draw again" in panel_text(app, "#action-panel")
        await pilot.press("enter")
        await settle(pilot)
        assert app.table.view(taker.seat).phase is Phase.DECLARE
        history = panel_text(app, "#history-panel")
        taker_name = app.table.setup.names[taker.seat]
        assert f"{taker_name} took the hand, discarded 1" in history
        assert f"{taker_name} kept every card" in history, "the second draw, of none"


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_chips_skip_and_flip_by_keys_show_in_the_history_and_the_board() -> None:
    app = table_app(THREE_PEOPLE, LiarsPokerRules(chips=True), seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        await pass_privacy(pilot, app)
        await declare(pilot, "A high")
        skipper = await pass_privacy(pilot, app)
        assert app.screen.query_one("#skip").display, "the Skip chip is offered"
        await pilot.press("k")
        await settle(pilot)
        assert table.view(0).skipped_by == skipper.seat
        taker_seat = (await pass_privacy(pilot, app)).seat
        assert "played Skip: no Skip answers it" in panel_text(app, "#action-panel")
        assert not app.screen.query_one("#skip").display, "no Skip answers a Skip (bug 5)"
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert "down the list" in screen_text(app)
        await pilot.press("ctrl+f")
        await settle(pilot)
        assert table.view(0).direction == -1
        assert "up the list" in panel_text(app, "#lives-panel")
        skipped = f"{table.setup.names[skipper.seat]} played the Skip chip"
        assert skipped in panel_text(app, "#history-panel")
        await declare(pilot, "2 pair")
        await pass_privacy(pilot, app)
        history = panel_text(app, "#history-panel")
        taker = table.setup.names[taker_seat]
        assert f"{taker} took the hand, kept every card" in history
        assert f"{taker} played the Flip chip" in history
        assert f"{taker} declared two pair" in history


@pytest.mark.slow
async def test_communal_cards_lie_face_up_and_may_be_discarded() -> None:
    poker = PokerRules(hand_size=7, communal_cards=2)
    rules = LiarsPokerRules(round=RoundRules(poker, communal_discardable=True))
    app = table_app(rules=rules)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        opener = await pass_privacy(pilot, app)
        assert len(opener.hand) == 5
        assert "On the table:" in screen_text(app)
        assert "7-card hands" in screen_text(app)
        await declare(pilot, "A high")
        taker = await pass_privacy(pilot, app)
        await pilot.press("t")
        await settle(pilot)
        picker = app.screen.query_one(DiscardPicker)
        before = app.table.view(taker.seat)
        assert sorted(picker.cards[: len(before.hand)]) == sorted(before.hand)
        assert picker.cards[len(before.hand) :] == before.communal, "communal cards come last"
        assert "6-7: on the table, replaced face up." in screen_text(app)
        await pilot.press("7", "enter")
        await settle(pilot)
        after = app.table.view(taker.seat)
        assert after.communal[0] == before.communal[0]
        assert after.communal[1] != before.communal[1]
        assert after.hand == before.hand


@pytest.mark.slow
async def test_leave_then_resume_exactly_where_the_table_stood() -> None:
    settings = Settings(bot_delay=0)
    setup = TableSetup("liars-poker-cards", LiarsPokerRules(lives=3), TWO_PEOPLE, seed=3)
    first = LiarApp(settings=settings, start=setup)
    async with first.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, first)
        await declare(pilot, "A high")
        taker = await pass_privacy(pilot, first)
        await pilot.press("t")
        await settle(pilot)
        before = first.table.snapshot()
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(first.screen, ConfirmScreen)
        assert "saved" in screen_text(first)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(first.screen, HomeScreen)
        assert "Liar's Poker (cards), round 1: Ann ♥♥♥ · Ben ♥♥♥" in screen_text(first)
    second = LiarApp(settings=settings)
    async with second.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert second.table.snapshot() == before
        await pass_privacy(pilot, second)
        picker = second.screen.query_one(DiscardPicker)
        assert sorted(picker.cards) == sorted(second.table.view(taker.seat).hand)
        history = panel_text(second, "#history-panel")
        assert "Ann declared A high" in history or "Ben declared A high" in history


@pytest.mark.slow
async def test_a_whole_game_against_bots_by_keys_shows_what_each_bot_did() -> None:
    seats = default_seats(bots=2)
    app = table_app(seats, LiarsPokerRules(lives=2), seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        bots_declared = False
        for _ in range(MAX_TURNS):
            screen = app.screen
            assert not isinstance(screen, PrivacyScreen), "one person needs no curtain"
            if isinstance(screen, LiarsPokerOverScreen):
                break
            if isinstance(screen, ConfirmScreen):  # out of the game: skip to the result
                await pilot.press("y")
            elif isinstance(screen, ChallengeScreen):
                await pilot.press("enter")
            elif table.over:
                pass
            else:
                view = acting(app)
                assert view.seat == 0
                text = panel_text(app, "#history-panel")
                for declared in view.declarations:
                    if declared.seat != 0:
                        bots_declared = True
                        assert f"{seats[declared.seat].name} took" in text or (
                            f"{seats[declared.seat].name} opened" in text
                        )
                if view.phase is Phase.DECIDE:
                    await pilot.press("t" if view.can_take else "c")
                elif view.phase is Phase.DISCARD:
                    await pilot.press("enter")
                else:
                    await declare(pilot, "straight flush")
                    if table.to_act() == (0,) and isinstance(app.screen, LiarsPokerPlayScreen):
                        await pilot.press("ctrl+u")
                        await declare(pilot, "royal flush")
            await settle(pilot)
        assert table.over
        assert bots_declared
        assert "wins: the last player with lives left" in screen_text(app)


@pytest.mark.slow
async def test_dealers_choice_lets_the_opener_set_the_round_and_the_table_plays_it() -> None:
    app = table_app(TWO_PEOPLE, LiarsPokerRules(dealers_choice=True), seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        assert table is not None and table.view(0).phase is Phase.CHOOSE_RULES
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, DealersChoiceScreen)
        assert "dealer's choice" in screen_text(app)
        await click_option(pilot, "#hand-size", 7)
        await pilot.press("ctrl+s")
        await settle(pilot)
        view = acting(app)
        assert view.phase is Phase.DECLARE and view.round_rules.poker.hand_size == 7
        assert len(view.hand) == 7
        assert "This round: 7-card hands, best five count" in panel_text(app, "#table-panel")
