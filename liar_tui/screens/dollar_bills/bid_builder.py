"""The bid builder: put together "N of digit D" by keys or mouse, and read its odds.

It only builds and tells: it posts :class:`BidBuilder.Submitted` and
:class:`BidBuilder.PassChosen`, and leaves sending them to the screen that owns it; the
table decides whether a bid stands and says why not. The line under the pickers warns
before Enter when a bid may not be made, in the table's own sentence (``bid_refusal``).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult, RenderResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.events import Click, Leave, MouseMove
from textual.message import Message
from textual.reactive import reactive
from textual.style import Style as VisualStyle
from textual.widget import Widget
from textual.widgets import Button, Label, Static

from liar_tui.rules.dollar_bills.game import (
    DIGIT_ORDER,
    Bid,
    bid_refusal,
    lowest_raise,
    raises_over,
)
from liar_tui.rules.dollar_bills.odds import probability_at_least
from liar_tui.widgets.buttons import MouseButton

_DIGIT_STEP_KEYS = Binding.Group("Digit", compact=True)
_COUNT_KEYS = Binding.Group("Count", compact=True)
_BUILDING_ACTIONS = frozenset({"choose_digit", "step_digit", "change_count", "submit"})


def chance_text(chance: float) -> str:
    """A probability as a player reads it; only a sure thing is called certain."""
    if chance >= 1:
        return "certain"
    if chance <= 0:
        return "impossible"
    percent = chance * 100
    if percent < 1:
        return "under 1% likely"
    if percent > 99:
        return "over 99% likely"
    return f"{round(percent)}% likely"


LABEL_WIDTH = 7
"""Cells of the "Digit" and "Count" labels at the left of their rows."""
CELL_WIDTH = 3
"""Cells of one digit, or of a ``−``/``+`` step, in its row."""


def centred(text: str, width: int) -> str:
    """``text`` centred in ``width`` cells, an odd cell left over going right (as Textual's
    ``text-align: center`` does; ``str.center`` puts it left)."""
    left = (width - len(text)) // 2
    return " " * left + text.ljust(width - left)


class DigitRow(Widget):
    """The digits to bid on, the chosen one reversed; click a digit to choose it.

    One widget draws the whole row (a widget per digit made a table open slower: every
    widget is styled, laid out and restyled when the builder takes the focus)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"digit-row--muted"}
    DEFAULT_CSS = """
    DigitRow {
        width: 100%;
        height: 1;
    }
    DigitRow > .digit-row--muted {
        color: $text-muted;
    }
    """

    chosen: reactive[int] = reactive(DIGIT_ORDER[0])

    class Pressed(Message):
        def __init__(self, digit: int) -> None:
            super().__init__()
            self.digit = digit

    def render(self) -> RenderResult:
        muted = self.get_visual_style("digit-row--muted")
        digits = [
            (f"[{digit}]", "bold reverse") if digit == self.chosen else f" {digit} "
            for digit in DIGIT_ORDER
        ]
        label = ("Digit".ljust(LABEL_WIDTH), muted)
        return Content.assemble(label, *digits, " ", ("keys 0-9", muted))

    def digit_at(self, x: int) -> int | None:
        """The digit drawn at cell ``x`` of the row, if any."""
        index, _ = divmod(x - LABEL_WIDTH, CELL_WIDTH)
        if x < LABEL_WIDTH or index >= len(DIGIT_ORDER):
            return None
        return DIGIT_ORDER[index]

    def on_click(self, event: Click) -> None:
        event.stop()
        digit = self.digit_at(event.x)
        if digit is not None:
            self.post_message(self.Pressed(digit))


