"""The dollar-bill rules editor shared by the setup and settings screens: digits and stake."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Input, Static

from liar_tui.rules.dollar_bills.rules import MAX_DIGITS, MAX_STAKE, MIN_DIGITS, Rules
from liar_tui.screens.rules_editing import VALID, made_unstyled
from liar_tui.widgets.headed_column import PlainColumn
from liar_tui.widgets.labelled_row import LabelledRow


def parse_whole(text: str, problem: str) -> int | str:
    """The number typed, or ``problem`` when the text is not a whole number."""
    cleaned = text.strip()
    return int(cleaned) if cleaned.isdigit() and len(cleaned) <= 6 else problem


DIGITS_PROBLEM = f"The digits per bill must be a whole number from {MIN_DIGITS} to {MAX_DIGITS}."
STAKE_PROBLEM = f"The stake must be a whole number of dollars from 1 to {MAX_STAKE}."


class DollarBillsRulesEditor(PlainColumn):
    """Edits a dollar-bill :class:`Rules`; :meth:`read` returns it with any problems found."""

    DEFAULT_CSS = """
    DollarBillsRulesEditor {
        height: auto;
    }
    DollarBillsRulesEditor .rules-row {
        height: 1;
        margin-bottom: 1;
    }
    DollarBillsRulesEditor .rules-row > .-after-label {
        margin-left: 8;
    }
    DollarBillsRulesEditor Input {
        width: 7;
    }
    DollarBillsRulesEditor .rules-hint {
        width: 1fr;
        color: $text-muted;
        padding-left: 1;
    }
    DollarBillsRulesEditor .summary {
        color: $text-muted;
    }
    """

    def __init__(self, rules: Rules, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._initial = rules

    def compose(self) -> ComposeResult:
        digits, stake = made_unstyled(
            lambda: (
                Input(type="integer", compact=True, id="digits", classes=VALID),
                Input(type="integer", compact=True, id="stake", classes=VALID),
            )
        )
        digits.value = str(self._initial.digits)  # with the app running (see made_unstyled)
        stake.value = str(self._initial.stake)
        yield from made_unstyled(lambda: self._widgets(digits, stake))

    def _widgets(self, digits: Input, stake: Input) -> Iterator[Widget]:
        yield LabelledRow(
            "Digits",
            digits,
            Static(f"in every serial number, {MIN_DIGITS} to {MAX_DIGITS}", classes="rules-hint"),
            classes="rules-row",
        )
        yield LabelledRow(
            "Stake $",
            stake,
            Static(f"won or paid per seat, 1 to {MAX_STAKE}", classes="rules-hint"),
            classes="rules-row",
        )
        yield Static(
            "Bid how many of a digit all the bills hold; zero counts as ten. A true bid "
            "wins the stake from every other seat, a false one pays it to each.",
            classes="summary",
        )

    def read(self) -> tuple[Rules, list[str]]:
        """The rules as shown, and why they cannot be played (empty when they can).

        Text that is not a number leaves the starting value in the rules, so the caller
        must not use them while problems remain.
        """
        problems: list[str] = []
        digits = parse_whole(self.query_one("#digits", Input).value, DIGITS_PROBLEM)
        stake = parse_whole(self.query_one("#stake", Input).value, STAKE_PROBLEM)
        for value in (digits, stake):
            if isinstance(value, str):
                problems.append(value)
        rules = replace(
            self._initial,
            digits=digits if isinstance(digits, int) else self._initial.digits,
            stake=stake if isinstance(stake, int) else self._initial.stake,
        )
        return rules, problems + rules.problems()
