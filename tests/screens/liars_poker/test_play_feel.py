"""The Liar's Poker table as issue 13's play-test found it: the hand-over after a challenge,
only the buttons that can be pressed, and the footer of a question asked over the table."""

from __future__ import annotations

import random
import threading
from types import SimpleNamespace
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Button, Input

from liar_tui.app import LiarApp
from liar_tui.games import make_bot
from liar_tui.rules.cards import Card
from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.game import Challenge, Chip, Declare, LiarsPokerRules, Phase, Take
from liar_tui.rules.liars_poker.poker_hands import HandRank, hand_rank
from liar_tui.rules.liars_poker.rules import PokerRules, RoundRules
from liar_tui.screens import table_screen
from liar_tui.screens.confirm import ConfirmScreen
from liar_tui.screens.liars_poker import play
from liar_tui.screens.liars_poker.challenge import ChallengeScreen
from liar_tui.screens.liars_poker.game_over import LiarsPokerOverScreen
from liar_tui.screens.liars_poker.history import RoundHistoryScreen
from liar_tui.screens.liars_poker.play import LiarsPokerPlayScreen
from liar_tui.screens.liars_poker.sentences import hand_phrase
from liar_tui.screens.privacy import PrivacyScreen
from liar_tui.screens.table_screen import TableScreen
from liar_tui.store.settings import Settings
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from tests.screens.liars_poker.test_play import (
    CARD_TOP,
    SIZE,
    THREE_PEOPLE,
    TWO_PEOPLE,
    declare,
    flat_text,
    pass_privacy,
    screen_text,
    settle,
    table_app,
)


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_a_challenger_who_wins_opens_the_next_round_behind_the_curtain() -> None:
    """Bug 1: both people watched the challenge; the winner, who challenged from this very
    keyboard, opens the next round, and their new hand must not show before a hand-over."""
    app = table_app(TWO_PEOPLE, LiarsPokerRules(lives=2))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, app)
        await declare(pilot, "four aces")
        challenger = await pass_privacy(pilot, app)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, ChallengeScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.table.view(challenger.seat).opener == challenger.seat, "the challenger won"
        assert isinstance(app.screen, PrivacyScreen), "the new hand waits for a hand-over"
        assert CARD_TOP not in screen_text(app)
        opener = await pass_privacy(pilot, app)
        assert opener.seat == challenger.seat
        assert CARD_TOP in screen_text(app)


@pytest.mark.slow
async def test_skip_is_offered_only_while_the_chip_can_be_played() -> None:
    """Bug 5: "Skip (k)" stayed on screen (disabled) after the Skip chip was spent."""
    app = table_app(THREE_PEOPLE, LiarsPokerRules(chips=True), seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, app)
        await declare(pilot, "A high")
        skipper = await pass_privacy(pilot, app)
        assert skip_offered(app)
        await pilot.press("k")
        await settle(pilot)
        for declaration in ("kings", "aces"):
            view = await pass_privacy(pilot, app)
            assert Chip.SKIP in view.chips[view.seat]
            assert skip_offered(app) == (view.skipped_by is None), "no Skip answers a Skip"
            await pilot.press("t")
            await settle(pilot)
            await pilot.press("enter")
            await settle(pilot)
            await declare(pilot, declaration)
        back = await pass_privacy(pilot, app)
        assert back.seat == skipper.seat and back.phase is Phase.DECIDE
        assert Chip.SKIP not in back.chips[back.seat], "the chip is spent"
        assert not skip_offered(app)
        assert "challenge" in footer_actions(app.screen)


