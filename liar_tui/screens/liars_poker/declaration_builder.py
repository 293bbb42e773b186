"""The declaration builder: make a Liar's Poker claim and see its floor before sending it.

A claim can be built two ways that stay in step: pickers (the hand, then the details that hand
takes) and a line of text read by the rules' own parser. Every change shows at once the worst
hand a truthful speaker could hold and whether it beats the floor to beat, or the one sentence
that says why not, so that a refused declaration is explained before it is sent rather than
bounced by the table after. The builder only builds and tells: it posts
:class:`DeclarationBuilder.Declared` for a legal raise and leaves sending it to its screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from liar_tui.rules.cards import NATURAL_RANKS, Card, Rank, Suit
from liar_tui.rules.liars_poker.declaration_text import (
    parse_declaration,
)
from liar_tui.rules.liars_poker.declarations import (
    COLORED_CATEGORIES,
    GROUP_SHAPES,
    STRAIGHT_CATEGORIES,
    SUITED_CATEGORIES,
    Declaration,
    DeclarationError,
    declaration_of,
)
from liar_tui.rules.liars_poker.floor import lowest_hand, worst_hand
from liar_tui.rules.liars_poker.game import raise_refusal
from liar_tui.rules.liars_poker.poker_hands import HAND_CARDS, HandRank, hand_rank
from liar_tui.rules.liars_poker.rules import Category, Color, PokerRules
from liar_tui.widgets.buttons import MouseButton
from liar_tui.widgets.card_art import CardLook, inline_cards

_SLOT_LABELS: dict[Category, tuple[str, ...]] = {
    Category.HIGH_CARD: ("top cards", "", "", "", ""),
    Category.PAIR: ("pair of", "kickers", "", ""),
    Category.COLOR_FLUSH: ("top cards", "", "", "", ""),
    Category.TWO_PAIR: ("pairs", "over", "kicker"),
    Category.THREE_OF_A_KIND: ("three", "kickers", ""),
    Category.STRAIGHT: ("top card",),
    Category.FLUSH: ("top cards", "", "", "", ""),
    Category.FULL_HOUSE: ("three", "full of"),
    Category.COLOR_STRAIGHT_FLUSH: ("top card",),
    Category.FOUR_OF_A_KIND: ("four", "kicker"),
    Category.STRAIGHT_FLUSH: ("top card",),
    Category.FIVE_OF_A_KIND: ("five",),
}
"""The rank pickers each hand takes, by what is written before them; a blank label continues
the run before it (more kickers, more top cards)."""
_RANK_SLOTS = max(len(labels) for labels in _SLOT_LABELS.values())
_RANK_OPTIONS = [(rank.label, rank) for rank in reversed(NATURAL_RANKS)]
_SUIT_OPTIONS = [
    (suit.name.lower(), suit) for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
]
_COLOR_OPTIONS = [(color.value, color) for color in Color]
_ANY = "any"

_LEGAL_MARK = "✓ "
_REFUSED_MARK = "× "
"""A cross that the ASCII card look spells "x", as it spells the tick "+"."""


@dataclass(frozen=True)
class DraftStatus:
    """What the draft would do if sent: its floor, and whether that beats the floor to beat."""

    declaration: Declaration | None
    floor: HandRank | None = None
    worst_hand: tuple[Card, ...] = ()
    """A hand worth the floor, to show the floor as cards."""
    refusal: str | None = None
    """Why the draft may not be sent; None for a legal raise (or for no draft yet)."""
    beaten: HandRank | None = None
    """The floor it beats, or the lowest possible hand when it opens the round."""

    @property
    def is_raise(self) -> bool:
        return self.floor is not None and self.refusal is None


def assess(
    declaration: Declaration,
    rules: PokerRules,
    standing: tuple[Declaration, HandRank] | None,
    communal: tuple[Card, ...] = (),
) -> DraftStatus:
    """The status of a draft: its floor, or the rules' own sentence for why it may not be said.

    ``standing`` is the declaration to beat and its floor; None means the declaration opens
    the round and must beat the lowest hand. The refusal is the table's own
    (:func:`~liar_tui.rules.liars_poker.game.raise_refusal`), so the builder never tells
    a different story from the one the table would.
    """
    refusal = raise_refusal(declaration, standing, rules, communal)
    try:
        worst = worst_hand(declaration, rules, communal)
    except DeclarationError:
        return DraftStatus(declaration, refusal=refusal)
    value = hand_rank(worst, rules)  # what ``floor`` returns, without a second search
    beaten = standing[1] if standing is not None else lowest_hand(rules, communal)
    return DraftStatus(declaration, value, tuple(worst), refusal, beaten)


def floor_words(value: HandRank) -> str:
    """A floor in words: a suit or a color does not rank, so a floor names none.

    The worst hand behind a floor of "flush" is some suit's flush, but that suit is an accident
    of building it; "spade flush, A-6-4-3-2" would read as if the suit were part of the bar.
    """
    labels = "-".join(rank.label for rank in value.ranks)
    top = value.ranks[0].noun
    words = {
        Category.FLUSH: f"flush, {labels}",
        Category.COLOR_FLUSH: f"color flush, {labels}",
        Category.STRAIGHT_FLUSH: f"{top}-high straight flush",
        Category.COLOR_STRAIGHT_FLUSH: f"{top}-high color straight flush",
    }
    return words.get(value.category) or value.describe()


class DeclarationText(Input):
    """The typed declaration; Enter in it declares, and the footer says so.

    Its own editing keys (Ctrl+U, Backspace, the arrows) act where they arrive, in the order
    typed. Textual runs a widget's bindings only once the key has bubbled up to the app,
    while a letter is typed into the box at once; so "Ctrl+U, t, w, o" pressed together
    typed "two" first and then wiped it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "submit", "Declare")]

    async def _on_key(self, event: events.Key) -> None:
        if not event.is_printable:
            for binding in self._bindings.key_to_bindings.get(event.key, ()):
                event.stop()
                event.prevent_default()
                self._restart_blink()
                await self.run_action(binding.action)
                return
        await super()._on_key(event)


