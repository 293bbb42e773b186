"""Dollar bills as styled text: a serial in large digits, a serial on one line, a bill back.

Kept apart from the widgets that use them so the play screen, the reveal and the ledger
draw bills alike, and so the art can be tested without running an app. Nothing here
knows any rules: which digit to highlight is the caller's business.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

from liar_tui.widgets.card_art import CardLook

DIGIT_HEIGHT = 3
DIGIT_WIDTH = 3

_BOX_DIGITS = {
    "0": ("╭─╮", "│ │", "╰─╯"),
    "1": ("╶┐ ", " │ ", "╶┴╴"),
    "2": ("╶─╮", "╭─╯", "╰─╴"),
    "3": ("╶─╮", " ─┤", "╶─╯"),
    "4": ("╷ ╷", "╰─┤", "  ╵"),
    "5": ("┌─╴", "└─╮", "╶─╯"),
    "6": ("╭─╴", "├─╮", "╰─╯"),
    "7": ("╶─┐", "  │", "  ╵"),
    "8": ("╭─╮", "├─┤", "╰─╯"),
    "9": ("╭─╮", "╰─┤", "╶─╯"),
}
"""Large digits in thin rounded box-drawing lines, three cells by three."""

_ASCII_DIGITS = {
    "0": (" _ ", "| |", "|_|"),
    "1": ("   ", "  |", "  |"),
    "2": (" _ ", " _|", "|_ "),
    "3": (" _ ", " _|", " _|"),
    "4": ("   ", "|_|", "  |"),
    "5": (" _ ", "|_ ", " _|"),
    "6": (" _ ", "|_ ", "|_|"),
    "7": (" _ ", "  |", "  |"),
    "8": (" _ ", "|_|", "|_|"),
    "9": (" _ ", "|_|", " _|"),
}
"""The same digits as a seven-segment display in plain ASCII."""

HIGHLIGHT = Style(color="#1a1a1a", bgcolor="#f0c040", bold=True)
"""The digit being counted at the show: dark on gold, visible in any theme."""
_BACK_STYLE = Style(color="#3f7f4f")


def bill_ink(look: CardLook) -> Style:
    """Banknote green, pale on a dark theme and deep on a light one."""
    return Style(color=look.ink.money, bold=True)


def big_serial(serial: str, look: CardLook, gap: int = 1) -> Text:
    """``serial`` in large digits on three lines, ``gap`` cells between digits."""
    font = _ASCII_DIGITS if look.ascii_only else _BOX_DIGITS
    lines = [Text() for _ in range(DIGIT_HEIGHT)]
    for index, digit in enumerate(serial):
        for row, line in enumerate(lines):
            if index:
                line.append(" " * gap)
            line.append(font[digit][row], style=bill_ink(look))
    return Text("\n").join(lines)


def big_serial_width(digits: int, gap: int = 1) -> int:
    return digits * DIGIT_WIDTH + max(0, digits - 1) * gap


def serial_line(serial: str, highlight: int | None = None) -> Text:
    """The serial on one line, digits spaced for reading, the counted digit highlighted."""
    line = Text()
    for index, digit in enumerate(serial):
        if index:
            line.append(" ")
        line.append(digit, style=HIGHLIGHT if str(highlight) == digit else "")
    return line


def bill_back(digits: int, look: CardLook) -> Text:
    """A bill lying face down: as wide as its serial on one line, and nothing of it shows."""
    pattern = "#" if look.ascii_only else "▒"
    return Text(pattern * (2 * digits - 1), style=_BACK_STYLE)


class BillFace(Widget):
    """One bill in large digits, or face down while its owner is away from the keyboard.

    A face-down bill keeps no serial at all, so nothing of it can leak onto the screen.
    The gap between digits shrinks to nothing where a twelve-digit serial would not fit.
    """

    DEFAULT_CSS = f"""
    BillFace {{
        width: 100%;
        height: {DIGIT_HEIGHT};
        content-align: center middle;
    }}
    """

    serial: reactive[str] = reactive("")
    digits: reactive[int] = reactive(8)

    def __init__(self, look: CardLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.look = look

    def show(self, serial: str) -> None:
        self.digits = len(serial)
        self.serial = serial

    def turn_over(self, digits: int) -> None:
        self.serial = ""
        self.digits = digits

    def render(self) -> RenderResult:
        look = self.look.in_theme(self.app.current_theme.dark)
        if not self.serial:
            return Text("\n").join([bill_back(self.digits, look)] * DIGIT_HEIGHT)
        gap = 1 if big_serial_width(len(self.serial)) <= self.size.width else 0
        return big_serial(self.serial, look, gap)
