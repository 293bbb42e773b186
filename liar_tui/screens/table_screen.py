"""What every game's table screen shares: listening to its people's seats, and letting go."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TYPE_CHECKING, ClassVar

from textual.message import Message
from textual.screen import Screen

from liar_tui.screens.confirm import ConfirmScreen
from liar_tui.table.table import Refused, SeatChannel, SeatUpdate
from liar_tui.widgets.card_art import CardLook

if TYPE_CHECKING:
    from liar_tui.app import LiarApp


class TableScreen(Screen[None]):
    """A table as the people at this keyboard see it, whichever the game.

    The table may call a seat's listener from inside a bot's turn, so every update is only
    queued here as a :class:`TableUpdated` message; each game's screen decides what to show
    in its ``_advance``, run once per batch of updates and only while the screen is on top.
    Between two people at one keyboard a privacy screen is passed first; what it was passed
    for (a seat, or a seat and a round) is the game's to say.
    """

    LEAVE_QUESTION: ClassVar[str] = (
        "Leave the table? The game is saved after every move, "
        "so you can resume it from the home screen."
    )

    class TableUpdated(Message):
        """Something the table told one of our seats, carried onto the UI's message queue."""

        def __init__(self, update: SeatUpdate | Refused) -> None:
            super().__init__()
            self.update = update

    def __init__(self, channel: SeatChannel) -> None:
        super().__init__()
        self.channel = channel
        self.setup = channel.setup
        self.names = channel.setup.names
        self.humans = channel.seats
        self.hot_seat = len(self.humans) >= 2
        self._cleared: object = None
        """What the privacy screen was last passed for, in a hot-seat game."""
        self._privacy_open = False
        self._advance_queued = False

    @property
    def liar_app(self) -> LiarApp:
        return self.app  # type: ignore[return-value]

    @property
    def look(self) -> CardLook:
        return CardLook.from_settings(self.liar_app.settings)

    def on_mount(self) -> None:
        """Runs after the game screen's own ``on_mount``, once its widgets are ready."""
        for seat in self.humans:
            self.channel.subscribe(seat, self._listen)

    def on_unmount(self) -> None:
        """Nobody plays at this table once its screen is gone (left, or a new table began):
        closing it keeps a bot whose timer fires late from saving over the next table."""
        self.channel.close()

    def _listen(self, update: SeatUpdate | Refused) -> None:
        self.post_message(self.TableUpdated(update))

    def _advance(self) -> Awaitable[None] | None:
        """Show what comes next; each game's screen says what that is."""
        raise NotImplementedError

    def _queue_advance(self) -> None:
        """Decide what to show once every update of the same action has been read."""
        if not self._advance_queued:
            self._advance_queued = True
            self.call_later(self._advance)

    def on_screen_resume(self) -> None:
        self._queue_advance()

    def _privacy_passed(self, cleared: object, ready: bool) -> None:
        self._privacy_open = False
        if ready:
            self._cleared = cleared
            self._queue_advance()
        else:
            self.action_leave()

    def action_leave(self) -> None:
        self.app.push_screen(
            ConfirmScreen(self.LEAVE_QUESTION, "Leave", "Stay"), self._leave_answered
        )

    def _leave_answered(self, leave: bool | None) -> None:
        if leave:
            self.liar_app.return_home()
