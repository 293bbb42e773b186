"""The challenge screen: one short verdict line, then the cards, each fact said once."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from textual.app import App

from liar_tui.rules.cards import parse_cards
from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.floor import floor
from liar_tui.rules.liars_poker.game import ChallengeResolved
from liar_tui.rules.liars_poker.poker_hands import hand_rank
from liar_tui.rules.liars_poker.rules import PokerRules, RoundRules
from liar_tui.screens.liars_poker.challenge import ChallengeScreen
from liar_tui.widgets.card_art import CardLook

SnapCompare = Callable[..., bool]
PLAIN = PokerRules()
NAMES = ("Cal", "Bea", "You")


def resolved(declared: str, cards: str) -> ChallengeResolved:
    """Bea challenged Cal's ``declared`` over ``cards``."""
    declaration = parse_declaration(declared, PLAIN)
    hand = tuple(parse_cards(cards))
    value = hand_rank(hand, PLAIN)
    held = value >= floor(declaration, PLAIN)
    return ChallengeResolved(
        round=3,
        challenger=1,
        declarer=0,
        declaration=declaration,
        floor=floor(declaration, PLAIN),
        hand=hand,
        value=value,
        loser=1 if held else 0,
        lives=(2, 1, 3) if held else (1, 2, 3),
    )


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
    app = ChallengeApp(resolved("full house, queens full", "QC QD QS 9H 3C"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        words = words_on(app)
        assert "Round 3: Bea challenged Cal." in words
        assert "Cal loses a life, holding only three queens, 9-3 kickers." in words
        assert "Declared a full house, queens full at least Q♠ Q♥ Q♣ 2♦ 2♠" in words
        assert words.count("three queens") == 2, "the verdict and the Held line, no more"
        assert "worst hand" not in words and "over" not in words


def test_snapshot_a_bluff_called_at_80_by_24(snap_compare: SnapCompare) -> None:
    app = ChallengeApp(resolved("full house, queens full", "QC QD QS 9H 3C"))
    assert snap_compare(app, terminal_size=(80, 24))


def test_snapshot_a_true_claim_challenged_at_80_by_24(snap_compare: SnapCompare) -> None:
    app = ChallengeApp(resolved("two pair, sevens over threes", "7C 7D 3S 3H 2C"))
    assert snap_compare(app, terminal_size=(80, 24))
