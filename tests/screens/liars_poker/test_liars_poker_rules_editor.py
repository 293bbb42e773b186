"""The Liar's Poker (cards) rules editor, alone and in the setup screen."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Offset

from liar_tui.rules.cards import Rank
from liar_tui.rules.liars_poker.rules import LiarsPokerRules, PokerRules, RoundRules
from liar_tui.screens.liars_poker.rules_editor import (
    LABEL_WIDTH,
    NO_COMMUNAL_REASON,
    NOTES,
    LiarsPokerRulesEditor,
    RankPicker,
    RoundRulesEditor,
    lives_note,
)
from liar_tui.screens.setup import SetupScreen
from liar_tui.store.settings import Settings
from liar_tui.table.seats import default_seats
from liar_tui.widgets.choice_row import ChoiceRow
from liar_tui.widgets.chooser import ChoiceList
from liar_tui.widgets.chooser_row import ChooserRow
from liar_tui.widgets.switch_row import SwitchRow
from tests.screens.menus import RecordingApp
from tests.widgets.form_rows import click_option

SIZE = (80, 50)
"""Tall enough to show every option, so each can be clicked where it is."""

CHANGED = LiarsPokerRules(
    lives=3,
    chips=True,
    dealers_choice=True,
    round=RoundRules(
        poker=PokerRules(
            jokers=1,
            wild_ranks=frozenset({Rank.TWO, Rank.SEVEN}),
            color_flush=False,
            color_straight_flush=False,
            two_pair_over_trips=True,
            hand_size=7,
            communal_cards=2,
        ),
        discard_limit=6,
        must_discard=True,
        draw_twice=True,
        communal_discardable=True,
    ),
)
"""Every option moved off its default."""


DEFAULTS = LiarsPokerRules()


class EditorApp(App[None]):
    def __init__(self, rules: LiarsPokerRules = DEFAULTS) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield LiarsPokerRulesEditor(self.rules, id="editor")

    @property
    def editor(self) -> LiarsPokerRulesEditor:
        return self.query_one(LiarsPokerRulesEditor)


class RoundEditorApp(App[None]):
    def __init__(self, rules: RoundRules, *, jokers_editable: bool) -> None:
        super().__init__()
        self.rules = rules
        self.jokers_editable = jokers_editable

    def compose(self) -> ComposeResult:
        yield RoundRulesEditor(self.rules, jokers_editable=self.jokers_editable)


def row_note(app: App[None], selector: str) -> str:
    return app.query_one(selector, ChoiceRow).note


async def test_the_editor_shows_the_rules_it_was_given() -> None:
    for rules in (DEFAULTS, CHANGED):
        app = EditorApp(rules)
        async with app.run_test(size=SIZE):
            assert app.editor.read() == (rules, [])


async def test_every_option_changes_by_keys() -> None:
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:

        async def press_on(selector: str, *keys: str) -> None:
            app.query_one(selector).focus()
            await pilot.press(*keys)

        await press_on("#lives", "right", "right", "space")
        await press_on("#chips", "space")
        await press_on("#dealers-choice", "space")
        await press_on("#jokers", "right", "space")
        await press_on("#wild-ranks", "space", *["right"] * 5, "space")
        await press_on("#hand-size", "right", "space")
        await press_on("#communal", "right", "right", "space")
        await press_on("#discard-limit", "enter", *["down"] * 6, "enter")
        for switch in (
            "#must-discard",
            "#draw-twice",
            "#communal-discardable",
            "#color-flush",
            "#color-straight-flush",
            "#two-pair-over-trips",
        ):
            await press_on(switch, "space")
        assert app.editor.read() == (CHANGED, [])
        assert row_note(app, "#lives") == lives_note(3)


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_every_option_changes_by_mouse() -> None:
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        for row, value in (("#lives", 3), ("#jokers", 1), ("#hand-size", 7), ("#communal", 2)):
            await click_option(pilot, row, value)
        for selector in (
            "#chips",
            "#dealers-choice",
            "#must-discard",
            "#draw-twice",
            "#communal-discardable",
            "#color-flush",
            "#color-straight-flush",
            "#two-pair-over-trips",
        ):
            await pilot.click(selector)
        picker = app.query_one(RankPicker)
        await pilot.click(picker, offset=picker.rank_offset(Rank.TWO))
        await pilot.click(picker, offset=picker.rank_offset(Rank.SEVEN))
        limits = app.query_one("#discard-limit", ChooserRow)
        await pilot.click(limits, offset=limits.box_offset())
        await pilot.click(ChoiceList, offset=(2, 6))
        assert app.editor.read() == (CHANGED, [])
        await pilot.click(picker, offset=picker.rank_offset(Rank.TEN) + Offset(1, 0))
        await pilot.click(picker, offset=picker.rank_offset(Rank.TEN) + Offset(2, 0))  # a gap
        assert app.query_one(RankPicker).chosen == {Rank.TWO, Rank.SEVEN, Rank.TEN}


async def test_discarding_communal_cards_is_off_without_any_and_says_why() -> None:
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        switch = app.query_one("#communal-discardable", SwitchRow)
        assert switch.disabled
        assert (switch.note, switch.note_warns) == (NO_COMMUNAL_REASON, True)
        await pilot.click(switch)
        assert not switch.value
        await click_option(pilot, "#communal", 1)
        assert not switch.disabled
        assert (switch.note, switch.note_warns) == (NOTES["communal-discardable"], False)
        await pilot.click(switch)
        assert app.editor.read()[0].round.communal_discardable
        await click_option(pilot, "#communal", 0)
        assert not switch.value
        assert switch.disabled
        assert (switch.note, switch.note_warns) == (NO_COMMUNAL_REASON, True)
        assert app.editor.read() == (LiarsPokerRules(), [])


async def test_a_discard_limit_above_the_hand_size_comes_down_to_it() -> None:
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        limits: ChooserRow[int] = app.query_one("#discard-limit", ChooserRow)
        assert [label for label, _ in limits.choices][-1] == "5 cards"
        await click_option(pilot, "#hand-size", 7)
        limits.value = 7
        await pilot.pause()
        assert app.editor.read()[0].round.discard_limit == 7
        await click_option(pilot, "#hand-size", 5)
        assert app.editor.read()[0].round.discard_limit == 5
        assert [label for label, _ in limits.choices][-1] == "5 cards"
        assert limits.note == "Lowered to 5: hands hold 5 cards."
        limits.value = 2
        await pilot.pause()
        assert limits.note == NOTES["discard-limit"]


async def test_the_lives_note_names_the_two_presets() -> None:
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        assert row_note(app, "#lives") == "The original: out at the first loss."
        await click_option(pilot, "#lives", 3)
        assert row_note(app, "#lives") == "With lives: out at the third loss."
        await click_option(pilot, "#lives", 5)
        assert row_note(app, "#lives") == "Out at the fifth loss."


async def test_fixed_jokers_are_shown_and_kept() -> None:
    rules = RoundRules(poker=PokerRules(jokers=2))
    app = RoundEditorApp(rules, jokers_editable=False)
    async with app.run_test(size=SIZE) as pilot:
        assert not app.query("#jokers")
        fixed = app.query_one("#jokers-fixed", ChoiceRow)
        assert (fixed.options, fixed.disabled) == ([("2", 2)], True)
        await pilot.click(fixed, offset=fixed.option_offset(2))
        await click_option(pilot, "#hand-size", 7)
        chosen, problems = app.query_one(RoundRulesEditor).read()
        assert chosen.poker == PokerRules(jokers=2, hand_size=7)
        assert problems == []


MOST_WIDGETS = 16
"""The editor and the widgets it is made of: each costs about 2 ms of a setup's opening;
the "Round rules" heading is drawn by its column, and the discard limit's name, box and
note are one row (they were 19 widgets)."""


async def test_the_editor_is_made_of_few_widgets() -> None:
    app = EditorApp()
    async with app.run_test(size=SIZE):
        assert len(app.editor.query("*")) + 1 <= MOST_WIDGETS


async def test_the_discard_limit_opens_on_its_box_only() -> None:
    """Keys and a click on the box open its list; a click on its name or note does not."""
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        row: ChooserRow[int] = app.query_one("#discard-limit", ChooserRow)
        for offset in ((0, 0), (LABEL_WIDTH + 16, 0), (LABEL_WIDTH, 1)):  # name, past it, note
            await pilot.click(row, offset=offset)
            assert not row.is_open
        assert row.has_focus
        await pilot.press("down")
        assert row.is_open
        await pilot.press("down", "enter")
        assert (row.value, row.is_open, row.has_focus) == (1, False, True)
        await pilot.click(row, offset=(LABEL_WIDTH + 15, 0))  # the arrow
        assert row.is_open
        await pilot.click(ChoiceList, offset=(2, 3))
        assert (row.value, row.is_open) == (3, False)
        await pilot.press("tab")
        assert app.focused is app.query_one("#must-discard")
        await pilot.press("shift+tab", "shift+tab")
        assert app.focused is app.query_one("#communal")


async def open_setup(app: RecordingApp, pilot) -> SetupScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    app.push_screen(SetupScreen("liars-poker-cards"))
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def test_setup_starts_a_table_with_the_rules_chosen() -> None:
    app = RecordingApp()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_setup(app, pilot)
        columns = screen.query_one("#setup-columns")
        for selector in ("#lives", "#chips", "#two-pair-over-trips"):
            columns.scroll_to_widget(screen.query_one(selector), animate=False)
            await pilot.pause()
            if selector == "#lives":
                await click_option(pilot, selector, 3)
            else:
                await pilot.click(selector)
        await pilot.press("ctrl+s")
        setup, actions = app.started[0]
        assert (setup.game, setup.seats, actions) == ("liars-poker-cards", default_seats(), ())
        assert setup.rules == LiarsPokerRules(
            lives=3, chips=True, round=RoundRules(PokerRules(two_pair_over_trips=True))
        )


async def test_setup_starts_from_the_rules_in_the_settings() -> None:
    app = RecordingApp(settings=Settings().with_rules("liars-poker-cards", CHANGED))
    async with app.run_test(size=(100, 32)) as pilot:
        await open_setup(app, pilot)
        await pilot.press("ctrl+s")
        assert app.started[0][0].rules == CHANGED


def show_setup(pilot) -> None:  # type: ignore[no-untyped-def]
    pilot.app.push_screen(SetupScreen("liars-poker-cards"))


def test_snapshot_setup_at_80_by_24(snap_compare) -> None:
    assert snap_compare(RecordingApp(), terminal_size=(80, 24), run_before=show_setup)


def test_snapshot_setup_at_120_by_36(snap_compare) -> None:
    assert snap_compare(RecordingApp(), terminal_size=(120, 36), run_before=show_setup)
