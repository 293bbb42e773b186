"""The Liar Game setup screen: seats, rules, variants, seed; refusals explained on screen."""

from __future__ import annotations

from typing import Any

from textual.widgets import Button, Checkbox, Input, Static

from liar_tui.rules.liar_game import game as liar_game
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.liar_game.rules_editor import CUSTOM_TARGET, MAX_TARGET, parse_target
from liar_tui.screens.online_options import (
    MAX_TURN_SECONDS,
    MIN_TURN_SECONDS,
    TURN_TIMER_PROBLEM,
    OnlineTableOptions,
    parse_turn_seconds,
)
from liar_tui.screens.seat_row import NAME_X, REMOVE_X, WHO_X, Part, SeatRow, Who
from liar_tui.screens.setup import SetupScreen, parse_seed, seats_with_you
from liar_tui.store.settings import Settings
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind, default_seats
from liar_tui.table.setup import TableSetup
from liar_tui.widgets.chooser import ChoiceList
from liar_tui.widgets.switch_row import SwitchRow
from tests.widgets.form_rows import click_option

from .menus import RecordingApp, flat_text

SIZE = (100, 32)


async def open_setup(app: RecordingApp, pilot) -> SetupScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await pilot.press("1")
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def retype(pilot, widget: Input, text: str) -> None:  # type: ignore[no-untyped-def]
    """Click into an input, clear it with keys, and type ``text``."""
    await pilot.click(widget)
    await pilot.press("end", "ctrl+u", *text)


async def retype_name(pilot, row: SeatRow, text: str) -> None:  # type: ignore[no-untyped-def]
    """Click on a seat's drawn name, which opens its input, clear it and type ``text``."""
    await pilot.click(row, offset=(NAME_X + 1, 0))
    await pilot.press("end", "ctrl+u", *text)


async def test_home_to_setup_to_a_started_table_by_keys() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(app, pilot)
        await pilot.press("ctrl+s")
        assert len(app.started) == 1
        setup, actions = app.started[0]
        assert actions == ()
        assert setup.game == "liar-game"
        assert setup.rules == liar_game.Rules()
        assert setup.seats == default_seats()
        assert 0 <= setup.seed < 2**31


async def test_the_real_app_seats_the_table_from_setup() -> None:
    from liar_tui.app import LiarApp
    from liar_tui.screens.liar_game.play import LiarGamePlayScreen

    app = LiarApp(settings=Settings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, LiarGamePlayScreen)
        assert len(app.screen_stack) == 2


async def test_start_by_mouse_with_a_seed() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        await retype(pilot, screen.query_one("#seed", Input), "1234")
        await pilot.click("#start")
        assert app.started == [
            (TableSetup("liar-game", liar_game.Rules(), default_seats(), 1234), ())
        ]


