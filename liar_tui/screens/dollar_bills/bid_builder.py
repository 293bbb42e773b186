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
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
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


class DigitChoice(Widget):
    """One digit to bid on; click it to choose it."""

    DEFAULT_CSS = """
    DigitChoice {
        width: 3;
        height: 1;
    }
    """

    chosen: reactive[bool] = reactive(False)

    class Pressed(Message):
        def __init__(self, digit: int) -> None:
            super().__init__()
            self.digit = digit

    def __init__(self, digit: int) -> None:
        super().__init__(id=f"digit-{digit}")
        self.digit = digit

    def render(self) -> RenderResult:
        if self.chosen:
            return Text(f"[{self.digit}]", style="bold reverse")
        return Text(f" {self.digit} ")

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self.digit))


class CountStep(Widget):
    """``−`` or ``+`` beside the count. Not a Button: a Button ignores a click that comes
    while it still shows the last one, and people click these several times quickly."""

    DEFAULT_CSS = """
    CountStep {
        width: 3;
        height: 1;
        background: $panel;
        text-style: bold;
    }
    CountStep:hover {
        background: $panel-lighten-2;
    }
    """

    class Pressed(Message):
        def __init__(self, step: int) -> None:
            super().__init__()
            self.step = step

    def __init__(self, step: int, *, id: str) -> None:
        super().__init__(id=id)
        self.step = step

    def render(self) -> RenderResult:
        return Text(" + " if self.step > 0 else " − ")

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self.step))


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
    BidBuilder .builder-label {
        width: 7;
        color: $text-muted;
    }
    BidBuilder .builder-hint {
        color: $text-muted;
        margin-left: 1;
    }
    BidBuilder #count-value {
        width: 5;
        text-align: center;
        text-style: bold;
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
    BidBuilder:focus #digit-row {
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
        Binding("p", "pass_turn", "Pass"),
    ]
    """The digit keys are left out of the footer, which has no room for ten keys at 80
    columns; the digit row names them, and the help lists every key."""

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
        with Horizontal(id="digit-row"):
            yield Label("Digit", classes="builder-label")
            for digit in DIGIT_ORDER:
                yield DigitChoice(digit)
            yield Label("keys 0-9", classes="builder-hint")
        with Horizontal(id="count-row"):
            yield Label("Count", classes="builder-label")
            yield CountStep(-1, id="count-down")
            yield Static(id="count-value")
            yield CountStep(1, id="count-up")
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

    @on(DigitChoice.Pressed)
    def _digit_clicked(self, event: DigitChoice.Pressed) -> None:
        event.stop()
        self.focus()
        self.action_choose_digit(event.digit)

    @on(CountStep.Pressed)
    def _step_clicked(self, event: CountStep.Pressed) -> None:
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
        for choice in self.query(DigitChoice):
            choice.chosen = choice.digit == self.digit
        self.query_one("#count-value", Static).update(str(self.count))
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
