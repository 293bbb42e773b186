"""The dollar-bill table screens, played through the real app as a person would."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from liar_tui.app import LiarApp
from liar_tui.money import money_text
from liar_tui.rules.dollar_bills.game import (
    DIGIT_ORDER,
    RECENT_GAMES,
    Bid,
    DollarBillsSession,
    GameRecord,
    Pass,
    PlaceBid,
    bid_refusal,
    lowest_raise,
)
from liar_tui.rules.dollar_bills.odds import probability_at_least
from liar_tui.rules.dollar_bills.rules import Rules
from liar_tui.screens.confirm import ConfirmScreen
from liar_tui.screens.dollar_bills.bid_builder import (
    CELL_WIDTH,
    LABEL_WIDTH,
    BidBuilder,
    CountRow,
    chance_text,
)
from liar_tui.screens.dollar_bills.bill import HIGHLIGHT, BillFace, big_serial, serial_line
from liar_tui.screens.dollar_bills.ledger import BillsLedgerScreen
from liar_tui.screens.dollar_bills.panels import BidHistory, SeatsPanel
from liar_tui.screens.dollar_bills.play import DollarBillsPlayScreen, saved_summary
from liar_tui.screens.dollar_bills.privacy import BillPrivacyScreen
from liar_tui.screens.dollar_bills.reveal import BillsRevealScreen, payments_sentence
from liar_tui.screens.dollar_bills.rules_editor import DollarBillsRulesEditor
from liar_tui.screens.home import HomeScreen
from liar_tui.screens.setup import SetupScreen
from liar_tui.screens.table_screen import TableScreen
from liar_tui.store.settings import Settings
from liar_tui.table.local import open_table
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.widgets.card_art import CardLook
from tests.screens.menus import flat_text

ONE_HUMAN = (
    SeatConfig("You", SeatKind.HUMAN),
    SeatConfig("Ada"),
    SeatConfig("Bea"),
    SeatConfig("Cal"),
)
HOT_SEAT = (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Ada"), SeatConfig("Ben", SeatKind.HUMAN))
YOU_OPEN = 2
"""A seed that draws the first seat, the person, to open the first game."""
MAX_TURNS = 30
"""A game with a person who passes whenever it may ends within a few turns of each seat."""


def table_app(
    seats: tuple[SeatConfig, ...], seed: int = 5, show_odds: bool = True, digits: int = 8
) -> LiarApp:
    setup = TableSetup("liars-poker-bills", Rules(digits=digits), seats, seed=seed)
    return LiarApp(settings=Settings(bot_delay=0, show_odds=show_odds), start=setup)


def screen_text(app: App[Any]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def settle(pilot: Pilot[Any]) -> None:
    """Let bots answer until a person is to act, and screens switch (each takes a pause)."""
    app = pilot.app
    assert isinstance(app, LiarApp)
    for _ in range(MAX_TURNS):
        await pilot.pause()
        table = app.table
        if table is None or table.to_act()[0] in table.setup.human_seats:
            break
    for _ in range(3):
        await pilot.pause()


async def play_to_the_show(pilot: Pilot[Any], app: LiarApp, mouse: bool = False) -> None:
    """Open with the offered bid when first, pass otherwise, until the bills are shown."""
    for _ in range(MAX_TURNS):
        if isinstance(app.screen, BillsRevealScreen):
            return
        assert isinstance(app.screen, DollarBillsPlayScreen)
        opening = app.table.view(0).standing is None
        if mouse:
            assert await pilot.click("#bid" if opening else "#pass")
        else:
            await pilot.press("enter" if opening else "p")
        await settle(pilot)
    raise AssertionError(f"the bills were never shown:\n{screen_text(app)}")


def read_reveal(text: str, names: tuple[str, ...], digits: int) -> dict[str, tuple[str, int]]:
    """Each seat's serial and count of the digit, as read off the reveal screen."""
    rows: dict[str, tuple[str, int]] = {}
    for line in text.splitlines():
        words = line.strip("█ ").split()
        if len(words) > digits + 1 and words[0] in names and words[1].isdigit():
            rows[words[0]] = ("".join(words[1 : 1 + digits]), int(words[1 + digits]))
    return rows


def check_reveal_against(record: GameRecord, text: str, names: tuple[str, ...]) -> None:
    shown = record.shown
    rows = read_reveal(text, names, len(shown.serials[0]))
    assert set(rows) == set(names)
    digit = str(shown.bid.digit)
    for seat, name in enumerate(names):
        serial, count = rows[name]
        assert serial == shown.serials[seat]
        assert count == serial.count(digit)
    assert sum(count for _, count in rows.values()) == shown.count
    verdict = "the bid holds" if shown.held else "the bid fails"
    assert f"{names[shown.bidder]} bid {shown.bid.text}." in text
    assert verdict in text
    assert payments_sentence(record.settled, names) in text


