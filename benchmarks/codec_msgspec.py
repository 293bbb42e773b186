"""Our codec against msgspec on long games' views, and their refusals side by side.

The question is whether msgspec, which does typed JSON in C, should replace the hand-written
codec: it should if it is faster *at equal strictness*. msgspec cannot do our frames on the
game's frozen dataclasses as they are: it encodes any dataclass as a plain object, without
our ``"type"`` tag and with a card as ``{"rank": 14, ...}`` rather than ``"AS"`` (its
``enc_hook`` is only asked about types it does not know), its decoder ignores unknown
fields of a dataclass, and refuses a union of two dataclasses (``PlaceBid | Pass``) outright.
Tags, ``forbid_unknown_fields`` and tagged unions are for ``msgspec.Struct`` only.

So this builds, from the registered dataclasses, a *mirror*: one Struct per message, tagged
with its message name, refusing unknown fields, a card a string that must match the token's
pattern, a set a list checked for repeats, and a lone message put in a union with a Struct
no data can be (:class:`Untagged`), since msgspec lets a lone Struct's data leave its tag
out. ``Any`` fields (``SeatUpdate.events``, ``Refused.action``) stay raw data: msgspec has no
"any registered message", so those would still need our codec. Per view of the same long
games as ``benchmarks/codec.py`` it times, from object to frame text and back:

- ``codec+json``: what the app does now (``json.dumps(codec.encode(v))``, and back);
- ``json only``: ``json.dumps``/``json.loads`` alone on the same data, the baseline;
- ``codec+msgspec``: our codec, with msgspec only as the JSON writer and parser: the same
  strictness by construction;
- ``mirror``: dataclasses converted to the mirror and encoded, or text decoded to the
  mirror and converted back to dataclasses (their ``__post_init__`` checks run again): the
  fastest msgspec path that keeps the rules' dataclasses, refusing what ours refuses except
  in ``Any`` fields (but in msgspec's words, printed below);
- ``mirror, no convert``: msgspec on the mirror objects alone, what it would cost if the
  rules' classes *were* the Structs (and a card a non-dataclass, written by ``enc_hook``);
- ``msgspec dataclass``: ``msgspec.json.encode(view)`` on the dataclasses: fast, but not
  our frames (no tags, cards as objects), shown only as a bound.

Then it decodes malformed frames with our codec and with the mirror, and prints both
refusals. Timed loops run with the garbage collector paused; each step is timed on all the
views in turn, ``--repeat`` times, keeping the fastest pass (least disturbed on a shared
machine). Ratios are against ``json only`` in the same run, and against ``codec+json``.

    .venv/bin/python benchmarks/codec_msgspec.py [--games 2] [--repeat 5]
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import operator
import types
import typing
from collections.abc import Callable
from typing import Annotated, Any

import msgspec
from codec import LONG_GAMES, SEED, fastest, long_game_views  # benchmarks/codec.py, beside this

from liar_tui.games import plugin
from liar_tui.rules.cards import Card
from liar_tui.rules.dollar_bills import game as dollar_bills
from liar_tui.rules.liar_game import game as liar_game
from liar_tui.rules.liars_poker import game as liars_poker
from liar_tui.rules.liars_poker.rules import PokerRules
from liar_tui.table import codec
from liar_tui.table.table import Refused

CARD_TOKEN = r"\A(?:[2-9TJQKA][CDHS]|JK)(?::[1-9][0-9]*)?\Z"
"""Exactly the tokens ``Card.token`` writes: no ``10H``, no ``as``, no ``JK:0``."""
Token = Annotated[str, msgspec.Meta(pattern=CARD_TOKEN)]

# --------------------------------------------------------------------------- the mirror

_MIRRORS: dict[type, type[msgspec.Struct]] = {}


class Untagged(msgspec.Struct, tag_field=codec.TYPE_KEY, tag="", forbid_unknown_fields=True):
    """No message: beside a lone message in a union, it makes msgspec ask for the tag, which
    it lets a Struct's data leave out when the Struct is the only one expected."""

    never: Annotated[str, msgspec.Meta(pattern="(?!)")]


def mirror(cls: type) -> type[msgspec.Struct]:
    """The tagged Struct standing for the registered dataclass ``cls``."""
    if cls not in _MIRRORS:
        hints = typing.get_type_hints(cls)
        fields = [(field.name, mirror_hint(hints[field.name])) for field in dataclasses.fields(cls)]
        # No defaults: tagged data must hold every field, as our codec asks.
        _MIRRORS[cls] = msgspec.defstruct(
            f"Mirror{cls.__name__}",
            fields,
            tag_field=codec.TYPE_KEY,
            tag=codec.message_name(cls),
            forbid_unknown_fields=True,
            gc=False,
        )
    return _MIRRORS[cls]


