"""The lobby in words: a table's rules in a few, a chair's state, and every host refusal.

Kept apart from the screen so the app (which says a refusal wherever the player is) and
the lobby speak the same sentences.
"""

from __future__ import annotations

from typing import Any

from liar_tui.games import registered
from liar_tui.net.protocol import ChairKind, ChairState, ErrorCode, HostError, TablePhase

PHASE_WORDS = {
    TablePhase.WAITING: "waiting for players",
    TablePhase.PLAYING: "playing",
    TablePhase.OVER: "over",
}

ERROR_SENTENCES = {
    ErrorCode.SEAT_TAKEN: "Someone took that seat just before you: pick another one.",
    ErrorCode.NO_TABLE: "That table or seat is no longer there: the lobby shows what is.",
    ErrorCode.ALREADY_STARTED: "That table has already started: pick a waiting one, or create one.",
    ErrorCode.HOST_FULL: "The host has no room for more: join a table already in the lobby.",
    ErrorCode.BAD_TOKEN: "The host no longer knows your seat (it may have restarted).",
    ErrorCode.NOT_STARTED: "That table has not started yet: press s to start it.",
}
"""What the player should know or do; refusals not listed here are said in the host's words."""


def host_error_sentence(error: HostError) -> str:
    return ERROR_SENTENCES.get(error.code, error.message)


def rules_summary(game: str, rules: Any) -> str:
    """A table's rules in a few words, for its line in the lobby ("" for rules not its game's)."""
    plugin = registered().get(game)
    if plugin is None or not isinstance(rules, plugin.rules_type):
        return ""
    return plugin.rules_summary(rules)


def table_heading(number: int, game: str, rules: Any, phase: TablePhase) -> str:
    plugin = registered().get(game)
    title = plugin.title if plugin is not None else game
    summary = rules_summary(game, rules)
    parts = (f"Table {number}", title, summary, PHASE_WORDS[phase])
    return " · ".join(part for part in parts if part)


def chair_words(chair: ChairState, phase: TablePhase) -> str:
    """Who sits in a chair, or who will: ``open (a normal bot if nobody sits)``."""
    if chair.kind is ChairKind.BOT:
        return f"bot, {chair.level}"
    if chair.kind is ChairKind.OPEN:
        if phase is TablePhase.WAITING:
            return f"open: a {chair.level} bot plays it if nobody sits"
        return "open"
    if chair.stand_in:
        return "away: a bot plays for them"
    if not chair.present:
        return "away"
    return "here"
