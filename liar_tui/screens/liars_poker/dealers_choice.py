"""Dealer's choice: the opener sets this round's rules before the deal.

The menu starts from the table's own round rules, so "Deal" with nothing changed plays the
round as usual. Every way out gives rules (the round cannot start without a choice), so
Escape keeps the table's rules rather than leaving the choice open.

Enter never deals: as everywhere in the app it presses or toggles what has the focus, so a
player who highlights "7 cards" and presses Enter gets seven cards. Dealing has its own key.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from liar_tui.rules.liars_poker.rules import LiarsPokerRules, RoundRules
from liar_tui.screens.liars_poker.rules_editor import RankPicker, RoundRulesEditor
from liar_tui.widgets.buttons import MouseButton
from liar_tui.widgets.footer import Footer

FITS_WHOLE = 34
"""Terminal rows that show the whole menu, every rule and the buttons, without scrolling."""


class DealersChoiceScreen(ModalScreen[RoundRules]):
    """Dismisses with the round rules the opener chose, or the table's own to keep them."""

    CSS_PATH = "dealers_choice.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "deal", "Deal"),
        Binding("ctrl+s", "deal", "Deal", show=False, priority=True),
        Binding("k,escape", "keep", "Keep the table's rules"),
        Binding("enter", "toggle_rank", show=False),
    ]
    AUTO_FOCUS = "#wild-ranks"
    # Not a ClassVar: Textual's `ClassVar[...] | None` reads to type checkers as an instance
    # variable, which a ClassVar may not override.
    VERTICAL_BREAKPOINTS: list[tuple[int, str]] | None = [  # noqa: RUF012
        (0, "-short"),
        (FITS_WHOLE, "-tall"),
    ]
    """Short terminals scroll the rules inside a full-height box; tall ones need not."""

    def __init__(self, rules: LiarsPokerRules, opener: str) -> None:
        super().__init__()
        self.rules = rules
        self.opener = opener

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box"):
            yield Static(
                Content.assemble((self.opener, "bold"), ": dealer's choice"), id="choice-title"
            )
            yield Static(
                "These rules hold for this round only.",
                id="choice-intro",
            )
            with VerticalScroll(id="choice-rules", can_focus=False):
                yield RoundRulesEditor(self.rules.round, jokers_editable=False, id="round-rules")
            yield Static(id="choice-problem", markup=False)
            with Horizontal(id="choice-buttons"):
                yield MouseButton("Deal (d)", variant="primary", compact=True, id="deal")
                yield MouseButton("Keep the table's rules (k)", compact=True, id="keep")
        yield Footer()

    def action_toggle_rank(self) -> None:
        """Enter toggles a wild rank as Space does; the picker itself binds only Space.

        The radio sets, switches and the discard-limit list take Enter themselves, so this
        binding is reached only from the rank picker (or with nothing focused).
        """
        if isinstance(self.focused, RankPicker):
            self.focused.action_toggle_rank()

    def action_deal(self) -> None:
        """Deal under the rules shown, or say in one sentence why they cannot be played."""
        chosen, _ = self.query_one(RoundRulesEditor).read()
        problem = self.rules.choice_problem(chosen)
        report = self.query_one("#choice-problem", Static)
        if problem is not None:
            report.update(problem)
            report.display = True
            return
        self.dismiss(chosen)

    def action_keep(self) -> None:
        self.dismiss(self.rules.round)

    @on(MouseButton.Pressed, "#deal")
    def _deal_pressed(self) -> None:
        self.action_deal()

    @on(MouseButton.Pressed, "#keep")
    def _keep_pressed(self) -> None:
        self.action_keep()
