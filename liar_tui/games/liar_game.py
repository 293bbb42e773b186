"""Liar Game (Mark Christian Jr.) as a plugin: everyone shows three of six cards at once."""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from liar_tui.games.options import whole_number
from liar_tui.games.plugin import GamePlugin, Scoring, SeatOutcome, places
from liar_tui.rules.liar_game import rules as liar_game_rules

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget

    from liar_tui.bots.base import Bot
    from liar_tui.rules.base import GameState
    from liar_tui.screens.replay_table import ReplayTable
    from liar_tui.table.seats import BotLevel
    from liar_tui.table.setup import TableSetup
    from liar_tui.table.table import SeatChannel, SeatUpdate


class LiarGamePlugin(GamePlugin):
    id = "liar-game"
    title = "Liar Game"
    summary = (
        "Everyone shows three of their six cards at once; doubles and triples "
        "multiply, the best hand scores. First to the target wins."
    )
    min_seats = liar_game_rules.MIN_SEATS
    max_seats = liar_game_rules.MAX_SEATS
    settings_key = "liar_game"
    scoring = Scoring.WIN_SHARE
    menu_order = 1
    cli_options = ("target", "decks", "free_jokers", *liar_game_rules.VARIANT_NAMES)

    @property
    def rules_type(self) -> type:
        return liar_game_rules.Rules

    def settings_problem(self, rules: Any) -> str | None:
        if rules.decks not in (1, 2):
            return f"liar_game.decks must be 1 or 2, not {_described(rules.decks)}."
        if not 1 <= rules.target <= liar_game_rules.MAX_TARGET:
            most = liar_game_rules.MAX_TARGET
            return f"liar_game.target must be from 1 to {most}, not {_described(rules.target)}."
        if rules.decks == 1 and rules.variants:
            return f"liar_game.{rules.variants[0]} needs two decks: set liar_game.decks = 2."
        return None

    def new_state(self, setup: TableSetup) -> GameState:
        from liar_tui.rules.liar_game import game as liar_game

        return liar_game.LiarGame(setup.rules, len(setup.seats), setup.seed)

    @property
    def action_type(self) -> Any:
        from liar_tui.rules.liar_game import game as liar_game

        return liar_game.ShowHand

    @property
    def view_type(self) -> type:
        from liar_tui.rules.liar_game import game as liar_game

        return liar_game.LiarGameView

    def message_types(self) -> Sequence[tuple[type, str]]:
        from liar_tui.rules.liar_game import game as liar_game

        return [
            (liar_game.Rules, "LiarGameRules"),
            *(
                (cls, cls.__name__)
                for cls in (
                    liar_game.ShowHand,
                    liar_game.HandScore,
                    liar_game.HandChosen,
                    liar_game.RevealedHand,
                    liar_game.RoundRevealed,
                    liar_game.DeckReshuffled,
                    liar_game.GameOver,
                    liar_game.LiarGameView,
                )
            ),
        ]

    def seat_outcomes(
        self, setup: TableSetup, updates: Sequence[SeatUpdate]
    ) -> tuple[SeatOutcome, ...]:
        """Places by the final scores (the winners hold the top score); the score is the
        points, read from the last view, which every seat is given after the last reveal."""
        view = updates[-1].view if updates else None
        if view is None or not view.over:
            raise ValueError("The Liar Game is not over.")
        return tuple(
            SeatOutcome(place, seat in view.winners, float(score))
            for seat, (place, score) in enumerate(
                zip(places(view.scores), view.scores, strict=True)
            )
        )

    def game_counts(
        self, setup: TableSetup, updates: Sequence[SeatUpdate], seat: int
    ) -> Mapping[str, int]:
        from liar_tui.rules.liar_game import counts

        return counts.seat_counts((event for update in updates for event in update.events), seat)

    def count_lines(self, sums: Mapping[str, int], games: int) -> tuple[tuple[str, str], ...]:
        from liar_tui.rules.liar_game import counts

        return counts.count_lines(sums, games)

    def add_cli_options(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--target", type=whole_number, metavar="N", help="the score that ends the game"
        )
        group.add_argument("--decks", type=int, choices=(1, 2), help="one or two decks")
        titles = {"free_jokers": "free jokers", **liar_game_rules.VARIANT_TITLES}
        for name, title in titles.items():
            group.add_argument(
                f"--{name.replace('_', '-')}",
                dest=name,
                action=argparse.BooleanOptionalAction,
                help=f"{title.lower()} on or off",
            )

    def rules_with_options(self, rules: Any, changes: dict[str, Any]) -> Any:
        rules = replace(rules, **changes)
        if problems := rules.problems():
            hint = " (add --decks 2)" if rules.decks == 1 and rules.variants else ""
            raise ValueError(problems[0].rstrip(".") + hint)
        return rules

    def bot(self, level: BotLevel, rng: random.Random) -> Bot:
        from liar_tui.table.seats import BotLevel

        if level is BotLevel.EASY:
            from liar_tui.bots.liar_game.easy import EasyLiarGameBot

            return EasyLiarGameBot(rng)
        if level is BotLevel.HARD:
            from liar_tui.bots.liar_game.hard import HardLiarGameBot

            return HardLiarGameBot(rng)
        from liar_tui.bots.liar_game.normal import LiarGameBot

        return LiarGameBot(rng)

    def fallback_action(self, view: Any) -> Any:
        """The first three cards of the pocket: any three are a hand."""
        from liar_tui.rules.liar_game import game as liar_game

        return liar_game.ShowHand(view.seat, view.pocket[: liar_game.HAND_SIZE])

    def rules_summary(self, rules: Any) -> str:
        decks = "one deck" if rules.decks == 1 else "two decks"
        variants = len(rules.variants)
        extra = f", {variants} variant{'s' if variants != 1 else ''}" if variants else ""
        return f"to {rules.target} points, {decks}{extra}"

    def help_text(self, ascii_only: bool) -> str:
        from liar_tui.screens.liar_game.help import rules_text

        return rules_text(ascii_only)

    def help_keys(self) -> list[tuple[str, list[type]]]:
        from liar_tui.screens.liar_game.game_over import GameOverScreen
        from liar_tui.screens.liar_game.hand_picker import HandPicker
        from liar_tui.screens.liar_game.play import LiarGamePlayScreen
        from liar_tui.screens.liar_game.reveal import RevealScreen
        from liar_tui.screens.liar_game.scoreboard import ScoreboardScreen

        return [
            ("Liar Game table", [LiarGamePlayScreen, HandPicker]),
            ("Reveal", [RevealScreen]),
            ("Scores", [ScoreboardScreen]),
            ("Game over", [GameOverScreen]),
        ]

    def play_screen(self, channel: SeatChannel) -> Screen[None]:
        from liar_tui.screens.liar_game.play import LiarGamePlayScreen

        return LiarGamePlayScreen(channel)

    def replay_table(self, names: Sequence[str], seat: int) -> ReplayTable:
        from liar_tui.screens.liar_game.replay import LiarGameReplayTable

        return LiarGameReplayTable(names, seat)

    def rules_editor(self, rules: Any, editor_id: str) -> Widget:
        from liar_tui.screens.liar_game.rules_editor import LiarGameRulesEditor

        return LiarGameRulesEditor(rules, id=editor_id)

    def saved_summary(self, setup: TableSetup, view: Any) -> str:
        from liar_tui.screens.liar_game.play import saved_summary

        return saved_summary(setup, view)


def _described(value: object) -> str:
    from liar_tui.table.codec import describe

    return describe(value)


plugin = LiarGamePlugin()
