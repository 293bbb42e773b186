"""The High Card rules editor for the setup and settings screens: one number, deals to win."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label

from tests.fourth_game.rules import MAX_TARGET, Rules

TARGET_PROBLEM = f"The deals to win must be a whole number from 1 to {MAX_TARGET}."


class HighCardRulesEditor(Horizontal):
    """Edits a High Card :class:`Rules`; :meth:`read` returns it with any problems found."""

    DEFAULT_CSS = """
    HighCardRulesEditor {
        height: 1;
    }
    HighCardRulesEditor Label {
        width: 14;
    }
    HighCardRulesEditor Input {
        width: 5;
    }
    """

    def __init__(self, rules: Rules, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._initial = rules

    def compose(self) -> ComposeResult:
        yield Label("Deals to win")
        yield Input(str(self._initial.target), type="integer", compact=True, id="target")

    def read(self) -> tuple[Rules, list[str]]:
        """The rules as shown, and why they cannot be played (empty when they can); text
        that is not a number leaves the starting value in the rules."""
        text = self.query_one("#target", Input).value.strip()
        if not text.isdigit() or len(text) > 3:
            return self._initial, [TARGET_PROBLEM]
        rules = Rules(target=int(text))
        return rules, [TARGET_PROBLEM] if rules.problems() else []