class Picker(Select[Any]):
    """A compact dropdown whose footer entry says what Enter does on it: open the list."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "show_overlay", "Open the list"),
    ]


class DeclarationBuilder(Widget):
    """Pickers and a text line for one declaration, with its floor and verdict shown live."""

    DEFAULT_CSS = """
    DeclarationBuilder {
        height: auto;
        width: 100%;
        max-width: 76;
    }
    DeclarationBuilder Horizontal {
        height: 1;
        width: 100%;
    }
    DeclarationBuilder .picker-label {
        width: auto;
        padding: 0 1 0 0;
        color: $text-muted;
    }
    DeclarationBuilder Select {
        margin-right: 1;
    }
    /* A compact picker draws no border, so focus turns its face into the cursor colours:
       plain in every theme, not one shade off the rest. */
    DeclarationBuilder Select:focus > SelectCurrent {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: $block-cursor-text-style;
    }
    DeclarationBuilder Select:focus > SelectCurrent Static#label,
    DeclarationBuilder Select:focus > SelectCurrent .arrow {
        color: $block-cursor-foreground;
    }
    /* An open list floats over the lines below it: a border sets it apart from them. */
    DeclarationBuilder Select > SelectOverlay.-textual-compact {
        border: round $accent !important;
        background: $surface;
        padding: 0 1;
        width: auto;
        min-width: 14;
    }
    DeclarationBuilder #declaration-text:focus {
        background-tint: $accent 20%;
    }
    DeclarationBuilder #category {
        width: 24;
    }
    DeclarationBuilder #suit, DeclarationBuilder #color {
        width: 11;
    }
    DeclarationBuilder .rank-picker {
        width: 6;
    }
    DeclarationBuilder #declaration-text {
        margin-top: 1;
        width: 100%;
    }
    DeclarationBuilder #floor-line {
        margin-top: 1;
        height: 1;
    }
    DeclarationBuilder #verdict {
        height: auto;
        max-height: 3;
    }
    DeclarationBuilder #verdict.-legal {
        color: $text-success;
    }
    DeclarationBuilder #verdict.-refused {
        color: $text-error;
    }
    DeclarationBuilder #builder-buttons {
        margin-top: 1;
    }
    DeclarationBuilder #builder-buttons > Button {
        margin-right: 2;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+t", "tell_truth", "The truth"),
    ]

    class Declared(Message):
        """The player declared a legal raise; the screen sends it."""

        def __init__(
            self, builder: DeclarationBuilder, declaration: Declaration, floor: HandRank
        ) -> None:
            super().__init__()
            self.builder = builder
            self.declaration = declaration
            self.floor = floor

        @property
        def control(self) -> DeclarationBuilder:
            return self.builder

    def __init__(
        self,
        rules: PokerRules,
        standing: tuple[Declaration, HandRank] | None,
        communal: tuple[Card, ...] = (),
        hand: tuple[Card, ...] = (),
        card_look: CardLook | None = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.look = card_look or CardLook()
        self._rules = rules
        self._standing = standing
        self._communal = tuple(communal)
        self._hand = tuple(hand)
        self._status = DraftStatus(None)
        self._problem: str | None = None
        """Why the text or the pickers make no declaration, when they do not."""

    # reading ---------------------------------------------------------------------------

    @property
    def draft(self) -> Declaration | None:
        """The declaration the builder holds now; None while it holds none that can be said."""
        return self._status.declaration

    @property
    def status(self) -> DraftStatus:
        return self._status

    @property
    def status_text(self) -> str:
        """The floor line and the verdict as shown, without their colours."""
        floor_line = self.query_one("#floor-line", Static).render()
        verdict = self.query_one("#verdict", Static).render()
        return f"{floor_line}\n{verdict}".strip()

    # building --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="hand-row"):
            yield Label("Hand", classes="picker-label")
            yield Picker(self._category_options(), prompt="choose", compact=True, id="category")
            yield Label("suit", id="suit-label", classes="picker-label")
            yield Picker(_SUIT_OPTIONS, prompt=_ANY, compact=True, id="suit")
            yield Label("color", id="color-label", classes="picker-label")
            yield Picker(_COLOR_OPTIONS, prompt=_ANY, compact=True, id="color")
        with Horizontal(id="detail-row"):
            for slot in range(_RANK_SLOTS):
                yield Label("", id=f"rank-label-{slot}", classes="picker-label", markup=False)
                yield Picker(
                    _RANK_OPTIONS,
                    prompt=_ANY,
                    compact=True,
                    id=f"rank-{slot}",
                    classes="rank-picker",
                )
        yield DeclarationText(
            placeholder=self.look.text("…or type it: two pair, sevens over threes"),
            compact=True,
            select_on_focus=False,
            id="declaration-text",
        )
        yield Static(id="floor-line", markup=False)
        yield Static(id="verdict", markup=False)
        with Horizontal(id="builder-buttons"):
            yield MouseButton("Declare (Enter)", id="declare", variant="primary", compact=True)
            yield MouseButton("The truth (Ctrl+T)", id="truth", compact=True)

    def on_mount(self) -> None:
        self._lay_out_details(None)
        self._show_status()
        self._offer_truth()

    def reset(
        self,
        rules: PokerRules,
        standing: tuple[Declaration, HandRank] | None,
        communal: tuple[Card, ...] = (),
        hand: tuple[Card, ...] = (),
    ) -> None:
        """Start an empty draft for the next turn, against its floor and with its cards."""
        self._rules = rules
        self._standing = standing
        self._communal = tuple(communal)
        self._hand = tuple(hand)
        self._problem = None
        with self.prevent(Select.Changed, Input.Changed):
            self._select("#category").set_options(self._category_options())
            self._fill_pickers(None)
            self.query_one(DeclarationText).value = ""
        self._status = DraftStatus(None)
        self._show_status()
        self._offer_truth()

    def _category_options(self) -> list[tuple[str, Category]]:
        return [(category.value, category) for category in self._rules.order()]

    # actions ---------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "tell_truth":
            return self._can_tell_truth()
        return True

    def _can_tell_truth(self) -> bool:
        return len(self._hand) >= HAND_CARDS

    def _offer_truth(self) -> None:
        """The truth key and button exist only while there is a hand to tell of."""
        self.query_one("#truth").display = self._can_tell_truth()
        self.refresh_bindings()

    def action_declare(self) -> None:
        status = self._status
        if status.is_raise and status.declaration is not None and status.floor is not None:
            self.post_message(self.Declared(self, status.declaration, status.floor))
            return
        if status.declaration is None and self._problem is None:
            self._problem = "Pick a hand or type one first."
            self._show_status()
        self.app.bell()

    def action_tell_truth(self) -> None:
        """Fill in the most detailed true declaration of the hand held."""
        if not self._can_tell_truth():
            return
        truth = declaration_of(hand_rank(self._hand, self._rules))
        self._take(truth)
        self._write_text(truth)
        with self.prevent(Select.Changed):
            self._fill_pickers(truth)
        self._show_status()

    @on(Button.Pressed, "#declare")
    def _declare_clicked(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_declare()

    @on(Button.Pressed, "#truth")
    def _truth_clicked(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_tell_truth()

    @on(Input.Submitted, "#declaration-text")
    def _text_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_declare()

    # keeping text and pickers in step ----------------------------------------------------

    @on(Input.Changed, "#declaration-text")
    def _text_changed(self, event: Input.Changed) -> None:
        """Show in the pickers what the box says now, or nothing when it says no hand.

        The box is read as it stands, not as the message carried it: keys typed quickly
        queue several changes, and an older one must not paint an older declaration.
        """
        event.stop()
        text = self.query_one(DeclarationText).value
        declaration: Declaration | None = None
        if not text.strip():
            self._problem = None
            self._status = DraftStatus(None)
        else:
            try:
                declaration = parse_declaration(text, self._rules)
            except DeclarationError as error:
                self._problem = str(error)
                self._status = DraftStatus(None)
            else:
                self._take(declaration)
        with self.prevent(Select.Changed):
            self._fill_pickers(declaration)
        self._show_status()

    @on(Select.Changed)
    def _picker_changed(self, event: Select.Changed) -> None:
        event.stop()
        if event.select.id == "category":
            with self.prevent(Select.Changed):
                self._lay_out_details(self._select("#category").selection)
        else:
            with self.prevent(Select.Changed):
                self._chain_rank_pickers()
        try:
            declaration = self._declaration_from_pickers()
        except DeclarationError as error:
            self._problem = str(error)
            self._status = DraftStatus(None)
        else:
            if declaration is None:
                self._problem = None
                self._status = DraftStatus(None)
            else:
                self._take(declaration)
                self._write_text(declaration)
        self._show_status()

    def _take(self, declaration: Declaration) -> None:
        self._problem = None
        self._status = assess(declaration, self._rules, self._standing, self._communal)

    def _write_text(self, declaration: Declaration) -> None:
        text = self.query_one(DeclarationText)
        with self.prevent(Input.Changed):
            text.value = declaration.text
            text.cursor_position = len(text.value)

    def _declaration_from_pickers(self) -> Declaration | None:
        category = self._select("#category").selection
        if category is None:
            return None
        named: list[Rank] = []
        for picker in self._rank_pickers(category):
            if picker.selection is None:
                break
            named.append(picker.selection)
        suit = self._select("#suit").selection if category in SUITED_CATEGORIES else None
        color = self._select("#color").selection if category in COLORED_CATEGORIES else None
        if category in GROUP_SHAPES:
            groups = GROUP_SHAPES[category][0]
            return Declaration(
                category, groups=tuple(named[:groups]), kickers=tuple(named[groups:])
            )
        if category in STRAIGHT_CATEGORIES:
            top = named[0] if named else None
            return Declaration(category, top=top, suit=suit, color=color)
        return Declaration(category, high_cards=tuple(named), suit=suit, color=color)

    def _fill_pickers(self, declaration: Declaration | None) -> None:
        """Show ``declaration`` in the pickers; five exact cards show only their hand."""
        category = declaration.category if declaration else None
        picker = self._select("#category")
        if category is None:
            picker.clear()
        else:
            picker.value = category
        self._lay_out_details(category)
        if declaration is None or declaration.cards:
            return
        ranks = (
            *declaration.groups,
            *declaration.kickers,
            *declaration.high_cards,
            *((declaration.top,) if declaration.top else ()),
        )
        for rank_picker, rank in zip(self._rank_pickers(declaration.category), ranks, strict=False):
            rank_picker.value = rank
        _set_or_clear(self._select("#suit"), declaration.suit)
        _set_or_clear(self._select("#color"), declaration.color)
        self._chain_rank_pickers()

    def _lay_out_details(self, category: Category | None) -> None:
        """Show the pickers ``category`` takes, all on "any"."""
        labels = _SLOT_LABELS[category] if category else ()
        for slot in range(_RANK_SLOTS):
            label = self.query_one(f"#rank-label-{slot}", Label)
            picker = self._select(f"#rank-{slot}")
            used = slot < len(labels)
            label.update(labels[slot] if used else "")
            label.display = used and bool(labels[slot])
            picker.display = used
            picker.clear()
        suited = category in SUITED_CATEGORIES
        colored = category in COLORED_CATEGORIES
        for name, shown in (("suit", suited), ("color", colored)):
            self.query_one(f"#{name}-label").display = shown
            self._select(f"#{name}").display = shown
            self._select(f"#{name}").clear()
        self._chain_rank_pickers()

    def _chain_rank_pickers(self) -> None:
        """A detail opens once the one before it is named: kickers follow their pairs, the
        second top card the first. Clearing one clears and closes those after it."""
        open_slot = True
        for picker in self._select_all_ranks():
            picker.disabled = not open_slot
            if not open_slot:
                picker.clear()
            open_slot = open_slot and picker.selection is not None

    def _rank_pickers(self, category: Category) -> list[Select[Any]]:
        return self._select_all_ranks()[: len(_SLOT_LABELS[category])]

    def _select_all_ranks(self) -> list[Select[Any]]:
        return [self._select(f"#rank-{slot}") for slot in range(_RANK_SLOTS)]

    def _select(self, selector: str) -> Select[Any]:
        return self.query_one(selector, Select)

    # showing -----------------------------------------------------------------------------

    def _show_status(self) -> None:
        floor_line, verdict, kind = self._status_lines()
        self.query_one("#floor-line", Static).update(floor_line)
        shown = self.query_one("#verdict", Static)
        shown.update(verdict)
        shown.set_class(kind == "legal", "-legal")
        shown.set_class(kind == "refused", "-refused")

    def _status_lines(self) -> tuple[Text, Text, str]:
        look = self.look
        status = self._status
        if status.declaration is None:
            if self._problem is not None:
                return Text(), Text(look.text(_REFUSED_MARK + self._problem)), "refused"
            return Text(look.text(self._to_beat_line())), Text(), "idle"
        floor_line = Text()
        if status.floor is not None:
            floor_line.append("Floor: ")
            floor_line.append_text(inline_cards(status.worst_hand, look))
            floor_line.append(look.text(f"  {floor_words(status.floor)}"))
        if status.refusal is None and status.beaten is not None:
            verb = "Beats" if self._standing is not None else "Opens: beats the lowest hand,"
            verdict = f"{_LEGAL_MARK}{verb} {floor_words(status.beaten)}."
            return floor_line, Text(look.text(verdict)), "legal"
        refusal = status.refusal or ""
        return floor_line, Text(look.text(_REFUSED_MARK + refusal)), "refused"

    def _to_beat_line(self) -> str:
        if self._standing is not None:
            return f"To beat: {floor_words(self._standing[1])}"
        return "Opening: any hand above the lowest one"


def _set_or_clear(picker: Select[Any], value: object | None) -> None:
    if value is None:
        picker.clear()
    else:
        picker.value = value
