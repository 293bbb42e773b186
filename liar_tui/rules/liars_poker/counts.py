"""A player's own Liar's Poker numbers for history's stats: challenges made and won, bluffs
made and caught (issue 14, point 4).

A bluff is a declaration the declarer's own hand did not hold when it was made: the holder
sees the whole hand, so a seat knows its own bluffs from its view before it declared, and
learns that one was caught when a challenge shows the hand. :func:`seat_counts` counts one
game from what the seat was told; history sums the counts over the player's games and
:func:`count_lines` words the sums. The names are kept in the history file: a name never
changes meaning, and a new number takes a new name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from liar_tui.games.plugin import share_text
from liar_tui.rules.liars_poker.game import ChallengeResolved, Declared, LiarsPokerView
from liar_tui.rules.liars_poker.poker_hands import hand_rank

CHALLENGES = "challenges"
CHALLENGES_WON = "challenges won"
DECLARATIONS = "declarations"
BLUFFS = "bluffs"
BLUFFS_CAUGHT = "bluffs caught"


def seat_counts(steps: Iterable[tuple[tuple[object, ...], object]], seat: int) -> dict[str, int]:
    """``seat`` 's challenges (made, won), declarations and bluffs (made, caught) in one
    game, from each update it was told as its events and the view after them, in order."""
    counts: Counter[str] = Counter()
    before: object = None
    for events, view in steps:
        for event in events:
            if isinstance(event, Declared) and event.seat == seat:
                counts[DECLARATIONS] += 1
                if isinstance(before, LiarsPokerView) and _bluff(before, event):
                    counts[BLUFFS] += 1
            elif isinstance(event, ChallengeResolved):
                if event.challenger == seat:
                    counts[CHALLENGES] += 1
                    counts[CHALLENGES_WON] += not event.held
                elif event.declarer == seat and not event.held:
                    counts[BLUFFS_CAUGHT] += 1
        before = view
    return {name: count for name, count in counts.items() if count}


def _bluff(view: LiarsPokerView, declared: Declared) -> bool:
    """Whether the hand the seat held, as its view showed it just before it declared, falls
    short of the declaration."""
    hand = (*view.hand, *view.communal)
    return bool(view.hand) and hand_rank(hand, view.round_rules.poker) < declared.floor


def count_lines(sums: Mapping[str, int], games: int) -> tuple[tuple[str, str], ...]:
    """Challenges won of those made, declarations that were bluffs, and bluffs caught of
    those made; a line only where there is something to count."""
    lines = []
    if challenges := sums.get(CHALLENGES, 0):
        lines.append(("Challenges won", share_text(sums.get(CHALLENGES_WON, 0), challenges)))
    if declarations := sums.get(DECLARATIONS, 0):
        bluffs_made = share_text(sums.get(BLUFFS, 0), declarations)
        lines.append(("Declarations that were bluffs", bluffs_made))
    if bluffs := sums.get(BLUFFS, 0):
        lines.append(("Bluffs caught", share_text(sums.get(BLUFFS_CAUGHT, 0), bluffs)))
    return tuple(lines)
