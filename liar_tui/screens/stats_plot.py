"""The running ledger of a money game drawn as a plot (``textual-plotext``).

Imported only when a money game's ledger has been read: plotext costs tens of
milliseconds to import, which no other screen, and no stats screen without a money game,
should pay. The stats screen's worker imports it first, off the UI thread.

The plot's x axis is the game's number (game 0 is the $0 before the first game), so each
game is one step whatever the gaps between sittings, and the ticks name the dates those
games ended. plotext's own date axis spaced the games by time and, within a day, repeated
the same date at every tick. The ticks on both axes are chosen here for the room the plot
has, and redrawn when it changes.
"""

from __future__ import annotations

import math

from textual.app import RenderResult
from textual_plotext import PlotextPlot

from liar_tui.money import money_text
from liar_tui.screens.ledger_steps import LedgerStep

X_TICK_ROOM = 16
"""Columns each date tick takes, gap included."""
Y_TICK_ROOM = 3
"""Rows each money tick takes."""


def nice_step(span: float, ticks: int) -> float:
    """The smallest step of 1, 2 or 5 times a power of ten that cuts ``span`` in at most
    ``ticks`` parts."""
    ticks = max(ticks, 1)
    power = 10.0 ** (math.floor(math.log10(max(span, 1e-9) / ticks)) - 1)
    while True:
        for factor in (1, 2, 5):
            if math.floor(span / (factor * power)) <= ticks:
                return factor * power
        power *= 10


def money_ticks(low: float, high: float, rows: int) -> list[float]:
    """Round amounts from ``low`` to ``high``, 0 among them, one every few ``rows`` at most."""
    step = max(1.0, nice_step(high - low, rows // Y_TICK_ROOM))
    first, last = math.ceil(low / step), math.floor(high / step)
    return [step * index for index in range(first, last + 1)]


def date_ticks(steps: list[LedgerStep], columns: int) -> list[LedgerStep]:
    """The steps whose dates label the x axis: the first game's, the last's, and evenly
    between, as many as ``columns`` has room for."""
    games = [step for step in steps if step.ended_at is not None]
    count = max(2, columns // X_TICK_ROOM)
    if len(games) <= count:
        return games
    last = len(games) - 1
    return [games[round(index * last / (count - 1))] for index in range(count)]


def date_labels(ticks: list[LedgerStep]) -> list[str]:
    """The ticks' local dates; their times too where two share a date, and the times alone
    when all of them do."""
    moments = [step.ended_at.astimezone() for step in ticks if step.ended_at is not None]
    days = [moment.date() for moment in moments]
    if len(set(days)) == 1:
        form = "%H:%M"
    elif len(set(days)) < len(days):
        form = "%m-%d %H:%M"
    else:
        form = "%Y-%m-%d"
    return [moment.strftime(form) for moment in moments]


def running_line(steps: list[LedgerStep]) -> tuple[list[float], list[float]]:
    """The running total as steps: level from one game to the next, moving at each game's
    end. A line from point to point drew a slope between two games (one lost game, a ramp
    down from $0), where the total had not moved."""
    numbers: list[float] = [steps[0].number]
    totals = [steps[0].total]
    for step in steps[1:]:
        numbers += [step.number, step.number]
        totals += [totals[-1], step.total]
    return numbers, totals


class LedgerPlot(PlotextPlot):
    """The running total, game by game, with a line at $0."""

    def __init__(self, steps: list[LedgerStep], ascii_only: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.steps = steps
        self.ascii_only = ascii_only
        """Draw with ``*``: braille dots have no ASCII look-alike."""

    def render(self) -> RenderResult:
        """Draw the steps for the size the plot has now, then let plotext render them."""
        self._draw(self.size.width, self.size.height)
        return super().render()

    def _draw(self, columns: int, rows: int) -> None:
        plt = self.plt
        plt.clear_figure()
        numbers, totals = running_line(self.steps)
        low, high = min(0.0, *totals), max(0.0, *totals)
        high = high if high > low else low + 1
        plt.ylim(low, high)
        amounts = money_ticks(low, high, rows - 3)
        plt.yticks(amounts, [money_text(amount) for amount in amounts])
        plt.hline(0)
        # Drawn after the $0 line, so that a total level at $0 shows over it.
        plt.plot(numbers, totals, marker="*" if self.ascii_only else "braille")
        ticks = date_ticks(self.steps, columns)
        plt.xticks([step.number for step in ticks], date_labels(ticks))
        plt.xlim(0, max(1, numbers[-1]))
