"""The games liar-tui knows, what the home screen says of them, and how each table starts."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from liar_tui.rules import dollar_bills_rules, liar_game_rules, poker_rules
from liar_tui.rules.base import GameState
from liar_tui.table.setup import TableSetup


@dataclass(frozen=True)
class GameEngine:
    """What a playable game brings to a table: how its state starts, and the types it trades.

    The types let a save or a network frame be decoded strictly for its game, so another
    game's rules or actions are refused rather than guessed at.
    """

    new_state: Callable[[TableSetup], GameState]
    rules: type
    action: Any
    """The action class, or a union of them."""
    view: type


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    summary: str
    min_seats: int
    max_seats: int
    settings_field: str
    """The field of :class:`~liar_tui.store.settings.Settings` holding this game's default rules."""
    load_engine: Callable[[], GameEngine]
    """Imports the engine when a table needs it (the home screen does not)."""

    @property
    def engine(self) -> GameEngine:
        return self.load_engine()


@functools.cache
def _liar_game_engine() -> GameEngine:
    from liar_tui.rules import liar_game

    def new_state(setup: TableSetup) -> GameState:
        return liar_game.LiarGame(setup.rules, len(setup.seats), setup.seed)

    return GameEngine(new_state, liar_game.Rules, liar_game.ShowHand, liar_game.LiarGameView)


@functools.cache
def _liars_poker_engine() -> GameEngine:
    from liar_tui.rules import liars_poker as poker

    def new_state(setup: TableSetup) -> GameState:
        return poker.LiarsPokerGame(setup.rules, len(setup.seats), setup.seed)

    actions = (
        poker.ChooseRules
        | poker.Declare
        | poker.Take
        | poker.Challenge
        | poker.Discard
        | poker.PlayChip
    )
    return GameEngine(new_state, poker.LiarsPokerRules, actions, poker.LiarsPokerView)


@functools.cache
def _dollar_bills_engine() -> GameEngine:
    from liar_tui.rules import dollar_bills

    def new_state(setup: TableSetup) -> GameState:
        return dollar_bills.DollarBillsSession(setup.rules, len(setup.seats), setup.seed)

    return GameEngine(
        new_state,
        dollar_bills.Rules,
        dollar_bills.PlaceBid | dollar_bills.Pass,
        dollar_bills.DollarBillsView,
    )


GAMES: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo(
            "liar-game",
            "Liar Game",
            "Everyone shows three of their six cards at once; doubles and triples "
            "multiply, the best hand scores. First to the target wins.",
            liar_game_rules.MIN_SEATS,
            liar_game_rules.MAX_SEATS,
            "liar_game",
            _liar_game_engine,
        ),
        GameInfo(
            "liars-poker-cards",
            "Liar's Poker (cards)",
            "One five-card hand goes round the table; declare a better poker hand "
            "than the last, or call the bluff.",
            poker_rules.MIN_SEATS,
            poker_rules.MAX_SEATS,
            "liars_poker",
            _liars_poker_engine,
        ),
        GameInfo(
            "liars-poker-bills",
            "Liar's Poker (dollar bills)",
            "Bid how many times a digit appears across everyone's hidden serial "
            "numbers; raise or pass, then the bills are shown.",
            dollar_bills_rules.MIN_SEATS,
            dollar_bills_rules.MAX_SEATS,
            "dollar_bills",
            _dollar_bills_engine,
        ),
    )
}


def new_state(setup: TableSetup) -> GameState:
    """The game's starting state; ``ValueError`` for a game or setup it cannot start."""
    info = GAMES.get(setup.game)
    if info is None:
        raise ValueError(f"There is no game called {setup.game!r}.")
    return info.engine.new_state(setup)
