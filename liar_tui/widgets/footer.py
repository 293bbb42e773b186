"""Textual's footer, rebuilt only when the keys it shows change.

Textual's ``Footer`` recomposes every key on every bindings update (each focus change,
each screen resume), which costs as much as the rest of the home screen's first frame.
Keys are compared as shown, so switching ASCII mode (``enter`` for ``⏎``) rebuilds it.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter

ShownKeys = tuple[tuple[str, str, bool], ...]


class Footer(TextualFooter):
    def __init__(self) -> None:
        super().__init__()
        self._shown: ShownKeys | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        shown = tuple(
            (screen.app.get_key_display(binding), binding.description, enabled)
            for _node, binding, enabled, _tooltip in screen.active_bindings.values()
            if binding.show
        )
        if shown == self._shown:
            return
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._shown = shown
        super().bindings_changed(screen)
