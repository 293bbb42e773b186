"""User settings, kept as TOML in the user's config folder.

A person may edit the file by hand, so reading it never fails and never writes: every
entry that can be used is kept, each one that cannot is named in one message (with the
default used in its place), and the file is left exactly as it was for its owner to fix.
A file that cannot be read as TOML at all gives the defaults.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import Any

import tomli_w

from liar_tui import games
from liar_tui.store import paths
from liar_tui.store.atomic import write_atomically
from liar_tui.store.messages import TOO_LONG_A_NUMBER, lowered, os_reason, shown_path, toml_problem
from liar_tui.table.codec import (
    EXPECTED,
    DecodeError,
    UnknownEntry,
    decode,
    describe,
    encode,
    location_words,
)
from liar_tui.table.seats import MAX_NAME_LENGTH as MAX_NAME_LENGTH
from liar_tui.table.seats import SeatConfig, default_seats, name_problem, seat_problems

MAX_BOT_DELAY = 5.0
MIN_AWAY_TIMEOUT = 5.0
MAX_AWAY_TIMEOUT = 3600.0

DEFAULT_THEME = "textual-dark"
"""Textual's own default theme."""

_HEADER = "# liar-tui settings: the settings screen rewrites this file.\n\n"


class CardStyle(Enum):
    UNICODE = "unicode"
    """Box-drawing card faces with suit symbols."""
    ASCII = "ascii"
    """Plain ASCII only, for terminals and fonts without box drawing or suit symbols."""


class PocketOrder(Enum):
    """How a pocket of cards is laid out in front of its owner."""

    RANK = "rank"
    """Highest rank first, pairs and sets side by side."""
    SUIT = "suit"
    """Grouped by suit, highest first within each, so flushes and straights show."""


class Coach(Enum):
    """When the coach speaks at the table (what the hard bot would estimate and do)."""

    OFF = "off"
    ON_REQUEST = "on request"
    """When the player presses its key on their turn."""
    ALWAYS = "always"
    """At every decision of a person at this keyboard, as a notice."""


def _default_rules() -> Mapping[str, Any]:
    """Every game's own default rules, by id."""
    return MappingProxyType(
        {game_id: game.default_rules() for game_id, game in games.registered().items()}
    )


@dataclass(frozen=True)
class Settings:
    player_name: str = "You"
    card_style: CardStyle = CardStyle.UNICODE
    four_color: bool = False
    """Four-color deck: clubs green and diamonds blue, so suits differ at a glance."""
    bot_delay: float = field(default=0.6, metadata={EXPECTED: "a number of seconds"})
    """Seconds a bot waits before acting, so a person can follow the table."""
    away_timeout: float = field(default=60.0, metadata={EXPECTED: "a number of seconds"})
    """Online: seconds a person may be gone before a bot plays their seat until they return."""
    seats: tuple[SeatConfig, ...] = field(default_factory=default_seats)
    """The seats a new table starts with."""
    show_odds: bool = True
    """Show beside a bid how likely it is to be true, given your own bill."""
    turn_bell: bool = False
    """Ring the terminal's bell when it becomes a person's turn at this keyboard."""
    pocket_order: PocketOrder = PocketOrder.RANK
    """How the cards in a pocket are sorted; a key at the table flips it for the game."""
    coach: Coach = Coach.ON_REQUEST
    """When the coach speaks at the table."""
    theme: str = DEFAULT_THEME
    """The Textual theme the app is drawn in, chosen from the command palette (Ctrl+P)."""
    rules: Mapping[str, Any] = field(default_factory=_default_rules, hash=False)
    """Each game's default rules, by game id; the file keeps them in a table per game, named
    by its plugin's ``settings_key`` (``[liar_game]``)."""

    def rules_for(self, game_id: str) -> Any:
        """The rules a new table of ``game_id`` starts with; ``ValueError`` for a game
        nobody registered."""
        found = self.rules.get(game_id)
        return games.plugin(game_id).default_rules() if found is None else found

    def with_rules(self, game_id: str, rules: Any) -> Settings:
        """These settings with ``rules`` as the default rules of ``game_id``."""
        return replace(self, rules=MappingProxyType({**self.rules, game_id: rules}))


_SHARED = tuple(entry.name for entry in fields(Settings) if entry.name != "rules")
"""The settings every game shares: the file's entries outside the games' tables."""


