"""How the tables of a light theme ink their words, read from the widgets' Rich renderables."""

from __future__ import annotations

from rich.console import Console, ConsoleRenderable
from rich.style import Style

from liar_tui.widgets.card_art import LIGHT_INK


def style_of(renderable: object, word: str) -> Style:
    """The style ``word`` is drawn with where a widget's Rich renderable shows it first."""
    assert isinstance(renderable, ConsoleRenderable)
    console = Console(width=40, color_system="truecolor")
    for segment in console.render(renderable):
        if segment.text.strip() == word:
            return segment.style or Style()
    raise AssertionError(f"{word!r} is not shown")


def assert_the_turn_is_in_deep_ink(panel: object, acting: str, waiting: str) -> None:
    """The acting seat's marker and name take the light theme's turn ink; a waiting seat's
    name does not, so the turn stands out on a light background."""
    turn = Style.parse(LIGHT_INK.turn).color
    assert style_of(panel, "▶").color == turn
    assert style_of(panel, acting).color == turn
    assert style_of(panel, waiting).color != turn