async def test_defaults_come_from_the_settings() -> None:
    seats = (
        SeatConfig("Zed"),
        SeatConfig("Mia", SeatKind.HUMAN),
        SeatConfig("Ola", SeatKind.HUMAN),
    )
    rules = liar_game.Rules(decks=2, target=1234, free_jokers=True, low_straight=True)
    settings = Settings(player_name="Mia", seats=seats).with_rules("liar-game", rules)
    app = RecordingApp(settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        rows = list(screen.query(SeatRow))
        assert [row.who for row in rows] == [Who.BOT, Who.YOU, Who.PERSON]
        assert screen.query_one("#target-input", Input).value == "1234"
        assert screen.query_one("#low_straight", SwitchRow).value
        await pilot.press("ctrl+s")
        setup, _ = app.started[0]
        assert setup.seats == seats
        assert setup.rules == rules


async def test_a_refused_setup_lists_every_problem_and_starts_nothing() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        rows = list(screen.query(SeatRow))
        await retype_name(pilot, rows[1], "bea")
        await retype_name(pilot, rows[3], "")
        await click_option(pilot, "#target", CUSTOM_TARGET)
        await retype(pilot, screen.query_one("#target-input", Input), "0")
        await retype(pilot, screen.query_one("#seed", Input), "-1")
        await pilot.press("ctrl+s")
        assert app.started == []
        assert isinstance(app.screen, SetupScreen)
        shown = str(screen.query_one("#setup-problems", Static).content)
        assert shown.splitlines() == [
            "• The name of seat 4 must not be empty.",
            "• Two seats are called 'bea': give each a different name.",
            "• The custom target must be a whole number of points from 1 to 100000.",
            "• The seed must be a whole number from 0 to 2^63 - 1, or empty for a random one.",
        ]
        rows[1].seat_name = "Ada"
        rows[3].seat_name = "Cal"
        screen.query_one("#target-input", Input).value = "750"
        screen.query_one("#seed", Input).value = ""
        await pilot.click("#start")
        assert app.started[0][0].rules.target == 750
        assert not screen.query_one("#setup-problems", Static).display


async def test_the_points_box_comes_with_custom_and_keeps_what_was_typed() -> None:
    """The box is made only once "custom" is chosen (an input costs four plain widgets)."""
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        assert not screen.query("#target-input")
        await click_option(pilot, "#target", CUSTOM_TARGET)
        box = screen.query_one("#target-input", Input)
        assert (box.value, app.focused) == ("500", box)
        await retype(pilot, box, "750")
        await click_option(pilot, "#target", 2000)
        assert box.disabled
        await click_option(pilot, "#target", CUSTOM_TARGET)
        assert (box.value, box.disabled) == ("750", False)
        await pilot.press("ctrl+s")
        assert app.started[0][0].rules.target == 750


async def test_a_table_of_bots_only_is_refused() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        screen.query(SeatRow).first().who = Who.BOT
        await pilot.pause()
        await pilot.press("ctrl+s")
        assert app.started == []
        assert "bots cannot play alone" in flat_text(app)


async def test_variants_are_refused_with_one_deck_and_explained() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        big_combos = screen.query_one("#big_combos", SwitchRow)
        assert big_combos.disabled
        await pilot.click(big_combos)
        assert not big_combos.value
        note = screen.query_one("#variants-note", Static)
        assert str(note.content) == (
            "Off with one deck: the variants need the sets and jokers of two decks."
        )
        await click_option(pilot, "#decks", 2)
        assert not big_combos.disabled
        await pilot.click(big_combos)
        await pilot.click("#low_doubling")
        assert big_combos.value
        await click_option(pilot, "#decks", 1)
        assert not big_combos.value
        assert big_combos.disabled
        assert str(note.content) == (
            "Turned off Big combos and Low doubling: the variants need two decks."
        )
        await pilot.press("ctrl+s")
        assert app.started[0][0].rules == liar_game.Rules()


async def test_two_decks_with_variants_start_by_keys() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        screen.query_one("#decks").focus()
        await pilot.press("right", "space")
        screen.query_one("#joker_sets", SwitchRow).focus()
        await pilot.press("space")
        await pilot.press("ctrl+s")
        assert app.started[0][0].rules == liar_game.Rules(decks=2, joker_sets=True)


async def test_seats_are_added_removed_and_recast() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        await pilot.press(*["ctrl+n"] * 5)
        rows = list(screen.query(SeatRow))
        assert len(rows) == liar_game.MAX_SEATS
        assert [row.config().name for row in rows[4:]] == ["Dex", "Eli", "Fay", "Gus"]
        assert screen.query_one("#seat-add", Button).disabled
        await pilot.press("ctrl+n")
        assert len(screen.query(SeatRow)) == liar_game.MAX_SEATS
        rows[2].focus()
        await pilot.press("ctrl+r")
        await pilot.click(rows[7], offset=(REMOVE_X + 1, 0))
        screen.query_one("#seat-add", Button).disabled = False
        screen.query_one("#seat-add", Button).focus()
        await pilot.press(*["ctrl+r"] * 5)
        rows = list(screen.query(SeatRow))
        assert [row.config().name for row in rows] == ["You", "Ada"]
        assert [str(row.render())[:2] for row in rows] == ["1.", "2."]  # renumbered
        assert not any(row.removable for row in rows)
        rows[1].focus_part(Part.WHO)
        await pilot.press("enter", "up", "up", "enter")
        assert rows[1].who is Who.PERSON
        await pilot.press("ctrl+s")
        setup, _ = app.started[0]
        assert setup.seats == (SeatConfig("You", SeatKind.HUMAN), SeatConfig("Ada", SeatKind.HUMAN))


async def test_a_seat_is_one_widget_and_tab_goes_through_its_parts_both_ways() -> None:
    """Who, name, remove, as a chooser, an input and a button were: the name's input is
    there only while the name is edited."""
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        rows = list(screen.query(SeatRow))
        assert list(screen.query("#seat-editor Input")) == []
        steps = []
        for key in ("tab", "tab", "tab", "shift+tab", "shift+tab", "shift+tab"):
            await pilot.press(key)
            steps.append([(number, row.focused_part) for number, row in enumerate(rows)])
        focus_at = [[(n, part) for n, part in step if part is not None] for step in steps]
        assert focus_at == [
            [(0, Part.NAME)],
            [(0, Part.REMOVE)],
            [(1, Part.WHO)],
            [(0, Part.REMOVE)],
            [(0, Part.NAME)],
            [(0, Part.WHO)],
        ]
        screen.query_one("#seed", Input).focus()
        await pilot.press("shift+tab", "shift+tab")
        assert app.focused is rows[-1]
        assert list(screen.query("#seat-editor Input")) == []


async def test_down_on_a_seat_s_remove_mark_scrolls_the_form_and_on_who_opens_the_list() -> None:
    app = RecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot)
        row = screen.query(SeatRow).first()
        row.focus_part(Part.REMOVE)
        await pilot.press("down")
        assert screen.query_one("#setup-columns").scroll_y > 0
        assert not row.query(ChoiceList)
        row.focus_part(Part.WHO)
        await pilot.press("down")
        assert row.query_one(ChoiceList).display


