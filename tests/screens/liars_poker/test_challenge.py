"""The challenge screen: one short verdict line, then the cards, each fact said once."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from textual.app import App

from liar_tui.rules.liars_poker.game import ChallengeResolved
from liar_tui.rules.liars_poker.rules import RoundRules
from liar_tui.screens.liars_poker.challenge import ChallengeScreen
from liar_tui.widgets.card_art import CardLook
from tests.screens.liars_poker.challenges import challenged

SnapCompare = Callable[..., bool]
NAMES = ("Cal", "Bea", "You")
BLUFF_CALLED = challenged("full house, queens full", "QC QD QS 9H 3C", (1, 2, 3), round=3)
"""Bea challenged Cal's full house over three queens: Cal loses a life."""
TRUE_CLAIM_CHALLENGED = challenged(
    "two pair, sevens over threes", "7C 7D 3S 3H 2C", (2, 1, 3), round=3
)
"""Bea challenged Cal's two pair, and Cal held it: Bea loses a life."""


class ChallengeApp(App[None]):
    def __init__(self, shown: ChallengeResolved) -> None:
        super().__init__()
        self.shown = shown

    def on_mount(self) -> None:
        self.push_screen(ChallengeScreen(self.shown, NAMES, CardLook(), RoundRules()))


def words_on(app: App[Any]) -> str:
    lines = (strip.text for strip in app.screen._compositor.render_strips())
    return re.sub(r"[\s█▀▄▌▐]+", " ", " ".join(lines))


async def test_the_verdict_says_the_hand_once_and_shows_its_floor_as_cards() -> None:
    """Issue 13 bug 10: "three queens, 9-3 kickers" was said three times in one sentence."""
    app = ChallengeApp(BLUFF_CALLED)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        words = words_on(app)
        assert "Round 3: Bea challenged Cal." in words
        assert "Cal loses a life, holding only three queens, 9-3 kickers." in words
        assert "Declared a full house, queens full at least Q♠ Q♥ Q♣ 2♦ 2♠" in words
        assert words.count("three queens") == 2, "the verdict and the Held line, no more"
        assert "worst hand" not in words and "over" not in words


def test_snapshot_a_bluff_called_at_80_by_24(snap_compare: SnapCompare) -> None:
    app = ChallengeApp(BLUFF_CALLED)
    assert snap_compare(app, terminal_size=(80, 24))


def test_snapshot_a_true_claim_challenged_at_80_by_24(snap_compare: SnapCompare) -> None:
    app = ChallengeApp(TRUE_CLAIM_CHALLENGED)
    assert snap_compare(app, terminal_size=(80, 24))
