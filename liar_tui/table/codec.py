"""A strict codec between our typed messages and plain JSON-able data.

Saved tables use it now and network frames will use it later, so it trusts nothing it
decodes: every value is checked against the dataclass field hints, and anything
malformed raises a :class:`DecodeError` whose one-line message says where and what, in
the words of JSON and TOML rather than Python's (``must be true or false, not 'yes'``).
It also keeps the place and the problem apart, so the settings and the save can name the
place as their reader knows it (``the kind of seat 1``).

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
import datetime
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any

from liar_tui.games import registered
from liar_tui.rules.cards import Card, parse_card
from liar_tui.table.seats import SeatConfig
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Refused, SeatUpdate

TYPE_KEY = "type"
MAX_DEPTH = 40
"""Deeper than any message nests (a view is about six levels), and far from Python's
recursion limit, so hostile nesting is one clear error instead of a RecursionError."""


class CodecError(ValueError):
    """Data that cannot be encoded or decoded; the message is one line."""


class DecodeError(CodecError):
    """A value that is not what its place in the data must hold.

    Files people edit want the bad value named in their own words (a setting, a seat), so
    besides the message the error keeps ``location``, the keys and list indexes that lead
    from the decoded root to the value, and ``problem``, the rest of a sentence about that
    value (``must be a whole number, not 'two'``). The message joins them under the root's
    type name: ``ShowHand.cards[2] must be a card like 'AS' or 'JK:1', not 'ZZ'``.
    """

    def __init__(self, root: str, location: tuple[str | int, ...], problem: str) -> None:
        super().__init__(f"{_path_text(root, location)} {problem}")
        self.location = location
        self.problem = problem


class UnknownEntry(DecodeError):
    """A table with an entry its type has no field for: in a file, usually a misspelt key."""

    def __init__(self, root: str, location: tuple[str | int, ...], key: str) -> None:
        self.entry = describe(key)
        """The key as a message shows it: quoted, and shortened when long."""
        super().__init__(root, location, f"has an unknown entry {self.entry}")


def _path_text(root: str, location: tuple[str | int, ...]) -> str:
    """A location as code spells it: ``LiarGameView.history[0].hands[1]``."""
    return root + "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in location)


_CLASS_BY_NAME: dict[str, type] = {}
_NAME_BY_CLASS: dict[type, str] = {}

Writer = Callable[[Any], Any]
"""Encodes values of one class."""
Plan = Callable[[Any, int], Any]
"""Decodes one value found at a nesting depth (see :func:`_plan`)."""

_WRITERS: dict[bool, dict[type, Writer]] = {True: {}, False: {}}
"""A writer per class met, tagged and untagged: a view repeats a few classes thousands of
times, so what a class needs (its field names, its message name) is worked out once."""
_PLANS: dict[tuple[Any, bool, str | None], Plan] = {}
"""A decoding plan per type hint, tagged or not, and field wording (see :func:`_plan`)."""
_BODIES: dict[tuple[type, bool], Plan] = {}
"""A plan per dataclass without the depth check (see :func:`_plan`)."""


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
    # Writers and plans hold the names, and which unions are of messages, as they were.
    for writers in _WRITERS.values():
        writers.clear()
    _PLANS.clear()
    _BODIES.clear()


for _cls in (SeatConfig, TableSetup, SeatUpdate, Refused):
    register(_cls)

_games_registered: object = None
"""The registry whose games' messages are registered (a new one after it is looked up again)."""


def _register_games() -> None:
    """Each game's own messages, as its plugin lists them, registered on first tagged use.

    Importing every game engine at startup would slow the app's first frame, and the
    settings file (decoded untagged) needs none of them.
    """
    global _games_registered
    games = registered()
    if _games_registered is games:
        return
    _games_registered = games
    for game in games.values():
        for cls, name in game.message_types():
            register(cls, name)


# --------------------------------------------------------------------------- names


def message_name(cls: type) -> str:
    """The name data of ``cls`` carries in its ``"type"`` entry: ``ShowHand``, ``LiarGameRules``.

    A frame writer that keeps encoded messages needs the name without encoding anything.
    """
    _register_games()
    name = _NAME_BY_CLASS.get(cls)
    if name is None:
        raise CodecError(f"{cls.__name__} is not a registered message type")
    return name