@pytest.mark.slow
async def test_the_leave_question_shows_only_its_own_keys_in_the_footer() -> None:
    """Bug 5: the table's keys (Take, Challenge...) showed under the y/n leave question."""
    app = table_app(TWO_PEOPLE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, app)
        await declare(pilot, "A high")
        await pass_privacy(pilot, app)
        assert isinstance(app.screen, LiarsPokerPlayScreen)
        await pilot.press("escape")
        await settle(pilot)
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        footer = question.query_one("Footer")
        assert footer.region.bottom == SIZE[1], "its footer covers the table's"
        shown = {
            (bound.binding.action, bound.binding.description)
            for bound in question.active_bindings.values()
            if bound.binding.show
        }
        assert shown == {("answer(True)", "Leave"), ("answer(False)", "Stay")}, (
            "only the question's keys, named as its buttons are"
        )


def skip_offered(app: App[Any]) -> bool:
    """The Skip button shows, and the footer offers its key."""
    button = app.screen.query_one("#skip", Button)
    in_footer = "skip" in footer_actions(app.screen)
    assert button.display == in_footer, "the button and the footer agree"
    return in_footer and not button.disabled


def footer_actions(screen: object) -> set[str]:
    """The actions the footer of ``screen`` offers now (whichever footer widget draws them)."""
    assert isinstance(screen, LiarsPokerPlayScreen)
    return {bound.binding.action for bound in screen.active_bindings.values() if bound.binding.show}


ONE_PERSON = (SeatConfig("You", SeatKind.HUMAN), SeatConfig("Ada"), SeatConfig("Bea"))


async def test_a_turn_that_arrives_rings_the_bell_once_and_lights_the_turn_panel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Your turn is unmistakable: the bell (a setting) rings when the turn comes back from the
    bots, not at each step of it (take, discard, declare), and the turn panel lights up."""
    rings: list[object] = []
    monkeypatch.setattr(LiarApp, "bell", lambda app: rings.append(app))
    lit: list[str | None] = []
    monkeypatch.setattr(TableScreen, "_flash", lambda screen, panel: lit.append(panel.id))
    setup = TableSetup("liars-poker-cards", LiarsPokerRules(), ONE_PERSON, seed=3)
    app = LiarApp(settings=Settings(bot_delay=0, turn_bell=True), start=setup)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LiarsPokerPlayScreen)
        bot = make_bot(setup.game, BotLevel.NORMAL, random.Random(3))
        arrivals, steps = 0, 0
        while arrivals < 3:
            await settle(pilot)
            if not isinstance(app.screen, LiarsPokerPlayScreen):
                await pilot.press("enter")  # a challenge: Continue
                continue
            if screen._showing is None:
                continue
            view = app.table.view(0)
            arrives = view.phase is Phase.DECIDE or not view.declarations
            arrivals += arrives
            steps += 1
            assert len(rings) == arrivals, "one ring as the turn arrives, none at its steps"
            assert lit == ["action-panel"] * arrivals, "the turn panel lights as the turn arrives"
            screen._send(bot.act(view))
        assert steps > arrivals, "a turn of several steps was walked"


@pytest.mark.slow
async def test_no_bell_once_the_keyboard_is_handed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whoever lifts the curtain is looking already: the bell would only startle them."""
    rings: list[object] = []
    monkeypatch.setattr(LiarApp, "bell", lambda app: rings.append(app))
    setup = TableSetup("liars-poker-cards", LiarsPokerRules(), TWO_PEOPLE, seed=3)
    app = LiarApp(settings=Settings(bot_delay=0, turn_bell=True), start=setup)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, app)
        await declare(pilot, "A high")
        await pass_privacy(pilot, app)
        assert rings == []


@pytest.mark.slow
async def test_the_light_fades_and_leaves_the_panel_as_it_was() -> None:
    app = table_app(TWO_PEOPLE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, app)
        screen = app.screen
        assert isinstance(screen, LiarsPokerPlayScreen)
        panel = screen.query_one("#action-panel")
        screen._flash(panel)
        assert app.animator.is_being_animated(panel.styles, "background_tint")
        assert panel.styles.background_tint.a > 0
        await pilot.wait_for_animation()
        assert not panel.styles.has_rule("background_tint"), "no tint is left behind"


ONE_PERSON_THREE_BOTS = (*ONE_PERSON, SeatConfig("Cal"))


