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

import tomli_w

from liar_tui.rules import liar_game
from liar_tui.store import paths
from liar_tui.store.atomic import write_atomically
from liar_tui.table.codec import CodecError, decode, encode
from liar_tui.table.seats import MAX_NAME_LENGTH as MAX_NAME_LENGTH
from liar_tui.table.seats import SeatConfig, default_seats, name_problem

MAX_BOT_DELAY = 5.0

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
    bot_delay: float = 0.6
    """Seconds a bot waits before acting, so a person can follow the table."""
    seats: tuple[SeatConfig, ...] = field(default_factory=default_seats)
    """The seats a new table starts with."""
    liar_game: liar_game.Rules = field(default_factory=liar_game.Rules)


def settings_problems(settings: Settings) -> list[str]:
    """Why these settings cannot be used, one sentence each; empty when they can."""
    found: list[str] = []
    if problem := name_problem(settings.player_name):
        found.append(problem)
    delay = settings.bot_delay
    if not (math.isfinite(delay) and 0 <= delay <= MAX_BOT_DELAY):
        found.append(f"The bot delay must be from 0 to {MAX_BOT_DELAY:g} seconds.")
    low, high = liar_game.MIN_SEATS, liar_game.MAX_SEATS
    if not low <= len(settings.seats) <= high:
        found.append(f"A table needs {low} to {high} seats.")
    for number, seat in enumerate(settings.seats, start=1):
        if problem := name_problem(seat.name, f"The name of seat {number}"):
            found.append(problem)
    found += settings.liar_game.problems()
    return found


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and None; or the defaults and why the file was not used.

    A missing file is normal (first run) and gives the defaults with no message.
    """
    path = path or paths.settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError) as error:
        return Settings(), _not_loaded(path, f"it could not be read ({error})")
    try:
        settings = decode(tomllib.loads(text), Settings, tagged=False)
    except CodecError as error:
        return Settings(), _not_loaded(path, str(error))
    except RecursionError:
        return Settings(), _not_loaded(path, "it nests too deeply to be a settings file")
    except ValueError as error:  # bad TOML, or a number too long to convert
        return Settings(), _not_loaded(path, f"it is not valid TOML ({error})")
    if problems := settings_problems(settings):
        return Settings(), _not_loaded(path, problems[0].rstrip("."))
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings, replacing the file atomically; refuse settings with problems.

    Refusing here keeps the promise that every file liar-tui writes, it can read back.
    """
    if problems := settings_problems(settings):
        raise ValueError(" ".join(problems))
    path = path or paths.settings_path()
    write_atomically(path, _HEADER + tomli_w.dumps(encode(settings, tagged=False)))


def _not_loaded(path: Path, problem: str) -> str:
    return f"The settings file {path} was not used, so the defaults apply: {problem}."
