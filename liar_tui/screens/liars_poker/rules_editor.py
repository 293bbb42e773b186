"""The Liar's Poker (cards) rules editors: the table's settings, and one round's rules.

The round rules editor serves twice: in setup and settings for the permanent round rules,
and in the dealer's-choice menu, where the jokers are shown but cannot change (they are
part of the deck). Options that make no sense together are switched off where the player
can see them, with the reason on the option's own line, so ``read`` rarely finds a problem.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.geometry import Offset
from textual.widget import Widget

from liar_tui.rules.cards import NATURAL_RANKS, Rank
from liar_tui.rules.liars_poker.rules import MAX_LIVES, LiarsPokerRules, PokerRules, RoundRules
from liar_tui.screens.rules_editing import made_unstyled
from liar_tui.widgets.choice_row import ChoiceRow
from liar_tui.widgets.chooser import Chooser
from liar_tui.widgets.chooser_row import ChooserRow
from liar_tui.widgets.form_row import FormRow, Part
from liar_tui.widgets.headed_column import HeadedColumn, PlainColumn
from liar_tui.widgets.switch_row import SwitchRow

JOKER_CHOICES = (0, 1, 2)
HAND_SIZES = (5, 7)
COMMUNAL_CHOICES = (0, 1, 2)

NOTES = {
    "chips": "One Skip, one Flip, one Double Dip per game.",
    "dealers-choice": "Openers may change the round rules below.",
    "jokers": "Wild in rank and suit.",
    "wild-ranks": "Every card of a chosen rank is wild.",
    "hand-size": "With seven, the best five count.",
    "communal": "Face-up cards, part of the hand.",
    "discard-limit": "Most cards a taker may throw away.",
    "must-discard": "A taker must change at least one card.",
    "draw-twice": "A taker may discard and draw once more.",
    "communal-discardable": "Its replacement is dealt face up.",
    "color-flush": "Five cards of one color, just above a pair.",
    "color-straight-flush": "A one-color straight, below four of a kind.",
    "two-pair-over-trips": "Swaps two pair and three of a kind.",
}
"""One line under each option, so a newcomer knows what it does; short enough to fit on
one line beside the seats at 100 columns."""

NO_COMMUNAL_REASON = "Off: there are no communal cards."
FIXED_JOKERS_NOTE = "Part of the deck: they stay as set."
LABEL_WIDTH = 11
"""Columns of an option's name: its choices and its note start after them."""
CHOOSER_WIDTH = 16
"""Columns of the discard limit's box, its arrow included."""
WHOLE_HAND = 0
"""The discard limit choice for "any number": :attr:`RoundRules.discard_limit` None."""


LOSS_ORDINALS = {2: "second", 4: "fourth", 5: "fifth"}


def lives_note(lives: int) -> str:
    """What the lives mean, naming the seed's two presets."""
    if lives == 1:
        return "The original: out at the first loss."
    if lives == 3:
        return "With lives: out at the third loss."
    return f"Out at the {LOSS_ORDINALS[lives]} loss."


def discard_limit_choices(hand_size: int) -> list[tuple[str, int]]:
    return [("any number", WHOLE_HAND)] + [
        (f"{limit} card{'s' if limit > 1 else ''}", limit) for limit in range(1, hand_size + 1)
    ]


_SWITCH_TITLES = {
    "must-discard": "Discard at least one",
    "draw-twice": "Draw twice",
    "communal-discardable": "Communal cards may be discarded",
    "color-flush": "Color flush",
    "color-straight-flush": "Color straight flush",
    "two-pair-over-trips": "Two pair above three of a kind",
}


def joker_label(jokers: int) -> str:
    return "none" if jokers == 0 else str(jokers)


def _choices(
    name: str,
    title: str,
    values: tuple[int, ...],
    current: int,
    label: Callable[[int], str],
    note: str,
) -> ChoiceRow[int]:
    """An option of a few numbers: its name, the numbers, and its note, as one widget."""
    return ChoiceRow(
        [(label(value), value) for value in values],
        current,
        label=title,
        label_width=LABEL_WIDTH,
        note=note,
        id=name,
    )


