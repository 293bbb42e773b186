"""The unfinished table, saved after every action so a game survives closing the app.

The file holds only the setup (game, rules, seats, seed) and the actions taken: the
game is rebuilt by replaying them, which is also how a damaged or edited file is caught.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import GenericAlias
from typing import Any, TypeGuard

from liar_tui import games
from liar_tui.rules.base import GameState
from liar_tui.store import paths
from liar_tui.store.atomic import write_atomically
from liar_tui.store.messages import TOO_LONG_A_NUMBER, json_problem, os_reason, shown_path
from liar_tui.table.codec import DecodeError, decode, describe, encode, location_words
from liar_tui.table.seats import name_problem
from liar_tui.table.setup import MAX_SEED, TableSetup

FORMAT = "liar-tui saved table"
VERSION = 2
"""2 adds the game's clock (``started_at``, ``played``); a version-1 save is read without."""
READABLE_VERSIONS = (1, 2)
MAX_PLAYED = 10 * 365 * 24 * 3600
"""Seconds of play past which a save's clock is not believed (ten years)."""


class SaveError(Exception):
    """A save that cannot be written or used; the message is one sentence naming the file."""


@dataclass(frozen=True)
class SavedTable:
    setup: TableSetup
    actions: tuple[Any, ...]
    saved_at: str
    """When it was saved, as an ISO 8601 UTC timestamp."""
    clock: SavedClock | None = None
    """The game's clock, for its record in history; None in a save from before it was kept."""


@dataclass(frozen=True)
class SavedClock:
    """When the saved game was first started, and for how many seconds it has been played
    (an app left open between games does not count)."""

    started_at: datetime
    played: float