def _type_name(hint: type) -> str:
    """A message class by the name its data carries: ``ShowHand``, ``LiarGameRules``."""
    return _NAME_BY_CLASS.get(hint, hint.__name__)


# --------------------------------------------------------------------------- encode

_PLAIN_TYPES = frozenset({type(None), bool, str, int, float})
"""Types whose values are their own encoding; looked up by exact type, so an enum is not one."""


def encode(obj: object, *, tagged: bool = True) -> Any:
    """``obj`` as JSON-able data: dicts, lists, strings, numbers, booleans and None."""
    if tagged:
        _register_games()
    return _encoded(obj, tagged)


def _encoded(obj: object, tagged: bool) -> Any:
    kind = type(obj)
    if kind in _PLAIN_TYPES:
        return obj
    return (_WRITERS[tagged].get(kind) or _new_writer(kind, tagged))(obj)


def _new_writer(kind: type, tagged: bool) -> Writer:
    writer = _WRITERS[tagged][kind] = _writer(kind, tagged)
    return writer


def _writer(kind: type, tagged: bool) -> Writer:
    """How values of ``kind`` are written; the checks keep the order that gives a value that
    is several things at once (a ``str`` enum, a named tuple) its one encoding."""
    if issubclass(kind, type(None) | bool | str):
        return _same
    if issubclass(kind, Enum):
        return _enum_value
    if issubclass(kind, int | float):
        return _same
    if issubclass(kind, Card):
        return _card_token
    if issubclass(kind, tuple | list):
        return _list_writer(tagged)
    if issubclass(kind, frozenset):
        # Sorted, so equal sets always give the same file and the same frame.
        return lambda items: sorted((_encoded(item, tagged) for item in items), key=repr)
    if dataclasses.is_dataclass(kind):
        return _dataclass_writer(kind, tagged)
    return _refusing_writer(f"cannot encode {kind.__name__} values")


def _same(value: Any) -> Any:
    return value


def _enum_value(member: Enum) -> Any:
    # What the ``value`` property returns, without the property: enums fill views.
    return member._value_


_TOKENS: dict[int, tuple[Card, str]] = {}
CACHED_TOKENS = 4096
"""Cards whose token is kept: a table deals the same few card objects over and over."""


def _card_token(card: Card) -> str:
    """The card's token, worked out once per card object (the property builds it on each use).

    Kept by the card's id, with the card itself, so that the id cannot be taken by another
    object while its entry is kept.
    """
    known = _TOKENS.get(id(card))
    if known is not None and known[0] is card:
        return known[1]
    if len(_TOKENS) >= CACHED_TOKENS:
        _TOKENS.clear()
    token = card.token
    _TOKENS[id(card)] = (card, token)
    return token


def _list_writer(tagged: bool) -> Writer:
    writers = _WRITERS[tagged]

    def write(items: tuple[Any, ...] | list[Any]) -> list[Any]:
        # _encoded inlined: the lists of a view are long, and mostly of plain values or cards.
        return [
            item
            if type(item) in _PLAIN_TYPES
            else (writers.get(type(item)) or _new_writer(type(item), tagged))(item)
            for item in items
        ]

    return write


def _refusing_writer(message: str) -> Writer:
    def refuse(_obj: object) -> Any:
        raise CodecError(message)

    return refuse


def _dataclass_writer(cls: type, tagged: bool) -> Writer:
    names = tuple(field.name for field in dataclasses.fields(cls))
    head: dict[str, Any] = {}
    if tagged:
        name = _NAME_BY_CLASS.get(cls)
        if name is None:
            return _refusing_writer(f"{cls.__name__} is not a registered message type")
        head[TYPE_KEY] = name
    writers = _WRITERS[tagged]

    def write(obj: object) -> dict[str, Any]:
        data = head.copy()
        for field_name in names:
            value = getattr(obj, field_name)
            kind = type(value)
            # _encoded inlined: this runs for every field of every message in a view.
            if kind in _PLAIN_TYPES:
                data[field_name] = value
            else:
                data[field_name] = (writers.get(kind) or _new_writer(kind, tagged))(value)
        return data

    return write


# --------------------------------------------------------------------------- decode