class CountRow(Widget):
    """The count between ``−`` and ``+``; click a step to change it.

    The steps are not Buttons: a Button ignores a click that comes while it still shows the
    last one, and people click these several times quickly. One widget draws the row, as
    :class:`DigitRow` does, and lights the step under the mouse as a button would."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "count-row--muted",
        "count-row--step",
        "count-row--step-hover",
    }
    DEFAULT_CSS = """
    CountRow {
        width: 100%;
        height: 1;
    }
    CountRow > .count-row--muted {
        color: $text-muted;
    }
    CountRow > .count-row--step {
        background: $panel;
        text-style: bold;
    }
    CountRow > .count-row--step-hover {
        background: $panel-lighten-2;
        text-style: bold;
    }
    """

    VALUE_WIDTH = 5
    count: reactive[int] = reactive(1)
    hovered: reactive[int] = reactive(0)
    """The step under the mouse (-1 or 1), or 0."""

    class Pressed(Message):
        def __init__(self, step: int) -> None:
            super().__init__()
            self.step = step

    def render(self) -> RenderResult:
        return Content.assemble(
            ("Count".ljust(LABEL_WIDTH), self.get_visual_style("count-row--muted")),
            (" − ", self._step_style(-1)),
            (centred(str(self.count), self.VALUE_WIDTH), "bold"),
            (" + ", self._step_style(1)),
        )

    def _step_style(self, step: int) -> VisualStyle:
        hover = "-hover" if step == self.hovered else ""
        return self.get_visual_style(f"count-row--step{hover}")

    def step_at(self, x: int) -> int:
        """The step drawn at cell ``x`` of the row: -1, 1, or 0 for none."""
        down = LABEL_WIDTH
        up = down + CELL_WIDTH + self.VALUE_WIDTH
        if down <= x < down + CELL_WIDTH:
            return -1
        if up <= x < up + CELL_WIDTH:
            return 1
        return 0

    def on_mouse_move(self, event: MouseMove) -> None:
        self.hovered = self.step_at(event.x)

    def on_leave(self, event: Leave) -> None:
        self.hovered = 0

    def on_click(self, event: Click) -> None:
        event.stop()
        step = self.step_at(event.x)
        if step:
            self.post_message(self.Pressed(step))


class BidBuilder(Widget, can_focus=True):
    """A count and a digit, the bid they make, how likely it is, and Bid and Pass."""

    DEFAULT_CSS = """
    BidBuilder {
        height: auto;
        width: 100%;
    }
    BidBuilder > Horizontal {
        height: 1;
        width: 100%;
    }
    BidBuilder #bid-line {
        height: auto;
        max-height: 2;
        margin: 1 0;
        text-overflow: ellipsis;
    }
    BidBuilder #bid-line.-not-a-raise {
        color: $text-warning;
    }
    BidBuilder #bid-buttons Button {
        margin-right: 2;
    }
    BidBuilder #turn-hint {
        color: $text-muted;
    }
    BidBuilder:focus > DigitRow {
        background: $boost;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(digit), f"choose_digit({digit})", f"Digit {digit}", show=False)
            for digit in DIGIT_ORDER
        ),
        Binding("left", "step_digit(-1)", "Lower digit", group=_DIGIT_STEP_KEYS),
        Binding("right", "step_digit(1)", "Higher digit", group=_DIGIT_STEP_KEYS),
        Binding("up,plus", "change_count(1)", "More", group=_COUNT_KEYS),
        Binding("down,minus", "change_count(-1)", "Fewer", group=_COUNT_KEYS),
        Binding("enter", "submit", "Bid"),
        Binding("p", "pass_turn", "Pass", show=False),
    ]
    """The digit keys are left out of the footer, which has no room for ten keys at 80
    columns; the digit row names them, and the help lists every key. Pass is on its button,
    "Pass (p)", shown only when a pass is allowed."""

    class Submitted(Message):
        """The player asked to bid (legal or not: the table decides)."""

        def __init__(self, builder: BidBuilder, bid: Bid) -> None:
            super().__init__()
            self.builder = builder
            self.bid = bid

        @property
        def control(self) -> BidBuilder:
            return self.builder

    class PassChosen(Message):
        """The player asked to pass."""

        def __init__(self, builder: BidBuilder) -> None:
            super().__init__()
            self.builder = builder

        @property
        def control(self) -> BidBuilder:
            return self.builder

    def __init__(self, show_odds: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.show_odds = show_odds
        self.count = 1
        self.digit = DIGIT_ORDER[0]
        self._standing: Bid | None = None
        self._max_count = 1
        self._serial = ""
        self._seats = 1
        self._can_raise = True
        self._count_chosen = False
        """Whether the player set the count this turn: a new digit keeps it while it raises."""

    @property
    def bid(self) -> Bid:
        return Bid(self.count, self.digit)

    def compose(self) -> ComposeResult:
        yield DigitRow(id="digit-row")
        yield CountRow(id="count-row")
        yield Static(id="bid-line")
        with Horizontal(id="bid-buttons"):
            yield MouseButton("Bid (Enter)", id="bid", variant="primary", compact=True)
            yield MouseButton("Pass (p)", id="pass", compact=True)
            yield Label("", id="turn-hint")

    def start_turn(self, standing: Bid | None, max_count: int, serial: str, seats: int) -> None:
        """Offer the cheapest raise on the digit chosen last, or the cheapest raise of all."""
        self._standing = standing
        self._max_count = max_count
        self._serial = serial
        self._seats = seats
        cheapest = lowest_raise(standing, self.digit)
        raises = raises_over(standing, max_count)
        self._can_raise = bool(raises)
        if cheapest.count > max_count:
            cheapest = raises[0] if raises else standing or cheapest
        self.count, self.digit = cheapest.count, cheapest.digit
        self._count_chosen = False
        self._offer_what_can_be_done()
        self._redraw()

    def _offer_what_can_be_done(self) -> None:
        """Only the moves the table would take: the opener may not pass, and with no raise
        left there is nothing to bid. Hidden buttons and keys leave the footer with them."""
        opening = self._standing is None
        self.query_one("#pass", Button).display = not opening
        self.query_one("#bid", Button).display = self._can_raise
        hint = "The opener may not pass." if opening else ""
        self.query_one("#turn-hint", Label).update(hint)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Pass only over a bid; build and bid only while a raise exists."""
        if action == "pass_turn":
            return self._standing is not None
        if action in _BUILDING_ACTIONS:
            return self._can_raise
        return True

    # actions --------------------------------------------------------------------------

    def action_choose_digit(self, digit: int) -> None:
        """Bid on ``digit``, with the fewest of it that raise, unless the player chose a
        count that still raises: a new digit never leaves a bid the table would refuse."""
        self.digit = digit
        if not self._count_chosen or not self._raises(self.bid):
            self.count = lowest_raise(self._standing, digit).count
            self._count_chosen = False
        self._redraw()

    def action_step_digit(self, step: int) -> None:
        rank = DIGIT_ORDER.index(self.digit)
        self.action_choose_digit(DIGIT_ORDER[(rank + step) % len(DIGIT_ORDER)])

    def action_change_count(self, step: int) -> None:
        count = self.count + step
        if not 1 <= count <= self._max_count:
            self.app.bell()
            return
        if not self._raises(Bid(count, self.digit)):
            at_count = [bid for bid in raises_over(self._standing, count) if bid.count == count]
            if not at_count:
                self.app.bell()
                return
            self.digit = at_count[0].digit
        self.count = count
        self._count_chosen = True
        self._redraw()

    def _raises(self, bid: Bid) -> bool:
        return bid_refusal(bid, self._standing, self._max_count) is None

    def action_submit(self) -> None:
        self.post_message(self.Submitted(self, self.bid))

    def action_pass_turn(self) -> None:
        self.post_message(self.PassChosen(self))

    @on(DigitRow.Pressed)
    def _digit_clicked(self, event: DigitRow.Pressed) -> None:
        event.stop()
        self.focus()
        self.action_choose_digit(event.digit)

    @on(CountRow.Pressed)
    def _step_clicked(self, event: CountRow.Pressed) -> None:
        event.stop()
        self.focus()
        self.action_change_count(event.step)

    @on(Button.Pressed, "#bid")
    def _bid_clicked(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_submit()

    @on(Button.Pressed, "#pass")
    def _pass_clicked(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_pass_turn()

    # drawing --------------------------------------------------------------------------

    def _redraw(self) -> None:
        self.query_one(DigitRow).chosen = self.digit
        self.query_one(CountRow).count = self.count
        line = self.query_one("#bid-line", Static)
        bid = self.bid
        refusal = bid_refusal(bid, self._standing, self._max_count)
        line.set_class(refusal is not None or not self._can_raise, "-not-a-raise")
        if not self._can_raise:
            line.update(Text("No higher bid is possible: pass."))
            return
        if refusal is not None:
            line.update(Text(refusal))
            return
        text = Text(bid.text, style="bold")
        held = self._serial.count(str(bid.digit))
        text.append(f" · you hold {held}")
        if self.show_odds and self._serial:
            chance = probability_at_least(
                bid.count, bid.digit, self._serial, self._seats, len(self._serial)
            )
            text.append(f" · {chance_text(chance)}")
        line.update(text)
