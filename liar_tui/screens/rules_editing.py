"""What setup and settings ask of the widget a game's plugin gives to edit its rules."""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from textual.widget import Widget

if TYPE_CHECKING:
    from textual.dom import DOMNode

MadeWidget = TypeVar("MadeWidget", bound=Widget)


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


def made_unstyled(make: Callable[[], Iterable[MadeWidget]]) -> list[MadeWidget]:
    """The widgets ``make`` builds, built where no app is running.

    Textual styles a widget again whenever one of its classes changes, even before it is
    mounted: a compact checkbox, radio button, input or button changes two or three while it
    is made (``-textual-compact``, ``-on``, ``-valid``), and all of that is styled afresh
    when it mounts anyway. Outside a running app Textual skips those early stylings, which
    were a fifth of the time a rules editor took to open. ``make`` must build the widgets
    as plain objects (children passed to their containers, not ``with`` blocks, which need
    the app); an ``Input`` is made empty there and given its text afterwards (text set
    asks the app to clear its selection). Nothing else about the widgets changes.
    """
    return contextvars.Context().run(lambda: list(make()))


VALID = "-valid"
"""The class Textual gives an ``Input`` whose text passed its checks (or that has none).
Given up front to an input whose first text is known to pass, setting that text changes
no class, so the input is not styled again before it mounts."""
