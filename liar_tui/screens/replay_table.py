"""What the replay viewer asks of a game: its table drawn at one step, and that step in words.

Each game's plugin makes its own :class:`ReplayTable` (``GamePlugin.replay_table``) out of its
play screen's panels, drawn read-only from the recording seat's update at the step shown;
the viewer (:mod:`liar_tui.screens.replay`) knows no game, only this.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.containers import Horizontal
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from liar_tui.store.settings import PocketOrder
from liar_tui.table.table import SeatUpdate
from liar_tui.widgets.card_art import CardLook


@dataclass(frozen=True)
class StepWords:
    """One step said in a line, and whether it ends a round (a reveal, a challenge, a show
    of the bills): the steps that ``[`` and ``]`` jump between."""

    text: str
    milestone: bool = False


@dataclass(frozen=True)
class ReplayFrame:
    """What the table shows at one step."""

    update: SeatUpdate
    """The recording seat's update: its events and its view after the step's action."""
    face_up: tuple[Any, ...] = ()
    """Every seat's view, in seat order, where the record may show every hand (the end of
    a complete record); empty everywhere else."""
    before: SeatUpdate | None = None
    """At the last step, the step before's update: where the action that ended the game
    also dealt the next one (a table that plays game after game), the step's view is of
    that new deal, and the table draws the game that ended from the view before it. None
    at every other step: a step that deals the record's own game is drawn as that deal."""


def _text_key(content: object) -> tuple[object, ...] | None:
    """What a Rich ``Text`` draws, to compare (``Text.__eq__`` ignores its own style);
    None for anything else, which is never taken for the same."""
    if not isinstance(content, Text):
        return None
    spans = tuple(content.spans)
    return (content.plain, content.style, spans, content.justify, content.overflow, content.end)


class Redrawn(Static):
    """A ``Static`` that a replay step redraws without laying the screen out again, unless
    its height follows its content (``height: auto``) and the new content needs another
    number of lines at its width; and not at all when the text is the same. A layout
    measures and places every widget of the screen (and asks for a second frame when a
    size changed), where most steps fit in the lines the last one had.

    Put it after a panel class in a subclass's bases (``class P(ScorePanel, Redrawn)``), so
    that the panel's styles still apply (Textual's styles follow the first base)."""

    _drawn: tuple[object, ...] | None = None
    """The text last drawn, as :func:`_text_key` has it."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        drawn = _text_key(content)
        if drawn is not None and drawn == self._drawn:
            return
        self._drawn = drawn
        super().update(content, layout=False)
        height = self.styles.height
        if height is not None and not height.is_auto:
            return
        width = self.content_size.width
        if self._rows(self.get_content_height(self.size, self.app.size, width)) != self.size.height:
            self.refresh(layout=True)

    def _rows(self, lines: int) -> int:
        """The rows ``lines`` of content take, within the widget's min and max height (a
        text of one line or two in a box of at least three takes three either way)."""
        styles = self.styles
        rows = lines + styles.gutter.height
        if styles.min_height is not None and styles.min_height.is_cells:
            rows = max(rows, int(styles.min_height.value))
        if styles.max_height is not None and styles.max_height.is_cells:
            rows = min(rows, int(styles.max_height.value))
        return rows


class ReplayTable(Widget):
    """A game's table in a replay, seen from ``seat``: it draws each step it is given and
    takes no keys (the viewer's keys step through the game)."""

    DEFAULT_CSS = """
    ReplayTable {
        height: 100%;
    }
    """

    def __init__(self, names: Sequence[str], seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = tuple(names)
        self.seat = seat
        self.look = CardLook()
        """How cards are drawn: the replay viewer sets the player's (card style, theme)
        before the table is mounted."""
        self.pocket_order = PocketOrder.RANK
        """How a pocket is laid out: the viewer sets the player's, so that a replay shows a
        hand as the play screen showed it, not in the order it was dealt."""
        self._titles: dict[str, str] = {}

    @property
    def widest(self) -> int | None:
        """The most columns the table takes: the max-widths of the columns side by side in
        its row (its first ``Horizontal``), summed; None where it has no row or a column has
        no max-width in cells (it then takes what there is)."""
        rows = self.query(Horizontal)
        if not rows:
            return None
        widths = [child.styles.max_width for child in rows.first().children if child.display]
        if not widths or any(width is None or not width.is_cells for width in widths):
            return None
        return sum(int(width.value) for width in widths if width is not None)

    def set_border_title(self, selector: str, title: str) -> None:
        """Set the border title of the widget ``selector`` finds, only when it changes
        (setting one redraws the whole widget, even to the same title)."""
        if self._titles.get(selector) != title:
            self._titles[selector] = title
            self.query_one(selector).border_title = title

    def show(self, frame: ReplayFrame) -> None:
        """Draw the table as ``frame`` has it; fast (a step is drawn within a key press)."""
        raise NotImplementedError(f"{type(self).__name__} must draw a step")

    def deals_a_game(self, update: SeatUpdate) -> bool:
        """Whether the step ``update`` reports deals a new game at a table that plays game
        after game (and keeps each as a record with the log of the whole table): the replay
        opens at the last such deal before the end, the recorded game's start. A game that
        is the whole table's says no."""
        return False

    def played_action(self, update: SeatUpdate) -> Any | None:
        """The recording seat's own action at the step ``update`` reports, read back from
        what it was told, for a seat's own record (which keeps no actions); None where the
        update does not say it all (a game whose events do not name the move)."""
        return None

    def same_action(self, played: Any, advised: Any) -> bool:
        """Whether the action played is the one the coach advised: equal actions, unless a
        game's actions can differ and still be the same move (the same cards in another
        order)."""
        return bool(played == advised)

    def describe(self, update: SeatUpdate) -> StepWords:
        """What happened at the step that ``update`` reports, in one line, from the
        recording seat's side (a hand it did not see is not named). Pure: the viewer says
        every step once, when the replay is read."""
        raise NotImplementedError(f"{type(self).__name__} must say what a step did")
