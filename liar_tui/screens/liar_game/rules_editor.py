"""The Liar Game rules editor shared by the setup and settings screens.

Target, decks, free jokers and the four variants, with the two-deck rule enforced where
the player can see it: with one deck the variant switches are disabled and a line says
why, and switching down to one deck turns the variants off with a notice.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, RadioButton, RadioSet, Static

from liar_tui.rules.liar_game import game as liar_game
from liar_tui.rules.liar_game.game import MAX_TARGET
from liar_tui.screens.rules_editing import VALID, made_unstyled
from liar_tui.screens.wording import names_joined
from liar_tui.widgets.labelled_row import LabelledRow

CUSTOM_TARGET = "target-custom"
ONE_DECK_NOTE = "Off with one deck: the variants need the sets and jokers of two decks."
TWO_DECK_NOTE = "Each variant is its own switch; all need two decks."


def target_id(points: int) -> str:
    return f"target-{points}"


PRESET_BY_ID = {target_id(points): points for points in liar_game.TARGET_PRESETS}


def parse_target(text: str) -> int | str:
    """The custom target as points, or a sentence saying why the text is not one."""
    cleaned = text.strip()
    if not cleaned.isdigit() or not 1 <= int(cleaned) <= MAX_TARGET:
        return f"The custom target must be a whole number of points from 1 to {MAX_TARGET}."
    return int(cleaned)


class LiarGameRulesEditor(Vertical):
    """Edits a :class:`liar_game.Rules`; :meth:`read` returns it with any problems found."""

    DEFAULT_CSS = """
    LiarGameRulesEditor {
        height: auto;
    }
    LiarGameRulesEditor .rules-row {
        height: 1;
        margin-bottom: 1;
    }
    LiarGameRulesEditor .rules-row > .-after-label {
        margin-left: 7;
    }
    LiarGameRulesEditor RadioSet {
        layout: horizontal;
        width: auto;
        height: 1;
    }
    LiarGameRulesEditor RadioSet > RadioButton {
        width: auto;
        margin-right: 1;
    }
    LiarGameRulesEditor #target-input {
        width: 9;
    }
    LiarGameRulesEditor .summary {
        color: $text-muted;
        padding-left: 4;
    }
    LiarGameRulesEditor #free-jokers-summary {
        margin-bottom: 1;
    }
    LiarGameRulesEditor #variants-note {
        margin-bottom: 1;
    }
    LiarGameRulesEditor #variants-note.-one-deck {
        color: $warning;
    }
    LiarGameRulesEditor .heading {
        text-style: bold;
    }
    """

    def __init__(self, rules: liar_game.Rules, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._initial = rules

    def compose(self) -> ComposeResult:
        custom = self._initial.target not in liar_game.TARGET_PRESETS
        widgets = made_unstyled(lambda: self._widgets(custom))
        if custom:  # its text goes in with the app running (see made_unstyled)
            self._custom_target.value = str(self._initial.target)
        yield from widgets

    def _widgets(self, custom: bool) -> Iterator[Widget]:
        rules = self._initial
        target = RadioSet(
            *(
                RadioButton(str(points), value=rules.target == points, id=target_id(points))
                for points in liar_game.TARGET_PRESETS
            ),
            RadioButton("custom", value=custom, id=CUSTOM_TARGET),
            id="target",
            compact=True,
        )
        self._custom_target = Input(
            placeholder="points",
            type="integer",
            compact=True,
            id="target-input",
            classes=VALID if custom else None,
            disabled=not custom,
        )
        yield LabelledRow("Target", target, self._custom_target, classes="rules-row")
        decks = RadioSet(
            RadioButton("1 deck", value=rules.decks == 1, id="decks-1"),
            RadioButton("2 decks", value=rules.decks == 2, id="decks-2"),
            id="decks",
            compact=True,
        )
        yield LabelledRow("Decks", decks, classes="rules-row")
        yield Checkbox("Free jokers", rules.free_jokers, compact=True, id="free_jokers")
        yield Static(liar_game.FREE_JOKERS_SUMMARY, classes="summary", id="free-jokers-summary")
        yield Label("Variants", classes="heading")
        # Made as _show_deck_rule leaves them, so nothing is styled again once mounted.
        one_deck = rules.decks == 1
        yield Static(
            ONE_DECK_NOTE if one_deck else TWO_DECK_NOTE,
            id="variants-note",
            classes="-one-deck" if one_deck else None,
        )
        for name in liar_game.VARIANT_NAMES:
            yield Checkbox(
                liar_game.VARIANT_TITLES[name],
                getattr(rules, name),
                compact=True,
                id=name,
                disabled=one_deck,
            )
            yield Static(liar_game.VARIANT_SUMMARIES[name], classes="summary")

    # reading --------------------------------------------------------------------------

    @property
    def decks(self) -> int:
        pressed = self.query_one("#decks", RadioSet).pressed_button
        return 2 if pressed is not None and pressed.id == "decks-2" else 1

    def read(self) -> tuple[liar_game.Rules, list[str]]:
        """The rules as shown, and why they cannot be played (empty when they can).

        A custom target that is not a number leaves the starting target in the rules, so
        the caller must not use them while problems remain.
        """
        problems: list[str] = []
        target = self._initial.target
        pressed = self.query_one("#target", RadioSet).pressed_button
        if pressed is not None and pressed.id == CUSTOM_TARGET:
            parsed = parse_target(self.query_one("#target-input", Input).value)
            if isinstance(parsed, str):
                problems.append(parsed)
            else:
                target = parsed
        elif pressed is not None:
            target = PRESET_BY_ID[pressed.id or ""]
        switches = {
            name: self.query_one(f"#{name}", Checkbox).value
            for name in ("free_jokers", *liar_game.VARIANT_NAMES)
        }
        rules = replace(self._initial, target=target, decks=self.decks, **switches)
        problems += rules.problems()
        return rules, problems

    # reacting -------------------------------------------------------------------------

    @on(RadioSet.Changed, "#target")
    def _target_changed(self, event: RadioSet.Changed) -> None:
        event.stop()
        custom_input = self.query_one("#target-input", Input)
        custom_input.disabled = event.pressed.id != CUSTOM_TARGET
        if not custom_input.disabled:
            custom_input.value = custom_input.value or str(self._initial.target)
            custom_input.focus()

    @on(RadioSet.Changed, "#decks")
    def _decks_changed(self, event: RadioSet.Changed) -> None:
        event.stop()
        decks = self.decks
        switched_off = [
            liar_game.VARIANT_TITLES[name]
            for name in liar_game.VARIANT_NAMES
            if decks == 1 and self.query_one(f"#{name}", Checkbox).value
        ]
        self._show_deck_rule(decks)
        if switched_off:
            for name in liar_game.VARIANT_NAMES:
                self.query_one(f"#{name}", Checkbox).value = False
            self.query_one("#variants-note", Static).update(
                f"Turned off {names_joined(switched_off)}: the variants need two decks."
            )

    def _show_deck_rule(self, decks: int) -> None:
        note = self.query_one("#variants-note", Static)
        note.update(ONE_DECK_NOTE if decks == 1 else TWO_DECK_NOTE)
        note.set_class(decks == 1, "-one-deck")
        for name in liar_game.VARIANT_NAMES:
            self.query_one(f"#{name}", Checkbox).disabled = decks == 1