async def test_a_game_by_keys_alone_ends_in_a_reveal_read_from_the_screen() -> None:
    app = table_app(ONE_HUMAN)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.table
        assert isinstance(app.screen, DollarBillsPlayScreen)
        assert app.screen.query_one(BillFace).serial == table.view(0).serial
        await play_to_the_show(pilot, app)
        (record,) = table.view(0).recent_games
        check_reveal_against(record, screen_text(app), table.setup.names)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, DollarBillsPlayScreen)
        assert table.view(0).game == 2
        assert app.screen.query_one(BillFace).serial == table.view(0).serial
        assert "Game 1:" in screen_text(app), "the last game's outcome stays in the history"
        await leave_by_keys(pilot, app)


async def leave_by_keys(pilot: Pilot[Any], app: LiarApp) -> None:
    """Escape asks first and says the game is saved; no keeps the table, yes goes home."""
    screen = app.screen
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


@pytest.mark.slow
async def test_a_game_by_mouse_alone_then_the_ledger_and_leave() -> None:
    """The mouse path of a whole game (slow: the keys path above is the default run's, and
    the builder by mouse below its mouse test)."""
    app = table_app(ONE_HUMAN, seed=9)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.table
        await play_to_the_show(pilot, app, mouse=True)
        assert await pilot.click("#show-ledger")
        await settle(pilot)
        assert isinstance(app.screen, BillsLedgerScreen)
        text = screen_text(app)
        (record,) = table.view(0).recent_games
        assert "1 game played." in text
        assert f"{table.setup.names[record.shown.bidder]}: {record.shown.bid.text}" in text
        await pilot.press("escape")
        await settle(pilot)
        assert await pilot.click("#next-game")
        await settle(pilot)
        assert isinstance(app.screen, DollarBillsPlayScreen)
        await play_to_the_show(pilot, app, mouse=True)
        assert await pilot.click("#leave-table")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert "game 3" in screen_text(app), "the home screen offers the dealt game to resume"


async def test_the_builder_by_mouse_builds_the_bid_it_sends() -> None:
    app = table_app(ONE_HUMAN)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        standing = app.table.view(0).standing
        builder = app.screen.query_one(BidBuilder)
        wanted = Bid(lowest_raise(standing, 0).count + 1, 0)
        zero = LABEL_WIDTH + CELL_WIDTH * DIGIT_ORDER.index(0) + 1
        up = LABEL_WIDTH + 2 * CELL_WIDTH + CountRow.VALUE_WIDTH - 2
        down = LABEL_WIDTH + 1
        for target, x in (("#digit-row", zero), *[("#count-row", x) for x in (up, up, down)]):
            assert await pilot.click(target, offset=(x, 0))
            await pilot.pause()
        assert builder.bid == wanted
        count_row = builder.query_one(CountRow)
        await pilot.hover("#count-row", offset=(down, 0))
        assert count_row.hovered == -1, "the step under the mouse is lit, as a button is"
        await pilot.hover("#bid")
        assert count_row.hovered == 0
        assert f"{wanted.text} · you hold" in screen_text(app)
        before = len(app.table.actions)
        assert await pilot.click("#bid")
        await settle(pilot)
        assert app.table.actions[before] == PlaceBid(0, wanted)


async def test_a_refused_bid_is_explained_and_changes_nothing() -> None:
    """The builder offers only raises, but the table is the judge: a bid it refuses (sent
    here as the builder would send it) is explained in a toast and changes nothing."""
    app = table_app(ONE_HUMAN)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await settle(pilot)
        view = app.table.view(0)
        assert view.standing is not None, "seed 5 lets the bots open"
        too_low = Bid(view.standing.count, 1)
        warning = bid_refusal(too_low, view.standing, view.max_count)
        assert warning is not None
        builder = app.screen.query_one(BidBuilder)
        actions = app.table.actions
        builder.post_message(BidBuilder.Submitted(builder, too_low))
        await settle(pilot)
        assert "Bid refused" in screen_text(app)
        (notice,) = app._notifications
        assert notice.message == warning
        assert app.table.actions == actions
        await pilot.press("1", "enter")
        await settle(pilot)
        assert app.table.actions[len(actions)] == PlaceBid(0, lowest_raise(view.standing, 1))


