"""A challenge resolved: who loses a life in one short line, then the hand face up.

Everything here is public once the hand is shown: the cards, the declaration, its floor (the
worst hand a truthful speaker could hold, shown as cards rather than said again in words),
what the hand really is, and the verdict. Each is said once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Button, Static

from liar_tui.rules.cards import Card
from liar_tui.rules.liars_poker.declarations import DeclarationError
from liar_tui.rules.liars_poker.floor import worst_hand
from liar_tui.rules.liars_poker.game import ChallengeResolved, RoundRules
from liar_tui.screens.liars_poker.panels import lives_line
from liar_tui.screens.liars_poker.sentences import claim_words, hand_phrase, verdict
from liar_tui.widgets.buttons import MouseButton
from liar_tui.widgets.card_art import CardLook, Ink, inline_cards
from liar_tui.widgets.cards import CardRow
from liar_tui.widgets.footer import Footer

LABEL_WIDTH = 10
"""Room for "Declared" and a gap, so the claim and the hand line up one above the other."""


def verdict_style(held: bool, ink: Ink) -> str:
    """A hand as declared or better reads as a win, a bluff caught as a loss."""
    return f"bold {ink.win if held else ink.loss}"


def floor_cards(resolved: ChallengeResolved, rules: RoundRules) -> tuple[Card, ...]:
    """A hand worth exactly the floor, to make "at least this" concrete; empty if unknown.

    The communal cards lay on the table when the declaration was made (nothing is drawn
    between a declaration and its challenge), so they are the last cards of the shown hand.
    """
    shared = rules.poker.communal_cards
    communal = resolved.hand[len(resolved.hand) - shared :] if shared else ()
    try:
        return tuple(worst_hand(resolved.declaration, rules.poker, communal))
    except DeclarationError:
        return ()


def verdict_mark(held: bool, look: CardLook) -> str:
    """``✓ as declared or better`` or ``✗ worse than declared`` (``+``/``x`` in ASCII)."""
    if held:
        return ("+" if look.ascii_only else "✓") + " as declared or better"
    return ("x" if look.ascii_only else "✗") + " worse than declared"


def challenge_headline(resolved: ChallengeResolved, names: Sequence[str]) -> str:
    challenger, declarer = names[resolved.challenger], names[resolved.declarer]
    return f"Round {resolved.round}: {challenger} challenged {declarer}."


class ChallengeScreen(Screen[None]):
    """Shown after every challenge, by bots too; any key or the button goes on."""

    CSS_PATH = "challenge.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "continue", "Continue"),
    ]

    def __init__(
        self,
        resolved: ChallengeResolved,
        names: Sequence[str],
        look: CardLook,
        rules: RoundRules,
    ) -> None:
        super().__init__()
        self.resolved = resolved
        self.names = tuple(names)
        self.look = look
        self.rules = rules
        self._done = False

    def compose(self) -> ComposeResult:
        resolved, look = self.resolved, self.look
        style = verdict_style(resolved.held, look.ink)
        with Vertical(id="challenge-box"):
            yield Static(challenge_headline(resolved, self.names), id="challenge-headline")
            yield Static(Text(verdict(resolved, self.names), style=style), id="challenge-sentence")
            with Center():
                yield CardRow(resolved.hand, look, id="challenge-hand")
            if self.rules.poker.communal_cards:
                yield Static(self._communal_note(), id="challenge-communal")
            yield Static(self._declared_line(), id="challenge-declared")
            yield Static(self._held_line(), id="challenge-value")
            yield Static(
                lives_line(self.names, resolved.lives, look), id="challenge-lives", markup=False
            )
            with Center(id="challenge-continue"):
                yield MouseButton(
                    "Continue (any key)", id="challenge-ok", variant="primary", compact=True
                )
        yield Footer()

    def _declared_line(self) -> Text:
        """The claim, and its floor as cards: the least a truthful hand had to hold."""
        text = Text(f"{'Declared':<{LABEL_WIDTH}}")
        text.append(claim_words(self.resolved.declaration), style="bold")
        worst = floor_cards(self.resolved, self.rules)
        if worst:
            text.append("  at least ", style="dim")
            text.append_text(inline_cards(worst, self.look))
        return text

    def _held_line(self) -> Text:
        """What the hand really is, marked as at least the claim or worse than it."""
        resolved = self.resolved
        text = Text(f"{'Held':<{LABEL_WIDTH}}")
        style = verdict_style(resolved.held, self.look.ink)
        text.append(hand_phrase(resolved.value), style=style)
        text.append(f"  {verdict_mark(resolved.held, self.look)}", style="dim")
        return text

    def _communal_note(self) -> str:
        shared = self.rules.poker.communal_cards
        cards = "card is" if shared == 1 else f"{shared} cards are"
        return f"The last {cards} the communal {'one' if shared == 1 else 'ones'} from the table."

    def on_key(self, event: Key) -> None:
        """Any key goes on: the verdict was read, and nothing here can be changed."""
        event.stop()
        event.prevent_default()
        self.action_continue()

    def action_continue(self) -> None:
        """Once only: a key and its binding may both ask."""
        if not self._done:
            self._done = True
            self.dismiss()

    @on(Button.Pressed, "#challenge-ok")
    def _ok_pressed(self) -> None:
        self.action_continue()