def mirror_hint(hint: Any) -> Any:
    """A field hint with every dataclass its mirror and a card its token."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return functools.reduce(operator.or_, [mirror_hint(arg) for arg in args])
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple[mirror_hint(args[0]), ...]  # type: ignore[misc]
        return tuple[tuple(mirror_hint(arg) for arg in args)]  # type: ignore[misc]
    if origin is frozenset:
        # A list, so that a repeated item is seen (msgspec would merge it silently).
        return tuple[mirror_hint(args[0]), ...]  # type: ignore[misc]
    if hint is Card:
        return Token
    if dataclasses.is_dataclass(hint):
        return mirror(hint) | Untagged  # type: ignore[arg-type]
    return hint  # Any, None, scalars and enums: msgspec's own rules


Convert = Callable[[Any], Any] | None
"""Turns one value into another form; None where the value stays as it is."""


def to_mirror(hint: Any, card: Callable[[Card], Any]) -> Convert:
    """How a value of ``hint`` becomes what msgspec writes as our frame does."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Card:
        return card
    if dataclasses.is_dataclass(hint):
        return _struct_writer(hint, card)  # type: ignore[arg-type]
    if origin is tuple:
        item = to_mirror(args[0], card)
        if item is None or any(arg is not args[0] for arg in args[1:] if arg is not Ellipsis):
            return None if item is None else _fixed_writer(args, card)
        return lambda items: list(map(item, items))
    if origin is frozenset:
        item = to_mirror(args[0], card) or codec.encode
        # Our codec writes a set sorted, so equal sets give equal frames.
        return lambda items: sorted((item(value) for value in items), key=repr)
    if origin in (types.UnionType, typing.Union):
        by_type = {arg: to_mirror(arg, card) for arg in args}
        return lambda value: (by_type.get(type(value)) or _same)(value)
    return None


def _same(value: Any) -> Any:
    return value


def _fixed_writer(args: tuple[Any, ...], card: Callable[[Card], Any]) -> Callable[[Any], Any]:
    converts = [to_mirror(arg, card) or _same for arg in args]
    return lambda items: [convert(value) for convert, value in zip(converts, items, strict=True)]


_WRITERS: dict[tuple[type, Callable[[Card], Any]], Callable[[Any], Any]] = {}


def _struct_writer(cls: type, card: Callable[[Card], Any]) -> Callable[[Any], Any]:
    key = (cls, card)
    if key not in _WRITERS:
        struct = mirror(cls)
        hints = typing.get_type_hints(cls)
        names = [field.name for field in dataclasses.fields(cls)]
        converts = [to_mirror(hints[name], card) for name in names]
        values = _getter(names)
        if not any(converts):
            _WRITERS[key] = lambda obj: struct(*values(obj))
        else:
            plan = [(index, convert) for index, convert in enumerate(converts) if convert]

            def write(obj: Any) -> Any:
                fields = list(values(obj))
                for index, convert in plan:
                    fields[index] = convert(fields[index])
                return struct(*fields)

            _WRITERS[key] = write
    return _WRITERS[key]