class SaveStore:
    """Reads and writes the one unfinished table."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or paths.save_path()

    def save(
        self, setup: TableSetup, actions: tuple[Any, ...], clock: SavedClock | None = None
    ) -> None:
        """Replace the saved table with this one.

        This runs on the UI thread after every action, so it stays cheap: a few KB of
        compact JSON and no fsync. ``os.replace`` is atomic, so a crash of the app leaves
        either the old save or the new one, never a torn file; only a power cut could lose
        the last action or two, which is an acceptable cost for a card game.
        """
        document = {
            "format": FORMAT,
            "version": VERSION,
            "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "setup": encode(setup),
            "actions": encode(actions),
        }
        if clock is not None:
            document["started_at"] = clock.started_at.isoformat(timespec="seconds")
            document["played"] = round(clock.played, 3)
        try:
            write_atomically(self.path, json.dumps(document, separators=(",", ":")))
        except OSError as error:
            raise SaveError(
                f"The table could not be saved to {self._shown}: {os_reason(error)}."
            ) from None

    def load(self) -> SavedTable | None:
        """The saved table, checked by replaying it; None when there is none.

        Raises :class:`SaveError` for a file that is unreadable, corrupt, from an unknown
        version or game, or whose actions do not replay: a bad save is refused whole.
        """
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except UnicodeDecodeError:
            raise self._corrupt("it is not UTF-8 text") from None
        except OSError as error:
            raise SaveError(
                f"The saved table {self._shown} could not be read: {os_reason(error)}."
            ) from None
        try:
            document = json.loads(text)
        except json.JSONDecodeError as error:
            raise self._corrupt(f"it is not valid JSON: {json_problem(error)}") from None
        except RecursionError:
            raise self._corrupt("it nests too deeply to be a saved table") from None
        except ValueError:
            raise self._corrupt(TOO_LONG_A_NUMBER) from None
        saved = self._parse(document)
        self._check_replay(saved)
        return saved

    def clear(self) -> None:
        """Forget the saved table (the game ended, or the player abandoned it)."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as error:
            raise SaveError(
                f"The saved table {self._shown} could not be removed: {os_reason(error)}."
            ) from None

    # reading --------------------------------------------------------------------

    @property
    def _shown(self) -> str:
        return shown_path(self.path)

    def _corrupt(self, problem: str) -> SaveError:
        return SaveError(f"The saved table {self._shown} is damaged: {problem}.")

    def _parse(self, document: Any) -> SavedTable:
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise self._corrupt("it is not a liar-tui saved table")
        version = document.get("version")
        if version not in READABLE_VERSIONS or type(version) is not int:
            raise SaveError(
                f"The saved table {self._shown} was written by another version of liar-tui: "
                f"its save format is {describe(version)}; this one reads formats "
                f"{READABLE_VERSIONS[0]} to {VERSION}."
            )
        entries = {"format", "version", "saved_at", "setup", "actions"}
        if version >= 2:
            entries |= {"started_at", "played"}
        extra = sorted(set(document) - entries)
        if extra:
            raise self._corrupt(f"it has an unknown entry {describe(extra[0])}")
        saved_at = document.get("saved_at")
        if not isinstance(saved_at, str) or not _is_timestamp(saved_at):
            raise self._corrupt("its time of saving is missing or not a timestamp")
        raw_setup = document.get("setup")
        game = raw_setup.get("game") if isinstance(raw_setup, dict) else None
        if not isinstance(game, str):
            raise self._corrupt("it does not say which game it is")
        game_plugin = games.registered().get(game)
        if game_plugin is None:
            raise SaveError(
                f"The saved table {self._shown} is for an unknown game {describe(game)}."
            )
        try:
            setup = decode(raw_setup, TableSetup)
        except DecodeError as error:
            raise self._corrupt(_decode_problem(error, "setup")) from None
        if type(setup.rules) is not game_plugin.rules_type:
            raise self._corrupt(f"its rules are not {game_plugin.title} rules")
        # tuple[action_type, ...], the game's own action type known only at run time:
        actions_type = GenericAlias(tuple, (game_plugin.action_type, ...))
        try:
            actions = decode(document.get("actions"), actions_type)
        except DecodeError as error:
            raise self._corrupt(_decode_problem(error, "actions")) from None
        if not 0 <= setup.seed <= MAX_SEED:
            raise self._corrupt(
                f"its seed must be from 0 to {MAX_SEED}, not {describe(setup.seed)}"
            )
        for number, seat in enumerate(setup.seats, start=1):
            if problem := name_problem(seat.name, f"the name of seat {number}"):
                raise self._corrupt(_clause(problem))
        return SavedTable(setup, actions, saved_at, self._clock(document))

    def _clock(self, document: dict[str, Any]) -> SavedClock | None:
        """The save's clock; None when it keeps none. A clock it has must be whole."""
        if "started_at" not in document and "played" not in document:
            return None
        started_at, played = document.get("started_at"), document.get("played")
        if not isinstance(started_at, str) or not _is_timestamp(started_at):
            raise self._corrupt("its game's start is missing or not a timestamp")
        if not _is_seconds_played(played):
            raise self._corrupt("its time played is missing or not a number of seconds")
        start = datetime.fromisoformat(started_at)
        return SavedClock(start if start.tzinfo else start.replace(tzinfo=UTC), float(played))

    def _check_replay(self, saved: SavedTable) -> None:
        try:
            state: GameState = games.new_state(saved.setup)
        except ValueError as error:
            raise self._corrupt(f"its table cannot be set up ({_clause(error)})") from None
        for number, action in enumerate(saved.actions, start=1):
            if reason := state.refusal(action):
                raise self._corrupt(f"action {number} does not replay ({_clause(reason)})")
            state.apply(action)
        if state.over:
            raise self._corrupt("its game is already over")


_LIST_ITEMS = {"seats": "seat", "actions": "action", "cards": "card"}


def _decode_problem(error: DecodeError, entry: str) -> str:
    """``the kind of seat 1 must be 'human' or 'bot', not 'alien'``, for the file's ``entry``."""
    return f"{location_words((entry, *error.location), _LIST_ITEMS)} {error.problem}"


def _is_seconds_played(value: object) -> TypeGuard[float]:
    """A number of seconds a game could have been played (not a bool, NaN or forever)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return 0 <= value < MAX_PLAYED


def _is_timestamp(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def _clause(sentence: object) -> str:
    """A sentence made fit to sit inside another one, without its full stop."""
    return str(sentence).rstrip(".")
