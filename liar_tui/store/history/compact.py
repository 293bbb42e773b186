"""A run of values kept small: the first whole, each later one as what changed since the one
before it, made and read back without knowing any game.

A seat's own record (hot seat, online) keeps every update its seat was told, and each holds
the seat's whole view: a Liar Game view repeats the last rounds' reveals, a dollar-bills view
the last games' records. Written out whole, a 24-round online Liar Game repeated the same
rounds a hundred times over (921 KB, and 165-340 ms to encode). Two updates in a row differ
in a few places, so a change keeps only those:

- a value equal to the one before (of the same type, so ``1`` is not ``True``) is left out;
- a message (a frozen dataclass the codec names) of the same class as before is the changes
  of its fields;
- a tuple that keeps a run of the previous one's items (added to at its end or start, or a
  window slid along) is the run's bounds and the items before and after it;
- anything else is the new value whole, in the codec's form.

Reading a change decodes only what it holds, each part by the hint of its field, and shares
the rest with the value before: the values read back are equal to those written, and cost
a fraction of decoding each whole. :func:`shared` does the same for values heard one by one
(an online seat's updates, each decoded afresh from its frame), so that what one holds in
common with the one before is one object, and the changes between them are found at once.

The stored form is JSON, ``{"format": "changes", "version": 1, "values": [...]}``: the
first of ``values`` whole, each later one a change from the one before, which is one of

- ``{}``: no change;
- ``[value]``: the value whole, in the codec's form;
- ``{"again": n}``: the value whole, the ``n``-th message (from 0) that the log wrote whole,
  as a value or an item, met again: the very object (a round's reveal among an update's
  events, then among the view's last rounds, as a game and :func:`shared` keep it);
- ``{"items": [item, ...]}``: a tuple whole, item by item;
- ``{"fields": {"name": change, ...}}``: the fields that changed, of the same message class;
- ``{"keep": [start, stop], "before": [item, ...], "after": [item, ...]}``: the previous
  tuple's items ``start:stop`` between the items of ``before`` and ``after`` (either left out
  when empty);

and an item is a value in the codec's form or ``{"again": n}``.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import attrgetter, is_, is_not
from typing import Any

from liar_tui.table.codec import CodecError, decode, encode, message_name

FORMAT = "changes"
VERSION = 1
LONG = 8
"""Items from which a tuple of plain values (numbers, cards) that changed is written as the
run it keeps of the one before: a shorter one (the scores, the seats to act) is as short
written whole, and quicker."""


class CompactError(ValueError):
    """Stored changes that cannot be read back; the message is the end of a sentence."""


@dataclass(slots=True)
class Whole:
    """The new value, in full."""

    value: Any


@dataclass(slots=True)
class Fields:
    """The same message class as before, ``kind``, with these fields changed."""

    kind: type
    changes: dict[str, Change]


@dataclass(slots=True)
class Kept:
    """A tuple of ``before``, then the previous tuple's items ``start:stop``, then ``after``."""

    before: tuple[Any, ...]
    start: int
    stop: int
    after: tuple[Any, ...]


Change = Whole | Fields | Kept
"""What makes a value from the one before; None where nothing changed."""


# ----------------------------------------------------------------------------- changes


def change(old: Any, new: Any, hint: Any = Any) -> Change | None:
    """What makes ``new`` from ``old`` (None: they are the same), ``hint`` being what their
    place holds (a field's type hint): a tuple's items are kept from ``old`` only where the
    hint says how its other items are read back."""
    if new is old:
        return None
    kind = type(new)
    if kind is not type(old):
        return Whole(new)
    if kind in _PLAIN:
        return None if old == new else Whole(new)
    if kind is tuple:
        if len(old) == len(new) and all(map(is_, old, new)):  # made again of the same items
            return None
        return _tuple_change(old, new, hint)
    shape = _shape(kind)
    if shape is None:
        return None if _same(old, new) else Whole(new)
    olds, news = shape.values(old), shape.values(new)
    changes = {}
    for index in compress(shape.indexes, map(is_not, olds, news)):
        if (found := change(olds[index], news[index], shape.hints[index])) is not None:
            changes[shape.names[index]] = found
    return Fields(kind, changes) if changes else None