def settings_problems(settings: Settings) -> list[str]:
    """Why these settings cannot be used, one sentence each; empty when they can."""
    found: list[str] = []
    if problem := name_problem(settings.player_name):
        found.append(problem)
    if not _delay_allowed(settings.bot_delay):
        found.append(f"The bot delay must be from 0 to {MAX_BOT_DELAY:g} seconds.")
    if not _away_timeout_allowed(settings.away_timeout):
        found.append(
            f"The away timeout must be from {MIN_AWAY_TIMEOUT:g} to {MAX_AWAY_TIMEOUT:g} seconds."
        )
    if not theme_exists(settings.theme):
        found.append(
            f"There is no theme called {describe(settings.theme)}; "
            "choose one with Ctrl+P, Change theme."
        )
    found += seat_problems(settings.seats, *games.seat_limits())
    for game_id, game in games.registered().items():
        found += game.rules_problems(settings.rules_for(game_id))
    return found


def file_problem(settings: Settings) -> str | None:
    """The first reason a settings file cannot be used, naming what to change in it.

    The same checks as :func:`settings_problems`, whose sentences suit the settings screen;
    a person editing the file by hand needs the entry as the file spells it
    (``liar_game.decks``) and the value found there.
    """
    if problem := name_problem(settings.player_name, "player_name"):
        return problem
    delay = settings.bot_delay
    if not _delay_allowed(delay):
        return f"bot_delay must be from 0 to {MAX_BOT_DELAY:g} seconds, not {delay:g}."
    away = settings.away_timeout
    if not _away_timeout_allowed(away):
        low, high = MIN_AWAY_TIMEOUT, MAX_AWAY_TIMEOUT
        return f"away_timeout must be from {low:g} to {high:g} seconds, not {away:g}."
    if not theme_exists(settings.theme):
        return f"theme must be a theme's name, not {describe(settings.theme)}."
    if problems := seat_problems(settings.seats, *games.seat_limits()):
        return problems[0]
    for game_id, game in games.registered().items():
        if problem := game.settings_problem(settings.rules_for(game_id)):
            return problem
    return None


def theme_exists(name: str) -> bool:
    """Whether the app has a theme of that name: Textual's own themes are the app's.

    Textual's themes are imported only for a theme other than the default, so reading the
    settings (the table host does) does not bring in Textual.
    """
    if name == DEFAULT_THEME:
        return True
    from textual.theme import BUILTIN_THEMES

    return name in BUILTIN_THEMES


def _delay_allowed(delay: float) -> bool:
    return math.isfinite(delay) and 0 <= delay <= MAX_BOT_DELAY


def _away_timeout_allowed(seconds: float) -> bool:
    return math.isfinite(seconds) and MIN_AWAY_TIMEOUT <= seconds <= MAX_AWAY_TIMEOUT


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and None; or what of them could be used and why the rest was not.

    A missing file is normal (first run) and gives the defaults with no message.
    """
    path = path or paths.settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except UnicodeDecodeError:
        return Settings(), _not_loaded(path, "it is not UTF-8 text")
    except OSError as error:
        return Settings(), _not_loaded(path, f"it could not be read: {os_reason(error)}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return Settings(), _not_loaded(path, f"it is not valid TOML: {toml_problem(error)}")
    except RecursionError:
        return Settings(), _not_loaded(path, "it nests too deeply to be a settings file")
    except ValueError:
        return Settings(), _not_loaded(path, TOO_LONG_A_NUMBER)
    settings, problems = _usable(data)
    return settings, _entries_not_used(path, problems) if problems else None


Entry = Callable[[Settings], Settings]
"""One entry of the file, decoded: it sets its value in the settings it is given."""


def _usable(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """The settings the file's usable entries make, and why each other entry is not used,
    naming it as the file spells it.

    Each entry is decoded on its own, so one bad value costs only itself. Entries can clash
    (``big_combos`` needs ``decks = 2``): when all the decoded ones together pass the
    checks they are all kept; otherwise they are added one at a time in the file's order,
    again and again while one refused before now fits (``big_combos`` before ``decks = 2``),
    and an entry the checks still refuse is named and left at its default.
    """
    entries: list[Entry] = []
    problems: list[str] = []
    tables = {game.settings_key: game_id for game_id, game in games.registered().items()}
    for key, value in data.items():
        if key in tables:
            _decode_rules(tables[key], value, entries, problems)
            continue
        try:
            if key not in _SHARED:  # "rules" is a field of Settings, but no entry of the file
                raise UnknownEntry("Settings", (), key)
            decoded = getattr(decode({key: value}, Settings, tagged=False), key)
        except DecodeError as error:
            problems.append(_decode_problem(error))
            continue
        entries.append(partial(_with_entry, name=key, value=decoded))
    everything = Settings()
    for entry in entries:
        everything = entry(everything)
    if file_problem(everything) is None:
        return everything, problems
    settings = Settings()
    waiting = entries
    while waiting:
        refused: list[tuple[Entry, str]] = []
        for entry in waiting:
            tried = entry(settings)
            if problem := file_problem(tried):
                refused.append((entry, problem))
            else:
                settings = tried
        if len(refused) == len(waiting):  # nothing more fits: what is left is named
            problems += [problem for _entry, problem in refused]
            break
        waiting = [entry for entry, _problem in refused]
    return settings, problems


def _decode_rules(game_id: str, table: Any, entries: list[Entry], problems: list[str]) -> None:
    """Each entry of a game's table (``[liar_game]``), decoded on its own as that entry of
    the game's rules; a nested table (``[liars_poker.round]``) is one entry."""
    game = games.plugin(game_id)
    if not isinstance(table, dict):
        try:
            decode(table, game.rules_type, tagged=False)
        except DecodeError as error:  # always: a game's rules are a table
            problems.append(_decode_problem(error, within=game.settings_key))
        return
    for key, value in table.items():
        try:
            decoded = getattr(decode({key: value}, game.rules_type, tagged=False), key)
        except DecodeError as error:
            problems.append(_decode_problem(error, within=game.settings_key))
            continue
        entries.append(partial(_with_rule, game_id=game_id, name=key, value=decoded))


