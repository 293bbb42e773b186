"""The host's frame encoder writes what the protocol's encoder writes, however long the view."""

from __future__ import annotations

import dataclasses
import random

from liar_tui.bots.liar_game.random_bot import RandomLiarGameBot
from liar_tui.net.host_encoding import FrameEncoder
from liar_tui.net.protocol import MAX_FRAME_BYTES, Update, decode_host_frame, encode_frame
from liar_tui.rules.liar_game import rules as liar_game_rules
from liar_tui.table.local import open_table
from liar_tui.table.seats import default_seats
from liar_tui.table.setup import TableSetup


def test_a_long_game_s_updates_are_the_protocol_s_bytes_even_past_the_client_limit() -> None:
    """Eight seats and 60 rounds: every seat's update, encoded from the shared messages'
    cached text, is exact; and so is a frame longer than a host accepts from a client (a
    view no longer grows that long, so the events of the whole game make one)."""
    setup = TableSetup("liar-game", liar_game_rules.Rules(target=10_000), default_seats(bots=7), 3)
    table = open_table(setup)
    updates: list[Update] = []
    for seat in range(8):
        table.subscribe(seat, lambda update: updates.append(Update(1, update)))
    bots = [RandomLiarGameBot(random.Random(seat)) for seat in range(8)]
    encoder = FrameEncoder()
    every_event = []
    for number in range(60):
        for seat in table.to_act():
            table.handle(bots[seat].act(table.view(seat)))
        every_event += updates[0].update.events
        for update in updates:
            data = encoder.encode(update)  # every update, so the cache is used as the host uses it
            if number % 15 == 0:
                assert data == encode_frame(update)
        updates.clear()
    table.handle(bots[0].act(table.view(0)))
    events = tuple(every_event) * 20  # the same shared objects again: spliced from the cache
    longest = Update(1, dataclasses.replace(updates[-1].update, events=events))
    last = encoder.encode(longest)
    assert len(last) > MAX_FRAME_BYTES
    assert last == encode_frame(longest)
    assert decode_host_frame(last) == longest