def _tuple_change(old: tuple[Any, ...], new: tuple[Any, ...], hint: Any) -> Whole | Kept | None:
    """What makes ``new`` from ``old``, two tuples not made of the very same items."""
    _, of_messages = _list_of(hint)
    if not of_messages:  # compared whole at once, and written whole where short
        if _equal_tuples(old, new):
            return None
        if len(new) < LONG or _item_hint(hint) is None:
            return Whole(new)
    before, start, stop = _kept_run(old, new)
    if stop - start == len(old) == len(new):  # every item the same, item by item
        return None
    if start == stop:
        return Whole(new)
    return Kept(new[:before], start, stop, new[before + stop - start :])


def _kept_run(old: tuple[Any, ...], new: tuple[Any, ...]) -> tuple[int, int, int]:
    """The longest run of ``old`` that ``new`` holds where a tuple changes so: ``(items of
    new before it, its start in old, its stop in old)``. Tried: the items both begin with
    (added at the end), those both end with (added at the start), and, where they begin
    differently, the run of ``old`` that ``new`` begins with (a window slid along)."""
    common = min(len(old), len(new))
    head = _matching(old, 0, new, 0, common)
    best = (0, 0, head)
    tail = 0
    # Where both are as long, the pair at which their first run ends is not asked again.
    most = common - head - (len(old) == len(new) and head < common)
    while tail < most and _same(old[-1 - tail], new[-1 - tail]):
        tail += 1
    if tail > head:
        best = (len(new) - tail, len(old) - tail, len(old))
    if head == 0 and new:
        start = _index(old, new[0], 1)  # their first items are not the same
        if start is not None:
            length = _matching(old, start, new, 0, min(len(old) - start, len(new)))
            if length > best[2] - best[1]:
                best = (0, start, start + length)
    return best


def _matching(old: tuple[Any, ...], at: int, new: tuple[Any, ...], to: int, most: int) -> int:
    """How many items from ``old[at]`` and ``new[to]`` on are the same, up to ``most``."""
    count = 0
    while count < most and _same(old[at + count], new[to + count]):
        count += 1
    return count


def _index(items: tuple[Any, ...], wanted: Any, first: int) -> int | None:
    """Where ``wanted`` is first in ``items`` from ``first`` on: the very object sought
    first, as a value shared with the one before is."""
    for number in range(first, len(items)):
        if items[number] is wanted:
            return number
    for number in range(first, len(items)):
        if _same(items[number], wanted):
            return number
    return None


def _same(old: Any, new: Any) -> bool:
    """Equal, and written alike: of one type all through (``1 == True == 1.0``, and
    ``0.0 == -0.0``, but the codec writes each its own way)."""
    if old is new:
        return True
    return type(old) is type(new) and old == new and _alike(old, new)


def _equal_tuples(old: tuple[Any, ...], new: tuple[Any, ...]) -> bool:
    """:func:`_same` for two tuples not made of the very same items (which their callers
    find first, a tuple made again of the same items being what a game's views hold), and
    without a call for each item where each is of a type written as it is
    (``(0, 0, 90, 18)``)."""
    if len(old) != len(new) or old != new:
        return False
    kinds = tuple(map(type, new))
    if _PLAIN.issuperset(kinds):
        return kinds == tuple(map(type, old))
    return all(map(_alike, old, new))


def _alike(old: Any, new: Any) -> bool:
    """Whether two values Python finds equal are written alike: ``==`` is asked once, at the
    top, and this walks them for types only (of a message's fields, a tuple's items)."""
    if old is new:
        return True
    kind = type(old)
    if kind is not type(new):
        return False
    if kind is tuple:
        return all(map(_alike, old, new))
    if kind is float:
        return repr(old) == repr(new)
    shape = _shape(kind)
    return shape is None or all(map(_alike, shape.values(old), shape.values(new)))


