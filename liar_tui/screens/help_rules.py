"""The rules of both Liar's Poker games for the help screen, with examples the engines work out.

As with Liar Game's help, every order, floor and raise quoted here is computed by the rules
modules, so the help says what the game does.
"""

from __future__ import annotations

from liar_tui.rules import dollar_bills
from liar_tui.rules.declarations import parse_declaration
from liar_tui.rules.floor import floor, lowest_hand
from liar_tui.rules.poker_rules import MAX_LIVES, PokerRules

PLAIN_POKER = PokerRules()


def _floor_ranks(text: str) -> str:
    """The floor's ranks as players write them: ``3-3-2-2-4``."""
    value = floor(parse_declaration(text, PLAIN_POKER), PLAIN_POKER)
    return "-".join(rank.label for rank in value.ranks)


def liars_poker_rules() -> str:
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
"""


def dollar_bills_rules() -> str:
    """Liar's Poker with dollar bills as Markdown."""
    defaults = dollar_bills.Rules()
    old = dollar_bills.Bid(2, 3)
    raises = [
        bid.text
        for bid in (dollar_bills.Bid(2, 4), dollar_bills.Bid(3, 2), dollar_bills.Bid(2, 2))
        if dollar_bills.is_raise(bid, old)
    ]
    return f"""## Liar's Poker with dollar bills

Everyone holds a bill whose serial number ({defaults.digits} digits; 4 to 12 in setup) only
they can see. Players bid on all the bills together: "{old.text}" says at least two 3s are
printed across every serial. Each in turn raises or passes; when everyone else has passed
in a row since the last bid, the bills are shown.

**Raising:** the same count of a higher digit, or a higher count of any digit. Zero counts
as ten, the highest digit. After "{old.text}", "{'" and "'.join(raises)}" raise it.

**Paying:** if the digit appears at least as often as bid, the bidder collects the stake
(${defaults.stake} by default) from every other player; otherwise the bidder pays it to
each of them. The ledger carries on from game to game, and the first bid moves one seat
to the left each game. The bid builder shows how likely your bid is to be true given
your own bill (switch it off in settings).
"""
