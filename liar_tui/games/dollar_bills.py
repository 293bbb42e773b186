"""Liar's Poker with dollar bills as a plugin: bids on the digits of everyone's serial numbers."""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from liar_tui.games.options import int_between
from liar_tui.games.plugin import GamePlugin, Scoring, SeatOutcome, places
from liar_tui.rules.dollar_bills import rules as dollar_bills_rules

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget

    from liar_tui.bots.base import Bot
    from liar_tui.rules.base import GameState
    from liar_tui.screens.replay_table import ReplayTable
    from liar_tui.table.seats import BotLevel
    from liar_tui.table.setup import TableSetup
    from liar_tui.table.table import SeatChannel, SeatUpdate


class DollarBillsPlugin(GamePlugin):
    id = "liars-poker-bills"
    title = "Liar's Poker (dollar bills)"
    summary = (
        "Bid how many times a digit appears across everyone's hidden serial "
        "numbers; raise or pass, then the bills are shown."
    )
    min_seats = dollar_bills_rules.MIN_SEATS
    max_seats = dollar_bills_rules.MAX_SEATS
    settings_key = "dollar_bills"
    scoring = Scoring.MONEY
    menu_order = 3
    arena_seats = 3
    arena_game_words = "one deal each"
    cli_options = ("digits", "stake")

    @property
    def rules_type(self) -> type:
        return dollar_bills_rules.Rules

    def settings_problem(self, rules: Any) -> str | None:
        from liar_tui.table.codec import describe

        low, high = dollar_bills_rules.MIN_DIGITS, dollar_bills_rules.MAX_DIGITS
        if type(rules.digits) is not int or not low <= rules.digits <= high:
            return (
                f"dollar_bills.digits must be from {low} to {high}, not {describe(rules.digits)}."
            )
        most = dollar_bills_rules.MAX_STAKE
        if type(rules.stake) is not int or not 1 <= rules.stake <= most:
            return f"dollar_bills.stake must be from 1 to {most}, not {describe(rules.stake)}."
        return None

    def new_state(self, setup: TableSetup) -> GameState:
        from liar_tui.rules.dollar_bills import game as dollar_bills

        return dollar_bills.DollarBillsSession(setup.rules, len(setup.seats), setup.seed)

    @property
    def start_type(self) -> Any:
        from liar_tui.rules.dollar_bills import game as dollar_bills

        return dollar_bills.DealStart

    def game_start(self, state: GameState) -> Any | None:
        """The deal being played as it was dealt, with what the session carried into it;
        None for the session's first deal."""
        from liar_tui.rules.dollar_bills import game as dollar_bills

        assert isinstance(state, dollar_bills.DollarBillsSession)
        return state.deal_start()

    def state_at_start(self, setup: TableSetup, start: Any) -> GameState:
        from liar_tui.rules.dollar_bills import game as dollar_bills

        return dollar_bills.DollarBillsSession(setup.rules, len(setup.seats), setup.seed, start)

    @property
    def action_type(self) -> Any:
        from liar_tui.rules.dollar_bills import game as dollar_bills

        return dollar_bills.PlaceBid | dollar_bills.Pass

    @property
    def view_type(self) -> type:
        from liar_tui.rules.dollar_bills import game as dollar_bills

        return dollar_bills.DollarBillsView

    def message_types(self) -> Sequence[tuple[type, str]]:
        from liar_tui.rules.dollar_bills import game as bills

        return [
            (bills.Rules, "DollarBillsRules"),
            *(
                (cls, cls.__name__)
                for cls in (
                    bills.Bid,
                    bills.PlaceBid,
                    bills.Pass,
                    bills.BidPlaced,
                    bills.Passed,
                    bills.BillsShown,
                    bills.Settled,
                    bills.GameDealt,
                    bills.GameRecord,
                    bills.DollarBillsView,
                    bills.DealStart,
                )
            ),
        ]

    def seat_outcomes(
        self, setup: TableSetup, updates: Sequence[SeatUpdate]
    ) -> tuple[SeatOutcome, ...]:
        """The result of the last game the updates settle: one deal of bills, bid on, shown
        and paid.

        A table of dollar bills is a session with no end: the ledger runs on, game after
        game, until the players leave, and they may resume it later. So the finished game
        history keeps is each deal that is settled (the one thing at the table that ends),
        as people who play at a bar count it: a session left and resumed is never
        half-recorded, and a deal left unsettled is no result. The score is the money the
        deal won or lost (the bidder collects from, or pays, everyone else); the seats that
        gained won, and the places follow the money.
        """
        from liar_tui.rules.dollar_bills import game as bills

        settled = [
            event
            for update in updates
            for event in update.events
            if isinstance(event, bills.Settled)
        ]
        if not settled:
            raise ValueError("No game of dollar bills has been settled.")
        amounts = settled[-1].amounts
        return tuple(
            SeatOutcome(place, amount > 0, float(amount))
            for place, amount in zip(places(amounts), amounts, strict=True)
        )

    def game_counts(
        self, setup: TableSetup, updates: Sequence[SeatUpdate], seat: int
    ) -> Mapping[str, int]:
        from liar_tui.rules.dollar_bills import counts

        return counts.seat_counts((event for update in updates for event in update.events), seat)

    def count_lines(self, sums: Mapping[str, int], games: int) -> tuple[tuple[str, str], ...]:
        from liar_tui.rules.dollar_bills import counts

        return counts.count_lines(sums, games)

    def add_cli_options(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--digits",
            type=int_between(dollar_bills_rules.MIN_DIGITS, dollar_bills_rules.MAX_DIGITS),
            metavar="N",
            help="digits in every serial number",
        )
        group.add_argument(
            "--stake",
            type=int_between(1, dollar_bills_rules.MAX_STAKE),
            metavar="N",
            help="dollars won from or paid to every other player",
        )

    def rules_with_options(self, rules: Any, changes: dict[str, Any]) -> Any:
        return replace(rules, **changes)

    def bot(self, level: BotLevel, rng: random.Random) -> Bot:
        from liar_tui.table.seats import BotLevel

        if level is BotLevel.EASY:
            from liar_tui.bots.dollar_bills.easy import EasyDollarBillsBot

            return EasyDollarBillsBot(rng)
        if level is BotLevel.HARD:
            from liar_tui.bots.dollar_bills.hard import HardDollarBillsBot

            return HardDollarBillsBot(rng)
        from liar_tui.bots.dollar_bills.normal import DollarBillsBot

        return DollarBillsBot(rng)

    def fallback_action(self, view: Any) -> Any:
        """A pass, or the lowest bid (one 1) when there is nothing to pass on."""
        from liar_tui.rules.dollar_bills import game as bills

        if view.standing is None:
            return bills.PlaceBid(view.seat, bills.bid_numbered(0))
        return bills.Pass(view.seat)

    def rules_summary(self, rules: Any) -> str:
        return f"{rules.digits}-digit serials, ${rules.stake} a game"

    def help_text(self, ascii_only: bool) -> str:
        from liar_tui.screens.dollar_bills.help import rules_text

        return rules_text()

    def help_keys(self) -> list[tuple[str, list[type]]]:
        from liar_tui.screens.dollar_bills.bid_builder import BidBuilder
        from liar_tui.screens.dollar_bills.ledger import BillsLedgerScreen
        from liar_tui.screens.dollar_bills.play import DollarBillsPlayScreen
        from liar_tui.screens.dollar_bills.privacy import BillPrivacyScreen
        from liar_tui.screens.dollar_bills.reveal import BillsRevealScreen

        return [
            ("Liar's Poker (dollar bills) table", [DollarBillsPlayScreen, BidBuilder]),
            ("Passing the keyboard (bills)", [BillPrivacyScreen]),
            ("Show of the bills", [BillsRevealScreen]),
            ("Ledger", [BillsLedgerScreen]),
        ]

    def play_screen(self, channel: SeatChannel) -> Screen[None]:
        from liar_tui.screens.dollar_bills.play import DollarBillsPlayScreen

        return DollarBillsPlayScreen(channel)

    def replay_table(self, names: Sequence[str], seat: int) -> ReplayTable:
        from liar_tui.screens.dollar_bills.replay import DollarBillsReplayTable

        return DollarBillsReplayTable(names, seat)

    def rules_editor(self, rules: Any, editor_id: str) -> Widget:
        from liar_tui.screens.dollar_bills.rules_editor import DollarBillsRulesEditor

        return DollarBillsRulesEditor(rules, id=editor_id)

    def saved_summary(self, setup: TableSetup, view: Any) -> str:
        from liar_tui.screens.dollar_bills.play import saved_summary

        return saved_summary(setup, view)


plugin = DollarBillsPlugin()