async def play_until_out(pilot: Pilot[Any], app: LiarApp, pushed: list[Screen[Any]]) -> None:
    """Take every hand and declare the best hand there is (a bot chooses the draw) until the
    person, challenged, is out and asked how to follow the game."""
    bot = make_bot("liars-poker-cards", BotLevel.NORMAL, random.Random(1))
    best = parse_declaration("royal flush", PokerRules())
    for _ in range(200):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, ConfirmScreen):
            assert str(screen.query_one("#confirm-yes", Button).label) == "Skip to the result (y)"
            assert app.table.view(0).lives[0] == 0
            pushed.clear()
            return
        if isinstance(screen, ChallengeScreen):
            await pilot.press("enter")
        elif isinstance(screen, LiarsPokerPlayScreen) and screen._showing is not None:
            view = app.table.view(0)
            if view.phase is Phase.DECLARE:
                screen._send(Declare(0, best))
            elif view.phase is Phase.DECIDE:
                screen._send(Take(0) if view.can_take else Challenge(0))
            else:
                screen._send(bot.act(view))
    raise AssertionError(f"never out: {app.screen!r}")


def recording(monkeypatch: pytest.MonkeyPatch) -> list[Screen[Any]]:
    pushed: list[Screen[Any]] = []
    push = LiarApp.push_screen

    def record(app: LiarApp, screen: Any, *args: Any, **kwargs: Any) -> Any:
        pushed.append(screen)
        return push(app, screen, *args, **kwargs)

    monkeypatch.setattr(LiarApp, "push_screen", record)
    return pushed


async def wait_for_the_end(pilot: Pilot[Any]) -> None:
    """No key: the bots finish the game by themselves."""
    for _ in range(500):
        await pilot.pause()
        if isinstance(pilot.app.screen, LiarsPokerOverScreen):
            return
    raise AssertionError(f"the game never ended by itself: {pilot.app.screen!r}")


@pytest.mark.slow
async def test_out_of_the_game_skips_to_the_result(monkeypatch: pytest.MonkeyPatch) -> None:
    """Out of the game: no key at every challenge the bots play after; straight to the end."""
    pushed = recording(monkeypatch)
    setup = TableSetup("liars-poker-cards", LiarsPokerRules(lives=1), ONE_PERSON_THREE_BOTS, 2)
    app = LiarApp(settings=Settings(bot_delay=0), start=setup)
    async with app.run_test(size=SIZE) as pilot:
        await play_until_out(pilot, app, pushed)
        assert app.bot_pace == 1
        await pilot.press("y")
        assert app.bot_pace == 0, "the bots no longer wait for anybody to follow them"
        await wait_for_the_end(pilot)
        assert [type(screen) for screen in pushed] == [LiarsPokerOverScreen]


@pytest.mark.slow
async def test_out_of_the_game_watches_challenges_that_go_on_by_themselves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(table_screen, "WATCH_SECONDS", 0.05)
    pushed = recording(monkeypatch)
    setup = TableSetup("liars-poker-cards", LiarsPokerRules(lives=1), ONE_PERSON_THREE_BOTS, 2)
    app = LiarApp(settings=Settings(bot_delay=0), start=setup)
    async with app.run_test(size=SIZE) as pilot:
        await play_until_out(pilot, app, pushed)
        await pilot.press("n")
        assert 0 < app.bot_pace < 1, "watching, the bots play faster than at the table"
        await wait_for_the_end(pilot)
        kinds = [type(screen) for screen in pushed]
        assert kinds[-1] is LiarsPokerOverScreen
        assert ChallengeScreen in kinds, "the bots' challenges were shown"


async def test_s_opens_the_round_history_and_is_a_letter_while_declaring() -> None:
    app = table_app(TWO_PEOPLE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, app)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, LiarsPokerPlayScreen), "s is typed into the declaration"
        assert "s" in app.screen.query_one("#declaration-text", Input).value
        await pilot.press("ctrl+u")
        await declare(pilot, "A high")
        await pass_privacy(pilot, app)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, RoundHistoryScreen)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, LiarsPokerPlayScreen)