async def test_a_click_on_a_seat_s_remove_mark_at_the_fewest_seats_says_why_not() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        for row in list(screen.query(SeatRow))[liar_game.MIN_SEATS :]:
            await pilot.click(row, offset=(REMOVE_X + 1, 0))
        rows = list(screen.query(SeatRow))
        assert len(rows) == liar_game.MIN_SEATS
        await pilot.click(rows[1], offset=(REMOVE_X + 1, 0))
        assert len(screen.query(SeatRow)) == liar_game.MIN_SEATS
        said = [str(notice.message) for notice in app._notifications]
        assert said == [f"A table needs at least {liar_game.MIN_SEATS} players."]


async def test_the_seat_boxes_build_no_option_list_until_one_is_opened() -> None:
    """Four Selects, each with its option list, cost as much as the rest of setup."""
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        assert list(screen.query("#seat-editor OptionList")) == []
        assert list(screen.query("#seat-editor Select")) == []
        await pilot.press("enter")
        assert len(screen.query("#seat-editor OptionList")) == 1


async def test_seats_are_added_and_recast_by_mouse() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        await pilot.click("#seat-add")
        rows = list(screen.query(SeatRow))
        assert len(rows) == 5
        await pilot.click(rows[4], offset=(WHO_X + 1, 0))
        await pilot.click(rows[4].query_one(ChoiceList), offset=(2, 1))
        assert rows[4].who is Who.PERSON
        await pilot.click("#start")
        assert app.started[0][0].seats[4] == SeatConfig("Dex", SeatKind.HUMAN)


