"""A real Liar's Poker game that a test plays move by move in words, keeping the actions it
took (for a save or a replay) and showing it from one seat."""

from __future__ import annotations

from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.game import (
    Action,
    Declare,
    Discard,
    LiarsPokerGame,
    LiarsPokerRules,
    LiarsPokerView,
    Take,
)


class PlayedTable:
    """``seats`` seats under ``rules``, dealt from ``seed``, seen from ``seat``."""

    def __init__(self, rules: LiarsPokerRules, seats: int, seed: int, seat: int) -> None:
        self.game = LiarsPokerGame(rules, seats, seed=seed)
        self.seat = seat
        self.actions: list[Action] = []

    @property
    def view(self) -> LiarsPokerView:
        return self.game.view(self.seat)

    @property
    def acting(self) -> int:
        return self.game.to_act()[0]

    def play(self, action: Action) -> None:
        self.game.apply(action)
        self.actions.append(action)

    def declare(self, text: str) -> None:
        """The seat to act declares ``text``, read under this round's rules."""
        poker = self.game.round_rules.poker
        self.play(Declare(self.acting, parse_declaration(text, poker)))

    def take_and_discard(self, count: int) -> None:
        """The seat to act takes the hand and discards its first ``count`` cards."""
        seat = self.acting
        self.play(Take(seat))
        self.play(Discard(seat, self.game.view(seat).hand[:count]))
