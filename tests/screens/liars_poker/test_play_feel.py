"""The Liar's Poker table as issue 13's play-test found it: the hand-over after a challenge,
only the buttons that can be pressed, and the footer of a question asked over the table."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.widgets import Button, Footer
from textual.widgets._footer import FooterKey

from liar_tui.rules.liars_poker.game import Chip, LiarsPokerRules, Phase
from liar_tui.screens.confirm import ConfirmScreen
from liar_tui.screens.liars_poker.challenge import ChallengeScreen
from liar_tui.screens.liars_poker.play import LiarsPokerPlayScreen
from liar_tui.screens.privacy import PrivacyScreen
from tests.screens.liars_poker.test_play import (
    CARD_TOP,
    SIZE,
    THREE_PEOPLE,
    TWO_PEOPLE,
    declare,
    pass_privacy,
    screen_text,
    settle,
    table_app,
)


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
        footer = question.query_one(Footer)
        assert footer.region.bottom == SIZE[1], "its footer covers the table's"
        descriptions = {key.description for key in footer.query(FooterKey)}
        assert {"Yes", "No"} <= descriptions
        assert not descriptions & {"Take", "Challenge", "Leave"}, descriptions


def skip_offered(app: App[Any]) -> bool:
    """The Skip button shows, and the footer offers its key."""
    button = app.screen.query_one("#skip", Button)
    in_footer = "skip" in footer_actions(app.screen)
    assert button.display == in_footer, "the button and the footer agree"
    return in_footer and not button.disabled


def footer_actions(screen: object) -> set[str]:
    """The actions the footer of ``screen`` offers now."""
    assert isinstance(screen, LiarsPokerPlayScreen)
    return {key.action for key in screen.query_one(Footer).query(FooterKey)}