async def test_the_odds_show_beside_the_bid_and_the_opener_is_offered_no_pass() -> None:
    """Bug 5: the opener saw "Pass (p)" in the builder and the footer, and got a refusal."""
    app = table_app(ONE_HUMAN, seed=YOU_OPEN)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await settle(pilot)
        view = app.table.view(0)
        assert view.standing is None, "this seed makes you the opener"
        held = view.serial.count("1")
        chance = probability_at_least(1, 1, view.serial, 4, 8)
        line = f"One 1 · you hold {held} · {chance_text(chance)}"
        text = screen_text(app)
        assert line in text
        assert "Pass" not in text and "The opener may not pass." in text
        await pilot.press("p")
        await settle(pilot)
        assert not app._notifications
        assert app.table.actions == ()


@pytest.mark.slow
async def test_hot_seat_shows_one_bill_at_a_time_behind_a_privacy_screen() -> None:
    """Slow: test_hot_seat_privacy walks every hand-off of a bills game in the default run."""
    app = table_app(HOT_SEAT, seed=3)
    names = {0: "Ann", 2: "Ben"}
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        turns = 0
        while not table.view(0).recent_games:
            turns += 1
            assert turns < MAX_TURNS
            assert isinstance(app.screen, BillPrivacyScreen)
            (seat,) = table.to_act()
            other = 2 - seat
            covered = screen_text(app)
            assert f"Pass the keyboard to {names[seat]}." in covered
            assert table.view(seat).serial not in covered
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, DollarBillsPlayScreen)
            bill = app.screen.query_one(BillFace)
            assert bill.serial == table.view(seat).serial
            assert f"{names[seat]}'s bill" in screen_text(app)
            assert table.view(other).serial not in str(bill.render())
            await pilot.press("enter" if table.view(seat).standing is None else "p")
            await settle(pilot)
        assert isinstance(app.screen, BillsRevealScreen)


@pytest.mark.slow
async def test_ten_seats_with_twelve_digits_fit_80_by_24() -> None:
    """Slow: the ten-seat snapshot at 80x24 is the default run's check of the table."""
    seats = (SeatConfig("Bartholomew Longname", SeatKind.HUMAN), *ONE_HUMAN[1:])
    seats += tuple(SeatConfig(name) for name in ("Dex", "Eli", "Fay", "Gus", "Hal", "Ivy"))
    app = table_app(seats, digits=12)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        for name in ("Ada", "Ivy"):
            assert name in text
        assert "Bid (Enter)" in text
        await play_to_the_show(pilot, app)
        (record,) = app.table.view(0).recent_games
        text = screen_text(app)
        for serial in record.shown.serials:
            assert " ".join(serial) in text
        assert "Next game (Enter)" in text


def test_saved_summary_names_the_game_and_every_seats_winnings() -> None:
    setup = TableSetup("liars-poker-bills", Rules(stake=2), ONE_HUMAN[:3], seed=1)
    table = open_table(setup)
    (first,) = table.to_act()
    actions: list[Any] = [PlaceBid(first, Bid(24, 0))]
    actions += [Pass((first + step) % 3) for step in (1, 2)]
    table = open_table(setup, actions)
    ledger = table.view(0).ledger
    assert ledger[first] == -4
    summary = saved_summary(setup, table.view(0))
    assert summary.startswith("Liar's Poker (dollar bills), game 2: ")
    assert f"{setup.names[first]} -$4" in summary


def test_bill_art_and_money() -> None:
    look = CardLook()
    lines = big_serial("1098", look).plain.splitlines()
    assert len(lines) == 3
    assert all(len(line) == 4 * 3 + 3 for line in lines)
    ascii_lines = big_serial("80", CardLook(ascii_only=True)).plain.splitlines()
    assert ascii_lines == [" _   _ ", "|_| | |", "|_| |_|"]
    line = serial_line("7170", highlight=7)
    assert line.plain == "7 1 7 0"
    assert [line.plain[span.start : span.end] for span in line.spans] == ["7", "7"]
    assert all(span.style == HIGHLIGHT for span in line.spans)
    assert (money_text(3), money_text(-1), money_text(0)) == ("+$3", "-$1", "$0")


def test_chances_read_as_words_at_the_ends() -> None:
    assert chance_text(1.0) == "certain"
    assert chance_text(0.0) == "impossible"
    assert chance_text(0.004) == "under 1% likely"
    assert chance_text(0.996) == "over 99% likely"
    assert chance_text(0.4249) == "42% likely"


