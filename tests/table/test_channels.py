"""Both channels a play screen may be handed meet the one SeatChannel protocol."""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest

from liar_tui.net.client import Address, HostClient, RemoteChannel
from liar_tui.rules.liar_game.game import Rules
from liar_tui.table.local import open_table
from liar_tui.table.seats import SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Bus, LocalChannel, SeatChannel

SETUP = TableSetup(
    "liar-game",
    Rules(),
    (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Bo", SeatKind.HUMAN), SeatConfig("Cy")),
    seed=3,
)
METHODS = ("subscribe", "send", "follow", "back", "close")


def local_channel() -> LocalChannel:
    table = open_table(SETUP)
    return LocalChannel(table, Bus(table), SETUP.human_seats)


def remote_channel() -> RemoteChannel:
    return RemoteChannel(HostClient(Address(), "Ann"), table=1, seat=0, setup=SETUP)


@pytest.mark.parametrize("make", [local_channel, remote_channel])
def test_both_channels_are_seat_channels(make: Callable[[], SeatChannel]) -> None:
    channel = make()
    assert isinstance(channel, SeatChannel)
    assert channel.setup is SETUP
    assert channel.seats
    assert set(channel.seats) <= set(SETUP.human_seats)


@pytest.mark.parametrize("cls", [LocalChannel, RemoteChannel])
@pytest.mark.parametrize("method", METHODS)
def test_their_methods_take_what_the_protocol_gives(cls: type, method: str) -> None:
    wanted = inspect.signature(getattr(SeatChannel, method))
    assert inspect.signature(getattr(cls, method)).parameters.keys() == wanted.parameters.keys()


def test_a_channel_refuses_a_seat_it_does_not_play() -> None:
    for channel in (local_channel(), remote_channel()):
        with pytest.raises(ValueError, match="not played here"):
            channel.subscribe(2, lambda update: None)
