"""User settings, kept as TOML in the user's config folder."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from liar_tui.rules import liar_game
from liar_tui.table.seats import SeatConfig, default_seats


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
