"""The History screen: the games finished here, newest first, narrowed by game and opponent.

The history may hold tens of thousands of games, so the list reads a page at a time, in a
worker thread (never on the UI's), and reads the next page as the cursor nears the end of
those read. A page arriving for a filter that has since changed is dropped. The wording of
a game is the one ``liar-tui history`` prints (:mod:`liar_tui.history_command`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import DataTable, Input, Static

from liar_tui.games import registered
from liar_tui.history_command import (
    SEPARATOR,
    chosen_filter,
    empty_text,
    game_title_text,
    ordinal,
    score_words,
    title,
    when_text,
)
from liar_tui.screens.base import LiarScreen
from liar_tui.store.history import GameSummary, HistoryError, HistoryFilter, HistoryStore
from liar_tui.widgets.footer import Footer

PAGE = 100
"""Games read at a time: a few screenfuls, read in a few milliseconds however long the
history is."""
READ_AHEAD = 20
"""Rows from the end of those read at which the next page is asked for."""
COLUMNS = ("When", "Game", "You", "Opponents")


def result_text(summary: GameSummary) -> Text:
    """The recording seat's place and score, bold for a win; a dash for a host's record."""
    if summary.recording_seat is None:
        return Text("—")
    seat = summary.seats[summary.recording_seat]
    score = score_words(summary.game, seat.score)
    return Text(f"{ordinal(seat.place)} ({score})", style="bold" if seat.won else "")


def row_of(summary: GameSummary) -> tuple[Text, ...]:
    """A game's cells: the opponents by place, without their scores, which would push the
    last of them off an 80-column terminal. Text, not markup: a name may hold brackets."""
    by_place = sorted(summary.opponents, key=lambda seat: seat.place)
    opponents = SEPARATOR.join(f"{seat.name} {ordinal(seat.place)}" for seat in by_place)
    return (
        Text(when_text(summary.ended_at)),
        Text(game_title_text(summary)),
        result_text(summary),
        Text(opponents),
    )


@dataclass(frozen=True)
class Narrowing:
    """What the list shows: the store's filter, and the opponent as the player typed it."""

    game: str | None = None
    opponent: str | None = None

    @property
    def where(self) -> HistoryFilter:
        return chosen_filter(self.game, self.opponent)

    def described(self) -> str:
        game = title(self.game) if self.game else "all games"
        opponent = f"against {self.opponent}" if self.opponent else "any opponent"
        return f"{game} · {opponent}"


class GamesTable(DataTable[Text]):
    """The list of games, whose Enter (the table's own, shown in the footer) replays the
    game under the cursor. Being the table's key, Enter comes after the arrow keys typed
    before it: a screen's priority Enter jumped ahead of them and opened the game the
    cursor was leaving."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select_cursor", "Replay")]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Replay is offered only once there is a game to replay."""
        if action == "select_cursor":
            return self.row_count > 0
        return True


