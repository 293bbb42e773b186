"""Frames encoded as :func:`~liar_tui.net.protocol.encode_frame` does, but without encoding
the same message twice.

Every update carries the seat's whole view, and a view carries the last rounds' reveals or
the last games' records: the strict codec would rebuild them for every seat after every
action, which made encoding most of the host's work. The history's entries and the events
are immutable objects shared by all the seats' views, so their JSON text is kept, keyed by
the object itself (held, so its id cannot be reused while cached), and a frame is spliced
from it: the same bytes as the codec and ``json.dumps`` would write.
"""

from __future__ import annotations

import dataclasses
import json
from collections import OrderedDict
from enum import Enum
from json.encoder import encode_basestring
from typing import Any

from liar_tui.net.protocol import MAX_HOST_FRAME_BYTES, FrameError, HostFrame
from liar_tui.table import codec

CACHED_MESSAGES = 20_000
"""Encoded messages kept: several long games' histories; older ones are forgotten first."""
LONGEST_CACHED = 2048
"""Characters of JSON text worth keeping for one message: a history entry or an event. A
whole view is longer, and each is sent once, so caching it would only hold memory."""


class FrameEncoder:
    def __init__(self, capacity: int = CACHED_MESSAGES) -> None:
        self._capacity = capacity
        self._cache: OrderedDict[int, tuple[object, str]] = OrderedDict()
        """JSON text of each immutable message met, by id, with the message held."""
        self._fields: dict[type, list[Any]] = {}
        """Per class, what :meth:`_field_prefixes` gives."""

    def encode(self, frame: HostFrame) -> bytes:
        data = self._json(frame).encode() + b"\n"
        if len(data) > MAX_HOST_FRAME_BYTES:
            raise FrameError(f"a {type(frame).__name__} frame is {len(data)} bytes, over the limit")
        return data

    def _json(self, obj: Any) -> str:
        """``obj``'s JSON text (a frame, or any value inside one), as
        ``json.dumps(codec.encode(obj))`` writes it, from the cached text of every immutable
        message inside it."""
        kind = type(obj)
        if kind is str:
            return _quoted(obj)
        if kind is int:
            return int.__repr__(obj)
        if obj is None or kind is bool:
            return "null" if obj is None else "true" if obj else "false"
        if kind is tuple or kind is list:
            return "[" + ",".join([self._json(item) for item in obj]) + "]"
        if isinstance(obj, Enum):
            return self._json(obj.value)
        params = getattr(kind, "__dataclass_params__", None)
        if params is None or not params.frozen or isinstance(obj, type):
            return _dumps(codec.encode(obj))
        key = id(obj)
        hit = self._cache.get(key)
        if hit is not None and hit[0] is obj:
            self._cache.move_to_end(key)
            return hit[1]
        fields = self._fields.get(kind)
        if fields is None:
            fields = self._fields[kind] = self._field_prefixes(kind)
        if not fields:  # written its own way (a card's token)
            text = _dumps(codec.encode(obj))
        else:
            head, *names = fields
            parts = [head]
            for name, prefix in names:
                parts.append(prefix + self._json(getattr(obj, name)))
            text = "{" + ",".join(parts) + "}"
        if len(text) <= LONGEST_CACHED:
            self._cache[key] = (obj, text)
            if len(self._cache) > self._capacity:
                self._cache.popitem(last=False)
        return text

    @staticmethod
    def _field_prefixes(kind: type) -> list[Any]:
        """``'"type":"Name"'`` and each field's name with its ``'"name":'`` prefix; empty
        for a class the codec writes its own way (a card)."""
        try:
            name = codec.message_name(kind)
        except codec.CodecError:
            return []
        prefixes: list[Any] = [f"{_quoted(codec.TYPE_KEY)}:{_quoted(name)}"]
        prefixes += [(field.name, _quoted(field.name) + ":") for field in dataclasses.fields(kind)]
        return prefixes


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


_quoted = encode_basestring
"""A string as ``json.dumps(..., ensure_ascii=False)`` writes it, without its overhead."""
