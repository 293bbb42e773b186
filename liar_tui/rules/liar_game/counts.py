"""A player's own Liar Game numbers for history's stats: points per round, and how often
each kind of hand won when shown (issue 14, point 4).

:func:`seat_counts` counts one game from the rounds a seat saw revealed; history sums the
counts over the player's games and :func:`count_lines` words the sums. The names are kept
in the history file: a name never changes meaning, and a new number takes a new name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from liar_tui.games.plugin import share_text
from liar_tui.rules.liar_game.game import HandKind, RoundRevealed

ROUNDS = "rounds"
ROUNDS_WON = "rounds won"
POINTS = "points"
SHOWN = "shown "
"""With a kind's value: the rounds the seat showed that kind of hand (``shown double``)."""
WON = "won "
"""With a kind's value: the rounds that kind of hand won for the seat (``won double``)."""


def seat_counts(events: Iterable[object], seat: int) -> dict[str, int]:
    """``seat`` 's rounds, rounds won and points, and each kind of hand it showed and won
    with, in one game whose events (every seat hears every round revealed) are ``events``."""
    counts: Counter[str] = Counter()
    for event in events:
        if not isinstance(event, RoundRevealed):
            continue
        hand = event.hand_of(seat)
        counts[ROUNDS] += 1
        counts[POINTS] += hand.points
        counts[SHOWN + hand.score.kind.value] += 1
        if hand.won:
            counts[ROUNDS_WON] += 1
            counts[WON + hand.score.kind.value] += 1
    return dict(counts)


def count_lines(sums: Mapping[str, int], games: int) -> tuple[tuple[str, str], ...]:
    """Points per round and rounds won, then each kind of hand shown: how often it won, in
    the order of the kinds from high cards up."""
    rounds = sums.get(ROUNDS, 0)
    if not rounds:
        return ()
    lines = [
        ("Points per round", f"{sums.get(POINTS, 0) / rounds:.1f}"),
        ("Rounds won", share_text(sums.get(ROUNDS_WON, 0), rounds)),
    ]
    for kind in HandKind:
        if shown := sums.get(SHOWN + kind.value, 0):
            won = share_text(sums.get(WON + kind.value, 0), shown)
            lines.append((f"{KIND_PLURALS[kind]} that won", won))
    return tuple(lines)


KIND_PLURALS = {
    HandKind.HIGH: "High-card hands",
    HandKind.PAIR: "Doubles",
    HandKind.TRIPLE: "Triples",
    HandKind.BIG_COMBO: "Combos",
    HandKind.LOW_STRAIGHT: "Low straights",
    HandKind.JOKER_SET: "Joker sets",
}
"""Each kind of hand in a stats line: the shown hands of that kind, of which so many won."""
