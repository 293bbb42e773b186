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
from enum import Enum
from typing import Any

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


for _cls in (SeatConfig, TableSetup, SeatUpdate, Refused):
    register(_cls)

_games_registered = False


def _register_games() -> None:
    """Each game's own messages, registered on first tagged use.

    Importing every game engine at startup would slow the app's first frame, and the
    settings file (decoded untagged) needs none of them.
    """
    global _games_registered
    if _games_registered:
        return
    _games_registered = True
    from liar_tui.rules import liar_game

    register(liar_game.Rules, "LiarGameRules")
    for cls in (
        liar_game.ShowHand,
        liar_game.HandScore,
        liar_game.HandChosen,
        liar_game.RevealedHand,
        liar_game.RoundRevealed,
        liar_game.DeckReshuffled,
        liar_game.GameOver,
        liar_game.LiarGameView,
    ):
        register(cls)

    from liar_tui.rules import declarations, dollar_bills, liars_poker, poker_hands, poker_rules

    register(poker_rules.PokerRules)
    register(poker_rules.RoundRules)
    register(poker_rules.LiarsPokerRules)
    for cls in (
        declarations.Declaration,
        poker_hands.HandRank,
        liars_poker.ChooseRules,
        liars_poker.Declare,
        liars_poker.Take,
        liars_poker.Challenge,
        liars_poker.Discard,
        liars_poker.PlayChip,
        liars_poker.RoundStarted,
        liars_poker.RulesChosen,
        liars_poker.HandDealt,
        liars_poker.Declared,
        liars_poker.Took,
        liars_poker.Discarded,
        liars_poker.ChipPlayed,
        liars_poker.DeckReshuffled,
        liars_poker.ChallengeResolved,
        liars_poker.HandStuck,
        liars_poker.GameOver,
        liars_poker.LiarsPokerView,
    ):
        # Liar Game has a DeckReshuffled and a GameOver of its own.
        shared = cls in (liars_poker.GameOver, liars_poker.DeckReshuffled)
        register(cls, f"LiarsPoker{cls.__name__}" if shared else None)

    register(dollar_bills.Rules, "DollarBillsRules")
    for cls in (
        dollar_bills.Bid,
        dollar_bills.PlaceBid,
        dollar_bills.Pass,
        dollar_bills.BidPlaced,
        dollar_bills.Passed,
        dollar_bills.BillsShown,
        dollar_bills.Settled,
        dollar_bills.GameDealt,
        dollar_bills.GameRecord,
        dollar_bills.DollarBillsView,
    ):
        register(cls)


# --------------------------------------------------------------------------- encode


def encode(obj: object, *, tagged: bool = True) -> Any:
    """``obj`` as JSON-able data: dicts, lists, strings, numbers, booleans and None."""
    if tagged:
        _register_games()
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
    if isinstance(obj, frozenset):
        # Sorted, so equal sets always give the same file and the same frame.
        return sorted((encode(item, tagged=tagged) for item in obj), key=repr)
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
    """Rebuild a value of type ``expected`` from ``data``, or raise :class:`DecodeError`."""
    if tagged:
        _register_games()
    root = expected.__name__ if isinstance(expected, type) and expected is not Any else "value"
    return _Decoder(tagged, root).decode(data, expected, ())


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


def _type_name(hint: type) -> str:
    """A message class by the name its data carries: ``ShowHand``, ``LiarGameRules``."""
    return _NAME_BY_CLASS.get(hint, hint.__name__)


