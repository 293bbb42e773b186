"""A player's own dollar-bills numbers for history's stats: money per deal, and the deals
that ended on the player's bid and how many of those bids held (issue 14, point 4).

History records each settled deal as a game, from updates that may run back over the
deals settled before it at the same table: :func:`seat_counts` counts the last deal alone.
History sums the counts over the player's deals and :func:`count_lines` words the sums.
The names are kept in the history file: a name never changes meaning, and a new number
takes a new name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from liar_tui.games.plugin import share_text
from liar_tui.money import money_text
from liar_tui.rules.dollar_bills.game import BidPlaced, BillsShown, Settled

MONEY = "money"
"""Dollars won (less those lost) in the deal."""
BIDS = "bids"
LAST_BIDS = "last bids"
"""Deals that ended on the seat's bid: every other seat passed it."""
LAST_BIDS_HELD = "last bids held"


def seat_counts(events: Iterable[object], seat: int) -> dict[str, int]:
    """``seat`` 's money, bids, and last bid (whether it held) in the last deal settled
    among ``events``, every event the seat was told in order."""
    deal: list[object] = []
    last: list[object] = []
    for event in events:
        deal.append(event)
        if isinstance(event, Settled):
            last, deal = deal, []
    counts: Counter[str] = Counter()
    for event in last:
        if isinstance(event, BidPlaced) and event.seat == seat:
            counts[BIDS] += 1
        elif isinstance(event, BillsShown) and event.bidder == seat:
            counts[LAST_BIDS] += 1
            counts[LAST_BIDS_HELD] += event.held
        elif isinstance(event, Settled):
            counts[MONEY] += event.amounts[seat]
    return {name: count for name, count in counts.items() if count}


def count_lines(sums: Mapping[str, int], games: int) -> tuple[tuple[str, str], ...]:
    """Money and bids per deal, the deals that ended on the player's bid, and how many of
    those bids held."""
    if not games:
        return ()
    lines = [
        ("Money per deal", money_text(sums.get(MONEY, 0) / games)),
        ("Bids per deal", f"{sums.get(BIDS, 0) / games:.1f}"),
        ("Deals ended on your bid", share_text(sums.get(LAST_BIDS, 0), games)),
    ]
    if last_bids := sums.get(LAST_BIDS, 0):
        lines.append(
            ("Your last bids that held", share_text(sums.get(LAST_BIDS_HELD, 0), last_bids))
        )
    return tuple(lines)
