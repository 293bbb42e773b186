"""What every game's table screen shares: listening to its people's seats, and letting go."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message
from textual.screen import Screen

from liar_tui.table.table import Refused, SeatChannel, SeatUpdate
from liar_tui.widgets.card_art import CardLook

if TYPE_CHECKING:
    from liar_tui.app import LiarApp


class TableScreen(Screen[None]):
    """A table as the people at this keyboard see it, whichever the game.

    The table may call a seat's listener from inside a bot's turn, so every update is only
    queued here as a :class:`TableUpdated` message; each game's screen decides what to show.
    """

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
