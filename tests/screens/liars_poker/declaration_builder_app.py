"""A small app holding one declaration builder, for its Pilot and snapshot tests."""

from __future__ import annotations

from textual import on
from textual.app import App, ComposeResult
from textual.widgets import Footer

from liar_tui.rules.cards import Card, parse_cards
from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.declarations import Declaration
from liar_tui.rules.liars_poker.floor import floor
from liar_tui.rules.liars_poker.poker_hands import HandRank
from liar_tui.rules.liars_poker.rules import PokerRules
from liar_tui.screens.liars_poker.declaration_builder import DeclarationBuilder, DeclarationText
from liar_tui.widgets.card_art import CardLook

PLAIN = PokerRules()
HAND = tuple(parse_cards("QS 7H 7C 6D 2S"))
"""A pair of sevens with Q-6-2 kickers."""


def floor_of(text: str, rules: PokerRules = PLAIN) -> HandRank:
    return floor(parse_declaration(text, rules), rules)


def standing_of(text: str, rules: PokerRules = PLAIN) -> tuple[Declaration, HandRank]:
    """The declaration ``text`` as the one to beat, with its floor."""
    declaration = parse_declaration(text, rules)
    return declaration, floor(declaration, rules)


class BuilderApp(App[None]):
    """Holds one builder, focused on its text line, and keeps every declaration it posts."""

    def __init__(
        self,
        standing: tuple[Declaration, HandRank] | None,
        rules: PokerRules = PLAIN,
        hand: tuple[Card, ...] = (),
        look: CardLook | None = None,
        communal: tuple[Card, ...] = (),
    ) -> None:
        super().__init__()
        self.rules = rules
        self.standing = standing
        self.hand = hand
        self.communal = communal
        self.look = look
        self.declared: list[DeclarationBuilder.Declared] = []

    def compose(self) -> ComposeResult:
        yield DeclarationBuilder(
            self.rules, self.standing, self.communal, hand=self.hand, card_look=self.look
        )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DeclarationText).focus()

    @on(DeclarationBuilder.Declared)
    def _declared(self, event: DeclarationBuilder.Declared) -> None:
        self.declared.append(event)

    @property
    def builder(self) -> DeclarationBuilder:
        return self.query_one(DeclarationBuilder)


if __name__ == "__main__":
    BuilderApp(standing_of("two pair"), hand=HAND).run()