class RankPicker(FormRow):
    """The name "Wild ranks", the thirteen natural ranks, and the note under them.

    One widget, one focus stop: left and right move along the row, space switches the rank
    under the cursor, and a click switches the rank clicked.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Previous rank", show=False),
        Binding("right", "move(1)", "Next rank", show=False),
        Binding("space", "toggle_rank", "Wild on/off"),
    ]

    def __init__(self, chosen: frozenset[Rank], *, note: str, id: str | None = None) -> None:
        super().__init__(note=note, id=id)
        self.chosen = chosen
        self.cursor = 0

    def _spans(self) -> list[tuple[int, int, Rank]]:
        """Each rank's columns (start, end) in the row, one space between ranks."""
        spans = []
        start = LABEL_WIDTH
        for rank in NATURAL_RANKS:
            end = start + len(rank.label)
            spans.append((start, end, rank))
            start = end + 1
        return spans

    def first_line_width(self) -> int:
        return self._spans()[-1][1]

    def note_indent(self) -> int:
        return LABEL_WIDTH

    def first_line(self) -> list[Part]:
        line: list[Part] = ["Wild ranks".ljust(LABEL_WIDTH)]
        for index, (_, _, rank) in enumerate(self._spans()):
            chosen = rank in self.chosen
            if self.has_focus and index == self.cursor:
                style = f"{self.style_of('cursor')} underline{' bold' if chosen else ''}"
            else:
                style = "bold reverse" if chosen else "dim"
            line += [" " if index else "", (rank.label, style)]
        return line

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(NATURAL_RANKS)
        self.refresh()

    def action_toggle_rank(self) -> None:
        self._switch(NATURAL_RANKS[self.cursor])

    def _switch(self, rank: Rank) -> None:
        self.chosen = self.chosen ^ {rank}
        self.refresh()

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y != 0:
            return
        for index, (start, end, rank) in enumerate(self._spans()):
            if start <= offset.x < end:
                self.cursor = index
                self._switch(rank)

    def rank_offset(self, rank: Rank) -> Offset:
        """Where a click switches ``rank``."""
        return self.cell_offset(next(start for start, _, each in self._spans() if each is rank))


class RoundRulesEditor(HeadedColumn):
    """Edits a :class:`RoundRules`; :meth:`read` returns it with any problems found.

    ``jokers_editable`` is False in the dealer's-choice menu: the jokers are shown, but the
    deck stays as the table set it. A ``heading`` is drawn by the editor on its first line,
    a blank line above its first option, as the forms' headings are (a label there was one
    more widget to make, style and lay out).
    """

    DEFAULT_CSS = """
    RoundRulesEditor {
        height: auto;
    }
    RoundRulesEditor.-headed > #jokers, RoundRulesEditor.-headed > #jokers-fixed {
        margin-top: 2;
    }
    """

    def __init__(
        self,
        rules: RoundRules,
        *,
        jokers_editable: bool = True,
        heading: str = "",
        id: str | None = None,
    ) -> None:
        super().__init__(heading, id=id)
        self.set_class(bool(heading), "-headed", update=False)
        self._initial = rules
        self._jokers_editable = jokers_editable

    def compose(self) -> ComposeResult:
        yield from made_unstyled(self._widgets)

    def _widgets(self) -> Iterator[Widget]:
        rules = self._initial
        poker = rules.poker
        if self._jokers_editable:
            yield _choices(
                "jokers", "Jokers", JOKER_CHOICES, poker.jokers, joker_label, NOTES["jokers"]
            )
        else:  # shown as the one choice there is, greyed
            yield ChoiceRow(
                [(joker_label(poker.jokers), poker.jokers)],
                poker.jokers,
                label="Jokers",
                label_width=LABEL_WIDTH,
                note=FIXED_JOKERS_NOTE,
                id="jokers-fixed",
                disabled=True,
            )
        yield RankPicker(poker.wild_ranks, note=NOTES["wild-ranks"], id="wild-ranks")
        yield _choices(
            "hand-size",
            "Hand",
            HAND_SIZES,
            poker.hand_size,
            "{} cards".format,
            NOTES["hand-size"],
        )
        yield _choices(
            "communal",
            "Communal",
            COMMUNAL_CHOICES,
            poker.communal_cards,
            joker_label,
            NOTES["communal"],
        )
        # A chooser, not a Select: a Select builds five widgets and its list up front.
        yield ChooserRow(
            discard_limit_choices(poker.hand_size),
            rules.discard_limit or WHOLE_HAND,
            label="Discard",
            label_width=LABEL_WIDTH,
            box_width=CHOOSER_WIDTH,
            note=NOTES["discard-limit"],
            id="discard-limit",
        )
        switches = {
            "must-discard": rules.must_discard,
            "draw-twice": rules.draw_twice,
            "communal-discardable": rules.communal_discardable,
            "color-flush": poker.color_flush,
            "color-straight-flush": poker.color_straight_flush,
            "two-pair-over-trips": poker.two_pair_over_trips,
        }
        # Made as _fit_communal_discard leaves them.
        no_communal = poker.communal_cards == 0
        for name, value in switches.items():
            off = no_communal and name == "communal-discardable"
            switch = SwitchRow(
                _SWITCH_TITLES[name],
                value and not off,
                note=NOTES[name],
                id=name,
                disabled=off,
            )
            if off:
                switch.set_note(NO_COMMUNAL_REASON, warning=True)
            yield switch

    # reading --------------------------------------------------------------------------

    def _chosen(self, name: str) -> int:
        chosen: int = self.query_one(f"#{name}", ChoiceRow).value
        return chosen

    def _switch(self, name: str) -> bool:
        return self.query_one(f"#{name}", SwitchRow).value

    def read(self) -> tuple[RoundRules, list[str]]:
        """The round rules as shown, and why they cannot be played (empty when they can)."""
        jokers = self._chosen("jokers" if self._jokers_editable else "jokers-fixed")
        limit: int = self._discard_limit().value
        rules = RoundRules(
            poker=PokerRules(
                jokers=jokers,
                wild_ranks=self.query_one(RankPicker).chosen,
                color_flush=self._switch("color-flush"),
                color_straight_flush=self._switch("color-straight-flush"),
                two_pair_over_trips=self._switch("two-pair-over-trips"),
                hand_size=self._chosen("hand-size"),
                communal_cards=self._chosen("communal"),
            ),
            discard_limit=None if limit == WHOLE_HAND else limit,
            must_discard=self._switch("must-discard"),
            draw_twice=self._switch("draw-twice"),
            communal_discardable=self._switch("communal-discardable"),
        )
        return rules, rules.problems()

    # reacting -------------------------------------------------------------------------

    def _discard_limit(self) -> ChooserRow[int]:
        return self.query_one("#discard-limit", ChooserRow)

    @on(Chooser.Changed, "#discard-limit")
    def _discard_limit_changed(self) -> None:
        self._discard_limit().set_note(NOTES["discard-limit"])

    @on(ChoiceRow.Changed, "#hand-size")
    def _hand_size_changed(self) -> None:
        self._fit_discard_limit()

    @on(ChoiceRow.Changed, "#communal")
    def _communal_changed(self) -> None:
        self._fit_communal_discard()

    def _fit_discard_limit(self) -> None:
        """Offer limits up to the hand size; a larger limit chosen comes down to it."""
        hand_size = self._chosen("hand-size")
        limits = self._discard_limit()
        limit = limits.value
        with limits.prevent(Chooser.Changed):
            limits.set_choices(discard_limit_choices(hand_size), min(limit, hand_size))
        if limit > hand_size:
            limits.set_note(f"Lowered to {hand_size}: hands hold {hand_size} cards.")

    def _fit_communal_discard(self) -> None:
        """Discarding communal cards needs communal cards: off, with the reason, without."""
        none = self._chosen("communal") == 0
        switch = self.query_one("#communal-discardable", SwitchRow)
        if none:
            switch.value = False
        switch.disabled = none
        switch.set_note(NO_COMMUNAL_REASON if none else NOTES["communal-discardable"], warning=none)


