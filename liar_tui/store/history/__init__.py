"""The history of finished games: an SQLite file in the user's data folder (issue 14).

:class:`HistoryStore` is the way in; it opens the file lazily, on first use. The modules:
``database`` opens the file (mode, pragmas, faults), ``migrations`` holds the schema's
steps, ``records`` the record types and their queries, ``store`` the API.
"""

from liar_tui.store.history.database import HistoryError, history_path
from liar_tui.store.history.records import (
    FinishedGame,
    GameRecord,
    GameSummary,
    HistoryFilter,
    SeatResult,
    Visibility,
)
from liar_tui.store.history.store import HistoryStore, NotRecorded, Recorded, RecordResult

__all__ = [
    "FinishedGame",
    "GameRecord",
    "GameSummary",
    "HistoryError",
    "HistoryFilter",
    "HistoryStore",
    "NotRecorded",
    "RecordResult",
    "Recorded",
    "SeatResult",
    "Visibility",
    "history_path",
]