async def test_each_bot_seat_has_its_level_chosen_in_setup() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        rows = list(screen.query(SeatRow))
        rows[1].focus_part(Part.WHO)
        await pilot.press("enter", "down", "enter")
        rows[2].who = Who.EASY_BOT
        await pilot.pause()
        await pilot.press("ctrl+s")
        levels = [seat.level for seat in app.started[0][0].seats[1:]]
        assert levels == [BotLevel.HARD, BotLevel.EASY, BotLevel.NORMAL]


async def test_choosing_you_for_a_second_seat_makes_the_first_a_person_here() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        rows = list(screen.query(SeatRow))
        rows[2].who = Who.YOU
        await pilot.pause()
        assert [row.who for row in rows] == [Who.PERSON, Who.BOT, Who.YOU, Who.BOT]


async def test_back_by_mouse_goes_home_and_starts_nothing() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(app, pilot)
        await pilot.click("#back")
        assert isinstance(app.screen, HomeScreen)
        assert app.started == []


def test_custom_targets_are_whole_numbers_in_range() -> None:
    assert parse_target(" 750 ") == 750
    assert parse_target(str(MAX_TARGET)) == MAX_TARGET
    for text in ("", "0", "-5", "7.5", str(MAX_TARGET + 1)):
        assert isinstance(parse_target(text), str)


def test_seeds_are_whole_numbers_or_empty() -> None:
    assert parse_seed("  ") is None
    assert parse_seed(" 42 ") == 42
    assert isinstance(parse_seed("4.2"), str)
    assert isinstance(parse_seed(str(2**63)), str)


def test_snapshot_setup(snap_compare) -> None:
    assert snap_compare(RecordingApp(), terminal_size=SIZE, press=["1"])


def test_snapshot_setup_with_a_refusal(snap_compare) -> None:
    async def refuse(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.press("1")
        rows = list(pilot.app.screen.query(SeatRow))
        rows[1].seat_name = "Bea"
        await pilot.press("ctrl+s")

    assert snap_compare(RecordingApp(), terminal_size=SIZE, run_before=refuse)


async def test_at_80_by_24_the_rules_sit_under_the_seats_and_nothing_is_cut_off() -> None:
    app = RecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot)
        assert screen.has_class("-narrow")
        for widget in screen.query(
            "#rules-editor ChoiceRow, #rules-editor SwitchRow, #rules-editor Input"
        ):
            screen.query_one("#setup-columns").scroll_to_widget(widget, animate=False)
            await pilot.pause()
            assert widget.region.right <= 80, widget
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert screen.has_class("-wide")
        seats = screen.query_one("#setup-seats").region
        rules = screen.query_one("#setup-rules").region
        assert rules.x >= seats.right, "side by side when there is room"


def test_snapshot_setup_at_80_by_24(snap_compare) -> None:
    assert snap_compare(RecordingApp(), terminal_size=(80, 24), press=["1"])


class OnlineRecordingApp(RecordingApp):
    """Records what the online setup asks the app to create on the host."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.created: list[tuple[TableSetup, OnlineTableOptions]] = []

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(SetupScreen("liar-game", online=True))

    def start_online_table(self, setup: TableSetup, options: OnlineTableOptions) -> None:
        self.created.append((setup, options))


def who_labels(screen: SetupScreen) -> list[str]:
    """What each seat's chooser shows now."""
    return [row.who_label for row in screen.query(SeatRow)]