class LiarsPokerRulesEditor(PlainColumn):
    """Edits a :class:`LiarsPokerRules`; :meth:`read` returns it with any problems found."""

    DEFAULT_CSS = """
    LiarsPokerRulesEditor {
        height: auto;
    }
    """

    def __init__(self, rules: LiarsPokerRules, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._initial = rules

    def compose(self) -> ComposeResult:
        yield from made_unstyled(self._widgets)

    def _widgets(self) -> Iterator[Widget]:
        rules = self._initial
        yield _choices(
            "lives",
            "Lives",
            tuple(range(1, MAX_LIVES + 1)),
            rules.lives,
            str,
            lives_note(rules.lives),
        )
        yield SwitchRow("Chips", rules.chips, note=NOTES["chips"], id="chips")
        yield SwitchRow(
            "Dealer's choice",
            rules.dealers_choice,
            note=NOTES["dealers-choice"],
            id="dealers-choice",
        )
        yield RoundRulesEditor(rules.round, heading="Round rules", id="round-rules")

    def read(self) -> tuple[LiarsPokerRules, list[str]]:
        """The rules as shown, and why they cannot be played (empty when they can)."""
        round_rules, _ = self.query_one(RoundRulesEditor).read()
        rules = LiarsPokerRules(
            lives=self.query_one("#lives", ChoiceRow).value,
            chips=self.query_one("#chips", SwitchRow).value,
            dealers_choice=self.query_one("#dealers-choice", SwitchRow).value,
            round=round_rules,
        )
        return rules, rules.problems()

    @on(ChoiceRow.Changed, "#lives")
    def _lives_changed(self, event: ChoiceRow.Changed) -> None:
        event.choice_row.set_note(lives_note(event.choice_row.value))
