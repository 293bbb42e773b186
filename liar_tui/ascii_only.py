"""ASCII only: the card style for terminals and fonts without box drawing or symbols.

Every screen, every widget (Textual's own borders, toggles, scrollbars and notices too)
and every name reaches the terminal through the app's line filter, which puts each
character past ASCII in ASCII of the same width. One filter for the whole app means no
screen has to know about the mode, and none can forget it.
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len
from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

_LOOK_ALIKES = {
    **dict.fromkeys("─━┄┅┈┉╌╍═╴╶╸╺▀▔▄▁", "-"),
    **dict.fromkeys("│┃┆┇┊┋╎╏║╵╷╹╻▌▐▎▍▋▊▉▏▕", "|"),
    **dict.fromkeys("█", "#"),
    **dict.fromkeys("▂▃▅▆▇░▒▓", " "),
    **dict.fromkeys("●◉•⬤★✓✔", "*"),
    **dict.fromkeys("○◯◌", "o"),
    **dict.fromkeys("✕✖✗✘×", "x"),
    **dict.fromkeys("·–—−‐‑", "-"),
    **dict.fromkeys("‘’‚′", "'"),
    **dict.fromkeys("“”„″", '"'),
    **dict.fromkeys("▼▽↓⬇", "v"),
    **dict.fromkeys("▲△↑⬆", "^"),
    **dict.fromkeys("▶▷►→⏎", ">"),
    **dict.fromkeys("◀◁◄←⌫", "<"),
    "♠": "S",
    "♤": "S",
    "♥": "H",
    "♡": "H",
    "♦": "D",
    "♢": "D",
    "♣": "C",
    "♧": "C",
    "…": ".",
    "🔎": "> ",
    "🔍": "> ",
    "÷": "/",
    "±": "+",
    "≤": "<",
    "≥": ">",
    "≠": "#",
    "\u00a0": " ",
}
"""Characters the app and Textual draw, each as the ASCII that looks most like it, as wide
(the command palette's magnifier takes two columns)."""

_BOX_DRAWING = ("\u2500", "\u257f")

KEY_WORDS = {
    "↑": "up",
    "↓": "down",
    "←": "left",
    "→": "right",
    "⏎": "enter",
    "⌫": "backspace",
    "⇥": "tab",
    "␣": "space",
}
"""Textual's key symbols as words: a footer in ASCII shows ``left/right``, not ``<>``."""


def _as_ascii(char: str) -> str:
    """``char`` in ASCII of the same width: a look-alike, the letter under an accent
    (``ë``), or question marks."""
    width = cell_len(char)
    shown = _LOOK_ALIKES.get(char)
    if shown is None and _BOX_DRAWING[0] <= char <= _BOX_DRAWING[1]:
        shown = "+"  # a corner or a joint: the lines themselves are in the table
    if shown is None:
        letters = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
        shown = letters if letters.isprintable() else ""
    if len(shown) != width:
        shown = "?" * width if width else ""
    return shown


class _Table(dict[int, str]):
    """A ``str.translate`` table that works out each character the first time it is met."""

    def __missing__(self, code: int) -> str:
        self[code] = shown = _as_ascii(chr(code))
        return shown


_TABLE = _Table()


def ascii_text(text: str) -> str:
    """``text`` with every character past ASCII in ASCII, each the same width as before."""
    return text if text.isascii() else text.translate(_TABLE)


def key_in_words(display: str) -> str:
    """A key as a footer shows it, in ASCII: ``⏎`` is ``enter``, ``←→`` is ``left/right``."""
    if display.isascii():
        return display
    words: list[str] = []
    for char in display:
        if char in KEY_WORDS:
            words.append(KEY_WORDS[char])
        elif words and words[-1] not in KEY_WORDS.values():
            words[-1] += ascii_text(char)
        else:
            words.append(ascii_text(char))
    return "/".join(words)


class AsciiOnly(LineFilter):
    """The app's line filter in ASCII mode: each line of each widget, in ASCII."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            segment
            if segment.control or segment.text.isascii()
            else Segment(ascii_text(segment.text), segment.style, segment.control)
            for segment in segments
        ]
