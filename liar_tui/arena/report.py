"""An arena result for people (a Rich table) and for scripts (JSON)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from rich import box
from rich.table import Table

from liar_tui.arena.runner import ArenaResult, EntrantResult
from liar_tui.arena.stats import Interval
from liar_tui.games import plugin
from liar_tui.games.plugin import Scoring
from liar_tui.table.seats import BotLevel

MEASURE_KEYS = {Scoring.WIN_SHARE: "win_share", Scoring.MONEY: "money_per_game"}
_MEASURE_WORDS = {Scoring.WIN_SHARE: "win share", Scoring.MONEY: "money a game"}


def fair_share(result: ArenaResult) -> float:
    """What every entrant would get on average if none were better than another."""
    return result.scoring.total / len(result.entrants)


def _amount(value: float, scoring: Scoring) -> str:
    if scoring is Scoring.WIN_SHARE:
        return f"{value:.1%}"
    return f"{'−' if value < 0 else '+'}{abs(value):.2f}"


def _interval(interval: Interval, scoring: Scoring) -> str:
    if interval.low is None or interval.high is None:
        return "–"
    if scoring is Scoring.WIN_SHARE:
        return f"{interval.low:.1%}".removesuffix("%") + f"–{interval.high:.1%}"
    return f"{_amount(interval.low, scoring)} to {_amount(interval.high, scoring)}"


def interval_meaning(scoring: Scoring) -> str:
    """What the interval column tells a person, in one line: the long-run figure lies in it
    with 95% confidence, and two bots whose intervals overlap are not shown to differ."""
    return f"Interval: the true {_MEASURE_WORDS[scoring]}, 95% sure; overlaps mean no clear winner."


def seating_note(levels: Sequence[BotLevel]) -> str | None:
    """Why equal bots can end with different results, when they can.

    The runner moves every seat one chair on each game, so each seat has every chair
    equally often, but the seats keep their order round the table: the seat after the
    hard bot is always after it. Bots of one level whose neighbours differ are named with
    the seat each one sits after; None when every group of equal bots sits alike.
    """
    seats = len(levels)

    def before(entrant: int) -> int:
        return (entrant - 1) % seats

    def neighbours(entrant: int) -> tuple[BotLevel, BotLevel]:
        return levels[before(entrant)], levels[(entrant + 1) % seats]

    unlike: list[int] = []
    for level in dict.fromkeys(levels):
        group = [entrant for entrant, other in enumerate(levels) if other is level]
        if len(group) > 1 and len({neighbours(entrant) for entrant in group}) > 1:
            unlike += group
    if not unlike:
        return None
    afters = [
        f"seat {entrant + 1} after seat {before(entrant) + 1} ({levels[before(entrant)].value})"
        for entrant in sorted(unlike)
    ]
    return (
        "Seats change chairs every game but keep their order round the table, so equal bots "
        f"can differ by whom they sit right after: {', '.join(afters)}."
    )


def _milliseconds(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def result_table(result: ArenaResult) -> Table:
    """One row per entrant, in the order ``--seats`` named them, and under it what the
    figures mean: the fair share, the interval, and why equal bots differ."""
    title = plugin(result.game).title
    notes = [
        f"Fair share {_amount(fair_share(result), result.scoring)}: each seat's result if no "
        "bot were better.",
        interval_meaning(result.scoring),
    ]
    seating = seating_note([entrant.level for entrant in result.entrants])
    notes.append(seating or "Seats change chairs every game, so no seat keeps a good chair.")
    table = Table(
        box=box.SIMPLE_HEAD,
        title=f"{title}: {result.games} game{'' if result.games == 1 else 's'}, seed {result.seed}",
        caption="\n".join(notes),
        caption_justify="left",
    )
    table.add_column("Seat", justify="right")
    table.add_column("Bot")
    table.add_column(result.scoring.value.capitalize(), justify="right", no_wrap=True)
    table.add_column("95% interval", justify="right", no_wrap=True)
    table.add_column("Decisions", justify="right")
    table.add_column("Median ms", justify="right")
    table.add_column("p99 ms", justify="right")
    for entrant in result.entrants:
        table.add_row(
            str(entrant.entrant + 1),
            entrant.level.value,
            _amount(entrant.result.estimate, result.scoring),
            _interval(entrant.result, result.scoring),
            str(entrant.decisions),
            _milliseconds(entrant.median_ms),
            _milliseconds(entrant.p99_ms),
        )
    return table


def _entrant_json(entrant: EntrantResult) -> dict[str, object]:
    return {
        "seat": entrant.entrant + 1,
        "level": entrant.level.value,
        "estimate": entrant.result.estimate,
        "low": entrant.result.low,
        "high": entrant.result.high,
        "decisions": entrant.decisions,
        "median_ms": entrant.median_ms,
        "p99_ms": entrant.p99_ms,
    }


def result_json(result: ArenaResult) -> str:
    """The same figures as the table, unrounded; a missing interval or time is null."""
    return json.dumps(
        {
            "game": result.game,
            "games": result.games,
            "seed": result.seed,
            "measure": MEASURE_KEYS[result.scoring],
            "fair_share": fair_share(result),
            "confidence": 0.95,
            "interval": "wilson" if result.scoring is Scoring.WIN_SHARE else "normal",
            "seats": [_entrant_json(entrant) for entrant in result.entrants],
        },
        indent=2,
    )
