"""Large terminals: at 160x48 the Liar's Poker cards are drawn large, and a resize redraws
them at the size the room allows, the cards picked to discard kept."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App

from liar_tui.screens.liars_poker.discard_picker import DiscardPicker
from liar_tui.store.settings import Settings
from liar_tui.widgets.card_art import CardSize
from liar_tui.widgets.card_row_picker import PickableCard
from liar_tui.widgets.cards import CardFace
from tests.screens.liars_poker.test_play import declare, pass_privacy, settle
from tests.screens.liars_poker.test_table_looks import take, two_people

LARGE = (160, 48)
MIDDLE = (100, 40)


def sizes_shown(app: App[Any]) -> set[tuple[int, int]]:
    """(width, height) of every card on screen, face up, face down or to pick."""
    cards = [*app.screen.query(CardFace), *app.screen.query(PickableCard)]
    return {(card.outer_size.width, card.outer_size.height) for card in cards if card.region.area}


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_a_large_terminal_draws_large_cards_and_a_resize_redraws_them() -> None:
    app = two_people(Settings(bot_delay=0), seed=5)
    async with app.run_test(size=LARGE) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, app)
        assert (CardSize.LARGE.width, CardSize.LARGE.height) in sizes_shown(app)
        await declare(pilot, "A high")
        await pass_privacy(pilot, app)
        await take(pilot)
        picker = app.screen.query_one(DiscardPicker)
        await pilot.press("1")
        picked = picker.selection
        large_pick = (CardSize.LARGE.width, CardSize.LARGE.height + 2)
        assert {card.outer_size.height for card in picker.query(PickableCard)} == {large_pick[1]}
        await pilot.resize_terminal(*MIDDLE)
        await settle(pilot)
        assert {card.outer_size.height for card in picker.query(PickableCard)} == {
            CardSize.NORMAL.height + 2
        }
        assert picker.selection == picked, "the picked card stays picked"
        await pilot.resize_terminal(*LARGE)
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert sizes_shown(app) == {(CardSize.LARGE.width, CardSize.LARGE.height)}


async def test_a_middling_terminal_keeps_the_normal_size() -> None:
    app = two_people(Settings(bot_delay=0), seed=5)
    async with app.run_test(size=MIDDLE) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, app)
        assert sizes_shown(app) == {(CardSize.NORMAL.width, CardSize.NORMAL.height)}