def applied(old: Any, made: Change | None) -> Any:
    """The value ``made`` makes from ``old``: what it changed, and the rest of ``old``'s own
    objects. Raises ``TypeError`` or ``ValueError`` where the change does not fit ``old``."""
    if made is None:
        return old
    if isinstance(made, Whole):
        return made.value
    if isinstance(made, Fields):
        return dataclasses.replace(
            old, **{name: applied(getattr(old, name), part) for name, part in made.changes.items()}
        )
    return (*made.before, *old[made.start : made.stop], *made.after)


def shared(old: Any, new: Any, hint: Any = Any) -> Any:
    """``new`` with every part that is the same as ``old``'s replaced by ``old``'s own
    object, and the same messages among the rest made one object (a round's reveal among
    an update's events and in its view's last rounds): equal to ``new``, made of ``old``
    where it can be (see the module)."""
    made = change(old, new, hint)
    return old if made is None else applied(old, _pooled(made, {}))


def _pooled(made: Change, pool: dict[Any, Any]) -> Change:
    """``made`` with each message it brings whole that is the same as one brought before
    (in ``pool``) replaced by that one."""
    if isinstance(made, Fields):
        return Fields(made.kind, {name: _pooled(part, pool) for name, part in made.changes.items()})
    if isinstance(made, Kept):
        before, after = _pooled_items(made.before, pool), _pooled_items(made.after, pool)
        return Kept(before, made.start, made.stop, after)
    value = made.value
    return Whole(_pooled_items(value, pool) if type(value) is tuple else _pooled_item(value, pool))


def _pooled_items(items: tuple[Any, ...], pool: dict[Any, Any]) -> tuple[Any, ...]:
    return tuple([_pooled_item(item, pool) for item in items])


def _pooled_item(value: Any, pool: dict[Any, Any]) -> Any:
    if _message_fields(type(value)) is None:
        return value
    try:
        found = pool.setdefault(value, value)
    except TypeError:  # a message holding an unhashable value: kept as it is
        return value
    return found if _same(found, value) else value


# ----------------------------------------------------------------------------- storing


def compacted(values: Sequence[Any], hint: Any = Any) -> dict[str, Any]:
    """``values`` (each of type ``hint``) in the stored form: the first whole, each later one
    the change from the one before (see the module)."""
    return ChangeLog.of(values, hint).stored()


class ChangeLog:
    """Values written in the stored form one by one, as they come: a seat's updates, each
    written when the seat hears it, so that recording its game at the end has only the JSON
    left to write. What a long game's changes cost to find is spread over its turns, about a
    tenth of a millisecond each, instead of taking milliseconds at once when the game ends.

    The log holds its values (the writer numbers messages by their ids, which must not be
    another's while it writes); they must not change, as a game's messages do not."""

    def __init__(self, hint: Any = Any) -> None:
        self._hint = hint
        self._writer = _Writer()
        self._values: list[Any] = []
        self._written: list[Any] = []

    @classmethod
    def of(cls, values: Iterable[Any], hint: Any = Any) -> ChangeLog:
        """A log of ``values``, each of type ``hint``, added in order."""
        log = cls(hint)
        for value in values:
            log.add(value)
        return log

    def add(self, value: Any) -> None:
        """``value`` after those added before, written at once as its change from the last."""
        if not self._values:
            written = self._writer.whole(value, self._hint)
        else:
            before = self._values[-1]
            found = None if value is before else self._writer.changed(before, value, self._hint)
            written = {} if found is None else found
        self._values.append(value)
        self._written.append(written)

    @property
    def values(self) -> tuple[Any, ...]:
        """Every value added, in order."""
        return tuple(self._values)

    def stored(self) -> dict[str, Any]:
        """The values added so far in the stored form, as :func:`compacted` writes them."""
        return {"format": FORMAT, "version": VERSION, "values": list(self._written)}


AGAIN = "again"


