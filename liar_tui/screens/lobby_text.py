"""The lobby in words: a table's rules in a few, a chair's state, and every host refusal.

Kept apart from the screen so the app (which says a refusal wherever the player is) and
the lobby speak the same sentences.
"""

from __future__ import annotations

from typing import Any

from liar_tui.games import registered
from liar_tui.net.protocol import (
    ChairKind,
    ChairState,
    ErrorCode,
    HostError,
    TablePhase,
    TableSummary,
)

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
    ErrorCode.NOT_OWNER: "Only the table's owner can remove a player from it.",
    ErrorCode.TOO_FAST: "The host hung up: this app sent more than it takes in a second.",
    ErrorCode.IDLE: "The host hung up after too long without a word from this app.",
}
"""What the player should know or do, in place of the host's words."""

ERROR_ADVICE = {
    ErrorCode.PRIVATE: "Check the code with the table's owner and try again.",
}
"""What to do next, after the host's own sentence: it says which table and what was wrong
(no code, or not this table's)."""


def host_error_sentence(error: HostError) -> str:
    """The refusal as the player should read it; refusals not listed above are said in
    the host's words."""
    if error.code in ERROR_SENTENCES:
        return ERROR_SENTENCES[error.code]
    advice = ERROR_ADVICE.get(error.code)
    message = error.message.strip()
    if advice is None:
        return message
    return f"{message} {advice}" if message else advice


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


def table_details(summary: TableSummary, code: str = "") -> str:
    """What else a table's players should know, in a few words ("" when nothing): private
    (with its code, to the one who has it), its turn timer, and the votes to start."""
    parts: list[str] = []
    if summary.private:
        parts.append(f"private, code {code}" if code else "private: sit with its code")
    if summary.turn_seconds > 0:
        parts.append(f"{summary.turn_seconds:g} s a turn")
    if summary.phase is TablePhase.WAITING:
        people = [chair for chair in summary.seats if chair.kind is ChairKind.PERSON]
        votes = sum(chair.ready for chair in people)
        if votes:
            parts.append(f"{votes} of {len(people)} seated voted to start")
    return " · ".join(parts)


def chair_words(chair: ChairState, phase: TablePhase, owner: bool = False) -> str:
    """Who sits in a chair, or who will: ``open (a normal bot if nobody sits)``; before
    the start, whether a person owns the table or voted to start it."""
    if chair.kind is ChairKind.BOT:
        return f"bot, {chair.level}"
    if chair.kind is ChairKind.OPEN:
        if phase is TablePhase.WAITING:
            return f"open: a {chair.level} bot plays it if nobody sits"
        return "open"
    if chair.stand_in:
        return "away: a bot plays for them"
    presence = "here" if chair.present else "away"
    if phase is not TablePhase.WAITING:
        return presence
    if owner:
        return f"{presence}, owns the table"
    if chair.ready:
        return f"{presence}, voted to start"
    return presence
