"""Liar's Poker with cards for the help screen: every order, floor and example quoted is
computed by the rules modules, so the help says what the game does."""

from __future__ import annotations

from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.floor import floor, lowest_hand
from liar_tui.rules.liars_poker.rules import MAX_LIVES, PokerRules

PLAIN_POKER = PokerRules()


def _floor_ranks(text: str) -> str:
    """The floor's ranks as players write them: ``3-3-2-2-4``."""
    value = floor(parse_declaration(text, PLAIN_POKER), PLAIN_POKER)
    return "-".join(rank.label for rank in value.ranks)


def rules_text() -> str:
    """Liar's Poker with cards as Markdown."""
    order = ", ".join(category.value for category in PLAIN_POKER.order())
    lowest = "-".join(rank.label for rank in lowest_hand(PLAIN_POKER).ranks)
    return f"""## Liar's Poker with cards

One hand of five cards goes round the table. The opener draws it and **declares** a poker
hand, as vague or exact as they like ("two pair", "sevens over threes with a jack
kicker", "spade flush"); it may be a lie. The next player, without looking, either
**takes** the hand (looks, discards any cards, draws back to five and declares something
higher) or **challenges**: the hand is shown.

**The floor** of a declaration is the worst hand that would make it true: for "two pair"
`{_floor_ranks("two pair")}`, for "sevens over threes" `{_floor_ranks("sevens over threes")}`.
A declaration raises the last one only if its floor is higher, so "threes over twos"
(`{_floor_ranks("threes over twos")}`) does not raise "two pair". The lowest hand is
`{lowest}`, so the lowest opening is "7-6 high". The builder shows the floor of what you are
about to say, and whether it is a raise, before you send it.

**A challenge** is won by the declarer if the hand is at least the floor (even if it is not
what was said), and by the challenger otherwise. The loser loses a life (1 by default, up
to {MAX_LIVES}); the winner opens the next round with a fresh deck. The last player with
lives wins.

**Hands, low to high:** {order}. A color flush is five cards of one color, ranked by its
cards high to low. Aces are high, and low only in A-2-3-4-5. Jokers (0 to 2) are wild.

**Variants** (setup and settings): lives; jokers; **chips** (one Skip, Flip and Double Dip
each per game: Skip passes the decision on unseen, but not in answer to a Skip or with two
players left; Flip reverses the direction after you improve the hand; Double Dip lets you
discard and draw again); **dealer's choice** (the opener sets the round's wild ranks,
discard limit, "discard at least one", draw twice, seven-card hands, ranking changes and
communal cards).

**Coach:** on your turn, `h` shows what the hard bot would do in your place: the chance it
gives the standing claim, and whether it would take, challenge, or what it would discard or
declare (while you type a declaration, `h` is a letter of it: press `Ctrl+O` instead).
"""