def _with_entry(settings: Settings, *, name: str, value: Any) -> Settings:
    return replace(settings, **{name: value})


def _with_rule(settings: Settings, *, game_id: str, name: str, value: Any) -> Settings:
    rules = replace(settings.rules_for(game_id), **{name: value})
    return settings.with_rules(game_id, rules)


_LIST_ITEMS = {"seats": "seat"}


def _decode_problem(error: DecodeError, within: str | None = None) -> str:
    """``bot_delay must be a number of seconds, not 'fast'``; ``'colour' is not a setting``.

    ``within``: the table of the file the decoded data came from (``liar_game``).
    """
    location = error.location if within is None else (within, *error.location)
    where = location_words(location, _LIST_ITEMS)
    if isinstance(error, UnknownEntry):
        return f"{error.entry} is not a setting" + (f" in {where}" if where else "")
    return f"{where or 'the file'} {error.problem}"


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings, replacing the file atomically; refuse settings with problems.

    Refusing here keeps the promise that every file liar-tui writes, it can read back.
    """
    if problems := settings_problems(settings):
        raise ValueError(" ".join(problems))
    path = path or paths.settings_path()
    write_atomically(path, _HEADER + tomli_w.dumps(_without_none(_encoded(settings))))


def save_theme(theme: str, path: Path | None = None) -> None:
    """Write the theme into the file as it stands, changing no other entry.

    Choosing a theme is not saving the settings screen: entries this run could not use stay
    for their owner to fix, and what only this run holds (an online name) is not written.
    ``ValueError`` (with a sentence) for a file that is not TOML, which is left as it is.
    """
    path = path or paths.settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = ""
    except UnicodeDecodeError as error:
        raise ValueError("the settings file is not UTF-8 text") from error
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as error:
        raise ValueError("the settings file is not valid TOML") from error
    data["theme"] = theme
    write_atomically(path, _HEADER + tomli_w.dumps(data))


def _encoded(settings: Settings) -> dict[str, Any]:
    """The file's data: the shared settings, then each game's rules in its own table."""
    data = {name: encode(getattr(settings, name), tagged=False) for name in _SHARED}
    for game_id, game in games.registered().items():
        data[game.settings_key] = encode(settings.rules_for(game_id), tagged=False)
    return data


def _without_none(table: dict[str, Any]) -> dict[str, Any]:
    """TOML has no null: an unset entry (``discard_limit`` with no limit) is left out, and
    reading the file back gives it its default, None."""
    return {
        key: _without_none(value) if isinstance(value, dict) else value
        for key, value in table.items()
        if value is not None
    }


def whole_file_unused(problem: str) -> bool:
    """Whether a problem :func:`load_settings` gave means no entry of the file was used
    (it was not TOML, not text, not readable), rather than only some."""
    return problem.startswith(_WHOLE_FILE)


_WHOLE_FILE = "The settings file "


def _entries_not_used(path: Path, problems: list[str]) -> str:
    """One sentence naming the file and every entry of it that was not used."""
    reasons = "; ".join(lowered(problem.rstrip(".")) for problem in problems)
    file = f"the settings file {shown_path(path)}"
    if len(problems) == 1:
        return f"An entry of {file} was not used, so its default applies: {reasons}."
    return f"Some entries of {file} were not used, so their defaults apply: {reasons}."


def _not_loaded(path: Path, problem: str) -> str:
    """One sentence: which file, that the defaults apply instead, and what is wrong."""
    reason = lowered(problem.rstrip("."))
    return f"{_WHOLE_FILE}{shown_path(path)} was not used, so the defaults apply: {reason}."
