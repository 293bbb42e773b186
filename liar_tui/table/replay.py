"""A finished game made ready to step through: what the recording seat was told after each
action, worked out once so that a step of the replay only draws what is already known.

A complete record replays its actions from the seed, or from its game's start at a table
played game after game (a deal of a dollar-bills session: its first step is that deal as it
was dealt), through the same rules that played it (so a record the rules no longer accept
is refused here, with the reason); a seat's own
record is already the updates that seat was sent, and is taken as it is. Only a complete
record knows every seat's hand: it alone keeps each seat's last view, to lay every hand
face up once the game is over (issue 14, point 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from liar_tui.store.history import starts
from liar_tui.store.history.records import Visibility
from liar_tui.table.table import SeatUpdate

if TYPE_CHECKING:
    from liar_tui.store.history.records import GameRecord
    from liar_tui.table.setup import TableSetup


class ReplayProblem(ValueError):
    """A record that cannot be replayed; the message is one sentence for the player."""


def no_such_game(game_id: int) -> str:
    return f"There is no game {game_id} in your history (liar-tui history lists them)."


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: the recording seat's update after one action (the first step is
    the view it was dealt, before anyone acted)."""

    update: SeatUpdate
    action: Any | None
    """The action itself, where the record keeps it (a complete record); None for the first
    step and for a seat's own record, which keeps only what the seat was told."""
    decision: Any | None
    """The view the recording seat acted on, where this step is its own action: what a
    coach is asked about. None for every other step."""


@dataclass(frozen=True)
class Replay:
    """A finished game as the replay viewer steps through it."""

    game_id: int
    setup: TableSetup
    seat: int
    """The side the game is seen from: the recording seat (seat 0 for a table host's
    record, which is nobody's)."""
    visibility: Visibility
    steps: tuple[ReplayStep, ...]
    final_views: tuple[Any, ...]
    """Every seat's view at the end, in seat order: a complete record's, to show every hand
    after the game's end. Empty for a seat's own record, which shows only its own."""

    def face_up(self, index: int) -> tuple[Any, ...]:
        """The views whose hands step ``index`` may show face up: every seat's at the last
        step of a complete record, and none before it or for a seat's own record."""
        return self.final_views if index == len(self.steps) - 1 else ()


def replay_of(record: GameRecord) -> Replay:
    """``record`` made ready to step through; raises :class:`ReplayProblem` for a record
    that keeps nothing to replay, or whose actions the rules no longer accept."""
    finished = record.finished
    seat = finished.recording_seat if finished.recording_seat is not None else 0
    if finished.visibility is Visibility.SEAT:
        updates = finished.seat_updates
        if not updates:
            raise ReplayProblem(f"Game {record.id} keeps nothing to replay.")
        steps = tuple(_steps(updates, (None,) * len(updates), seat))
        return Replay(record.id, finished.setup, seat, finished.visibility, steps, ())
    try:
        replayed, final_views = starts.replayed(
            finished.setup, finished.start, finished.actions, seat
        )
    except Exception as error:  # any failure of a game's rules on an old log: no traceback
        reason = str(error).rstrip(".") or type(error).__name__
        raise ReplayProblem(
            f"Game {record.id} cannot be replayed: its actions no longer follow the rules "
            f"of this liar-tui ({reason})."
        ) from None
    steps = tuple(_steps(replayed, (None, *finished.actions), seat))
    return Replay(record.id, finished.setup, seat, finished.visibility, steps, final_views)


def _steps(updates: Sequence[SeatUpdate], actions: tuple[Any, ...], seat: int) -> list[ReplayStep]:
    steps: list[ReplayStep] = []
    for index, (update, action) in enumerate(zip(updates, actions, strict=True)):
        decided = index > 0 and update.actor == seat
        decision = updates[index - 1].view if decided else None
        steps.append(ReplayStep(update, action, decision))
    return steps
