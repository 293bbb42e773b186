"""The declarations a research toolkit may choose from in Liar's Poker.

The engine lists every legal action but declarations, which are too many to list (every
category with any ranks, suits and exact cards). A solver needs a finite menu: the ladder the
bots raise on (:func:`~liar_tui.bots.liars_poker.odds.ladder`: each category bare, with its
main ranks, and with one more detail), some 700 declarations under the default rules, fine
enough to find a raise one small step above almost any floor. Declarations off the ladder (a
suit, five exact cards) are left out of the game a solver sees.
"""

from __future__ import annotations

from liar_tui.bots.liars_poker.odds import ladder
from liar_tui.rules.liars_poker.game import Declare, LiarsPokerView, Phase


def declaration_menu(view: LiarsPokerView) -> list[Declare]:
    """Every declaration of the ladder for the seat of ``view`` when it is to declare (the
    caller drops those that do not beat the standing one); none at any other time."""
    if view.phase is not Phase.DECLARE or view.to_act != view.seat:
        return []
    return [Declare(view.seat, rung.declaration) for rung in ladder(view.round_rules.poker).rungs]
