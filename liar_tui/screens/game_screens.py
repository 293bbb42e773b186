"""Which screens and widgets belong to which game.

The app, the home, setup and settings screens are shared by every game; what differs is the
play screen, the rules editor and how a saved game is summed up. Each is imported only when
asked for, so the home screen's first frame pays for none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget

    from liar_tui.store.saves import SavedTable
    from liar_tui.table.table import SeatChannel


class RulesEditor(Protocol):
    """A widget that edits one game's rules, in setup and in settings."""

    def read(self) -> tuple[Any, list[str]]:
        """The rules as shown, and why they cannot be played (empty when they can)."""
        ...


def play_screen(channel: SeatChannel) -> Screen[None]:
    """The screen the people at this keyboard play the channel's table on."""
    game = channel.setup.game
    if game == "liar-game":
        from liar_tui.screens.liar_game_play import LiarGamePlayScreen

        return LiarGamePlayScreen(channel)
    if game == "liars-poker-cards":
        from liar_tui.screens.liars_poker_play import LiarsPokerPlayScreen

        return LiarsPokerPlayScreen(channel)
    if game == "liars-poker-bills":
        from liar_tui.screens.dollar_bills_play import DollarBillsPlayScreen

        return DollarBillsPlayScreen(channel)
    raise ValueError(f"no screen plays {game!r}")


def rules_editor(game: str, rules: Any, editor_id: str) -> Widget:
    """The editor of ``game``'s rules, showing ``rules``; it answers :class:`RulesEditor`."""
    if game == "liar-game":
        from liar_tui.screens.rules_editor import LiarGameRulesEditor

        return LiarGameRulesEditor(rules, id=editor_id)
    if game == "liars-poker-cards":
        from liar_tui.screens.liars_poker_rules_editor import LiarsPokerRulesEditor

        return LiarsPokerRulesEditor(rules, id=editor_id)
    if game == "liars-poker-bills":
        from liar_tui.screens.dollar_bills_rules_editor import DollarBillsRulesEditor

        return DollarBillsRulesEditor(rules, id=editor_id)
    raise ValueError(f"no editor for the rules of {game!r}")


def saved_summary(saved: SavedTable) -> str:
    """One line on where a saved game stands, for the home screen's Resume entry."""
    game = saved.setup.game
    if game == "liar-game":
        from liar_tui.screens.liar_game_play import saved_summary as summary
    elif game == "liars-poker-cards":
        from liar_tui.screens.liars_poker_play import saved_summary as summary
    elif game == "liars-poker-bills":
        from liar_tui.screens.dollar_bills_play import saved_summary as summary
    else:
        raise ValueError(f"no summary for {game!r}")
    return summary(saved)
