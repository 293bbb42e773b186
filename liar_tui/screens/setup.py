"""Setting up a table of any game: seats, the game's rules and variants, and an optional seed."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator
from typing import ClassVar, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from liar_tui.games import plugin
from liar_tui.screens.base import LiarScreen
from liar_tui.screens.online_options import (
    OnlineOptions,
    OnlineTableOptions,
    OnlineTableStarter,
)
from liar_tui.screens.rules_editing import RulesEditor, find_rules_editor, made_unstyled
from liar_tui.screens.seat_editor import SeatEditor
from liar_tui.table.seats import SeatConfig
from liar_tui.table.setup import MAX_SEED, TableSetup, random_seed
from liar_tui.widgets.footer import Footer
from liar_tui.widgets.headed_column import (
    BlankBelowHeading,
    FormScroll,
    HeadedColumn,
    PlainRow,
)

WIDE_LAYOUT = 100
"""Columns needed to show the seats and the rules side by side without cutting either."""


def parse_seed(text: str) -> int | str | None:
    """The seed typed (None when empty, for a random one), or a sentence saying why not."""
    cleaned = text.strip()
    if not cleaned:
        return None
    try:
        seed = int(cleaned)
    except ValueError:
        return "The seed must be a whole number, or empty for a random one."
    if not 0 <= seed <= MAX_SEED:
        return "The seed must be a whole number from 0 to 2^63 - 1, or empty for a random one."
    return seed


def seats_with_you(seats: tuple[SeatConfig, ...], player_name: str) -> tuple[SeatConfig, ...]:
    """The default seats with the first person's chair named after the player."""
    first_person = next((i for i, seat in enumerate(seats) if seat.is_human), None)
    return tuple(
        SeatConfig(player_name, seat.kind, seat.level) if i == first_person else seat
        for i, seat in enumerate(seats)
    )


SEED_HEADING = "Seed (optional)"
SEED_NOTE = "The same seed, seats and rules deal the same cards."