def decode(data: Any, expected: Any, *, tagged: bool = True) -> Any:
    """Rebuild a value of type ``expected`` from ``data``, or raise :class:`DecodeError`."""
    if tagged:
        _register_games()
    try:
        return _plan(expected, tagged)(data, 0)
    except _Refusal as refusal:
        root = expected.__name__ if isinstance(expected, type) and expected is not Any else "value"
        raise refusal.error(root) from None


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """Field hints, resolved once per class: the annotations are strings (PEP 563)."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


SHOWN_LENGTH = 20
"""Characters of a bad value a message quotes; enough to recognise it, short enough to read."""


def describe(data: object) -> str:
    """A bad value as a message shows it: in the words of JSON and TOML, and never long.

    The data comes from a file or a peer, so a string is quoted with its control characters
    escaped (they would garble a terminal), and Python's own spellings (``None``, ``True``,
    ``datetime.date(...)``) never reach the reader.
    """
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "true" if data else "false"
    if isinstance(data, dict):
        return "a table"
    if isinstance(data, list):
        return "a list"
    if isinstance(data, str):
        return repr(_shortened(data))
    if isinstance(data, int | float):
        return _shortened(str(data))
    if isinstance(data, datetime.datetime):
        return "a date and time"
    if isinstance(data, datetime.date):
        return "a date"
    if isinstance(data, datetime.time):
        return "a time"
    return "a value of an unknown kind"


def _shortened(text: str) -> str:
    return text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 1] + "…"


def _either(choices: list[str]) -> str:
    """``'a', 'b' or 'c'``: the choices a value must be one of."""
    return choices[0] if len(choices) == 1 else f"{', '.join(choices[:-1])} or {choices[-1]}"


_SCALARS: dict[type, str] = {
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "text in quotes",
}
"""What a value of each plain type must be, as a person writing the file would say it."""

EXPECTED = "expected"
"""Field metadata key for what a field holds, when its type alone says too little: a float
field with ``metadata={EXPECTED: "a number of seconds"}`` is refused with those words."""


def _expected(hint: Any, tagged: bool) -> str:
    """What a value of this type must be, in words: ``'human' or 'bot'``, ``a list``."""
    if hint is Any:
        return "a message"
    if hint is type(None):
        return "null"
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        return " or ".join(_expected(arg, tagged) for arg in typing.get_args(hint))
    if origin is tuple:
        return "a list"
    if hint in _SCALARS:
        return _SCALARS[hint]
    if isinstance(hint, type) and issubclass(hint, Enum):
        return _either([describe(member.value) for member in hint])
    if hint is Card:
        return "a card like 'AS' or 'JK:1'"
    if tagged and isinstance(hint, type):
        return f"a {_type_name(hint)} table"
    return "a table"


class _Refusal(Exception):
    """A refused value, raised inside the decoder before its place is known.

    Building every value's location as it is decoded was most of the decoder's work, and
    only a refusal needs one: so each level the refusal passes on its way out adds its key
    or list index (innermost first), and :func:`decode` turns it into a :class:`DecodeError`.
    """

    def __init__(self, problem: str, *parts: str | int) -> None:
        super().__init__(problem)
        self.problem = problem
        self.parts = list(parts)

    def error(self, root: str) -> DecodeError:
        return DecodeError(root, tuple(reversed(self.parts)), self.problem)


class _UnknownEntryRefusal(_Refusal):
    def __init__(self, key: Any) -> None:
        super().__init__("has an unknown entry")
        self.key = key

    def error(self, root: str) -> DecodeError:
        return UnknownEntry(root, tuple(reversed(self.parts)), self.key)


def _refused(data: Any, hint: Any, tagged: bool) -> _Refusal:
    return _Refusal(f"must be {_expected(hint, tagged)}, not {describe(data)}")


def _too_deep() -> _Refusal:
    return _Refusal(f"is nested more than {MAX_DEPTH} levels deep")


def _exact(hint: Any) -> Any:
    """A key that tells apart hints Python calls equal: ``int | str == str | int``, but their
    options are tried, and named in a refusal, in their own order."""
    args = typing.get_args(hint)
    if not args:
        return hint
    return (typing.get_origin(hint), tuple(_exact(arg) for arg in args))


def _plan(hint: Any, tagged: bool, expected: str | None = None) -> Plan:
    """The plan for ``hint``: it decodes a value found at a depth, or raises :class:`_Refusal`.

    A plan is made once per hint, so what the hint says (a dataclass's fields, a union's
    options, an enum's members by value) is looked up once rather than for every value: that
    lookup was most of the decoder's work. A plan refuses a value nested :data:`MAX_DEPTH`
    levels down before looking at it; a *body* is the same without that check, for a value
    its container has already counted. ``expected`` words a plain field's refusal (see
    :data:`EXPECTED`).
    """
    key = (_exact(hint), tagged, expected if hint in _SCALARS else None)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS[key] = _new_plan(hint, tagged, expected)
    return plan


def _new_plan(hint: Any, tagged: bool, expected: str | None) -> Plan:
    origin = typing.get_origin(hint)
    if hint is Any:
        return _any_plan(tagged)
    if origin in (types.UnionType, typing.Union):
        return _union_plan(hint, tagged)
    if origin is tuple:
        return _checked(_tuple_body(typing.get_args(hint), tagged))
    if origin is frozenset:
        return _frozenset_plan(_tuple_body((*typing.get_args(hint), Ellipsis), tagged))
    if hint is type(None):
        return _null_plan(tagged)
    if not isinstance(hint, type):
        return _unsupported_plan(hint)
    if issubclass(hint, Enum):
        return _enum_plan(hint, tagged)
    if hint is Card:
        return _card_plan(tagged)
    if dataclasses.is_dataclass(hint):
        return _checked(_body(hint, tagged))
    if hint in _SCALARS:
        return _scalar_plan(hint, expected or _SCALARS[hint])
    return _unsupported_plan(hint)


def _checked(body: Plan) -> Plan:
    def plan(data: Any, depth: int) -> Any:
        if depth >= MAX_DEPTH:
            raise _too_deep()
        return body(data, depth + 1)

    return plan


def _unsupported_plan(hint: Any) -> Plan:
    """Refuses at decode time, as only a class whose data holds such a field is broken."""

    def plan(data: Any, depth: int) -> Any:
        if depth >= MAX_DEPTH:
            raise _too_deep()
        raise TypeError(f"the codec cannot decode {hint!r}")

    return plan


def _scalar_plan(hint: type, wanted: str) -> Plan:
    def plan(data: Any, depth: int) -> Any:
        if depth >= MAX_DEPTH:
            raise _too_deep()
        if type(data) is hint:
            return data
        if hint is float and type(data) is int:
            with contextlib.suppress(OverflowError):
                return float(data)
        raise _Refusal(f"must be {wanted}, not {describe(data)}")

    return plan


def _null_plan(tagged: bool) -> Plan:
    def plan(data: Any, depth: int) -> None:
        if depth >= MAX_DEPTH:
            raise _too_deep()
        if data is not None:
            raise _refused(data, type(None), tagged)

    return plan


def _enum_plan(hint: type[Enum], tagged: bool) -> Plan:
    # Keyed by type as well: 1, 1.0 and true are equal in Python, but not the same value.
    members: dict[tuple[type, Any], Enum] = {}
    for member in hint:
        members.setdefault((type(member.value), member.value), member)

    def plan(data: Any, depth: int) -> Enum:
        if depth >= MAX_DEPTH:
            raise _too_deep()
        try:
            return members[type(data), data]
        except (KeyError, TypeError):  # TypeError: data that cannot be a key, such as a list
            raise _refused(data, hint, tagged) from None

    return plan


_CARDS_BY_TOKEN: dict[str, Card] = {}
CACHED_CARDS = 1024
"""Tokens remembered with their card: every card of the largest shoes, and a bound on what
a peer sending made-up copy numbers can make the cache hold."""


def _card_plan(tagged: bool) -> Plan:
    def plan(data: Any, depth: int) -> Card:
        if depth >= MAX_DEPTH:
            raise _too_deep()
        try:
            return _CARDS_BY_TOKEN[data]
        except (KeyError, TypeError):
            pass
        if isinstance(data, str):
            try:
                card = parse_card(data)
            except ValueError:
                card = None
            # Only the token itself: "10H" and "as" name cards too, but not as a peer writes them.
            if card is not None and card.token == data:
                if len(_CARDS_BY_TOKEN) < CACHED_CARDS:
                    _CARDS_BY_TOKEN[data] = card  # cards are frozen: one can be shared
                return card
        raise _refused(data, Card, tagged)

    return plan


def _tuple_body(args: tuple[Any, ...], tagged: bool) -> Plan:
    if len(args) == 2 and args[1] is Ellipsis:
        item_plan = _plan(args[0], tagged)

        def items(data: Any, depth: int) -> tuple[Any, ...]:
            if not isinstance(data, list):
                raise _Refusal(f"must be a list, not {describe(data)}")
            return _items(data, item_plan, depth)

        return items

    item_plans = [_plan(arg, tagged) for arg in args]

    def fixed_items(data: Any, depth: int) -> tuple[Any, ...]:
        if not isinstance(data, list):
            raise _Refusal(f"must be a list, not {describe(data)}")
        if len(data) != len(item_plans):
            raise _Refusal(f"must hold {len(item_plans)} items, not {len(data)}")
        decoded = []
        for index, (item, item_plan) in enumerate(zip(data, item_plans, strict=True)):
            try:
                decoded.append(item_plan(item, depth))
            except _Refusal as refusal:
                refusal.parts.append(index)
                raise
        return tuple(decoded)

    return fixed_items


def _items(data: list[Any], plan: Plan, depth: int) -> tuple[Any, ...]:
    """The items of a list, each by the same plan; a refusal names the item by its index."""
    decoded: list[Any] = []
    try:
        for item in data:
            decoded.append(plan(item, depth))
    except _Refusal as refusal:
        refusal.parts.append(len(decoded))
        raise
    return tuple(decoded)


def _frozenset_plan(items: Plan) -> Plan:
    def plan(data: Any, depth: int) -> frozenset[Any]:
        if depth >= MAX_DEPTH:
            raise _too_deep()
        decoded = items(data, depth + 1)
        if len(set(decoded)) != len(decoded):
            raise _Refusal("must not name the same item twice")
        return frozenset(decoded)

    return plan


def _union_plan(hint: Any, tagged: bool) -> Plan:
    args = typing.get_args(hint)
    nullable = type(None) in args
    options = [arg for arg in args if arg is not type(None)]
    if len(options) == 1:
        only = _plan(options[0], tagged)

        def optional(data: Any, depth: int) -> Any:
            if depth >= MAX_DEPTH:
                raise _too_deep()
            if data is None and nullable:
                return None
            return only(data, depth + 1)

        return optional

    option_plans = [_plan(option, tagged) for option in options]
    messages = tagged and all(_NAME_BY_CLASS.get(option) for option in options)
    bodies = {option: _body(option, tagged) for option in options} if messages else {}
    bodies_by_name = {_NAME_BY_CLASS[option]: body for option, body in bodies.items()}

    def message_body(data: dict[Any, Any]) -> Plan:
        """The option the data names, told apart by its tag rather than by trying each."""
        tag = data.get(TYPE_KEY)
        body = bodies_by_name.get(tag) if type(tag) is str else None
        if body is None:
            cls = _tagged_class(data)
            if cls not in bodies:
                allowed = _either([_type_name(option) for option in options])
                raise _Refusal(f"must be a {allowed}, not a {_type_name(cls)}")
            body = bodies[cls]
        return body

    def union(data: Any, depth: int) -> Any:
        if depth >= MAX_DEPTH:
            raise _too_deep()
        if data is None and nullable:
            return None
        if messages and isinstance(data, dict):
            return message_body(data)(data, depth + 1)
        for option_plan in option_plans:
            try:
                return option_plan(data, depth + 1)
            except _Refusal:
                continue
        raise _refused(data, hint, tagged)

    return union


_SCALAR_TYPES = (bool, int, str, float)


def _any_plan(tagged: bool) -> Plan:
    """Any registered message, a scalar, or a list of them (a tuple once decoded)."""

    def plan(data: Any, depth: int) -> Any:
        if depth >= MAX_DEPTH:
            raise _too_deep()
        if data is None or type(data) in _SCALAR_TYPES:
            return data
        if isinstance(data, list):
            return _items(data, plan, depth + 1)
        if tagged and isinstance(data, dict):
            return _body(_tagged_class(data), tagged)(data, depth + 1)
        raise _refused(data, Any, tagged)

    return plan


def _tagged_class(data: dict[Any, Any]) -> type:
    name = data.get(TYPE_KEY)
    if not isinstance(name, str):
        raise _Refusal(f"has no {TYPE_KEY!r} naming its message type")
    cls = _CLASS_BY_NAME.get(name)
    if cls is None:
        raise _Refusal(f"names an unknown message type {describe(name)}")
    return cls


def _body(cls: type, tagged: bool) -> Plan:
    body = _BODIES.get((cls, tagged))
    if body is None:
        body = _BODIES[cls, tagged] = _dataclass_body(cls, tagged)
    return body


FieldPlan = tuple[str, Plan, bool, type]
"""A field's name, its plan, whether data must hold it, and the type of value that is taken
as it is (``int`` for an ``int`` field), without calling the plan."""


class _NoPlainValue:
    """The plain type of a field whose every value goes through its plan: none is of it."""


_ABSENT = object()


def _always_missing(data: Any, depth: int) -> Any:
    """A field named like the tag, which tagged data can never hold: the tag is not it."""
    raise _Refusal("is missing")


def _field_plans(cls: type, tagged: bool) -> tuple[FieldPlan, ...]:
    hints = _hints(cls)
    plans: list[FieldPlan] = []
    for field in dataclasses.fields(cls):
        if not field.init:
            continue
        hint = hints[field.name]
        plan: Plan
        plain: type
        if tagged and field.name == TYPE_KEY:
            plan, plain = _always_missing, _NoPlainValue
        else:
            plan = _plan(hint, tagged, field.metadata.get(EXPECTED))
            plain = hint if hint in _SCALARS else _NoPlainValue
        plans.append((field.name, plan, tagged or not _has_default(field), plain))
    return tuple(plans)


def _dataclass_body(cls: type, tagged: bool) -> Plan:
    # The fields' plans are made on first use: a field's class may hold this one in turn.
    fields: tuple[FieldPlan, ...] | None = None
    names: frozenset[str] = frozenset()
    allowed: frozenset[str] = frozenset()
    own_name = _NAME_BY_CLASS.get(cls) if tagged else None

    def body(data: Any, depth: int) -> Any:
        nonlocal fields, names, allowed
        if fields is None:
            fields = _field_plans(cls, tagged)
            names = frozenset(field[0] for field in fields)
            allowed = names | {TYPE_KEY} if tagged else names
        if not isinstance(data, dict):
            raise _refused(data, cls, tagged)
        if tagged and (own_name is None or data.get(TYPE_KEY) != own_name):
            found = _tagged_class(data)
            if found is not cls:
                raise _Refusal(f"must be a {_type_name(cls)}, not a {_type_name(found)}")
        if not data.keys() <= allowed:
            values = dict(data)
            if tagged:
                del values[TYPE_KEY]
            raise _UnknownEntryRefusal(sorted(set(values) - names)[0])
        shallow = depth < MAX_DEPTH  # else even a plain value is refused, by its plan
        kwargs: dict[str, Any] = {}
        for name, plan, required, plain in fields:
            value = data.get(name, _ABSENT)
            if type(value) is plain and shallow:
                kwargs[name] = value
            elif value is not _ABSENT:
                try:
                    kwargs[name] = plan(value, depth)
                except _Refusal as refusal:
                    refusal.parts.append(name)
                    raise
            elif required:
                raise _Refusal("is missing", name)
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as error:
            raise _Refusal(f"is not valid: {str(error).rstrip('.')}") from None

    return body


def _has_default(field: dataclasses.Field[Any]) -> bool:
    return (
        field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING
    )


def location_words(location: tuple[str | int, ...], items: dict[str, str]) -> str:
    """A location as a person says it: ``the kind of seat 1``, ``card 3 of action 1``.

    ``items`` names one item of each list (``{"seats": "seat"}``), and its positions count
    from 1, as people count. Keys that lead to such a list are dropped: "seat 1" says
    enough. Other keys keep their dotted spelling (``liar_game.decks``), since that is what
    a person finds in the file.
    """
    holders: list[str] = []
    keys: list[str] = []
    for part in location:
        if isinstance(part, int) and keys and keys[-1] in items:
            holders.append(f"{items[keys[-1]]} {part + 1}")
            keys = []
        elif isinstance(part, int):
            keys.append(f"{keys.pop() if keys else ''}[{part}]")
        else:
            keys.append(part)
    words = ".".join(keys)
    if not holders:
        return words
    held = " of ".join(reversed(holders))
    return f"the {words} of {held}" if words else held
