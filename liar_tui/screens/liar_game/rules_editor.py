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
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Input, Static

from liar_tui.rules.liar_game import game as liar_game
from liar_tui.rules.liar_game.game import MAX_TARGET
from liar_tui.screens.rules_editing import VALID, made_unstyled
from liar_tui.screens.wording import names_joined
from liar_tui.widgets.choice_row import ChoiceRow
from liar_tui.widgets.headed_column import PlainColumn, PlainRow
from liar_tui.widgets.switch_row import SwitchRow

CUSTOM_TARGET = 0
"""The target row's value for "custom" (no preset is 0 points): the points are typed."""
LABEL_WIDTH = 7
"""Columns of the target's and the decks' names: their options start after them."""
ONE_DECK_NOTE = "Off with one deck: the variants need the sets and jokers of two decks."
TWO_DECK_NOTE = "Each variant is its own switch; all need two decks."


def parse_target(text: str) -> int | str:
    """The custom target as points, or a sentence saying why the text is not one."""
    cleaned = text.strip()
    if not cleaned.isdigit() or not 1 <= int(cleaned) <= MAX_TARGET:
        return f"The custom target must be a whole number of points from 1 to {MAX_TARGET}."
    return int(cleaned)


class VariantsNote(Static):
    """The heading "Variants" in bold and, a blank line under it (as the forms' headings
    have), the note on the deck rule (a warning with one deck): one widget, where a label
    and a note were two to make, style and lay out. Its ``content`` is the note alone."""

    def __init__(self, note: str, *, warns: bool) -> None:
        super().__init__(note, id="variants-note")
        self.warns = warns
        """Whether the note is drawn in the warning colour (one deck: the variants are off)."""

    @property
    def visual(self) -> Content:
        """What is drawn (and measured): the heading, then the note."""
        return Content.assemble(
            ("Variants", "bold"), "\n\n", (str(self.content), "$warning" if self.warns else "")
        )


class LiarGameRulesEditor(PlainColumn):
    """Edits a :class:`liar_game.Rules`; :meth:`read` returns it with any problems found.

    Each option is one widget (a :class:`ChoiceRow` or a :class:`SwitchRow` carrying its
    note): the editor opens in a setup screen, where every widget is felt.
    """

    DEFAULT_CSS = """
    LiarGameRulesEditor {
        height: auto;
    }
    LiarGameRulesEditor #target-row {
        height: 1;
        margin-bottom: 1;
    }
    LiarGameRulesEditor #target-input {
        width: 9;
        margin-left: 2;
    }
    LiarGameRulesEditor #decks, LiarGameRulesEditor #free_jokers {
        margin-bottom: 1;
    }
    """

    def __init__(self, rules: liar_game.Rules, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._initial = rules
        self._custom_input: Input | None = None

    def compose(self) -> ComposeResult:
        custom = self._initial.target not in liar_game.TARGET_PRESETS
        widgets = made_unstyled(lambda: self._widgets(custom))
        if self._custom_input is not None:  # its text goes in with the app running
            self._custom_input.value = str(self._initial.target)  # (see made_unstyled)
        yield from widgets

    @staticmethod
    def _target_input() -> Input:
        """The box for a custom target's points; made only once "custom" is chosen, as an
        input costs about four plain widgets to make, style and lay out."""
        return Input(
            placeholder="points", type="integer", compact=True, id="target-input", classes=VALID
        )

    def _widgets(self, custom: bool) -> Iterator[Widget]:
        rules = self._initial
        target = ChoiceRow(
            [(str(points), points) for points in liar_game.TARGET_PRESETS]
            + [("custom", CUSTOM_TARGET)],
            CUSTOM_TARGET if custom else rules.target,
            label="Target",
            label_width=LABEL_WIDTH,
            id="target",
        )
        self._custom_input = self._target_input() if custom else None
        yield PlainRow(target, *filter(None, [self._custom_input]), id="target-row")
        yield ChoiceRow(
            [("1 deck", 1), ("2 decks", 2)],
            rules.decks,
            label="Decks",
            label_width=LABEL_WIDTH,
            id="decks",
        )
        yield SwitchRow(
            "Free jokers",
            rules.free_jokers,
            note=liar_game.FREE_JOKERS_SUMMARY,
            id="free_jokers",
        )
        # Made as _show_deck_rule leaves them, so nothing is styled again once mounted.
        one_deck = rules.decks == 1
        yield VariantsNote(ONE_DECK_NOTE if one_deck else TWO_DECK_NOTE, warns=one_deck)
        for name in liar_game.VARIANT_NAMES:
            yield SwitchRow(
                liar_game.VARIANT_TITLES[name],
                getattr(rules, name),
                note=liar_game.VARIANT_SUMMARIES[name],
                id=name,
                disabled=one_deck,
            )

    # reading --------------------------------------------------------------------------

    def _switch(self, name: str) -> SwitchRow:
        return self.query_one(f"#{name}", SwitchRow)

    @property
    def decks(self) -> int:
        decks: int = self.query_one("#decks", ChoiceRow).value
        return decks

    def read(self) -> tuple[liar_game.Rules, list[str]]:
        """The rules as shown, and why they cannot be played (empty when they can).

        A custom target that is not a number leaves the starting target in the rules, so
        the caller must not use them while problems remain.
        """
        problems: list[str] = []
        target: int = self.query_one("#target", ChoiceRow).value
        if target == CUSTOM_TARGET:
            typed = self._custom_input.value if self._custom_input else str(self._initial.target)
            parsed = parse_target(typed)
            if isinstance(parsed, str):
                problems.append(parsed)
                target = self._initial.target
            else:
                target = parsed
        switches = {
            name: self._switch(name).value for name in ("free_jokers", *liar_game.VARIANT_NAMES)
        }
        rules = replace(self._initial, target=target, decks=self.decks, **switches)
        problems += rules.problems()
        return rules, problems

    # reacting -------------------------------------------------------------------------

    @on(ChoiceRow.Changed, "#target")
    async def _target_changed(self, event: ChoiceRow.Changed) -> None:
        """The points box is made the first time "custom" is chosen, then kept: disabled
        while a preset is chosen, with what was typed in it."""
        event.stop()
        custom = event.value == CUSTOM_TARGET
        if self._custom_input is None:
            if not custom:
                return
            self._custom_input = self._target_input()
            await self.query_one("#target-row").mount(self._custom_input)
        self._custom_input.disabled = not custom
        if custom:
            self._custom_input.value = self._custom_input.value or str(self._initial.target)
            self._custom_input.focus()

    @on(ChoiceRow.Changed, "#decks")
    def _decks_changed(self, event: ChoiceRow.Changed) -> None:
        event.stop()
        decks = self.decks
        switched_off = [
            liar_game.VARIANT_TITLES[name]
            for name in liar_game.VARIANT_NAMES
            if decks == 1 and self._switch(name).value
        ]
        self._show_deck_rule(decks)
        if switched_off:
            for name in liar_game.VARIANT_NAMES:
                self._switch(name).value = False
            self.query_one(VariantsNote).update(
                f"Turned off {names_joined(switched_off)}: the variants need two decks."
            )

    def _show_deck_rule(self, decks: int) -> None:
        note = self.query_one(VariantsNote)
        note.warns = decks == 1
        note.update(ONE_DECK_NOTE if decks == 1 else TWO_DECK_NOTE)
        for name in liar_game.VARIANT_NAMES:
            self._switch(name).disabled = decks == 1
