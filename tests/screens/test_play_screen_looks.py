"""Every game's play screen in every look a player can choose: a dark and a light theme, and
ASCII only, at the smallest supported terminal (80x24) and a large one (160x48).

One person sits with three bots, so the first picture is the person's first turn (the bots
before them play at once, from the table's seed). The default run takes each game dark at
80x24; the other looks and the large size are in the slow run. Refresh with ``pytest -m "slow or
not slow" tests/screens/test_play_screen_looks.py --snapshot-update`` and look at the SVGs under
``__snapshots__`` before keeping them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from liar_tui import games
from liar_tui.app import LiarApp
from liar_tui.screens.table_screen import TableScreen
from liar_tui.store.settings import CardStyle, Settings
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup

SnapCompare = Callable[..., bool]

ONE_PERSON = (
    SeatConfig("You", SeatKind.HUMAN),
    SeatConfig("Ada"),
    SeatConfig("Bea"),
    SeatConfig("Cal"),
)
LOOKS = {
    "dark": Settings(bot_delay=0),
    "light": Settings(bot_delay=0, theme="textual-light", four_color=True),
    "ascii": Settings(bot_delay=0, card_style=CardStyle.ASCII),
}
SMALL = (80, 24)
LARGE = (160, 48)
SIZES = {"80x24": SMALL, "160x48": LARGE}
CASES = [
    pytest.param(
        game_id,
        look,
        size,
        id=f"{game_id}-{look}-{size_id}",
        marks=() if (look, size) == ("dark", SMALL) else pytest.mark.slow,
    )
    for game_id in sorted(games.registered())
    for look in LOOKS
    for size_id, size in SIZES.items()
]
"""Each game dark at 80x24 in the default run; every other look and size in the slow run."""


def table_app(game_id: str, settings: Settings) -> LiarApp:
    rules = games.plugin(game_id).default_rules()
    return LiarApp(settings=settings, start=TableSetup(game_id, rules, ONE_PERSON, seed=11))


MAX_PAUSES = 40
"""Far more pauses than the bots before the person take (one or two each) at the slowest."""


async def settle(pilot: Pilot[Any]) -> None:
    """Wait for the person's first turn on the table screen, however many pauses the bots
    before them take on a loaded machine, then let the screen draw it."""
    app = pilot.app
    assert isinstance(app, LiarApp)
    for _ in range(MAX_PAUSES):
        await pilot.pause()
        table = app.table
        persons_turn = table is not None and set(table.to_act()) & set(table.setup.human_seats)
        if persons_turn and isinstance(app.screen, TableScreen):
            break
    else:
        raise AssertionError("the person's first turn never came")
    for _ in range(3):
        await pilot.pause()


@pytest.mark.parametrize(("game_id", "look", "size"), CASES)
def test_play_screen(
    snap_compare: SnapCompare, game_id: str, look: str, size: tuple[int, int]
) -> None:
    app = table_app(game_id, LOOKS[look])
    assert snap_compare(app, terminal_size=size, run_before=settle)
