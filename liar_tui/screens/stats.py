"""The Stats screen: how the player is doing, per game and per kind of opponent.

A section a game: a line per kind of opponent (all, each bot level, people) with games,
wins, win share and its 95% interval, the current and longest win streak and the mean final
score, as ``liar-tui stats`` prints them (:mod:`liar_tui.stats_command`), the game's own
numbers below; and, for a game played for money, the running total drawn as a plot.

Everything is read in worker threads (never on the UI's): the stats first, then, once they
are shown, each money game's ledger. The game filter only shows and hides sections, so
cycling it reads nothing. A history an older liar-tui recorded has its games' own numbers
counted in the background after the file opens (:mod:`~liar_tui.store.history.counting`):
stats read meanwhile leave them out, so they are read again once the counting is done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Static

from liar_tui.games import registered
from liar_tui.history_command import empty_text, title
from liar_tui.money import money_text
from liar_tui.screens.base import LiarScreen
from liar_tui.screens.ledger_steps import LedgerStep, ledger_steps
from liar_tui.stats_command import (
    SCORE_WIDTH,
    STREAK_HEADING,
    against_text,
    is_money_game,
    left_out_text,
    percent,
    score_cell,
    score_heading,
    streak_text,
)
from liar_tui.store.history import HistoryError, HistoryFilter, HistoryStore
from liar_tui.store.settings import CardStyle
from liar_tui.widgets.footer import Footer

if TYPE_CHECKING:
    from liar_tui.store.history.stats import GameStats, LeftOut, OpponentStats

TALL = 40
"""Rows from which the running total is drawn taller."""


def lines_table(stats: GameStats) -> Table:
    """A game's line per kind of opponent, in the columns and words ``liar-tui stats``
    prints, each as wide as the games of a long history need, so the sections' columns
    line up."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
    table.add_column("against", min_width=len("all opponents"))
    for column, width in (("games", 6), ("wins", 6), ("share", 5)):
        table.add_column(column, justify="right", min_width=width)
    table.add_column("95% interval", justify="center")
    table.add_column(STREAK_HEADING, justify="right")
    table.add_column(score_heading(stats.game), justify="right", min_width=SCORE_WIDTH)
    for line in stats.lines:
        table.add_row(*line_cells(line, stats.game))
    return table


def line_cells(line: OpponentStats, game: str) -> tuple[str, ...]:
    interval = line.interval
    return (
        against_text(line.against),
        f"{line.games:,}",
        f"{line.wins:,}",
        percent(line.win_share),
        f"{percent(interval.low)} – {percent(interval.high)}",
        streak_text(line),
        score_cell(game, line.mean_score),
    )


def game_lines_table(stats: GameStats) -> Table:
    """The game's own numbers (points per round, challenges won…): a label and a value a
    line, as its plugin words them."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_header=False)
    table.add_column("what", style="dim")
    table.add_column("value", justify="right")
    for label, value in stats.game_lines:
        table.add_row(Text(label), Text(value))
    return table


class GameSection(Vertical):
    """A game's lines, and for a money game the box its running total is drawn in."""

    def __init__(self, stats: GameStats) -> None:
        super().__init__(classes="stats-game")
        self.stats = stats
        self.money = is_money_game(stats.game)

    @property
    def game(self) -> str:
        return self.stats.game

    def compose(self) -> ComposeResult:
        yield Static(title(self.game), classes="stats-game-title", markup=False)
        yield Static(lines_table(self.stats), classes="stats-lines")
        if self.stats.game_lines:
            yield Static(game_lines_table(self.stats), classes="stats-game-lines")
        if self.money:
            with Vertical(classes="stats-ledger") as ledger:
                ledger.border_title = "Your running total"
                yield Static("Drawing your running total…", classes="stats-ledger-note")

    def show_ledger(self, steps: list[LedgerStep], ascii_only: bool) -> None:
        """Draw ``steps`` in the ledger's box, the total so far under it."""
        from liar_tui.screens.stats_plot import LedgerPlot

        ledger = self.query_one(".stats-ledger", Vertical)
        games = steps[-1].number
        ledger.border_subtitle = (
            f"{money_text(steps[-1].total)} after {games:,} game{'' if games == 1 else 's'}"
        )
        ledger.remove_children()
        ledger.mount(LedgerPlot(steps, ascii_only))


