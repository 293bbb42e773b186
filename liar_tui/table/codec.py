"""A strict codec between our typed messages and plain JSON-able data.

Saved tables use it now and network frames will use it later, so it trusts nothing it
decodes: every value is checked against the dataclass field hints, and anything
malformed raises a :class:`CodecError` whose one-line message says where and what.

Dataclasses become ``{"type": "ShowHand", ...fields}``; a :class:`Card` becomes its
token (``"AS"``, ``"JK:1"``); enums their value; tuples lists. Only classes registered
here can be named by ``"type"``, so data can never make the decoder build an arbitrary
class.

Untagged data (``tagged=False``) is for files people edit by hand, such as the settings:
dataclasses are plain tables whose type comes from the hints alone, and a field left out
takes its default, so a file written by an older version still loads.
"""

from __future__ import annotations

import contextlib
import dataclasses
import types
import typing
from enum import Enum
from typing import Any

from liar_tui.rules import liar_game
from liar_tui.rules.cards import Card, parse_card
from liar_tui.table.seats import SeatConfig
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Refused, SeatUpdate

TYPE_KEY = "type"
MAX_DEPTH = 40
"""Deeper than any message nests (a view is about six levels), and far from Python's
recursion limit, so hostile nesting is one clear error instead of a RecursionError."""


class CodecError(ValueError):
    """Data that does not decode to the expected type; the message is one line."""


_CLASS_BY_NAME: dict[str, type] = {}
_NAME_BY_CLASS: dict[type, str] = {}


def register(cls: type, name: str | None = None) -> None:
    """Let ``cls`` be encoded and decoded under ``name`` (its class name by default).

    Names must be unique across games, so a game's rules take the game's name
    (``LiarGameRules``) rather than the bare ``Rules`` each game module defines.
    """
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"only dataclasses can be registered, not {cls!r}")
    name = name or cls.__name__
    if _CLASS_BY_NAME.get(name, cls) is not cls:
        raise ValueError(f"the message name {name!r} is already taken")
    _CLASS_BY_NAME[name] = cls
    _NAME_BY_CLASS[cls] = name


register(liar_game.Rules, "LiarGameRules")
for _cls in (
    liar_game.ShowHand,
    liar_game.HandScore,
    liar_game.HandChosen,
    liar_game.RevealedHand,
    liar_game.RoundRevealed,
    liar_game.DeckReshuffled,
    liar_game.GameOver,
    liar_game.LiarGameView,
    SeatConfig,
    TableSetup,
    SeatUpdate,
    Refused,
):
    register(_cls)


# --------------------------------------------------------------------------- encode


def encode(obj: object, *, tagged: bool = True) -> Any:
    """``obj`` as JSON-able data: dicts, lists, strings, numbers, booleans and None."""
    if obj is None or isinstance(obj, bool | str):
        return obj
    if isinstance(obj, Enum):
        return obj.value
    if isinstance(obj, int | float):
        return obj
    if isinstance(obj, Card):
        return obj.token
    if isinstance(obj, tuple | list):
        return [encode(item, tagged=tagged) for item in obj]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        data: dict[str, Any] = {}
        if tagged:
            name = _NAME_BY_CLASS.get(type(obj))
            if name is None:
                raise CodecError(f"{type(obj).__name__} is not a registered message type")
            data[TYPE_KEY] = name
        for field in dataclasses.fields(obj):
            data[field.name] = encode(getattr(obj, field.name), tagged=tagged)
        return data
    raise CodecError(f"cannot encode {type(obj).__name__} values")


# --------------------------------------------------------------------------- decode