async def test_the_hand_is_ranked_off_the_ui_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seven cards or communal ones: the first hand ranked under new rules builds tables
    for up to half a second; a worker thread does it while the line says "Dealing..."."""
    threads: list[bool] = []

    def ranked(cards: tuple[Card, ...], rules: PokerRules) -> HandRank:
        threads.append(threading.current_thread() is threading.main_thread())
        return hand_rank(cards, rules)

    monkeypatch.setattr(play, "hand_rank", ranked)
    monkeypatch.setattr(play, "_QUICK_TO_RANK", set())  # as in a new process
    seven = RoundRules(poker=PokerRules(hand_size=7, communal_cards=2))
    app = table_app(TWO_PEOPLE, LiarsPokerRules(round=seven))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        opener = await pass_privacy(pilot, app)
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert threads == [False], "ranked once, in a worker thread"
        holding = app.table.view(opener.seat)
        described = hand_phrase(hand_rank(holding.full_hand, seven.poker))
        assert f"You hold {described}." in flat_text(app)


@pytest.mark.parametrize(
    ("others", "asked"),
    [((SeatKind.BOT, SeatKind.BOT), True), ((SeatKind.HUMAN, SeatKind.BOT), False)],
    ids=["only bots play on", "another person plays on (online)"],
)
def test_out_of_the_game_is_asked_only_when_only_bots_play_on(
    others: tuple[SeatKind, SeatKind], asked: bool
) -> None:
    """Online, the seats at this keyboard are ours alone: when we go out while another person
    plays on, nobody is to be skipped past or watched at a bots' pace."""
    seats = (SeatConfig("You", SeatKind.HUMAN), SeatConfig("Ada", others[0]), SeatConfig("Bea"))
    setup = TableSetup("liars-poker-cards", LiarsPokerRules(), seats, seed=1)
    screen = SimpleNamespace(humans=(0,), setup=setup)
    before = SimpleNamespace(lives=(1, 2, 2))
    update = SimpleNamespace(view=SimpleNamespace(lives=(0, 2, 2)), events=())
    went_out = LiarsPokerPlayScreen._last_person_went_out
    assert went_out(screen, before, update) is asked  # type: ignore[arg-type]


def test_a_watched_popup_covered_when_its_time_comes_goes_on_later() -> None:
    """Help opened over a challenge the watchers see: the challenge must not wait for a key
    for the rest of the game, so its time starts again."""
    challenge, help_screen = object(), object()
    timers: list[float] = []
    screen = SimpleNamespace(
        app=SimpleNamespace(screen=help_screen, screen_stack=[challenge, help_screen]),
        set_timer=lambda seconds, callback: timers.append(seconds),
        _close_watched=lambda popup: None,
    )
    TableScreen._close_watched(screen, challenge)  # type: ignore[arg-type]
    assert timers == [table_screen.WATCH_SECONDS]


@pytest.mark.parametrize("popup_key", ["f1", "s"], ids=["help", "rounds"])
async def test_after_a_popup_closes_nothing_hidden_holds_the_focus(popup_key: str) -> None:
    """Found in review: a part built for an earlier turn (the declaration's pickers) stays
    mounted while hidden; when a popup closed, Textual focused it, so Enter opened a hidden
    list and ``t`` did nothing."""
    app = table_app(TWO_PEOPLE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pass_privacy(pilot, app)
        await declare(pilot, "A high")
        taker = await pass_privacy(pilot, app)
        await pilot.press(popup_key)
        await settle(pilot)
        assert not isinstance(app.screen, LiarsPokerPlayScreen), "the popup is open"
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LiarsPokerPlayScreen)
        assert app.focused is None
        await pilot.press("t")
        await settle(pilot)
        assert app.table.view(taker.seat).phase is Phase.DISCARD