class _Writer:
    """Writes the changes of one log, numbering the messages it writes whole so that one met
    again (the same object) is written as its number."""

    def __init__(self) -> None:
        self._messages: dict[int, tuple[Any, int]] = {}
        """Each message written whole, by its id, with the message (held, so that its id is
        not another's while written) and its number."""
        self._count = 0
        """How many messages were written whole: the next one's number."""

    def changed(self, old: Any, new: Any, hint: Any) -> Any:
        """The stored form of what makes ``new`` from ``old``, two objects that are not the
        same one, or None where nothing changed: :func:`change`'s changes, found and written
        in one walk (no change is made as an object, then walked again to be written)."""
        kind = type(new)
        if kind is not type(old):
            return self.whole(new, hint)
        if kind in _PLAIN:
            return None if old == new else [new]
        if kind is tuple:
            if len(old) == len(new) and all(map(is_, old, new)):  # made again of the same items
                return None
            made = _tuple_change(old, new, hint)
            if made is None:
                return None
            return self.whole(new, hint) if isinstance(made, Whole) else self.kept(made, hint)
        shape = _shape(kind)
        if shape is None:
            return None if _same(old, new) else self.whole(new, hint)
        olds, news = shape.values(old), shape.values(new)
        changes = {}
        for index in compress(shape.indexes, map(is_not, olds, news)):
            if (found := self.changed(olds[index], news[index], shape.hints[index])) is not None:
                changes[shape.names[index]] = found
        return {"fields": changes} if changes else None

    def whole(self, value: Any, hint: Any) -> Any:
        """``value`` written whole, where ``hint`` is."""
        if type(value) in _PLAIN:
            return [value]
        if type(value) is tuple:
            item_hint, of_messages = _list_of(hint)
            if of_messages:
                return {"items": self.items(value, item_hint)}
            return [list(value) if _PLAIN.issuperset(map(type, value)) else encode(value)]
        written = self.item(value, hint)
        return written if _is_again(written) else [written]

    def kept(self, made: Kept, hint: Any) -> dict[str, Any]:
        """A tuple's run kept from the one before, with the items around it."""
        item_hint = _item_hint(hint)
        data: dict[str, Any] = {"keep": [made.start, made.stop]}
        if made.before:
            data["before"] = self.items(made.before, item_hint)
        if made.after:
            data["after"] = self.items(made.after, item_hint)
        return data

    def items(self, values: tuple[Any, ...], hint: Any) -> list[Any]:
        """``values``, each of type ``hint``, as a list of items: each a message met again
        as its number, where any can be a message."""
        if not _may_be_message(hint):
            return encode(values)
        return [self.item(value, hint) for value in values]

    def item(self, value: Any, hint: Any) -> Any:
        """``value`` in the codec's form, or ``{"again": n}`` for a message written before."""
        if type(value) in _PLAIN:
            return value
        if _shape(type(value)) is None:
            return encode(value)
        found = self._messages.get(id(value))
        if found is not None and _fits(value, hint):
            return {AGAIN: found[1]}
        self._messages.setdefault(id(value), (value, self._count))
        self._count += 1
        return encode(value)


def _is_again(data: Any) -> bool:
    return type(data) is dict and data.keys() == {AGAIN}


def is_compacted(data: Any) -> bool:
    """Whether stored ``data`` is in this form (or claims to be, at any version), rather than
    a plain list of values as a record's log was first kept."""
    return isinstance(data, dict) and "format" in data


def expanded(data: Any, hint: Any) -> tuple[Any, ...]:
    """The values ``data`` keeps (see :func:`compacted`), each of type ``hint``.

    Raises :class:`CompactError` for data not in this form or whose changes do not fit
    the values they change, and the codec's ``DecodeError`` for a part that does not decode.
    """
    if not isinstance(data, dict) or data.keys() != {"format", "version", "values"}:
        raise CompactError("its changes are not in the form of changes")
    if data["format"] != FORMAT or data["version"] != VERSION:
        raise CompactError(
            f"its changes are in a form this liar-tui does not know "
            f"({data['format']!r}, version {data['version']!r})"
        )
    stored = data["values"]
    if not isinstance(stored, list):
        raise CompactError("its changes are not a list of values")
    reader = _Reader()
    values: list[Any] = []
    for number, item in enumerate(stored):
        try:
            if number == 0:
                value = reader.whole(item, hint)
            else:
                value = applied(values[-1], reader.change(item, values[-1], hint))
        except (CompactError, TypeError, ValueError) as error:
            raise CompactError(f"value {number}: {str(error).rstrip('.')}") from None
        values.append(value)
    return tuple(values)


