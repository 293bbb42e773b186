"""Helpers shared by the menu screen tests: an app that records tables, saves, screen text."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any

from textual.app import App

from liar_tui.app import LiarApp
from liar_tui.rules.liar_game import game as liar_game
from liar_tui.store.saves import SavedClock, SaveStore
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup

SAVED_SEATS = (
    SeatConfig("Mia", SeatKind.HUMAN),
    SeatConfig("Ada"),
    SeatConfig("Bea"),
)


class RecordingApp(LiarApp):
    """The real app, except that starting a table only records what it was asked to start."""

    CSS_PATH = Path(inspect.getfile(LiarApp)).with_name("app.tcss")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.started: list[tuple[TableSetup, tuple[Any, ...]]] = []

    def start_table(
        self, setup: TableSetup, actions: tuple[Any, ...] = (), clock: SavedClock | None = None
    ) -> None:
        self.started.append((setup, tuple(actions)))


def save_a_game(rounds: int = 2) -> tuple[TableSetup, tuple[Any, ...]]:
    """Play ``rounds`` rounds (every seat shows its first legal hand) and save the table."""
    setup = TableSetup("liar-game", liar_game.Rules(), SAVED_SEATS, seed=7)
    game = liar_game.LiarGame(setup.rules, len(setup.seats), setup.seed)
    actions: list[Any] = []
    for _ in range(rounds):
        for seat in game.to_act():
            action = game.legal_actions(seat)[0]
            game.apply(action)
            actions.append(action)
    assert not game.over
    SaveStore().save(setup, tuple(actions))
    return setup, tuple(actions)


def screen_text(app: App[Any]) -> str:
    """What the terminal shows right now, as plain text lines."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def flat_text(app: App[Any]) -> str:
    """The screen's words in one line, without borders, so wrapped sentences can be found."""
    words = re.sub(r"[│╭╮╰╯─▊▎▔▁┃━┏┓┗┛]", " ", screen_text(app))
    return " ".join(words.split())
