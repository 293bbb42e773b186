"""The Liar's Poker (cards) rules editors: the table's settings, and one round's rules.

The round rules editor serves twice: in setup and settings for the permanent round rules,
and in the dealer's-choice menu, where the jokers are shown but cannot change (they are
part of the deck). Options that make no sense together are switched off where the player
can see them, with the reason on the option's own line, so ``read`` rarely finds a problem.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult, RenderResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.events import Click
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Checkbox, Label, RadioButton, RadioSet, Static

from liar_tui.rules.cards import NATURAL_RANKS, Rank
from liar_tui.rules.liars_poker.rules import MAX_LIVES, LiarsPokerRules, PokerRules, RoundRules
from liar_tui.screens.rules_editing import made_unstyled
from liar_tui.widgets.chooser import Chooser
from liar_tui.widgets.labelled_row import LabelledRow

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


_CHECKBOX_TITLES = {
    "must-discard": "Discard at least one",
    "draw-twice": "Draw twice",
    "communal-discardable": "Communal cards may be discarded",
    "color-flush": "Color flush",
    "color-straight-flush": "Color straight flush",
    "two-pair-over-trips": "Two pair above three of a kind",
}


def editor_css(editor: str) -> str:
    """The styles both editors share, written out under ``editor``.

    Spelled with the editor's type name rather than left to Textual's scoping, whose
    implied prefix adds no specificity and so loses to RadioSet's own ``width: 1fr``.
    """
    return f"""
    {editor} {{
        height: auto;
    }}
    {editor} .rules-row {{
        height: 1;
    }}
    {editor} .rules-row > .-after-label {{
        margin-left: 11;
    }}
    {editor} RadioSet {{
        layout: horizontal;
        width: auto;
        height: 1;
    }}
    {editor} RadioSet > RadioButton {{
        width: auto;
        margin-right: 1;
    }}
    {editor} .note {{
        color: $text-muted;
        padding-left: 11;
    }}
    {editor} .note.-switch {{
        padding-left: 4;
    }}
    {editor} .note.-off {{
        color: $warning;
    }}
    {editor} Chooser {{
        width: 16;
    }}
    {editor} Chooser:focus {{
        background: $primary 40%;
    }}
    {editor} .heading {{
        text-style: bold;
    }}
    """


def _row(label: str, control: Widget) -> LabelledRow:
    """One option on one line: its name, then what sets it."""
    return LabelledRow(label, control, classes="rules-row")


def joker_label(jokers: int) -> str:
    return "none" if jokers == 0 else str(jokers)


def _pressed_id(radio_set: RadioSet) -> str:
    pressed = radio_set.pressed_button
    assert pressed is not None and pressed.id is not None, "every choice starts pressed"
    return pressed.id


def _number_after(widget_id: str) -> int:
    """The number a choice's id ends in: ``communal-2`` is 2."""
    return int(widget_id.rsplit("-", 1)[1])


