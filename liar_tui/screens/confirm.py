"""A yes-or-no question in a small modal, for actions that cannot be undone."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static
from textual.widgets.button import ButtonVariant

from liar_tui.widgets.footer import Footer


class ConfirmScreen(ModalScreen[bool]):
    """Dismisses with True only on an explicit yes; Escape and "no" both keep things as they are.

    It has a footer of its own: the one of the screen beneath would go on listing keys that
    do nothing while the question is open.
    """

    CSS_PATH = "confirm.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(
        self, question: str, yes: str, no: str, yes_variant: ButtonVariant = "error"
    ) -> None:
        """``yes_variant``: red by default, for what cannot be undone."""
        super().__init__()
        self._question = question
        self._yes = yes
        self._no = no
        self._yes_variant: ButtonVariant = yes_variant
        self._name_the_answers_in_the_footer()

    def _name_the_answers_in_the_footer(self) -> None:
        """The footer says what each key does here ("y Leave  n Stay"), as the buttons do,
        rather than a bare "Yes"/"No" a player must match to the question."""
        words = {"Yes": self._yes, "No": self._no}
        keys = self._bindings.key_to_bindings
        for key, bindings in keys.items():
            keys[key] = [
                replace(b, description=words.get(b.description, b.description)) for b in bindings
            ]

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self._question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button(f"{self._yes} (y)", variant=self._yes_variant, id="confirm-yes")
                yield Button(f"{self._no} (n)", id="confirm-no")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#confirm-no", Button).focus()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    @on(Button.Pressed, "#confirm-yes")
    def _yes_pressed(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#confirm-no")
    def _no_pressed(self) -> None:
        self.dismiss(False)