class _Reader:
    """Reads the changes of one log, keeping each message read whole for its number."""

    def __init__(self) -> None:
        self._messages: list[Any] = []

    def whole(self, data: Any, hint: Any) -> Any:
        """A value written whole (the first of a log, or one that changed whole)."""
        if isinstance(data, list):
            if len(data) != 1:
                raise CompactError("a whole value is not one item")
            return self.item(data[0], hint)
        if _is_again(data):
            return self.item(data, hint)
        if type(data) is dict and data.keys() == {"items"}:
            return self.items(data["items"], hint)
        raise CompactError(f"{_describe(data)} is not a value written whole")

    def change(self, data: Any, old: Any, hint: Any) -> Change | None:
        """The change ``data`` makes to ``old``, whose place holds ``hint``."""
        if type(data) is not dict or _is_again(data) or data.keys() == {"items"}:
            return Whole(self.whole(data, hint))
        if not data:
            return None
        if data.keys() == {"fields"}:
            return self._fields(data["fields"], old)
        if "keep" in data and data.keys() <= {"keep", "before", "after"}:
            return self._kept(data, old, hint)
        raise CompactError(f"a change has unknown entries {sorted(data)}")

    def item(self, data: Any, hint: Any) -> Any:
        if _is_again(data):
            number = data[AGAIN]
            if type(number) is not int or not 0 <= number < len(self._messages):
                raise CompactError(f"no message was written as number {number!r}")
            value = self._messages[number]
            if not _fits(value, hint):
                raise CompactError(f"message {number} is a {type(value).__name__}, out of place")
            return value
        value = decode(data, hint)
        if _message_fields(type(value)) is not None:
            self._messages.append(value)
        return value

    def items(self, data: Any, hint: Any) -> tuple[Any, ...]:
        item_hint = _item_hint(hint)
        if item_hint is None:
            raise CompactError("items are written where no list of them goes")
        if not isinstance(data, list):
            raise CompactError(f"items are not a list ({_describe(data)})")
        if not _may_be_message(item_hint):
            return decode(data, types.GenericAlias(tuple, (item_hint, ...)))
        return tuple(self.item(item, item_hint) for item in data)

    def _fields(self, data: Any, old: Any) -> Fields:
        kind = type(old)
        names = _message_fields(kind)
        if names is None:
            raise CompactError("fields are changed in a value that has none")
        if not isinstance(data, dict) or not data:
            raise CompactError("changed fields are not an object of fields")
        hints = _hints(kind)
        changes: dict[str, Change] = {}
        for name, part in data.items():
            if name not in names:
                raise CompactError(f"a {kind.__name__} has no field {name!r}")
            made = self.change(part, getattr(old, name), hints[name])
            if made is not None:
                changes[name] = made
        return Fields(kind, changes)

    def _kept(self, data: dict[str, Any], old: Any, hint: Any) -> Kept:
        bounds = data["keep"]
        if type(old) is not tuple:
            raise CompactError("items are kept from a value that is not a list of them")
        if not (
            isinstance(bounds, list)
            and len(bounds) == 2
            and all(type(bound) is int for bound in bounds)
            and 0 <= bounds[0] <= bounds[1] <= len(old)
        ):
            raise CompactError(f"the items kept {bounds!r} are not a run of the {len(old)} there")
        before = self.items(data.get("before", []), hint)
        return Kept(before, bounds[0], bounds[1], self.items(data.get("after", []), hint))


def _describe(data: Any) -> str:
    return f"a {type(data).__name__}"


# ----------------------------------------------------------------------------- types

_PLAIN = frozenset({type(None), bool, str, int})
"""Types whose values are their own encoding and the same when equal (not ``float``: ``0.0``
and ``-0.0`` are written apart)."""