class _Decoder:
    def __init__(self, tagged: bool, root: str) -> None:
        self.tagged = tagged
        self.root = root
        self._depth = 0

    def decode(
        self, data: Any, hint: Any, location: tuple[str | int, ...], expected: str | None = None
    ) -> Any:
        if self._depth >= MAX_DEPTH:
            raise self._error(location, f"is nested more than {MAX_DEPTH} levels deep")
        self._depth += 1
        try:
            return self._decode(data, hint, location, expected)
        finally:
            self._depth -= 1

    def _error(self, location: tuple[str | int, ...], problem: str) -> DecodeError:
        return DecodeError(self.root, location, problem)

    def _refuse(self, data: Any, hint: Any, location: tuple[str | int, ...]) -> DecodeError:
        return self._error(location, f"must be {self._expected(hint)}, not {describe(data)}")

    def _expected(self, hint: Any) -> str:
        """What a value of this type must be, in words: ``'human' or 'bot'``, ``a list``."""
        if hint is Any:
            return "a message"
        if hint is type(None):
            return "null"
        origin = typing.get_origin(hint)
        if origin in (types.UnionType, typing.Union):
            return " or ".join(self._expected(arg) for arg in typing.get_args(hint))
        if origin is tuple:
            return "a list"
        if hint in _SCALARS:
            return _SCALARS[hint]
        if isinstance(hint, type) and issubclass(hint, Enum):
            return _either([describe(member.value) for member in hint])
        if hint is Card:
            return "a card like 'AS' or 'JK:1'"
        if self.tagged and isinstance(hint, type):
            return f"a {_type_name(hint)} table"
        return "a table"

    def _decode(
        self, data: Any, hint: Any, location: tuple[str | int, ...], expected: str | None
    ) -> Any:
        origin = typing.get_origin(hint)
        if hint is Any:
            return self._any(data, location)
        if origin in (types.UnionType, typing.Union):
            return self._union(data, hint, location)
        if origin is tuple:
            return self._tuple(data, typing.get_args(hint), location)
        if origin is frozenset:
            items = self._tuple(data, (*typing.get_args(hint), Ellipsis), location)
            if len(set(items)) != len(items):
                raise self._error(location, "must not name the same item twice")
            return frozenset(items)
        if hint is type(None):
            if data is not None:
                raise self._refuse(data, hint, location)
            return None
        if not isinstance(hint, type):
            raise TypeError(f"the codec cannot decode {hint!r}")
        if issubclass(hint, Enum):
            return self._enum(data, hint, location)
        if hint is Card:
            return self._card(data, location)
        if dataclasses.is_dataclass(hint):
            return self._dataclass(data, hint, location)
        if hint in _SCALARS:
            return self._scalar(data, hint, location, expected)
        raise TypeError(f"the codec cannot decode {hint!r}")

    def _scalar(
        self, data: Any, hint: type, location: tuple[str | int, ...], expected: str | None
    ) -> Any:
        if type(data) is hint:
            return data
        if hint is float and type(data) is int:
            with contextlib.suppress(OverflowError):
                return float(data)
        wanted = expected or _SCALARS[hint]
        raise self._error(location, f"must be {wanted}, not {describe(data)}")

    def _enum(self, data: Any, hint: type[Enum], location: tuple[str | int, ...]) -> Enum:
        for member in hint:
            if type(member.value) is type(data) and member.value == data:
                return member
        raise self._refuse(data, hint, location)

    def _card(self, data: Any, location: tuple[str | int, ...]) -> Card:
        if isinstance(data, str):
            try:
                card = parse_card(data)
            except ValueError:
                card = None
            if card is not None and card.token == data:
                return card
        raise self._refuse(data, Card, location)

    def _tuple(
        self, data: Any, args: tuple[Any, ...], location: tuple[str | int, ...]
    ) -> tuple[Any, ...]:
        if not isinstance(data, list):
            raise self._error(location, f"must be a list, not {describe(data)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(self.decode(item, args[0], (*location, i)) for i, item in enumerate(data))
        if len(data) != len(args):
            raise self._error(location, f"must hold {len(args)} items, not {len(data)}")
        return tuple(
            self.decode(item, arg, (*location, i))
            for i, (item, arg) in enumerate(zip(data, args, strict=True))
        )

    def _union(self, data: Any, hint: Any, location: tuple[str | int, ...]) -> Any:
        args = typing.get_args(hint)
        if data is None and type(None) in args:
            return None
        options = [arg for arg in args if arg is not type(None)]
        if len(options) == 1:
            return self.decode(data, options[0], location)
        if self.tagged and isinstance(data, dict) and all(_NAME_BY_CLASS.get(a) for a in options):
            cls = self._tagged_class(data, location)
            if cls not in options:
                allowed = _either([_type_name(option) for option in options])
                raise self._error(location, f"must be a {allowed}, not a {_type_name(cls)}")
            return self._dataclass(data, cls, location)
        for option in options:
            try:
                return self.decode(data, option, location)
            except DecodeError:
                continue
        raise self._refuse(data, hint, location)

    def _any(self, data: Any, location: tuple[str | int, ...]) -> Any:
        """Any registered message, a scalar, or a list of them (a tuple once decoded)."""
        if data is None or type(data) in (bool, int, str, float):
            return data
        if isinstance(data, list):
            return tuple(self.decode(item, Any, (*location, i)) for i, item in enumerate(data))
        if self.tagged and isinstance(data, dict):
            return self._dataclass(data, self._tagged_class(data, location), location)
        raise self._refuse(data, Any, location)

    def _tagged_class(self, data: dict[str, Any], location: tuple[str | int, ...]) -> type:
        name = data.get(TYPE_KEY)
        if not isinstance(name, str):
            raise self._error(location, f"has no {TYPE_KEY!r} naming its message type")
        cls = _CLASS_BY_NAME.get(name)
        if cls is None:
            raise self._error(location, f"names an unknown message type {describe(name)}")
        return cls

    def _dataclass(self, data: Any, cls: type, location: tuple[str | int, ...]) -> Any:
        if not isinstance(data, dict):
            raise self._refuse(data, cls, location)
        values = dict(data)
        if self.tagged:
            found = self._tagged_class(values, location)
            if found is not cls:
                raise self._error(
                    location, f"must be a {_type_name(cls)}, not a {_type_name(found)}"
                )
            del values[TYPE_KEY]
        hints = _hints(cls)
        fields = {field.name: field for field in dataclasses.fields(cls) if field.init}
        extra = sorted(set(values) - set(fields))
        if extra:
            raise UnknownEntry(self.root, location, extra[0])
        kwargs: dict[str, Any] = {}
        for name, field in fields.items():
            where = (*location, name)
            if name in values:
                expected = field.metadata.get(EXPECTED)
                kwargs[name] = self.decode(values[name], hints[name], where, expected)
            elif self.tagged or not _has_default(field):
                raise self._error(where, "is missing")
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as error:
            raise self._error(location, f"is not valid: {str(error).rstrip('.')}") from None


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
