"""Liar's Poker with cards as a plugin: one five-card hand passed round, declared or challenged."""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from liar_tui.games.options import int_between
from liar_tui.games.plugin import GamePlugin, Scoring, SeatOutcome
from liar_tui.rules.liars_poker import rules as poker_rules

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget

    from liar_tui.bots.base import Bot
    from liar_tui.rules.base import GameState
    from liar_tui.screens.replay_table import ReplayTable
    from liar_tui.table.seats import BotLevel
    from liar_tui.table.setup import TableSetup
    from liar_tui.table.table import SeatChannel, SeatUpdate


class LiarsPokerPlugin(GamePlugin):
    id = "liars-poker-cards"
    title = "Liar's Poker (cards)"
    summary = (
        "One five-card hand goes round the table; declare a better poker hand "
        "than the last, or call the bluff."
    )
    min_seats = poker_rules.MIN_SEATS
    max_seats = poker_rules.MAX_SEATS
    settings_key = "liars_poker"
    scoring = Scoring.WIN_SHARE
    score_name = "lives left"
    menu_order = 2
    cli_options = ("lives", "jokers", "chips", "dealers_choice", "seven_card_hands", "communal")

    @property
    def rules_type(self) -> type:
        return poker_rules.LiarsPokerRules

    def new_state(self, setup: TableSetup) -> GameState:
        from liar_tui.rules.liars_poker import game as liars_poker

        return liars_poker.LiarsPokerGame(setup.rules, len(setup.seats), setup.seed)

    @property
    def action_type(self) -> Any:
        from liar_tui.rules.liars_poker import game as poker

        return (
            poker.ChooseRules
            | poker.Declare
            | poker.Take
            | poker.Challenge
            | poker.Discard
            | poker.PlayChip
        )

    @property
    def view_type(self) -> type:
        from liar_tui.rules.liars_poker import game as liars_poker

        return liars_poker.LiarsPokerView

    def message_types(self) -> Sequence[tuple[type, str]]:
        from liar_tui.rules.liars_poker import declarations, poker_hands
        from liar_tui.rules.liars_poker import game as liars_poker

        poker = liars_poker
        named: list[tuple[type, str]] = [
            (cls, cls.__name__)
            for cls in (
                poker_rules.PokerRules,
                poker_rules.RoundRules,
                poker_rules.LiarsPokerRules,
                declarations.Declaration,
                poker_hands.HandRank,
                poker.ChooseRules,
                poker.Declare,
                poker.Take,
                poker.Challenge,
                poker.Discard,
                poker.PlayChip,
                poker.RoundStarted,
                poker.RulesChosen,
                poker.HandDealt,
                poker.Declared,
                poker.Took,
                poker.Discarded,
                poker.ChipPlayed,
                poker.ChallengeResolved,
                poker.HandStuck,
                poker.RoundLog,
                poker.LiarsPokerView,
            )
        ]
        # Liar Game has a DeckReshuffled and a GameOver of its own.
        named += [
            (cls, f"LiarsPoker{cls.__name__}") for cls in (poker.GameOver, poker.DeckReshuffled)
        ]
        return named

    def seat_outcomes(
        self, setup: TableSetup, updates: Sequence[SeatUpdate]
    ) -> tuple[SeatOutcome, ...]:
        """The last seat with lives is first; the others place in the reverse of the order
        they were knocked out, which only the events tell (the game's end carries the lives
        alone, and a knocked-out seat has none). A seat knocked out before the updates began
        shares the last place. The score is the lives left."""
        from liar_tui.rules.liars_poker import game as poker

        knocked_out: list[int] = []
        ending: poker.GameOver | None = None
        for update in updates:
            for event in update.events:
                if isinstance(event, poker.ChallengeResolved) and event.eliminated:
                    knocked_out.append(event.loser)
                elif isinstance(event, poker.HandStuck) and event.eliminated:
                    knocked_out.append(event.seat)
                elif isinstance(event, poker.GameOver):
                    ending = event
        if ending is None:
            raise ValueError("The Liar's Poker game is not over.")
        order = [ending.winner, *reversed(knocked_out)]
        last = len(order) + 1
        return tuple(
            SeatOutcome(
                order.index(seat) + 1 if seat in order else last,
                seat == ending.winner,
                float(ending.lives[seat]),
            )
            for seat in range(len(setup.seats))
        )

    def game_counts(
        self, setup: TableSetup, updates: Sequence[SeatUpdate], seat: int
    ) -> Mapping[str, int]:
        from liar_tui.rules.liars_poker import counts

        return counts.seat_counts(((update.events, update.view) for update in updates), seat)

    def count_lines(self, sums: Mapping[str, int], games: int) -> tuple[tuple[str, str], ...]:
        from liar_tui.rules.liars_poker import counts

        return counts.count_lines(sums, games)

    def add_cli_options(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--lives",
            type=int_between(1, poker_rules.MAX_LIVES),
            metavar="N",
            help="lives per player",
        )
        group.add_argument("--jokers", type=int, choices=(0, 1, 2), help="jokers in the deck")
        group.add_argument(
            "--chips",
            action=argparse.BooleanOptionalAction,
            help="Skip, Flip and Double Dip chips on or off",
        )
        group.add_argument(
            "--dealers-choice",
            action=argparse.BooleanOptionalAction,
            help="each round's opener may change that round's rules",
        )
        group.add_argument(
            "--seven-card-hands",
            action=argparse.BooleanOptionalAction,
            help="seven-card hands, the best five counting",
        )
        group.add_argument(
            "--communal", type=int, choices=(0, 1, 2), help="communal cards face up on the table"
        )

    def rules_with_options(self, rules: Any, changes: dict[str, Any]) -> Any:
        changes = dict(changes)
        poker = rules.round.poker
        if "jokers" in changes:
            poker = replace(poker, jokers=changes.pop("jokers"))
        if "seven_card_hands" in changes:
            poker = replace(poker, hand_size=7 if changes.pop("seven_card_hands") else 5)
        if "communal" in changes:
            poker = replace(poker, communal_cards=changes.pop("communal"))
        round_rules = replace(rules.round, poker=poker)
        if not poker.communal_cards:
            round_rules = replace(round_rules, communal_discardable=False)
        table = replace(rules, round=round_rules, **changes)
        if problems := table.problems():
            raise ValueError(problems[0].rstrip("."))
        return table

    def bot(self, level: BotLevel, rng: random.Random) -> Bot:
        from liar_tui.table.seats import BotLevel

        if level is BotLevel.EASY:
            from liar_tui.bots.liars_poker.easy import EasyLiarsPokerBot

            return EasyLiarsPokerBot(rng)
        if level is BotLevel.HARD:
            from liar_tui.bots.liars_poker.hard import HardLiarsPokerBot

            return HardLiarsPokerBot(rng)
        from liar_tui.bots.liars_poker.normal import LiarsPokerBot

        return LiarsPokerBot(rng)

    def research_choices(self, view: Any) -> Sequence[Any]:
        """The declarations the legal-action list leaves out, from the bots' ladder."""
        from liar_tui.bots.liars_poker.research import declaration_menu

        return declaration_menu(view)

    def fallback_action(self, view: Any) -> Any:
        """The table's own rules, a challenge, one card discarded, or a declaration that
        beats the standing one (the best hand first), whichever the phase asks for."""
        from liar_tui.rules.liars_poker import game as poker

        seat = view.seat
        if view.phase is poker.Phase.CHOOSE_RULES:
            return poker.ChooseRules(seat, view.rules.round)
        if view.phase is poker.Phase.DECIDE:
            return poker.Challenge(seat)
        if view.phase is poker.Phase.DISCARD:
            return poker.Discard(seat, view.hand[:1])
        return _declaration_or_chip(view)

    def rules_summary(self, rules: Any) -> str:
        parts = [f"{rules.lives} {'life' if rules.lives == 1 else 'lives'}"]
        if rules.chips:
            parts.append("chips")
        if rules.dealers_choice:
            parts.append("dealer's choice")
        return ", ".join(parts)

    def help_text(self, ascii_only: bool) -> str:
        from liar_tui.screens.liars_poker.help import rules_text

        return rules_text()

    def help_keys(self) -> list[tuple[str, list[type]]]:
        from liar_tui.screens.liars_poker.challenge import ChallengeScreen
        from liar_tui.screens.liars_poker.dealers_choice import DealersChoiceScreen
        from liar_tui.screens.liars_poker.declaration_builder import (
            DeclarationBuilder,
            DeclarationText,
        )
        from liar_tui.screens.liars_poker.discard_picker import DiscardPicker
        from liar_tui.screens.liars_poker.game_over import LiarsPokerOverScreen
        from liar_tui.screens.liars_poker.play import LiarsPokerPlayScreen

        return [
            ("Liar's Poker (cards) table", [LiarsPokerPlayScreen]),
            ("Discarding", [DiscardPicker]),
            ("Declaring", [DeclarationBuilder, DeclarationText]),
            ("Dealer's choice", [DealersChoiceScreen]),
            ("Challenge", [ChallengeScreen]),
            ("Liar's Poker game over", [LiarsPokerOverScreen]),
        ]

    def play_screen(self, channel: SeatChannel) -> Screen[None]:
        from liar_tui.screens.liars_poker.play import LiarsPokerPlayScreen

        return LiarsPokerPlayScreen(channel)

    def replay_table(self, names: Sequence[str], seat: int) -> ReplayTable:
        from liar_tui.screens.liars_poker.replay import LiarsPokerReplayTable

        return LiarsPokerReplayTable(names, seat)

    def rules_editor(self, rules: Any, editor_id: str) -> Widget:
        from liar_tui.screens.liars_poker.rules_editor import LiarsPokerRulesEditor

        return LiarsPokerRulesEditor(rules, id=editor_id)

    def saved_summary(self, setup: TableSetup, view: Any) -> str:
        from liar_tui.screens.liars_poker.play import saved_summary

        return saved_summary(setup, view)


def _declaration_or_chip(view: Any) -> Any:
    """A declaration above the standing one: the best hand on the table said in full, else
    the highest category said bare that still beats it. Only a taker whose new face-up cards
    left nothing to beat it with (then a Double Dip chip is what it may play) finds none."""
    from liar_tui.rules.liars_poker import floor as floors
    from liar_tui.rules.liars_poker import game as poker
    from liar_tui.rules.liars_poker.declarations import Declaration, declaration_of

    rules, communal = view.round_rules.poker, view.communal
    top = declaration_of(floors.highest_hand(rules, communal))
    for declaration in (top, *(Declaration(category) for category in reversed(rules.order()))):
        if poker.raise_refusal(declaration, view.standing, rules, communal) is None:
            return poker.Declare(view.seat, declaration)
    if view.playable_chips:
        return poker.PlayChip(view.seat, view.playable_chips[0])
    return poker.Declare(view.seat, top)


plugin = LiarsPokerPlugin()
