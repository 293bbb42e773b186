"""The dealer's-choice menu: the opener's rules for one round, or the table's own."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static

from liar_tui.rules.cards import Rank
from liar_tui.rules.liars_poker.rules import LiarsPokerRules, PokerRules, RoundRules
from liar_tui.screens.liars_poker.dealers_choice import DealersChoiceScreen
from liar_tui.screens.liars_poker.rules_editor import FIXED_JOKERS_NOTE
from liar_tui.widgets.choice_row import ChoiceRow
from liar_tui.widgets.chooser import Chooser
from tests.widgets.form_rows import click_option

SIZE = (80, 24)
TABLE = LiarsPokerRules(
    dealers_choice=True,
    round=RoundRules(PokerRules(jokers=2, color_flush=False), must_discard=True),
)


class ChoosingApp(App[None]):
    """Pushes the menu as the play screen does, and records what it dismissed with."""

    def __init__(self, rules: LiarsPokerRules = TABLE, opener: str = "Ada") -> None:
        super().__init__()
        self.rules = rules
        self.opener = opener
        self.chosen: list[RoundRules] = []

    def on_mount(self) -> None:
        self.push_screen(DealersChoiceScreen(self.rules, self.opener), self._chosen)

    def _chosen(self, rules: RoundRules | None) -> None:
        assert rules is not None
        self.chosen.append(rules)


async def test_deal_unchanged_plays_the_tables_round_rules() -> None:
    app = ChoosingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")
        assert app.chosen == [TABLE.round]


async def test_enter_chooses_the_highlighted_option_and_never_deals() -> None:
    """Issue 13 bug 2: Enter on "7 cards" or "Communal 1" dealt the round unchanged."""
    app = ChoosingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        app.screen.query_one("#hand-size").focus()
        await pilot.press("right", "enter")
        app.screen.query_one("#communal").focus()
        await pilot.press("right", "enter")
        app.screen.query_one("#draw-twice").focus()
        await pilot.press("enter")
        assert app.chosen == []
        await pilot.press("d")
        assert app.chosen == [
            RoundRules(
                PokerRules(
                    jokers=2,
                    wild_ranks=frozenset({Rank.TWO}),
                    color_flush=False,
                    hand_size=7,
                    communal_cards=1,
                ),
                must_discard=True,
                draw_twice=True,
            )
        ]


async def test_the_opener_changes_the_round_by_keys_and_deals() -> None:
    app = ChoosingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("space", "right", "space")
        app.screen.query_one("#hand-size").focus()
        await pilot.press("right", "space", "ctrl+s")
        assert app.chosen == [
            RoundRules(
                PokerRules(
                    jokers=2,
                    wild_ranks=frozenset({Rank.TWO, Rank.THREE}),
                    color_flush=False,
                    hand_size=7,
                ),
                must_discard=True,
            )
        ]


async def test_deal_by_mouse_keeps_the_jokers_of_the_deck() -> None:
    app = ChoosingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        jokers = app.screen.query_one("#jokers-fixed", ChoiceRow)
        assert (jokers.value, jokers.note) == (2, FIXED_JOKERS_NOTE)
        await click_option(pilot, "#communal", 1)
        await pilot.click("#deal")
        assert app.chosen == [
            RoundRules(PokerRules(jokers=2, color_flush=False, communal_cards=1), must_discard=True)
        ]


async def test_keep_escape_and_the_keep_button_all_play_the_tables_rules() -> None:
    for keep in ("k", "escape", "click"):
        app = ChoosingApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("space")
            if keep == "click":
                await pilot.click("#keep")
            else:
                await pilot.press(keep)
            assert app.chosen == [TABLE.round], keep


async def test_enter_on_the_discard_limit_picks_a_limit_instead_of_dealing() -> None:
    app = ChoosingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#discard-limit", Chooser).focus()
        await pilot.press("enter", "down", "down", "enter")
        assert app.chosen == []
        app.screen.query_one("#wild-ranks").focus()
        await pilot.press("d")
        assert app.chosen[0].discard_limit == 2


async def test_a_refused_choice_is_explained_and_nothing_is_dealt() -> None:
    app = ChoosingApp(LiarsPokerRules(), opener="[b]Bea")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert str(app.screen.query_one("#choice-title", Static).content).startswith("[b]Bea")
        await pilot.press("d")
        problem = app.screen.query_one("#choice-problem", Static)
        assert problem.display
        assert str(problem.content) == "This table plays without dealer's choice."
        assert app.chosen == []
        assert isinstance(app.screen, DealersChoiceScreen)


def test_snapshot_dealers_choice_at_80_by_24(snap_compare) -> None:
    assert snap_compare(ChoosingApp(), terminal_size=SIZE)
