"""The Liar Game table in a light theme with the four-colour deck: the person choosing
stands out and one-line cards take ink that reads on a light background."""

from __future__ import annotations

from rich.style import Style
from textual.widgets import Static

from liar_tui.app import LiarApp
from liar_tui.rules.liar_game.game import Rules
from liar_tui.screens.liar_game.panels import ScorePanel
from liar_tui.store.settings import Settings
from liar_tui.table.setup import TableSetup
from liar_tui.widgets.card_art import LIGHT_INK
from tests.screens.liar_game.test_play import ONE_HUMAN, settle
from tests.screens.theme_ink import assert_the_turn_is_in_deep_ink, style_of


async def test_in_a_light_theme_the_chooser_is_marked_and_picked_cards_read() -> None:
    setup = TableSetup("liar-game", Rules(target=60), ONE_HUMAN, seed=7)
    settings = Settings(bot_delay=0, theme="textual-light", four_color=True)
    app = LiarApp(settings=settings, start=setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        assert_the_turn_is_in_deep_ink(app.screen.query_one(ScorePanel).content, "You", "Ada")
        picked = app.screen.query_one("#hand-value", Static).content
        assert style_of(picked, "A♥").color == Style.parse(LIGHT_INK.red_suit).color
