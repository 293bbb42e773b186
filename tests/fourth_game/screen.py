"""A minimal High Card play screen: the seat's view as text, and one key per action.

It is a plain Textual screen, so it relies only on what the plugin contract promises a play
screen: a :class:`~liar_tui.table.table.SeatChannel` to subscribe the people's seats on and
send their actions through. Updates may arrive from inside a bot's turn, so each is only
queued as a message and shown from the screen's own message loop.

Minimal on purpose: when several people share the keyboard, the card of whoever is to act
is shown with no privacy screen in between.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static

from liar_tui.rules.cards import Rank
from tests.fourth_game.rules import RANKS, Call, HighCardView, Higher, actions_in, rank_label

if TYPE_CHECKING:
    from liar_tui.table.setup import TableSetup
    from liar_tui.table.table import Refused, SeatChannel, SeatUpdate


RANK_KEYS = {rank: Rank(rank).ascii.lower() for rank in RANKS}
"""The key that claims each rank: ``2`` to ``9``, then ``t j q k a``."""


def saved_summary(setup: TableSetup, view: HighCardView) -> str:
    """One line on where a saved game stands: its deal and every seat's deals won."""
    wins = " · ".join(f"{name} {won}" for name, won in zip(setup.names, view.wins, strict=True))
    return f"High Card, deal {view.deal}: {wins}"


def view_text(view: HighCardView, names: tuple[str, ...]) -> str:
    """Everything the seat of ``view`` may know, as lines of plain text."""
    lines = [
        f"High Card · deal {view.deal} · first to {view.rules.target} deals",
        "Deals won: " + ", ".join(f"{n} {w}" for n, w in zip(names, view.wins, strict=True)),
    ]
    if view.past_deals:
        last = view.past_deals[-1]
        shown = " ".join(f"{names[s]} {card.text}" for s, card in enumerate(last.cards))
        lines.append(f"Last deal: {shown}; {names[last.winner]} won it.")
    if view.winner is not None:
        lines.append(f"{names[view.winner]} wins the game. Press Escape to leave.")
        return "\n".join(lines)
    lines.append(f"Card of {names[view.seat]}: {view.card.text}")
    claims = ", ".join(f"{names[c.seat]} {rank_label(c.rank)}" for c in view.claims)
    lines.append(f"Claims: {claims or 'none yet'}")
    if view.turn == view.seat:
        lines.append("Your turn: press a rank (2-9, T, J, Q, K, A) to claim higher, C to call.")
    elif view.turn is not None:
        lines.append(f"Waiting for {names[view.turn]}.")
    return "\n".join(lines)


class HighCardPlayScreen(Screen[None]):
    """One High Card table as the people at this keyboard see it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(key, f"claim({rank})", f"Claim {rank_label(rank)}", show=False)
            for rank, key in RANK_KEYS.items()
        ),
        Binding("c", "call", "Call"),
        Binding("escape", "leave", "Leave"),
    ]

    class Updated(Message):
        """Something the table told one of our seats, carried onto the UI's message queue."""

        def __init__(self, update: SeatUpdate | Refused) -> None:
            super().__init__()
            self.update = update

    def __init__(self, channel: SeatChannel) -> None:
        super().__init__()
        self.channel = channel
        self.names = channel.setup.names
        self.views: dict[int, HighCardView] = {}
        self.to_act: tuple[int, ...] = ()

    def compose(self) -> ComposeResult:
        yield Static("Dealing…", id="high-card-table")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        for seat in self.channel.seats:
            self.channel.subscribe(seat, self._listen)

    def on_unmount(self) -> None:
        self.channel.close()

    def _listen(self, update: SeatUpdate | Refused) -> None:
        self.post_message(self.Updated(update))

    @on(Updated)
    def _updated(self, message: Updated) -> None:
        from liar_tui.table.table import Refused

        update = message.update
        if isinstance(update, Refused):
            self.notify(update.reason, title="Refused", severity="warning", markup=False)
            return
        self.views[update.seat] = update.view
        self.to_act = update.to_act
        self._show()

    @property
    def shown_seat(self) -> int | None:
        """The seat whose view is on screen: ours to act, else the first of ours."""
        for seat in self.to_act:
            if seat in self.views:
                return seat
        return next(iter(self.views), None)

    def _show(self) -> None:
        seat = self.shown_seat
        if seat is not None:
            text = view_text(self.views[seat], self.names)
            self.query_one("#high-card-table", Static).update(text)

    def _send(self, action: Higher | Call) -> None:
        seat = self.shown_seat
        view = self.views.get(seat) if seat is not None else None
        if view is None or action.seat != seat or action not in actions_in(view):
            self.app.bell()
            return
        self.channel.send(action)

    def action_claim(self, rank: int) -> None:
        if (seat := self.shown_seat) is not None:
            self._send(Higher(seat, rank))

    def action_call(self) -> None:
        if (seat := self.shown_seat) is not None:
            self._send(Call(seat))

    def action_leave(self) -> None:
        return_home = getattr(self.app, "return_home", None)
        if return_home is not None:
            return_home()
        else:
            self.app.pop_screen()