@dataclass(frozen=True)
class _Shape:
    """A message class's fields: their names, their hints, and how to read their values."""

    names: tuple[str, ...]
    hints: tuple[Any, ...]
    values: Callable[[Any], tuple[Any, ...]]
    """The values of an instance's fields, in order."""
    indexes: range
    """The fields' places, for :func:`itertools.compress` to pick those that changed: the
    walk of a view's twenty fields, nearly all the very objects of the one before, runs in
    C, and Python looks only at the few that are not."""


_SHAPES: dict[type, _Shape | None] = {}
_LISTS: dict[Any, tuple[Any, bool]] = {}
_HINTS: dict[type, dict[str, Any]] = {}
_ITEM_HINTS: dict[Any, Any] = {}
_MAY_BE_MESSAGE: dict[Any, bool] = {}


def _shape(kind: type) -> _Shape | None:
    """The fields of a message class, whose changes are its fields' (a frozen dataclass the
    codec names, each field set by its constructor); None for any other type: its values
    are equal or not, as a card is."""
    try:
        return _SHAPES[kind]
    except KeyError:
        pass
    shape: _Shape | None = None
    params = getattr(kind, "__dataclass_params__", None)
    if params is not None and params.frozen:
        fields = dataclasses.fields(kind)
        if all(field.init for field in fields) and _named(kind):
            names = tuple(field.name for field in fields)
            hints = _hints(kind)
            getter = attrgetter(*names)
            values = getter if len(names) > 1 else lambda value: (getter(value),)
            field_hints = tuple(hints[name] for name in names)
            shape = _Shape(names, field_hints, values, range(len(names)))
    _SHAPES[kind] = shape
    return shape


def _named(kind: type) -> bool:
    try:
        message_name(kind)
    except CodecError:
        return False
    return True


def _message_fields(kind: type) -> tuple[str, ...] | None:
    """The names of a message class's fields; None for a type that is no message."""
    shape = _shape(kind)
    return None if shape is None else shape.names


def _hints(kind: type) -> dict[str, Any]:
    if kind not in _HINTS:
        _HINTS[kind] = typing.get_type_hints(kind)
    return _HINTS[kind]


def _may_be_message(hint: Any) -> bool:
    """Whether a value where ``hint`` is may be a message (and so be met again)."""
    try:
        return _MAY_BE_MESSAGE[hint]
    except KeyError:
        found = _MAY_BE_MESSAGE[hint] = _new_may_be_message(hint)
        return found


def _new_may_be_message(hint: Any) -> bool:
    if hint is Any:
        return True
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        return any(map(_may_be_message, typing.get_args(hint)))
    return isinstance(hint, type) and _message_fields(hint) is not None


def _fits(value: Any, hint: Any) -> bool:
    """Whether a message ``value`` may stand where ``hint`` is: the place of its first
    writing held it, this one must too."""
    if hint is Any:
        return True
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        return any(_fits(value, option) for option in typing.get_args(hint))
    return isinstance(hint, type) and isinstance(value, hint)


def _list_of(hint: Any) -> tuple[Any, bool]:
    """What each item of a tuple in a place of ``hint`` is read as (see
    :func:`_new_item_hint`), and whether one may be a message: asked of each tuple met."""
    try:
        return _LISTS[hint]
    except KeyError:
        item_hint = _item_hint(hint)
        found = _LISTS[hint] = (item_hint, item_hint is not None and _may_be_message(item_hint))
        return found


def _item_hint(hint: Any) -> Any:
    """What each item of a tuple in a place of ``hint`` is read as (see :func:`_new_item_hint`)."""
    try:
        return _ITEM_HINTS[hint]
    except KeyError:
        found = _ITEM_HINTS[hint] = _new_item_hint(hint)
        return found


def _new_item_hint(hint: Any) -> Any:
    """What each item of a tuple in a place of ``hint`` is read as: ``X`` for
    ``tuple[X, ...]`` (or that or None), anything for ``Any``; None where a tuple there is
    not a list of items of one kind (``tuple[int, str]``), so it is written whole."""
    if hint is Any:
        return Any
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        options = [_item_hint(option) for option in typing.get_args(hint)]
        found = [option for option in options if option is not None]
        return found[0] if len(found) == 1 else None
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return args[0]
    return None
