"""Liar's Poker with dollar bills for the help screen: the raises quoted are the ones the rules
module accepts, so the help says what the game does."""

from __future__ import annotations

from liar_tui.rules.dollar_bills import game as dollar_bills


def rules_text() -> str:
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

**Coach:** on your turn, `h` shows what the hard bot would do in your place: the chance it
gives the standing bid and its own, and the bid or pass it would make.
"""
