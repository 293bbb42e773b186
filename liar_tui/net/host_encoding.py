"""Frames encoded as :func:`~liar_tui.net.protocol.encode_frame` does, but without encoding
the same message twice.

Every update carries the seat's whole view, and a view carries the table's history (every
hand shown, every past deal): the strict codec would rebuild it for every seat after every
action, which made encoding most of the host's work. The history's entries and the events
are immutable objects shared by all the seats' views, so their encoding is kept, keyed by
the object itself (held, so its id cannot be reused while cached), and the JSON is the same
byte for byte.
"""

from __future__ import annotations

import dataclasses
import json
from collections import OrderedDict
from typing import Any

from liar_tui.net.protocol import MAX_FRAME_BYTES, FrameError, HostFrame
from liar_tui.table import codec

CACHED_MESSAGES = 20_000
"""Encoded messages kept: several long games' histories; older ones are forgotten first."""


class FrameEncoder:
    def __init__(self, capacity: int = CACHED_MESSAGES) -> None:
        self._capacity = capacity
        self._cache: OrderedDict[int, tuple[object, Any]] = OrderedDict()
        self._names: dict[type, str] = {}
        """Each message class's name in frames, as the codec gives it; "" for a card."""

    def encode(self, frame: HostFrame) -> bytes:
        text = json.dumps(self._data(frame), ensure_ascii=False, separators=(",", ":"))
        data = text.encode() + b"\n"
        if len(data) > MAX_FRAME_BYTES:
            raise FrameError(f"a {type(frame).__name__} frame is {len(data)} bytes, over the limit")
        return data

    def _data(self, obj: object) -> Any:
        if isinstance(obj, tuple | list):
            return [self._data(item) for item in obj]
        params = getattr(type(obj), "__dataclass_params__", None)
        if params is None or not params.frozen or isinstance(obj, type):
            return codec.encode(obj)
        key = id(obj)
        hit = self._cache.get(key)
        if hit is not None and hit[0] is obj:
            self._cache.move_to_end(key)
            return hit[1]
        name = self._names.get(type(obj))
        if name is None:  # the first of its class: a message, or written its own way (a card)
            try:
                name = codec.message_name(type(obj))
            except codec.CodecError:
                name = ""
            self._names[type(obj)] = name
        if not name:
            return codec.encode(obj)
        data: dict[str, Any] = {codec.TYPE_KEY: name}
        for field in dataclasses.fields(obj):
            data[field.name] = self._data(getattr(obj, field.name))
        self._cache[key] = (obj, data)
        if len(self._cache) > self._capacity:
            self._cache.popitem(last=False)
        return data