class HistoryScreen(LiarScreen[None]):
    """The finished games; Enter replays the one under the cursor, Escape goes back."""

    CSS_PATH = "history.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("g", "next_game", "Game filter"),
        Binding("o,slash", "opponent", "Opponent filter"),
        Binding("t", "stats", "Stats"),
    ]
    AUTO_FOCUS = "#history-table"

    class PageRead(Message):
        """A page of games read by the worker, for ``narrowing`` from ``offset`` on."""

        def __init__(
            self, narrowing: Narrowing, offset: int, games: list[GameSummary], total: int | None
        ) -> None:
            super().__init__()
            self.narrowing = narrowing
            self.offset = offset
            self.games = games
            self.total = total

    class ReadFailed(Message):
        def __init__(self, narrowing: Narrowing, reason: str) -> None:
            super().__init__()
            self.narrowing = narrowing
            self.reason = reason

    def __init__(self, store: HistoryStore) -> None:
        super().__init__()
        self.store = store
        self.narrowing = Narrowing()
        self._read = 0
        """Games of the list read so far: where the next page starts."""
        self._total: int | None = None
        self._reading = False
        self._all_read = False
        self._asking = False
        """Whether the opponent's question is open."""

    def compose(self) -> ComposeResult:
        yield Static("History", id="history-title")
        yield Static(id="history-status", markup=False)
        yield Input(id="history-opponent", placeholder="A name, or a bot level: easy, normal, hard")
        table = GamesTable(id="history-table", cursor_type="row", zebra_stripes=True)
        table.add_columns(*COLUMNS)
        yield table
        yield Static(id="history-empty", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        question = self.query_one("#history-opponent", Input)
        question.border_title = "Opponent"
        question.border_subtitle = "Enter filters · empty for any · Esc closes"
        self._start_reading()

    # reading --------------------------------------------------------------------------

    def _start_reading(self) -> None:
        """Read the list afresh for the narrowing now chosen."""
        self._read = 0
        self._total = None
        self._all_read = False
        self.query_one("#history-table", DataTable).clear()
        self.query_one("#history-empty").display = False
        self._show_status("Reading your history…")
        self._read_page()

    def _read_page(self) -> None:
        narrowing, offset, store = self.narrowing, self._read, self.store
        counted = offset == 0
        self._reading = True

        def read() -> None:
            # A history never written is an empty one: opening it to read makes no file.
            if not store.path.exists():
                self.post_message(self.PageRead(narrowing, offset, [], 0))
                return
            try:
                games = store.list_games(narrowing.where, limit=PAGE, offset=offset)
                total = store.count_games(narrowing.where) if counted else None
            except HistoryError as error:
                self.post_message(self.ReadFailed(narrowing, str(error)))
            else:
                self.post_message(self.PageRead(narrowing, offset, games, total))

        self.run_worker(read, name="read history", group="history-list", thread=True)

    @on(PageRead)
    def _page_read(self, message: PageRead) -> None:
        self._say_notices()
        if message.narrowing != self.narrowing or message.offset != self._read:
            return  # read for a filter since changed
        self._reading = False
        if message.total is not None:
            self._total = message.total
        table = self.query_one("#history-table", DataTable)
        for game in message.games:
            # A game recorded since the last page moved the list one place down: its first
            # game is the last one shown. The row's key is the game's id (for the replay).
            if str(game.id) not in table.rows:
                table.add_row(*row_of(game), key=str(game.id))
        self._read += len(message.games)
        self._all_read = len(message.games) < PAGE
        empty = table.row_count == 0
        table.display = not empty
        empty_note = self.query_one("#history-empty", Static)
        empty_note.display = empty
        if empty:
            empty_note.update(empty_text(self.narrowing.where))
        self._show_status(self._counted())
        self.refresh_bindings()  # Replay is offered once there is a game to replay

    @on(ReadFailed)
    def _read_failed(self, message: ReadFailed) -> None:
        self._say_notices()
        if message.narrowing != self.narrowing:
            return
        self._reading = False
        self._all_read = True
        self._show_status("History cannot be read.")
        self.notify(message.reason, title="History", severity="error", markup=False)

    def _say_notices(self) -> None:
        for notice in self.store.take_notices():
            self.notify(notice, title="History", severity="warning", markup=False)

    def _counted(self) -> str:
        total = self._total if self._total is not None else self._read
        games = f"{total:,} game{'' if total == 1 else 's'}"
        return f"{games} · {self.narrowing.described()}"

    def _show_status(self, text: str) -> None:
        self.query_one("#history-status", Static).update(text)

    @on(DataTable.RowHighlighted, "#history-table")
    def _near_the_end(self, event: DataTable.RowHighlighted) -> None:
        """Read the next page before the cursor reaches the last row read."""
        if (
            not (self._reading or self._all_read)
            and event.cursor_row >= event.data_table.row_count - READ_AHEAD
        ):
            self._read_page()

    # filters --------------------------------------------------------------------------

    def action_next_game(self) -> None:
        """Cycle the game filter: all games, then each game in turn."""
        choices: list[str | None] = [None, *registered()]
        at = choices.index(self.narrowing.game) if self.narrowing.game in choices else 0
        self._narrow(Narrowing(choices[(at + 1) % len(choices)], self.narrowing.opponent))

    def action_opponent(self) -> None:
        """Ask for the opponent: a name, or a bot level; empty for any opponent."""
        field = self.query_one("#history-opponent", Input)
        field.value = self.narrowing.opponent or ""
        field.display = True
        field.focus()
        self._asking = True
        self.refresh_bindings()

    @on(Input.Submitted, "#history-opponent")
    def _opponent_given(self, event: Input.Submitted) -> None:
        self._close_opponent()
        opponent = event.value.strip() or None
        self._narrow(Narrowing(self.narrowing.game, opponent))

    def _close_opponent(self) -> None:
        self.query_one("#history-opponent", Input).display = False
        self.query_one("#history-table", DataTable).focus()
        self._asking = False
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the opponent's question is open its keys are letters typed into it: the
        footer does not offer the filters then."""
        if action in ("next_game", "opponent", "stats"):
            return not self._asking
        return True

    @on(DataTable.RowSelected, "#history-table")
    def _row_chosen(self, event: DataTable.RowSelected) -> None:
        """Enter, or a click on the row under the cursor, replays its game."""
        self._open_replay(event.row_key.value)

    def _open_replay(self, key: str | None) -> None:
        from liar_tui.screens.replay import ReplayScreen

        if key is not None:
            self.app.push_screen(ReplayScreen(self.store, int(key)))

    def _narrow(self, narrowing: Narrowing) -> None:
        if narrowing != self.narrowing:
            self.narrowing = narrowing
            self._start_reading()

    def action_stats(self) -> None:
        """The stats of the same history."""
        from liar_tui.screens.stats import StatsScreen

        self.app.push_screen(StatsScreen(self.store))

    def action_back(self) -> None:
        """Escape closes the opponent's question if it is open, else the screen."""
        if self._asking:
            self._close_opponent()
        else:
            self.dismiss()