async def test_the_online_setup_calls_other_people_open_chairs() -> None:
    app = OnlineRecordingApp(
        settings=Settings(seats=(*default_seats(), SeatConfig("Bo", SeatKind.HUMAN)))
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert who_labels(screen)[0] == "You"
        assert who_labels(screen)[-1] == "Open chair"
        assert "Person here" not in flat_text(app)
        assert "open chair" in flat_text(app)


async def test_the_local_setup_keeps_person_here_and_has_no_online_options() -> None:
    app = RecordingApp(
        settings=Settings(seats=(*default_seats(), SeatConfig("Bo", SeatKind.HUMAN)))
    )
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        assert who_labels(screen)[-1] == "Person here"
        assert not screen.query("#online-options")
        assert not screen.query("#private")
        assert not screen.query("#turn-seconds")


async def test_an_online_table_is_public_with_a_minute_a_turn_by_default() -> None:
    app = OnlineRecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        ((setup, options),) = app.created
        assert options == OnlineTableOptions(private=False, turn_seconds=60)
        assert setup.seats == seats_with_you(default_seats(), "You")
        assert app.started == []


async def test_a_private_table_without_a_timer_by_keys() -> None:
    app = OnlineRecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#private", Checkbox).focus()
        await pilot.press("space")
        app.screen.query_one("#turn-seconds", Input).focus()
        await pilot.press("end", "ctrl+u", "0", "ctrl+s")
        assert [options for _, options in app.created] == [OnlineTableOptions(True, 0)]


async def test_a_private_table_with_a_timer_by_mouse() -> None:
    app = OnlineRecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#setup-columns").scroll_to_widget(
            screen.query_one("#turn-seconds"), animate=False
        )
        await pilot.pause()
        await pilot.click("#private")
        await retype(pilot, screen.query_one("#turn-seconds", Input), "90")
        await pilot.click("#start")
        assert [options for _, options in app.created] == [OnlineTableOptions(True, 90)]


async def test_a_turn_timer_out_of_range_is_refused_in_one_sentence() -> None:
    app = OnlineRecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#turn-seconds", Input).value = "5"
        await pilot.press("ctrl+s")
        assert app.created == []
        shown = str(screen.query_one("#setup-problems", Static).content)
        assert shown == f"• {TURN_TIMER_PROBLEM}"


def test_turn_timers_are_zero_or_whole_seconds_in_range() -> None:
    assert parse_turn_seconds(" 0 ") == 0
    assert parse_turn_seconds("") == 0
    assert parse_turn_seconds(str(MIN_TURN_SECONDS)) == MIN_TURN_SECONDS
    assert parse_turn_seconds(str(MAX_TURN_SECONDS)) == MAX_TURN_SECONDS
    for text in ("-1", "1", str(MIN_TURN_SECONDS - 1), str(MAX_TURN_SECONDS + 1), "7.5", "x"):
        assert parse_turn_seconds(text) == TURN_TIMER_PROBLEM


def test_snapshot_online_setup(snap_compare) -> None:
    seats = (*default_seats()[:3], SeatConfig("Bo", SeatKind.HUMAN))
    assert snap_compare(OnlineRecordingApp(settings=Settings(seats=seats)), terminal_size=SIZE)


async def test_the_empty_seed_is_not_marked_invalid_when_the_focus_passes_it() -> None:
    """Empty means a random seed, so leaving the box empty is no mistake to show in red."""
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        seed = screen.query_one("#seed", Input)
        seed.focus()
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert not seed.has_focus
        assert not seed.has_class("-invalid")
        seed.focus()
        await pilot.press("x", "1", "tab")
        await pilot.pause()
        assert seed.value == "1"
        seed.value = "-"
        seed.focus()
        await pilot.press("tab")
        await pilot.pause()
        assert seed.has_class("-invalid")


async def test_the_layout_class_is_right_before_the_screen_is_shown() -> None:
    """Set only once the screen is sized, the class would restyle every widget on it a
    second time (a good part of the time setup took to open) and the first frame would
    show the wrong layout."""
    app = RecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        narrow = SetupScreen("liar-game")
        assert narrow.has_class("-narrow") and not narrow.has_class("-wide")
        await pilot.resize_terminal(120, 32)
        await pilot.pause()
        wide = SetupScreen("liar-game")
        assert wide.has_class("-wide") and not wide.has_class("-narrow")
