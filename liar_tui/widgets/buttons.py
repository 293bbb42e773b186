"""Buttons for the mouse that never take the keyboard focus.

On the game screens every button has a key of its own; letting a button take the focus
would let it swallow Enter (and hide the screen's own Enter from the footer).
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Button
from textual.widgets.button import ButtonVariant


class MouseButton(Button, can_focus=False):
    """A Button that clicks but is never focused.

    Its label is plain text, never markup: labels carry player names (``I am [b]Ann``).
    """

    def __init__(
        self,
        label: str,
        *,
        id: str,
        variant: ButtonVariant = "default",
        compact: bool = False,
    ) -> None:
        super().__init__(Content(label), id=id, variant=variant, compact=compact)
