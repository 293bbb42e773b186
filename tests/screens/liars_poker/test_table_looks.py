"""The Liar's Poker table as its players see it: the pocket in their order (``o`` flips it),
the theme's ink, and a footer that keeps its Help key at 80x24 in every step of a turn."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from liar_tui.app import LiarApp
from liar_tui.rules.liars_poker.game import LiarsPokerRules, Phase
from liar_tui.rules.liars_poker.rules import PokerRules, RoundRules
from liar_tui.screens.liars_poker.discard_picker import DiscardPicker
from liar_tui.store.settings import CardStyle, PocketOrder, Settings
from liar_tui.table.setup import TableSetup
from liar_tui.widgets.card_art import DARK_INK, LIGHT_INK
from liar_tui.widgets.cards import CardFace
from liar_tui.widgets.pocket_order import sorted_pocket
from tests.screens.liars_poker.test_play import (
    TWO_PEOPLE,
    declare,
    pass_privacy,
    screen_text,
    settle,
)

SMALL = (80, 24)


def two_people(settings: Settings, seed: int = 3) -> LiarApp:
    setup = TableSetup("liars-poker-cards", LiarsPokerRules(), TWO_PEOPLE, seed=seed)
    return LiarApp(settings=settings, start=setup)


def shown_faces(app: App[Any]) -> tuple[Any, ...]:
    return tuple(face.card for face in app.screen.query("#drawn-cards CardFace").results(CardFace))


async def take(pilot: Pilot[Any]) -> None:
    await pilot.press("t")
    await settle(pilot)


@pytest.mark.slow
async def test_the_pocket_is_laid_out_in_the_players_order_and_o_flips_it() -> None:
    app = two_people(Settings(bot_delay=0, pocket_order=PocketOrder.SUIT), seed=5)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        opener = await pass_privacy(pilot, app)
        assert shown_faces(app) == sorted_pocket(opener.hand, PocketOrder.SUIT)
        await declare(pilot, "A high")
        taker = await pass_privacy(pilot, app)
        await take(pilot)
        taken = app.table.view(taker.seat).hand
        picker = app.screen.query_one(DiscardPicker)
        assert picker.cards == sorted_pocket(taken, PocketOrder.SUIT)
        await pilot.press("1")
        thrown = picker.selection
        await pilot.press("o")
        await settle(pilot)
        assert picker.cards == sorted_pocket(taken, PocketOrder.RANK)
        assert picker.selection == thrown, "the picked card stays picked"
        await pilot.press("enter")
        await settle(pilot)
        drew = app.table.view(taker.seat)
        assert drew.phase is Phase.DECLARE
        assert thrown[0] not in drew.hand
        assert shown_faces(app) == sorted_pocket(drew.hand, PocketOrder.RANK)
        await pilot.press("o")
        await settle(pilot)
        typed = app.screen.query_one("#declaration-text").value  # type: ignore[attr-defined]
        assert typed == "o", "in the declaration box o is a letter"
        assert shown_faces(app) == sorted_pocket(drew.hand, PocketOrder.RANK)


def colours_of(app: App[Any], symbol: str) -> set[str]:
    """The colours ``symbol`` is drawn in anywhere on the screen."""
    return {
        segment.style.color.triplet.hex
        for strip in app.screen._compositor.render_strips()
        for segment in strip
        if symbol in segment.text and segment.style and segment.style.color
        if segment.style.color.triplet
    }


@pytest.mark.slow
async def test_the_lives_board_reads_in_the_light_theme() -> None:
    """The hearts and the turn marker were drawn in the dark theme's pale ink on white."""
    app = two_people(Settings(bot_delay=0, theme="textual-light"))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, app)
        hearts = colours_of(app, "♥")
        assert LIGHT_INK.red_suit in hearts and DARK_INK.red_suit not in hearts


def footer_line(app: App[Any]) -> str:
    return screen_text(app).splitlines()[-1]


@pytest.mark.parametrize(
    ("card_style", "hand_size"),
    [
        pytest.param(CardStyle.UNICODE, 5, marks=pytest.mark.slow),
        pytest.param(CardStyle.ASCII, 5, marks=pytest.mark.slow),
        (CardStyle.ASCII, 7),  # the longest footer of the three
    ],
)
async def test_the_footer_keeps_help_at_80x24_in_every_step_of_a_turn(
    card_style: CardStyle, hand_size: int
) -> None:
    """At 80 columns the discard step's footer lost "f1 Help" past "Discard & draw" and
    "s Rounds" (ASCII spells keys in words, longer still, and seven cards have seven pick
    keys); the declare step did with chips."""
    settings = Settings(bot_delay=0, card_style=card_style)
    rules = LiarsPokerRules(chips=True, round=RoundRules(poker=PokerRules(hand_size=hand_size)))
    setup = TableSetup("liars-poker-cards", rules, TWO_PEOPLE, seed=3)
    app = LiarApp(settings=settings, start=setup)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, app)
        footers = {"open": footer_line(app)}
        await declare(pilot, "A high")
        await pass_privacy(pilot, app)
        footers["decide"] = footer_line(app)
        await take(pilot)
        footers["discard"] = footer_line(app)
        await pilot.press("1", "enter")
        await settle(pilot)
        assert app.table.view(1).phase is Phase.DECLARE
        footers["declare with chips"] = footer_line(app)
        for step, footer in footers.items():
            assert footer.rstrip().endswith("Help"), f"{step}: {footer!r}"


@pytest.mark.slow
async def test_a_theme_chosen_mid_game_recolours_the_table_at_once() -> None:
    app = two_people(Settings(bot_delay=0))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, app)
        assert DARK_INK.red_suit in colours_of(app, "♥")
        app.theme = "textual-light"
        await settle(pilot)
        hearts = colours_of(app, "♥")
        assert LIGHT_INK.red_suit in hearts and DARK_INK.red_suit not in hearts