def _getter(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The values of these fields of an object, as a tuple even for one field."""
    if len(names) == 1:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return operator.attrgetter(*names)


class _Cards(dict[str, Card]):
    """Cards by token, each made once; the pattern let through only tokens ``Card.token``
    writes."""

    def __missing__(self, token: str) -> Card:
        card = self[token] = codec.decode(token, Card)
        return card


_card_from_token = _Cards().__getitem__


def from_mirror(hint: Any) -> Convert:
    """How a decoded mirror value becomes the dataclass value: each class built by its own
    constructor, so its ``__post_init__`` checks what it checks when our codec decodes."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Card:
        return _card_from_token
    if dataclasses.is_dataclass(hint):
        return _dataclass_reader(hint)  # type: ignore[arg-type]
    if origin is tuple:
        converts = [from_mirror(arg) for arg in args if arg is not Ellipsis]
        if not any(converts):
            return None
        if len(args) == 2 and args[1] is Ellipsis:
            item = converts[0]
            return lambda items: tuple(map(item, items))  # type: ignore[arg-type]
        plan = [convert or _same for convert in converts]
        return lambda items: tuple(
            [convert(value) for convert, value in zip(plan, items, strict=True)]
        )
    if origin is frozenset:
        return _unique
    if origin in (types.UnionType, typing.Union):
        by_type = {mirror(arg): from_mirror(arg) for arg in args if dataclasses.is_dataclass(arg)}
        if not any(by_type.values()):
            return None
        return lambda value: (by_type.get(type(value)) or _same)(value)
    return None  # enums and scalars come out of msgspec as they are


def _unique(items: tuple[Any, ...]) -> frozenset[Any]:
    unique = frozenset(items)
    if len(unique) != len(items):
        raise ValueError("must not name the same item twice")
    return unique


_READERS: dict[type, Callable[[Any], Any]] = {}


def _dataclass_reader(cls: type) -> Callable[[Any], Any]:
    if cls not in _READERS:
        hints = typing.get_type_hints(cls)
        names = [field.name for field in dataclasses.fields(cls)]
        converts = [from_mirror(hints[name]) for name in names]
        values = _getter(names)
        if not any(converts):
            _READERS[cls] = lambda obj: cls(*values(obj))
        else:
            plan = [(index, convert) for index, convert in enumerate(converts) if convert]

            def read(obj: Any) -> Any:
                fields = list(values(obj))
                for index, convert in plan:
                    fields[index] = convert(fields[index])
                return cls(*fields)

            _READERS[cls] = read
    return _READERS[cls]


class TokenCard:
    """A card as it would be if cards were not dataclasses, so that ``enc_hook`` writes it."""

    __slots__ = ("token",)

    def __init__(self, card: Card) -> None:
        self.token = card.token


def _write_token(obj: Any) -> Any:
    if type(obj) is TokenCard:
        return obj.token
    raise NotImplementedError(f"cannot encode {type(obj).__name__}")


# --------------------------------------------------------------------------- timing


def frame_text(obj: object) -> bytes:
    """A frame's text as ``protocol.encode_frame`` writes it, without the newline."""
    return json.dumps(codec.encode(obj), ensure_ascii=False, separators=(",", ":")).encode()


@dataclasses.dataclass(frozen=True)
class Row:
    step: str
    path: str
    seconds: float


def measure(views: list[Any], view_type: type, repeat: int) -> list[Row]:
    encoder = msgspec.json.Encoder()
    hooked = msgspec.json.Encoder(enc_hook=_write_token)
    decoder = msgspec.json.Decoder(mirror_hint(view_type))
    write = to_mirror(view_type, codec._card_token)
    write_lazy = to_mirror(view_type, TokenCard)
    read = from_mirror(view_type)
    assert write is not None and write_lazy is not None and read is not None

    data = [codec.encode(view) for view in views]
    texts = [frame_text(view) for view in views]
    mirrored = [write_lazy(view) for view in views]
    decoded = [decoder.decode(text) for text in texts]
    # Same frames both ways, and the same objects back.
    assert [encoder.encode(item) for item in data] == texts
    assert [encoder.encode(write(view)) for view in views] == texts
    assert [hooked.encode(item) for item in mirrored] == texts
    assert [read(item) for item in decoded] == views
    assert [codec.encode(read(item)) for item in decoded] == data

    def dumps(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    return [
        Row("encode", "codec+json", fastest(lambda v: dumps(codec.encode(v)), views, repeat)),
        Row("encode", "json only", fastest(dumps, data, repeat)),
        Row("encode", "codec+msgspec", fastest(lambda v: encoder.encode(codec.encode(v)), views, repeat)),  # noqa: E501
        Row("encode", "mirror", fastest(lambda v: encoder.encode(write(v)), views, repeat)),
        Row("encode", "mirror, no convert", fastest(hooked.encode, mirrored, repeat)),
        Row("encode", "msgspec dataclass", fastest(encoder.encode, views, repeat)),
        Row("decode", "codec+json", fastest(lambda t: codec.decode(json.loads(t), view_type), texts, repeat)),  # noqa: E501
        Row("decode", "json only", fastest(json.loads, texts, repeat)),
        Row("decode", "codec+msgspec", fastest(lambda t: codec.decode(msgspec.json.decode(t), view_type), texts, repeat)),  # noqa: E501
        Row("decode", "mirror", fastest(lambda t: read(decoder.decode(t)), texts, repeat)),
        Row("decode", "mirror, no convert", fastest(decoder.decode, texts, repeat)),
    ]  # fmt: skip


# --------------------------------------------------------------------------- refusals

GOOD_SHOW_HAND = {"type": "ShowHand", "seat": 0, "cards": ["AS", "KH", "JK"]}


def nested(depth: int) -> Any:
    data: Any = []
    for _ in range(depth):
        data = [data]
    return data


def malformed() -> list[tuple[str, Any, Any]]:
    """What a broken or hostile peer might send: (what is wrong, the data, its type)."""
    view = plugin("liar-game").view_type
    deep_view = codec.encode(long_game_views("liar-game", SEED)[-1])
    deep_view["history"][0]["hands"][1]["score"]["kind"] = "tripple"
    king_kicker = {
        "type": "Declaration",
        "category": "pair",
        "groups": [13],
        "kickers": [13],
        "high_cards": [],
        "top": None,
        "suit": None,
        "color": None,
        "cards": [],
    }
    return [
        ("unknown field", {**GOOD_SHOW_HAND, "extra": 1}, liar_game.ShowHand),
        ("wrong type", {**GOOD_SHOW_HAND, "seat": "0"}, liar_game.ShowHand),
        ("bool for int", {**GOOD_SHOW_HAND, "seat": True}, liar_game.ShowHand),
        ("missing field", {"type": "ShowHand", "seat": 0}, liar_game.ShowHand),
        ("no tag", {"seat": 0, "cards": []}, liar_game.ShowHand),
        ("another message", {**GOOD_SHOW_HAND, "type": "HandChosen"}, liar_game.ShowHand),
        ("other game's action", GOOD_SHOW_HAND, liars_poker.Action),
        ("other game's turn", {"type": "Take", "seat": 0}, dollar_bills.Turn),
        ("unknown type", {**GOOD_SHOW_HAND, "type": "Bogus"}, liars_poker.Action),
        ("bad card token", {**GOOD_SHOW_HAND, "cards": ["AS", "KH", "ZZ"]}, liar_game.ShowHand),
        ("card, other spelling", {**GOOD_SHOW_HAND, "cards": ["10H"]}, liar_game.ShowHand),
        ("bad value deep in a view", deep_view, view),
        ("rules refuse it", {"type": "Declare", "seat": 0, "declaration": king_kicker},
         liars_poker.Action),
        ("same set item twice", {"type": "PokerRules", "jokers": 0, "wild_ranks": [2, 2],
                                 "color_flush": True, "color_straight_flush": True,
                                 "two_pair_over_trips": False, "hand_size": 5,
                                 "communal_cards": 0}, PokerRules),
        ("message in an Any field", {"type": "Refused", "seat": 0, "reason": "",
                                     "action": GOOD_SHOW_HAND}, Refused),
        ("deep nesting", {"type": "Refused", "seat": 0, "reason": "", "action": nested(50)},
         Refused),
    ]  # fmt: skip


def ours(data: Any, expected: Any) -> str:
    try:
        return accepted(codec.decode(json.loads(json.dumps(data)), expected))
    except codec.CodecError as error:
        return str(error)


def theirs(data: Any, expected: Any) -> str:
    try:
        decoded = msgspec.json.decode(json.dumps(data), type=mirror_hint(expected))
        return accepted((from_mirror(expected) or _same)(decoded))
    except msgspec.ValidationError as error:
        return str(error)
    except (TypeError, ValueError) as error:  # a dataclass's own check, when converted
        return f"{type(error).__name__}: {error}"


def accepted(value: Any) -> str:
    text = repr(value)
    return f"accepted: {text if len(text) < 60 else text[:59] + '…'}"


# --------------------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per title")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes; the fastest counts")
    args = parser.parse_args()
    print(
        f"{'game':18} {'step':7} {'path':19} {'ms/view':>8} {'MB/s':>6} {'x json':>7}"
        f" {'vs codec+json':>13}"
    )
    for game in LONG_GAMES:
        views = [
            view for number in range(args.games) for view in long_game_views(game, SEED + number)
        ]
        megabytes = sum(len(frame_text(view)) for view in views) / 1e6
        rows = measure(views, plugin(game).view_type, args.repeat)
        base = {row.step: row.seconds for row in rows if row.path == "json only"}
        ours_seconds = {row.step: row.seconds for row in rows if row.path == "codec+json"}
        for row in rows:
            print(
                f"{game:18} {row.step:7} {row.path:19} {row.seconds * 1000 / len(views):8.3f}"
                f" {megabytes / row.seconds:6.1f} {row.seconds / base[row.step]:7.2f}"
                f" {ours_seconds[row.step] / row.seconds:12.2f}x"
            )
    print("\nRefusals (ours, then msgspec's through the mirror):")
    for what, data, expected in malformed():
        print(f"- {what}\n    ours:    {ours(data, expected)}")
        print(f"    msgspec: {theirs(data, expected)}")


if __name__ == "__main__":
    main()
