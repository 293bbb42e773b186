"""User settings, kept as TOML in the user's config folder.

A person may edit the file by hand, so reading it never fails and never writes: a bad
file gives the defaults and one sentence saying what is wrong, and the file is left
exactly as it was for its owner to fix.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

import tomli_w

from liar_tui.rules import dollar_bills_rules, liar_game_rules, poker_rules
from liar_tui.store import paths
from liar_tui.store.atomic import write_atomically
from liar_tui.store.messages import (
    TOO_LONG_A_NUMBER,
    lowered,
    os_reason,
    shown_path,
    toml_problem,
)
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

_HEADER = "# liar-tui settings: the settings screen rewrites this file.\n\n"


class CardStyle(Enum):
    UNICODE = "unicode"
    """Box-drawing card faces with suit symbols."""
    ASCII = "ascii"
    """Plain ASCII only, for terminals and fonts without box drawing or suit symbols."""


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
    liar_game: liar_game_rules.Rules = field(default_factory=liar_game_rules.Rules)
    liars_poker: poker_rules.LiarsPokerRules = field(default_factory=poker_rules.LiarsPokerRules)
    dollar_bills: dollar_bills_rules.Rules = field(default_factory=dollar_bills_rules.Rules)


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
    found += seat_problems(settings.seats, liar_game_rules.MIN_SEATS, liar_game_rules.MAX_SEATS)
    found += settings.liar_game.problems()
    found += settings.liars_poker.problems()
    found += settings.dollar_bills.problems()
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
    if problems := seat_problems(
        settings.seats, liar_game_rules.MIN_SEATS, liar_game_rules.MAX_SEATS
    ):
        return problems[0]
    rules = settings.liar_game
    if rules.decks not in (1, 2):
        return f"liar_game.decks must be 1 or 2, not {describe(rules.decks)}."
    if not 1 <= rules.target <= liar_game_rules.MAX_TARGET:
        maximum = liar_game_rules.MAX_TARGET
        return f"liar_game.target must be from 1 to {maximum}, not {describe(rules.target)}."
    if rules.decks == 1 and rules.variants:
        return f"liar_game.{rules.variants[0]} needs two decks: set liar_game.decks = 2."
    if problems := settings.liars_poker.problems():
        return f"The liars_poker rules cannot be played: {lowered(problems[0])}"
    return _dollar_bills_problem(settings.dollar_bills)


def _dollar_bills_problem(rules: dollar_bills_rules.Rules) -> str | None:
    low, high = dollar_bills_rules.MIN_DIGITS, dollar_bills_rules.MAX_DIGITS
    if type(rules.digits) is not int or not low <= rules.digits <= high:
        return f"dollar_bills.digits must be from {low} to {high}, not {describe(rules.digits)}."
    if type(rules.stake) is not int or not 1 <= rules.stake <= dollar_bills_rules.MAX_STAKE:
        most = dollar_bills_rules.MAX_STAKE
        return f"dollar_bills.stake must be from 1 to {most}, not {describe(rules.stake)}."
    return None


def _delay_allowed(delay: float) -> bool:
    return math.isfinite(delay) and 0 <= delay <= MAX_BOT_DELAY


def _away_timeout_allowed(seconds: float) -> bool:
    return math.isfinite(seconds) and MIN_AWAY_TIMEOUT <= seconds <= MAX_AWAY_TIMEOUT


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and None; or the defaults and why the file was not used.

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
    try:
        settings = decode(data, Settings, tagged=False)
    except DecodeError as error:
        return Settings(), _not_loaded(path, _decode_problem(error))
    if problem := file_problem(settings):
        return Settings(), _not_loaded(path, problem)
    return settings, None


_LIST_ITEMS = {"seats": "seat"}


def _decode_problem(error: DecodeError) -> str:
    """``bot_delay must be a number of seconds, not 'fast'``; ``'colour' is not a setting``."""
    where = location_words(error.location, _LIST_ITEMS)
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
    write_atomically(path, _HEADER + tomli_w.dumps(_without_none(encode(settings, tagged=False))))


def _without_none(table: dict[str, Any]) -> dict[str, Any]:
    """TOML has no null: an unset entry (``discard_limit`` with no limit) is left out, and
    reading the file back gives it its default, None."""
    return {
        key: _without_none(value) if isinstance(value, dict) else value
        for key, value in table.items()
        if value is not None
    }


def _not_loaded(path: Path, problem: str) -> str:
    """One sentence: which file, that the defaults apply instead, and what is wrong."""
    reason = lowered(problem.rstrip("."))
    return f"The settings file {shown_path(path)} was not used, so the defaults apply: {reason}."
