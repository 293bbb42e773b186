"""What setup and settings ask of the widget a game's plugin gives to edit its rules."""

from __future__ import annotations

from typing import Any, Protocol


class RulesEditor(Protocol):
    """A widget that edits one game's rules, in setup and in settings."""

    def read(self) -> tuple[Any, list[str]]:
        """The rules as shown, and why they cannot be played (empty when they can)."""
        ...