class RankPicker(Widget, can_focus=True):
    """A row of the thirteen natural ranks; each is switched on or off by keys or a click.

    One widget, one focus stop: left and right move along the row, space switches the rank
    under the cursor, and a click switches the rank clicked.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Previous rank", show=False),
        Binding("right", "move(1)", "Next rank", show=False),
        Binding("space", "toggle_rank", "Wild on/off"),
    ]
    DEFAULT_CSS = """
    RankPicker {
        width: auto;
        height: 1;
    }
    RankPicker:focus {
        background: $primary 40%;
    }
    """
    cursor: reactive[int] = reactive(0)

    def __init__(self, chosen: frozenset[Rank], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.chosen = chosen

    def _spans(self) -> list[tuple[int, int, Rank]]:
        """Each rank's columns (start, end) in the row, one space between ranks."""
        spans = []
        start = 0
        for rank in NATURAL_RANKS:
            end = start + len(rank.label)
            spans.append((start, end, rank))
            start = end + 1
        return spans

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._spans()[-1][1]

    def render(self) -> RenderResult:
        chosen_style = Style(bold=True, reverse=True)
        cursor_style = Style(underline=True, bold=True)
        text = Text()
        for index, (_, _, rank) in enumerate(self._spans()):
            style = chosen_style if rank in self.chosen else Style(dim=True)
            if self.has_focus and index == self.cursor:
                style += cursor_style
            text.append(rank.label, style)
            if rank is not Rank.ACE:
                text.append(" ")
        return text

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(NATURAL_RANKS)

    def action_toggle_rank(self) -> None:
        self._switch(NATURAL_RANKS[self.cursor])

    def _switch(self, rank: Rank) -> None:
        self.chosen = self.chosen ^ {rank}
        self.refresh()

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for index, (start, end, rank) in enumerate(self._spans()):
            if start <= offset.x < end:
                self.cursor = index
                self._switch(rank)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class RoundRulesEditor(Vertical):
    """Edits a :class:`RoundRules`; :meth:`read` returns it with any problems found.

    ``jokers_editable`` is False in the dealer's-choice menu: the jokers are shown, but the
    deck stays as the table set it.
    """

    DEFAULT_CSS = editor_css("RoundRulesEditor")

    def __init__(
        self, rules: RoundRules, *, jokers_editable: bool = True, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self._initial = rules
        self._jokers_editable = jokers_editable

    def compose(self) -> ComposeResult:
        yield from made_unstyled(self._widgets)

    def _widgets(self) -> Iterator[Widget]:
        rules = self._initial
        poker = rules.poker
        if self._jokers_editable:
            jokers: Widget = self._choices("jokers", JOKER_CHOICES, poker.jokers, joker_label)
        else:
            jokers = Static(joker_label(poker.jokers), id="jokers-fixed")
        yield _row("Jokers", jokers)
        yield Static(
            NOTES["jokers"] if self._jokers_editable else FIXED_JOKERS_NOTE, classes="note"
        )
        yield _row("Wild ranks", RankPicker(poker.wild_ranks, id="wild-ranks"))
        yield Static(NOTES["wild-ranks"], classes="note")
        yield _row(
            "Hand", self._choices("hand-size", HAND_SIZES, poker.hand_size, "{} cards".format)
        )
        yield Static(NOTES["hand-size"], classes="note")
        yield _row(
            "Communal",
            self._choices("communal", COMMUNAL_CHOICES, poker.communal_cards, joker_label),
        )
        yield Static(NOTES["communal"], classes="note")
        # A chooser, not a Select: a Select builds five widgets and its list up front.
        limits = discard_limit_choices(poker.hand_size)
        yield _row(
            "Discard", Chooser(limits, rules.discard_limit or WHOLE_HAND, id="discard-limit")
        )
        yield Static(NOTES["discard-limit"], classes="note", id="discard-limit-note")
        switches = {
            "must-discard": rules.must_discard,
            "draw-twice": rules.draw_twice,
            "communal-discardable": rules.communal_discardable,
            "color-flush": poker.color_flush,
            "color-straight-flush": poker.color_straight_flush,
            "two-pair-over-trips": poker.two_pair_over_trips,
        }
        # Made as _fit_communal_discard leaves them, so nothing is styled again once mounted.
        no_communal = poker.communal_cards == 0
        for name, value in switches.items():
            off = no_communal and name == "communal-discardable"
            yield Checkbox(
                _CHECKBOX_TITLES[name], value and not off, compact=True, id=name, disabled=off
            )
            yield Static(
                NO_COMMUNAL_REASON if off else NOTES[name],
                classes="note -switch -off" if off else "note -switch",
                id=f"{name}-note",
            )

    @staticmethod
    def _choices(
        name: str, values: tuple[int, ...], current: int, label: Callable[[int], str]
    ) -> RadioSet:
        return RadioSet(
            *(
                RadioButton(label(value), value=value == current, id=f"{name}-{value}")
                for value in values
            ),
            id=name,
            compact=True,
        )

    # reading --------------------------------------------------------------------------

    def _chosen(self, name: str) -> int:
        return _number_after(_pressed_id(self.query_one(f"#{name}", RadioSet)))

    def _switch(self, name: str) -> bool:
        return self.query_one(f"#{name}", Checkbox).value

    def read(self) -> tuple[RoundRules, list[str]]:
        """The round rules as shown, and why they cannot be played (empty when they can)."""
        jokers = self._chosen("jokers") if self._jokers_editable else self._initial.poker.jokers
        limit: int = self.query_one("#discard-limit", Chooser).value
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

    @on(Chooser.Changed, "#discard-limit")
    def _discard_limit_changed(self) -> None:
        self.query_one("#discard-limit-note", Static).update(NOTES["discard-limit"])

    @on(RadioSet.Changed, "#hand-size")
    def _hand_size_changed(self) -> None:
        self._fit_discard_limit()

    @on(RadioSet.Changed, "#communal")
    def _communal_changed(self) -> None:
        self._fit_communal_discard()

    def _fit_discard_limit(self) -> None:
        """Offer limits up to the hand size; a larger limit chosen comes down to it."""
        hand_size = self._chosen("hand-size")
        limits: Chooser[int] = self.query_one("#discard-limit", Chooser)
        limit = limits.value
        with limits.prevent(Chooser.Changed):
            limits.set_choices(discard_limit_choices(hand_size), min(limit, hand_size))
        if limit > hand_size:
            self.query_one("#discard-limit-note", Static).update(
                f"Lowered to {hand_size}: hands hold {hand_size} cards."
            )

    def _fit_communal_discard(self) -> None:
        """Discarding communal cards needs communal cards: off, with the reason, without."""
        none = self._chosen("communal") == 0
        checkbox = self.query_one("#communal-discardable", Checkbox)
        if none:
            checkbox.value = False
        checkbox.disabled = none
        note = self.query_one("#communal-discardable-note", Static)
        note.update(NO_COMMUNAL_REASON if none else NOTES["communal-discardable"])
        note.set_class(none, "-off")


class LiarsPokerRulesEditor(Vertical):
    """Edits a :class:`LiarsPokerRules`; :meth:`read` returns it with any problems found."""

    DEFAULT_CSS = editor_css("LiarsPokerRulesEditor")

    def __init__(self, rules: LiarsPokerRules, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._initial = rules

    def compose(self) -> ComposeResult:
        yield from made_unstyled(self._widgets)

    def _widgets(self) -> Iterator[Widget]:
        rules = self._initial
        lives = RadioSet(
            *(
                RadioButton(str(lives), value=rules.lives == lives, id=f"lives-{lives}")
                for lives in range(1, MAX_LIVES + 1)
            ),
            id="lives",
            compact=True,
        )
        yield _row("Lives", lives)
        yield Static(lives_note(rules.lives), classes="note", id="lives-note")
        yield Checkbox("Chips", rules.chips, compact=True, id="chips")
        yield Static(NOTES["chips"], classes="note -switch")
        yield Checkbox("Dealer's choice", rules.dealers_choice, compact=True, id="dealers-choice")
        yield Static(NOTES["dealers-choice"], classes="note -switch")
        yield Label("Round rules", classes="heading")
        yield RoundRulesEditor(rules.round, id="round-rules")

    def read(self) -> tuple[LiarsPokerRules, list[str]]:
        """The rules as shown, and why they cannot be played (empty when they can)."""
        round_rules, _ = self.query_one(RoundRulesEditor).read()
        rules = LiarsPokerRules(
            lives=_number_after(_pressed_id(self.query_one("#lives", RadioSet))),
            chips=self.query_one("#chips", Checkbox).value,
            dealers_choice=self.query_one("#dealers-choice", Checkbox).value,
            round=round_rules,
        )
        return rules, rules.problems()

    @on(RadioSet.Changed, "#lives")
    def _lives_changed(self, event: RadioSet.Changed) -> None:
        lives = _number_after(event.pressed.id or "")
        self.query_one("#lives-note", Static).update(lives_note(lives))
