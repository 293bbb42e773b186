"""The help screen: opens from anywhere on the game and the keys of the screen under it,
scrolls, and closes with Escape or F1."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.containers import VerticalScroll

from liar_tui.app import LiarApp
from liar_tui.games import plugin
from liar_tui.rules.liar_game import game as liar_game
from liar_tui.screens.dollar_bills.help import rules_text as dollar_bills_rules
from liar_tui.screens.help import HelpScreen, keys_text, screens_with_keys
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.liar_game.help import card_values_text
from liar_tui.screens.liar_game.help import rules_text as liar_game_rules
from liar_tui.screens.liars_poker.help import rules_text as liars_poker_rules
from liar_tui.screens.setup import SetupScreen
from liar_tui.store.settings import Settings
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from tests.marks import slow_after_rows

from .menus import RecordingApp, flat_text, screen_text

SIZE = (100, 32)


async def test_help_opens_and_closes_by_keys_over_any_screen() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        assert "Card values. Ace 20; king, queen, jack 10; 2 to 10 at face value." in flat_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("1", "f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, SetupScreen)


async def test_help_opens_from_the_home_menu_by_mouse_and_scrolls_by_keys() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click("#home-menu", offset=(6, 13))
        assert isinstance(app.screen, HelpScreen)
        scroll = app.screen.query_one("#help-scroll", VerticalScroll)
        assert scroll.scroll_y == 0
        await pilot.press("pagedown", "pagedown")
        assert scroll.scroll_y > 0
        await pilot.press("end")
        assert "Close help" in flat_text(app)


def test_rules_text_is_computed_from_the_rules_module() -> None:
    text = liar_game_rules()
    assert f"loses {liar_game.JOKER_PENALTY} points for each" in text
    assert "`Joker 9♠ 7♥` = 2×(9+9)+7 = 43" in text
    assert "`4♠ Joker Joker` = 3×(4+4+4) = 36" in text
    assert "`3♣ 3♦ K♥` = 2×2×(3+3)+10 = 34" in text
    for name in liar_game.VARIANT_NAMES:
        assert liar_game.VARIANT_TITLES[name] in text
        assert liar_game.VARIANT_SUMMARIES[name] in text
    assert "`JK 9S 7H`" in liar_game_rules(ascii_only=True)


def test_both_liars_poker_rules_quote_what_the_engines_compute() -> None:
    cards = liars_poker_rules()
    assert 'so "threes over twos"\n(`3-3-2-2-4`) does not raise "two pair"' in cards
    assert "The lowest hand is\n`7-5-4-3-2`" in cards
    bills = dollar_bills_rules()
    assert 'After "Two 3s", "Two 4s" and "Three 2s" raise it.' in bills


def test_card_values_follow_the_value_table() -> None:
    assert card_values_text() == "Ace 20; king, queen, jack 10; 2 to 10 at face value"


def test_help_lists_the_keys_of_every_screen_from_their_bindings() -> None:
    text = keys_text(LiarApp(), screens_with_keys(LiarApp))
    assert "- **Home**: `r` Resume · `1` Liar Game · " in text
    assert "- **New table**: `^s` Start · `esc` Back · `^n` Add seat · `^r` Remove seat" in text
    assert "- **Settings**: `^s` Save · `esc` Cancel · " in text
    assert "- **Help**: `esc / f1 / ?` Close help" in text
    history = "- **History of your games**: `esc` Back · `g` Game filter · `o or /` Opponent filter"
    assert history in text, "a key list with the slash in it is said with 'or'"


def test_snapshot_help(snap_compare: Any) -> None:
    assert snap_compare(RecordingApp(), terminal_size=SIZE, press=["f1"])


def help_view_text(app: App[Any]) -> str:
    """The words in the help's scrolling view, in one line: none of the screen under it."""
    region = app.screen.query_one("#help-scroll").region
    lines = screen_text(app).splitlines()[region.y : region.bottom]
    return " ".join(" ".join(line[region.x : region.right] for line in lines).split())


TABLE_HELP = [
    # game, the rules' heading, a key of the play screen on the human's turn
    ("liar-game", "Liar Game", "Scores"),
    ("liars-poker-cards", "Liar's Poker with cards", "Declare"),
    ("liars-poker-bills", "Liar's Poker with dollar bills", "Ledger"),
]


@pytest.mark.parametrize(("game_id", "heading", "table_key"), slow_after_rows(2, TABLE_HELP))
async def test_f1_at_a_table_opens_on_that_game_and_the_keys_of_the_screen(
    game_id: str, heading: str, table_key: str
) -> None:
    seats = (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Bot"), SeatConfig("Cy"))
    setup = TableSetup(game_id, plugin(game_id).default_rules(), seats, seed=1)
    app = LiarApp(settings=Settings(bot_delay=0), start=setup)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await pilot.pause()
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        shown = help_view_text(app)
        assert "Keys on this screen" in shown
        assert f"{table_key} " in shown.split("Keys on this screen")[1]
        assert "Leave" in shown
        assert heading in shown
        others = [other for _, other, _ in TABLE_HELP if other != heading]
        assert not any(other in shown for other in others)
        assert shown.index("Keys on this screen") < shown.index(heading)


async def test_f1_at_a_new_table_opens_on_that_game_and_from_home_at_the_top() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        shown = help_view_text(app)
        assert "Liar Game" in shown
        assert "Keys on this screen" not in shown
        await pilot.press("escape", "3", "f1")
        shown = help_view_text(app)
        assert "Keys on this screen" in shown
        assert "Add seat" in shown
        assert shown.startswith("Keys on this screen")
        assert "Liar Game" not in shown.split("Liar's Poker with dollar bills")[0]


async def test_f1_over_a_popup_at_a_table_shows_the_popups_keys_and_the_tables_game() -> None:
    """At a bills table, so the default run meets F1 at a table of each game (the bills case
    of the test above is in the slow run)."""
    seats = (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Bot"))
    setup = TableSetup("liars-poker-bills", plugin("liars-poker-bills").default_rules(), seats, 1)
    app = LiarApp(settings=Settings(bot_delay=0), start=setup)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await pilot.pause()
        await pilot.press("l", "f1")
        shown = help_view_text(app)
        assert "Keys on this screen" in shown
        assert "Back" in shown.split("Liar's Poker with dollar bills")[0]
        assert "Ledger" not in shown.split("Liar's Poker with dollar bills")[0]