class StatsScreen(LiarScreen[None]):
    """A section a game, filtered by game with ``g``; Escape goes back."""

    CSS_PATH = "stats.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("g", "next_game", "Game filter"),
    ]
    AUTO_FOCUS = "#stats-body"
    # Not a ClassVar: Textual's `ClassVar[...] | None` reads to type checkers as an instance
    # variable, which a ClassVar may not override.
    VERTICAL_BREAKPOINTS: list[tuple[int, str]] | None = [  # noqa: RUF012
        (0, "-short"),
        (TALL, "-tall"),
    ]
    """A short terminal keeps a money game's section on one screen; a tall one has room
    for a taller plot."""

    class StatsRead(Message):
        """The stats of every game, read by the worker, and for the game filters that find
        none of the player's own games (None: all games), the games left out."""

        def __init__(
            self, read: int, stats: tuple[GameStats, ...], left_out: dict[str | None, LeftOut]
        ) -> None:
            super().__init__()
            self.read = read
            """Which read of the screen's found them (see ``StatsScreen._reads``)."""
            self.stats = stats
            self.left_out = left_out

    class LedgerRead(Message):
        """A money game's running total, read and thinned by the worker."""

        def __init__(self, game: str, steps: list[LedgerStep]) -> None:
            super().__init__()
            self.game = game
            self.steps = steps

    class ReadFailed(Message):
        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    class Counted(Message):
        """Every game an older liar-tui recorded is counted: the stats read before left out
        their own numbers. Posted from the thread that counted them."""

    def __init__(self, store: HistoryStore) -> None:
        super().__init__()
        self.store = store
        self.game: str | None = None
        """The game shown; None for all of them."""
        self._stats: tuple[GameStats, ...] | None = None
        """What the worker read; None until it has."""
        self._left_out: dict[str | None, LeftOut] = {}
        self._reads = 0
        """How many reads were begun: the stats of an earlier one that ends after a later
        (begun before the counting ended, and slower) are older, and not shown."""
        # Read at once, while the screen's styles load and its widgets are made: Textual
        # handles what the worker posts only once the screen is mounted.
        self._read()

    def compose(self) -> ComposeResult:
        yield Static("Stats", id="stats-title")
        yield Static("Reading your history…", id="stats-status", markup=False)
        yield VerticalScroll(id="stats-body")
        yield Static(id="stats-empty", markup=False)
        yield Footer()

    # reading --------------------------------------------------------------------------

    def _read(self) -> None:
        store = self.store
        self._reads += 1
        number = self._reads

        def read() -> None:
            # A history never written is an empty one: opening it to read makes no file.
            if not store.path.exists():
                self.post_message(self.StatsRead(number, (), {}))
                return
            from liar_tui.store.history.stats import history_left_out, history_stats

            try:
                # Opening the file begins counting what an older liar-tui recorded: asked for
                # before the stats are read, so that no end of it comes unheard between.
                if store.games_to_count():
                    store.when_counted(lambda: self.post_message(self.Counted()))
                stats = history_stats(store)
                counted = {found.game for found in stats}
                # Only for a filter that finds nothing: a history with games of every
                # title reads no more than its stats.
                unfound: list[str | None] = [None] if not stats else []
                unfound += [game for game in registered() if game not in counted]
                left_out = {game: history_left_out(store, game) for game in unfound}
                self.post_message(self.StatsRead(number, stats, left_out))
            except HistoryError as error:
                self.post_message(self.ReadFailed(str(error)))

        self.run_worker(read, name="read stats", group="stats", thread=True)

    def _read_ledgers(self, games: list[str]) -> None:
        """Read the money games' running totals: once the stats are on the screen, so the
        two do not take turns with the UI thread while it shows them."""
        store = self.store

        def read() -> None:
            from liar_tui.store.history.stats import history_ledger

            try:
                for game in games:
                    steps = ledger_steps(history_ledger(store, game))
                    import liar_tui.screens.stats_plot  # noqa: F401  (its import, off the UI thread)

                    self.post_message(self.LedgerRead(game, steps))
            except HistoryError as error:
                self.post_message(self.ReadFailed(str(error)))

        self.run_worker(read, name="read ledgers", group="stats", thread=True)

    @on(StatsRead)
    async def _stats_read(self, message: StatsRead) -> None:
        self._say_notices()
        if message.read != self._reads:  # a later read is under way, or was shown
            return
        self._left_out = message.left_out
        known = list(registered())
        # In the order the app lists the games; one whose plugin is gone, last.
        self._stats = tuple(
            sorted(
                message.stats,
                key=lambda stats: known.index(stats.game) if stats.game in known else len(known),
            )
        )
        body = self.query_one("#stats-body", VerticalScroll)
        await body.remove_children()  # read again: the sections of the read before
        await body.mount_all(GameSection(stats) for stats in self._stats)
        self._show()
        money = [stats.game for stats in self._stats if is_money_game(stats.game)]
        if money:
            self._read_ledgers(money)

    @on(LedgerRead)
    def _ledger_read(self, message: LedgerRead) -> None:
        ascii_only = self.liar_app.settings.card_style is CardStyle.ASCII
        for section in self.query(GameSection):
            if section.game == message.game:
                section.show_ledger(message.steps, ascii_only)

    @on(Counted)
    def _counted(self) -> None:
        self.notify(
            "History has counted the games an older liar-tui recorded: the stats now include "
            "their points, bluffs and money.",
            title="History",
            markup=False,
        )
        self._read()

    @on(ReadFailed)
    def _read_failed(self, message: ReadFailed) -> None:
        self._say_notices()
        self.query_one("#stats-status", Static).update("Stats cannot be read.")
        self.notify(message.reason, title="Stats", severity="error", markup=False)

    def _say_notices(self) -> None:
        for notice in self.store.take_notices():
            self.notify(notice, title="History", severity="warning", markup=False)

    # showing --------------------------------------------------------------------------

    def _show(self) -> None:
        """Show the sections of the game chosen, or say there are none."""
        if self._stats is None:
            return
        shown = [stats for stats in self._stats if self.game in (None, stats.game)]
        for section in self.query(GameSection):
            section.display = self.game in (None, section.game)
        games = sum(stats.overall.games for stats in shown)
        described = title(self.game) if self.game else "all games"
        self.query_one("#stats-status", Static).update(
            f"{games:,} game{'' if games == 1 else 's'} · {described}"
        )
        self.query_one("#stats-body").display = bool(shown)
        empty = self.query_one("#stats-empty", Static)
        empty.display = not shown
        left_out = self._left_out.get(self.game)
        empty.update(
            (left_out and left_out_text(left_out, self.game))
            or empty_text(HistoryFilter(game=self.game))
        )

    def action_next_game(self) -> None:
        """Cycle the game filter: all games, then each game in turn."""
        choices: list[str | None] = [None, *registered()]
        at = choices.index(self.game) if self.game in choices else 0
        self.game = choices[(at + 1) % len(choices)]
        self._show()

    def action_back(self) -> None:
        self.dismiss()