class SeatsAndSeedColumn(HeadedColumn):
    """The seats column of a local table, whose last child is the seed's input: it draws the
    seed's heading on the line above the input and the seed's note under it, as a label and
    a static did (two widgets fewer to make, style, lay out and draw).

    The screen's CSS gives the input a top margin of two (a blank line, the heading) and a
    bottom margin of one; the column is as tall as its children and the note, so the rows
    are counted from its bottom. The note is in the grey of the rules' notes beside it
    (``$foreground-muted``: a drawn text cannot name ``$text-muted``, a CSS-only ``auto``
    colour)."""

    def _note_lines(self, width: int) -> list[str]:
        return textwrap.wrap(SEED_NOTE, max(1, width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return super().get_content_height(container, viewport, width) + len(self._note_lines(width))

    def _rows(self) -> tuple[int, range]:
        """The content rows of the seed's heading and of its note."""
        width, height = self.content_size
        note_from = height - len(self._note_lines(width))
        return note_from - 3, range(note_from, height)

    def drawn_rows(self) -> Iterable[int]:
        heading, note = self._rows()
        return [0, heading, *note]

    def render(self) -> Content:
        heading = self._rows()[0]
        lines = [Content.styled(self.heading, "bold"), *[Content()] * (heading - 1)]
        lines += [Content.styled(SEED_HEADING, "bold"), Content(), Content()]
        lines += [
            Content.styled(line, "$foreground-muted")
            for line in self._note_lines(self.content_size.width)
        ]
        return Content("\n").join(lines)


class SetupScreen(LiarScreen[None], BlankBelowHeading):
    """Everything a table needs before the first deal; nothing starts until it is valid.

    The screen draws its title on its first line itself (see BlankBelowHeading): a widget
    for it was one more to make, style, lay out and draw."""

    CSS_PATH = "setup.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start", priority=True),
        Binding("escape", "back", "Back"),
    ]
    AUTO_FOCUS = "SeatRow"
    # Not a ClassVar: Textual's `ClassVar[...] | None` reads to type checkers as an instance
    # variable, which a ClassVar may not override.
    HORIZONTAL_BREAKPOINTS: list[tuple[int, str]] | None = [  # noqa: RUF012
        (0, "-narrow"),
        (WIDE_LAYOUT, "-wide"),
    ]
    """Seats beside the rules where both fit; below that, rules under the seats."""

    def __init__(self, game: str, online: bool = False) -> None:
        """``online``: the table is created at a table host, which deals with a seed of its
        own (a seed known to a player would tell them every card), whose other people's
        chairs are open chairs for other players to take, and which may be private and
        have a turn timer."""
        super().__init__()
        self.game = game
        self.online = online

    @property
    def rules_editor(self) -> RulesEditor:
        return find_rules_editor(self, "#rules-editor")

    def compose(self) -> ComposeResult:
        game_plugin = plugin(self.game)
        settings = self.liar_app.settings
        with FormScroll(id="setup-columns", can_focus=False):
            seats_column = HeadedColumn if self.online else SeatsAndSeedColumn
            with seats_column("Seats", id="setup-seats"):
                yield SeatEditor(
                    seats_with_you(settings.seats, settings.player_name),
                    min_seats=game_plugin.min_seats,
                    max_seats=game_plugin.max_seats,
                    online=self.online,
                    id="seat-editor",
                )
                if self.online:
                    yield Static(
                        "Each open chair is for another player from the lobby; "
                        "bots take the chairs still open when the table starts.",
                        classes="muted",
                        id="online-seats",
                    )
                    yield OnlineOptions(id="online-options")
                else:
                    yield from made_unstyled(self._seed)
            with HeadedColumn("Rules", id="setup-rules"):
                yield game_plugin.rules_editor(settings.rules_for(self.game), "rules-editor")
        yield from made_unstyled(
            lambda: (
                PlainRow(
                    Button("Start", variant="primary", compact=True, id="start"),
                    Button("Back", compact=True, id="back"),
                    id="setup-buttons",
                ),
            )
        )
        yield Footer()

    def render(self) -> Content:
        """The title, as the app's ``.title`` (bold, accent), two columns in."""
        return Content.assemble(
            "  ", (f"New table: {plugin(self.game).title}", "bold $text-accent")
        )

    @staticmethod
    def _seed() -> Iterator[Widget]:
        """The seed of a local table, made as a plain widget (see made_unstyled); its
        heading and note are drawn by the column (SeatsAndSeedColumn)."""
        yield Input(
            placeholder="random",
            type="integer",
            valid_empty=True,  # empty means a random seed: no mistake to mark
            compact=True,
            id="seed",
        )

    def action_back(self) -> None:
        self.dismiss()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        """Start the table, or list every problem in one sentence each and start nothing."""
        seats = self.query_one(SeatEditor)
        rules, problems = self.rules_editor.read()
        problems = seats.problems() + problems
        options: OnlineTableOptions | None = None
        if self.online:
            options, option_problems = self.query_one(OnlineOptions).read()
            problems += option_problems
        seed = None if self.online else parse_seed(self.query_one("#seed", Input).value)
        if isinstance(seed, str):
            problems.append(seed)
            seed = None
        shown = self.query("#setup-problems").results(Static)
        report = next(shown, None)
        if problems:
            if report is None:
                # Made at the first refusal: most tables start without one.
                report = Static(id="setup-problems", classes="error", markup=False)
                self.mount(report, before=self.query_one("#setup-buttons"))
            report.update("\n".join(f"• {problem}" for problem in problems))
            report.display = True
            return
        if report is not None:
            report.display = False
        setup = TableSetup(self.game, rules, seats.seats, random_seed() if seed is None else seed)
        if options is not None:
            cast("OnlineTableStarter", self.app).start_online_table(setup, options)
        else:
            self.liar_app.start_table(setup)
