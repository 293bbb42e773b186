"""What setup and settings ask of the widget a game's plugin gives to edit its rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from textual.dom import DOMNode


@runtime_checkable
class RulesEditor(Protocol):
    """A widget that edits one game's rules, in setup and in settings."""

    def read(self) -> tuple[Any, list[str]]:
        """The rules as shown, and why they cannot be played (empty when they can)."""
        ...


def find_rules_editor(node: DOMNode, selector: str) -> RulesEditor:
    """The rules editor that ``selector`` finds under ``node``."""
    widget = node.query_one(selector)
    if not isinstance(widget, RulesEditor):
        raise TypeError(f"{widget!r} is no rules editor: it has no read()")
    return widget
