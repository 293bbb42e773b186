"""Working a form's one-widget rows from a test, as a player's mouse would."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from liar_tui.widgets.choice_row import ChoiceRow


async def click_option(pilot: Pilot[Any], selector: str, value: object) -> None:
    """Click the option ``value`` of the choice row ``selector`` on the current screen."""
    row: ChoiceRow[object] = pilot.app.screen.query_one(selector, ChoiceRow)
    await pilot.click(row, offset=row.option_offset(value))