async def test_setup_offers_digits_and_stake_and_explains_bad_ones() -> None:
    app = LiarApp(settings=Settings(bot_delay=0, show_odds=False))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        editor = app.screen.query_one(DollarBillsRulesEditor)
        assert editor.read() == (Rules(), [])
        digits = app.screen.query_one("#digits", Input)
        await pilot.click(digits)
        await pilot.press("end", "ctrl+u", "3")
        await pilot.click("#stake")
        await pilot.press("end", "ctrl+u")
        await pilot.press("ctrl+s")
        await settle(pilot)
        text = screen_text(app)
        assert "A serial number has from 4 to 12 digits." in text
        assert "The stake must be a whole number of dollars from 1 to 1000." in text
        assert app.table is None
        await pilot.click(digits)
        await pilot.press("end", "ctrl+u", "1", "0")
        await pilot.click("#stake")
        await pilot.press("5")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, DollarBillsPlayScreen)
        assert app.table.setup.rules == Rules(digits=10, stake=5)
        text = screen_text(app)
        assert " · you hold " in text or "Waiting for" in text
        assert "likely" not in text and "certain" not in text, "the odds are switched off"


async def test_the_panels_say_you_start_and_you_pass() -> None:
    """ "You" is a pronoun: the seats panel and the bids say "You start" and "You pass"."""
    session = DollarBillsSession(Rules(digits=8), 4, seed=YOU_OPEN)
    assert session.starter == 0
    bids = (PlaceBid(0, Bid(1, 2)), PlaceBid(1, Bid(2, 3)), Pass(2), PlaceBid(3, Bid(3, 4)))
    for action in (*bids, Pass(0)):
        session.apply(action)
    view = session.view(0)
    names = ("You", "Ada", "Bea", "Cal")

    class Panels(App[None]):
        def compose(self) -> ComposeResult:
            yield SeatsPanel(names, CardLook())
            yield BidHistory(names, CardLook())

        def on_mount(self) -> None:
            self.query_one(SeatsPanel).show(view, 0, (0,))
            self.query_one(BidHistory).show(view)

    app = Panels()
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        text = flat_text(app)
        assert "Game 1 · You start " in text
        assert "Bea passes Cal Three 4s You pass" in text
        assert "You starts" not in text and "You passes" not in text


async def test_the_ledger_of_a_long_session_lists_its_last_games_and_counts_them_all() -> None:
    """The view carries only the last games' records: the ledger lists those and says so,
    while its standings count every game from the view's running totals."""
    session = DollarBillsSession(Rules(digits=4), 3, seed=11)
    games = RECENT_GAMES + 15
    while session.game <= games:
        (seat,) = session.to_act()
        digit = session.game % 10
        session.apply(Pass(seat) if session.turns else PlaceBid(seat, Bid(2, digit)))
    view = session.view(0)
    names = ("You", "Ada", "Bea")

    class Ledger(App[None]):
        def on_mount(self) -> None:
            self.push_screen(BillsLedgerScreen(names, view, CardLook()))

    app = Ledger()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert f"{games} games played." in text
        assert f"The last {RECENT_GAMES} of {games} games, newest first" in text
        rows = app.screen.query_one("#games", DataTable)
        listed = [int(str(key.value)) for key in rows.rows]
        assert listed == list(range(games, games - RECENT_GAMES, -1))
        for seat, name in enumerate(names):
            own = [
                played.record for played in session.past_games if played.record.shown.bidder == seat
            ]
            held = sum(record.shown.held for record in own)
            assert f"had the last bid {len(own)} times, {held} held" in text, name


LONGEST = "Bartholomew Ashcroft"
"""A name as long as a seat's name may be."""


async def test_a_large_terminal_gives_the_seats_panel_room_for_the_longest_names() -> None:
    """At 160 columns the side panel grows, so a 20-letter name is no longer cut to 8."""
    app = table_app((SeatConfig("You", SeatKind.HUMAN), SeatConfig(LONGEST), SeatConfig("Ada")))
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        assert LONGEST in screen_text(app)


async def test_the_reveal_shows_the_longest_name_whole_at_80_columns() -> None:
    """The show of a game played by the rules, opened as the table opens it (the way there
    through the app is the keys test's)."""
    session = DollarBillsSession(Rules(digits=8), 3, seed=5)
    while session.game == 1:
        (seat,) = session.to_act()
        session.apply(Pass(seat) if session.turns else PlaceBid(seat, Bid(2, 7)))
    (record,) = session.view(0).recent_games
    names = (LONGEST, "Ada", "Bea")

    app = LiarApp(settings=Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(BillsRevealScreen(record, names, CardLook(), lambda: None))
        await pilot.pause()
        assert re.search(rf"{LONGEST} +\d \d", screen_text(app)), "a seat's row names it whole"


async def test_a_turn_that_arrives_lights_the_bid_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Your turn is unmistakable: the bidding panel, where the turn is played, lights up."""
    lit: list[str | None] = []
    monkeypatch.setattr(TableScreen, "_flash", lambda screen, panel: lit.append(panel.id))
    app = table_app(ONE_HUMAN, seed=YOU_OPEN)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, DollarBillsPlayScreen)
        assert lit == ["bid-panel"]
