"""High Card as a plugin: everything the app, table, codec, arena and host ask of a game.

The entry point ``high-card = tests.fourth_game.plugin:plugin`` in the group
``liar_tui.games`` is all it takes for liar-tui to find it (the tests write that entry point
into a throwaway ``.dist-info`` folder rather than install a package). As in the built-in
games, the engine, bot and screens are imported inside the methods that need them.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from liar_tui.games.plugin import GamePlugin, Scoring, SeatOutcome, places
from tests.fourth_game import rules as high_card_rules

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget

    from liar_tui.bots.base import Bot
    from liar_tui.rules.base import GameState
    from liar_tui.table.seats import BotLevel
    from liar_tui.table.setup import TableSetup
    from liar_tui.table.table import SeatChannel, SeatUpdate

HELP = """\
# High Card

Every player is dealt **one card**, face down. In turn, starting with the dealer's choice,
each player either **claims higher** (the highest card at the table is at least some rank,
above the standing claim) or **calls** the standing claim.

On a call every card is shown. A true claim wins the deal for its claimant, a false one for
the caller. The first player to win the set number of deals wins the game.

Keys: `2`-`9`, `T`, `J`, `Q`, `K`, `A` claim that rank; `C` calls; `Esc` leaves.
"""


class HighCardPlugin(GamePlugin):
    id = "high-card"
    title = "High Card"
    summary = "One card each: claim the highest card at the table is higher still, or call."
    min_seats = high_card_rules.MIN_SEATS
    max_seats = high_card_rules.MAX_SEATS
    settings_key = "high_card"
    scoring = Scoring.WIN_SHARE
    menu_order = 50
    arena_seats = 2
    cli_options = ("deals",)

    # rules and engine -------------------------------------------------------------

    @property
    def rules_type(self) -> type:
        return high_card_rules.Rules

    def new_state(self, setup: TableSetup) -> GameState:
        return high_card_rules.HighCardGame(setup.rules, len(setup.seats), setup.seed)

    @property
    def action_type(self) -> Any:
        return high_card_rules.Higher | high_card_rules.Call

    @property
    def view_type(self) -> type:
        return high_card_rules.HighCardView

    def message_types(self) -> Sequence[tuple[type, str]]:
        rules = high_card_rules
        classes = (
            rules.Rules,
            rules.Higher,
            rules.Call,
            rules.Claimed,
            rules.Called,
            rules.CardsShown,
            rules.DealWon,
            rules.Dealt,
            rules.GameWon,
            rules.DealRecord,
            rules.HighCardView,
        )
        # Names are unique across games: every one takes the game's prefix.
        return [(cls, "HighCard" + cls.__name__.removeprefix("HighCard")) for cls in classes]

    def seat_outcomes(
        self, setup: TableSetup, updates: Sequence[SeatUpdate]
    ) -> tuple[SeatOutcome, ...]:
        """Places by deals won, from the game's end; the score is the deals won."""
        ending = next(
            (
                event
                for update in reversed(updates)
                for event in update.events
                if isinstance(event, high_card_rules.GameWon)
            ),
            None,
        )
        if ending is None:
            raise ValueError("The High Card game is not over.")
        return tuple(
            SeatOutcome(place, seat == ending.winner, float(wins))
            for seat, (place, wins) in enumerate(zip(places(ending.wins), ending.wins, strict=True))
        )

    # command line -----------------------------------------------------------------

    def add_cli_options(self, group: argparse._ArgumentGroup) -> None:
        from liar_tui.games.options import int_between

        group.add_argument(
            "--deals",
            type=int_between(1, high_card_rules.MAX_TARGET),
            metavar="N",
            help="deals to win a game of High Card",
        )

    def rules_with_options(self, rules: Any, changes: dict[str, Any]) -> Any:
        if "deals" in changes:
            rules = replace(rules, target=changes["deals"])
        return rules

    # bots -------------------------------------------------------------------------

    def bot(self, level: BotLevel, rng: random.Random) -> Bot:
        from liar_tui.table.seats import BotLevel
        from tests.fourth_game.bot import HighCardBot

        wild = {BotLevel.EASY: 0.4, BotLevel.NORMAL: 0.05, BotLevel.HARD: 0.0}[level]
        return HighCardBot(rng, wild=wild)

    def fallback_action(self, view: Any) -> Any:
        return high_card_rules.actions_in(view)[0]

    # words ------------------------------------------------------------------------

    def rules_summary(self, rules: Any) -> str:
        return f"first to {rules.target} deal{'s' if rules.target != 1 else ''}"

    def help_text(self, ascii_only: bool) -> str:
        return HELP

    def help_keys(self) -> list[tuple[str, list[type]]]:
        from tests.fourth_game.screen import HighCardPlayScreen

        return [("High Card table", [HighCardPlayScreen])]

    # screens ----------------------------------------------------------------------

    def play_screen(self, channel: SeatChannel) -> Screen[None]:
        from tests.fourth_game.screen import HighCardPlayScreen

        return HighCardPlayScreen(channel)

    def rules_editor(self, rules: Any, editor_id: str) -> Widget:
        from tests.fourth_game.rules_editor import HighCardRulesEditor

        return HighCardRulesEditor(rules, id=editor_id)

    def saved_summary(self, setup: TableSetup, view: Any) -> str:
        from tests.fourth_game.screen import saved_summary

        return saved_summary(setup, view)


plugin = HighCardPlugin()