def decode(data: Any, expected: Any, *, tagged: bool = True) -> Any:
    """Rebuild a value of type ``expected`` from ``data``, or raise :class:`CodecError`."""
    root = expected.__name__ if isinstance(expected, type) and expected is not Any else "value"
    return _Decoder(tagged).decode(data, expected, root)


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """Field hints, resolved once per class: the annotations are strings (PEP 563)."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _describe(data: object) -> str:
    """A short, safe picture of a bad value for an error message."""
    if isinstance(data, dict):
        return "a table"
    if isinstance(data, list):
        return "a list"
    text = repr(data)
    return text if len(text) <= 40 else text[:37] + "..."


def _type_name(hint: Any) -> str:
    """A type as a reader of the error would name it: ``ShowHand``, ``list of Card``."""
    if hint is type(None):
        return "null"
    if isinstance(hint, type):
        return _NAME_BY_CLASS.get(hint, hint.__name__)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return " or ".join(_type_name(arg) for arg in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"list of {_type_name(args[0])}"
        return f"list of {len(args)} items"
    return str(hint)


class _Decoder:
    def __init__(self, tagged: bool) -> None:
        self.tagged = tagged
        self._depth = 0

    def decode(self, data: Any, hint: Any, path: str) -> Any:
        if self._depth >= MAX_DEPTH:
            raise CodecError(f"{path}: nested more than {MAX_DEPTH} levels deep")
        self._depth += 1
        try:
            return self._decode(data, hint, path)
        finally:
            self._depth -= 1

    def _decode(self, data: Any, hint: Any, path: str) -> Any:
        origin = typing.get_origin(hint)
        if hint is Any:
            return self._any(data, path)
        if origin in (types.UnionType, typing.Union):
            return self._union(data, typing.get_args(hint), path)
        if origin is tuple:
            return self._tuple(data, typing.get_args(hint), path)
        if hint is type(None):
            if data is not None:
                raise CodecError(f"{path}: expected null, got {_describe(data)}")
            return None
        if not isinstance(hint, type):
            raise TypeError(f"the codec cannot decode {hint!r}")
        if issubclass(hint, Enum):
            return self._enum(data, hint, path)
        if hint is Card:
            return self._card(data, path)
        if dataclasses.is_dataclass(hint):
            return self._dataclass(data, hint, path)
        if hint in (bool, int, str, float):
            return self._scalar(data, hint, path)
        raise TypeError(f"the codec cannot decode {hint!r}")

    def _scalar(self, data: Any, hint: type, path: str) -> Any:
        if type(data) is hint:
            return data
        if hint is float and type(data) is int:
            with contextlib.suppress(OverflowError):
                return float(data)
        raise CodecError(f"{path}: expected {hint.__name__}, got {_describe(data)}")

    def _enum(self, data: Any, hint: type[Enum], path: str) -> Enum:
        for member in hint:
            if type(member.value) is type(data) and member.value == data:
                return member
        allowed = ", ".join(repr(member.value) for member in hint)
        raise CodecError(f"{path}: {_describe(data)} is not a {hint.__name__} (one of {allowed})")

    def _card(self, data: Any, path: str) -> Card:
        if isinstance(data, str):
            try:
                card = parse_card(data)
            except ValueError:
                card = None
            if card is not None and card.token == data:
                return card
        raise CodecError(f"{path}: {_describe(data)} is not a card token (like 'AS' or 'JK:1')")

    def _tuple(self, data: Any, args: tuple[Any, ...], path: str) -> tuple[Any, ...]:
        if not isinstance(data, list):
            raise CodecError(f"{path}: expected a list, got {_describe(data)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(self.decode(item, args[0], f"{path}[{i}]") for i, item in enumerate(data))
        if len(data) != len(args):
            raise CodecError(f"{path}: expected {len(args)} items, got {len(data)}")
        return tuple(
            self.decode(item, arg, f"{path}[{i}]")
            for i, (item, arg) in enumerate(zip(data, args, strict=True))
        )

    def _union(self, data: Any, args: tuple[Any, ...], path: str) -> Any:
        if data is None and type(None) in args:
            return None
        options = [arg for arg in args if arg is not type(None)]
        if len(options) == 1:
            return self.decode(data, options[0], path)
        if self.tagged and isinstance(data, dict) and all(_NAME_BY_CLASS.get(a) for a in options):
            cls = self._tagged_class(data, path)
            if cls not in options:
                allowed = ", ".join(_type_name(arg) for arg in options)
                raise CodecError(f"{path}: expected one of {allowed}, got {_type_name(cls)}")
            return self._dataclass(data, cls, path)
        for option in options:
            try:
                return self.decode(data, option, path)
            except CodecError:
                continue
        allowed = " or ".join(_type_name(arg) for arg in args)
        raise CodecError(f"{path}: expected {allowed}, got {_describe(data)}")

    def _any(self, data: Any, path: str) -> Any:
        """Any registered message, a scalar, or a list of them (a tuple once decoded)."""
        if data is None or type(data) in (bool, int, str, float):
            return data
        if isinstance(data, list):
            return tuple(self.decode(item, Any, f"{path}[{i}]") for i, item in enumerate(data))
        if self.tagged and isinstance(data, dict):
            return self._dataclass(data, self._tagged_class(data, path), path)
        raise CodecError(f"{path}: expected a message, got {_describe(data)}")

    def _tagged_class(self, data: dict[str, Any], path: str) -> type:
        name = data.get(TYPE_KEY)
        if not isinstance(name, str):
            raise CodecError(f"{path}: the table has no {TYPE_KEY!r} naming its message type")
        cls = _CLASS_BY_NAME.get(name)
        if cls is None:
            raise CodecError(f"{path}: unknown message type {_describe(name)}")
        return cls

    def _dataclass(self, data: Any, cls: type, path: str) -> Any:
        if not isinstance(data, dict):
            raise CodecError(f"{path}: expected a {_type_name(cls)} table, got {_describe(data)}")
        values = dict(data)
        if self.tagged:
            found = self._tagged_class(values, path)
            if found is not cls:
                expected = _type_name(cls)
                raise CodecError(f"{path}: expected {expected}, got {_type_name(found)}")
            del values[TYPE_KEY]
        hints = _hints(cls)
        fields = {field.name: field for field in dataclasses.fields(cls) if field.init}
        extra = sorted(set(values) - set(fields))
        if extra:
            raise CodecError(f"{path}: unknown field {_describe(extra[0])} for {_type_name(cls)}")
        kwargs: dict[str, Any] = {}
        for name, field in fields.items():
            if name in values:
                kwargs[name] = self.decode(values[name], hints[name], f"{path}.{name}")
            elif self.tagged or not _has_default(field):
                raise CodecError(f"{path}: missing field {name!r} of {_type_name(cls)}")
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as error:
            raise CodecError(f"{path}: {error}") from None


def _has_default(field: dataclasses.Field[Any]) -> bool:
    return (
        field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING
    )
