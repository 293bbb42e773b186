"""The arena table for people: what its interval means, and why equal bots can differ."""

from __future__ import annotations

from rich.console import Console

from liar_tui.arena.report import result_table, seating_note
from liar_tui.arena.runner import ArenaResult, EntrantResult
from liar_tui.arena.stats import Interval
from liar_tui.games.plugin import Scoring
from liar_tui.table.seats import BotLevel

HARD, NORMAL, EASY = BotLevel.HARD, BotLevel.NORMAL, BotLevel.EASY


def printed(result: ArenaResult) -> str:
    console = Console(width=100, record=True)
    console.print(result_table(result))
    return " ".join(console.export_text().split())


def a_result(scoring: Scoring, *levels: BotLevel) -> ArenaResult:
    share = scoring.total / len(levels)
    entrants = tuple(
        EntrantResult(e, level, Interval(share, share - 0.05, share + 0.05), 10, 1.0, 2.0)
        for e, level in enumerate(levels)
    )
    return ArenaResult("liars-poker-bills", scoring, 300, 1, entrants)


def test_the_table_says_in_one_line_what_the_interval_means() -> None:
    text = printed(a_result(Scoring.MONEY, HARD, NORMAL, NORMAL))
    assert "Interval: the true money a game, 95% sure; overlaps mean no clear winner." in text
    share = printed(a_result(Scoring.WIN_SHARE, HARD, NORMAL, NORMAL))
    assert "Interval: the true win share, 95% sure; overlaps mean no clear winner." in share


def test_equal_bots_with_different_neighbours_are_explained() -> None:
    note = seating_note((HARD, NORMAL, NORMAL))
    assert note == (
        "Seats change chairs every game but keep their order round the table, so equal bots "
        "can differ by whom they sit right after: seat 2 after seat 1 (hard), "
        "seat 3 after seat 2 (normal)."
    )
    assert note in printed(a_result(Scoring.MONEY, HARD, NORMAL, NORMAL))


def test_no_note_where_equal_bots_sit_alike() -> None:
    assert seating_note((NORMAL, NORMAL, NORMAL)) is None
    assert seating_note((HARD, EASY)) is None
    assert seating_note((EASY, HARD, EASY, HARD)) is None, "each easy bot sits after a hard one"
    assert "sit right after" not in printed(a_result(Scoring.WIN_SHARE, HARD, EASY))
