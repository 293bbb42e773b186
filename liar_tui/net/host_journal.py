"""The host's journal: every hosted table on disk, so a restarted host takes up its games.

Each table keeps two files in the journal's folder. ``table-<n>.json`` is its record (the
request it was created with, who sits in which chair with which seat token, its owner and
code, and once started the full setup with the real seed); it is small and rewritten whole,
atomically, when a chair changes and at the start. ``table-<n>.actions`` holds one JSON line
per action applied since the start. The game is never stored: like a saved table it is
rebuilt by replaying the actions from the seed, so the two files are all a restore needs.

Appending is what the host does for every action on its event loop, so it must be cheap: one
``write`` to a file kept open, and no fsync. Once ``write`` returns the line is the kernel's,
so the host being killed (even with SIGKILL) loses nothing already appended; only a power cut
could lose the last lines, a fair price for a card game. A crash in the middle of a write
leaves a last line without its newline, which :meth:`HostJournal.load` drops and cuts off.

The files hold seat tokens (whoever has one plays that seat) and seeds (whoever has one
knows every hand), so the folder is the owner's alone (0700), every file is created 0600
from its first moment, and a folder or file that others could reach is refused.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from liar_tui.games import registered
from liar_tui.net.protocol import CreateTable
from liar_tui.store.messages import TOO_LONG_A_NUMBER, json_problem, os_reason, shown_path
from liar_tui.table import codec
from liar_tui.table.setup import TableSetup

logger = logging.getLogger(__name__)

FORMAT = "liar-tui host table"
VERSION = 1
PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600
OTHERS = 0o077
"""Permission bits of the group and of everyone else: none may be set on the journal."""

RECORD_SUFFIX = ".json"
ACTIONS_SUFFIX = ".actions"
SET_ASIDE_SUFFIX = ".bad"
_JOURNAL_FILE = re.compile(r"table-(0|[1-9][0-9]*)(\.json|\.actions)")
_TEMPORARY_FILE = re.compile(r"\.table-.*\.tmp")


class JournalError(OSError):
    """The journal cannot be used or written; the message is one sentence."""


@dataclass(frozen=True)
class ChairRecord:
    person: str | None
    """The name of the person who took the chair; None for a chair nobody took."""
    token: str | None
    """Their seat token: secret, which is why the journal is private."""
    ready: bool = False
    """Before the start, whether they voted to start: a restart keeps the vote."""


@dataclass(frozen=True)
class TableRecord:
    number: int
    request: CreateTable
    """The table as created: game, rules, seats, private, turn_seconds."""
    chairs: tuple[ChairRecord, ...]
    owner: int | None
    """The owner's seat."""
    code: str
    """A private table's code ("" if none)."""
    setup: TableSetup | None
    """The full setup with the real seed once started; None while the table waits."""
    creator_address: str | None = None
    """The remote address that created the table, counted against its per-address limit
    after a restart too; None for a table made from this machine (or by a version that
    did not record it)."""


@dataclass(frozen=True)
class RestoredTable:
    record: TableRecord
    actions: tuple[Any, ...]
    """The actions applied since the start, in order, as the game's own action types; checked
    to replay from ``record.setup``, so ``open_table(setup, actions)`` rebuilds the game."""


for _cls in (ChairRecord, TableRecord):
    codec.register(_cls)


class _Unusable(Exception):
    """A table's files that cannot be restored; the message is the end of a sentence."""


class HostJournal:
    """The journal folder of one host; one instance writes it at a time."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._shown = shown_path(directory)
        self._appending: dict[int, int] = {}
        """File descriptors of the action files appended to, kept open between actions."""
        try:
            _make_private_folder(directory)
            self._refuse_if_others_can_reach()
        except OSError as error:
            if isinstance(error, JournalError):
                raise
            raise JournalError(
                f"The host's journal folder {self._shown} cannot be used: {os_reason(error)}."
            ) from None

    def _refuse_if_others_can_reach(self) -> None:
        """Whoever reads a journal file can take any seat and see every hand: refuse to go on
        (rather than fix the modes quietly) when anyone else could have done so already."""
        found = self.directory.stat()
        if not stat.S_ISDIR(found.st_mode):
            raise JournalError(f"The host's journal folder {self._shown} is not a folder.")
        if found.st_uid != os.getuid():
            raise JournalError(
                f"The host's journal folder {self._shown} belongs to another user; "
                "give the host a folder of its own."
            )
        if found.st_mode & OTHERS:
            raise JournalError(
                f"The host's journal folder {self._shown} can be reached by other users; "
                f"make it private with chmod 700 {self._shown}."
            )
        for path in sorted(self.directory.iterdir()):
            if _JOURNAL_FILE.fullmatch(path.name) and path.lstat().st_mode & OTHERS:
                raise JournalError(
                    f"The journal file {shown_path(path)} can be read by other users, so its "
                    f"seat tokens are no longer secret; make it private with chmod 600 "
                    f"{shown_path(path)}, or remove it."
                )

    # ------------------------------------------------------------------ writing

    def save_table(self, record: TableRecord) -> None:
        """Replace the table's record, atomically: a crash leaves the old record or the new."""
        path = self._record_path(record.number)
        document = {"format": FORMAT, "version": VERSION, "table": codec.encode(record)}
        # ASCII JSON: a name from a client's JSON may hold a lone surrogate ("\\ud800"),
        # which has no UTF-8 bytes; escaped, it is written and read back as it came.
        text = json.dumps(document, separators=(",", ":"))
        try:
            _replace_durably(path, text.encode())
        except OSError as error:
            raise self._write_error(record.number, error) from None

    def append_action(self, number: int, action: Any) -> None:
        """Add one action to the table's log, handed to the kernel before this returns."""
        line = json.dumps(codec.encode(action), separators=(",", ":"))
        data = memoryview((line + "\n").encode())
        try:
            descriptor = self._appending.get(number)
            if descriptor is None:
                descriptor = self._appending[number] = os.open(
                    self._actions_path(number),
                    os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC,
                    PRIVATE_FILE,
                )
            while data:
                data = data[os.write(descriptor, data) :]
        except OSError as error:
            raise self._write_error(number, error) from None

    def drop_table(self, number: int) -> None:
        """The table is over or gone: its files go, so it is never restored."""
        self._stop_appending(number)
        try:
            self._actions_path(number).unlink(missing_ok=True)
            self._record_path(number).unlink(missing_ok=True)
        except OSError as error:
            raise JournalError(
                f"The journal of table {number} could not be removed from {self._shown}: "
                f"{os_reason(error)}."
            ) from None

    def close(self) -> None:
        for number in list(self._appending):
            self._stop_appending(number)

    def _stop_appending(self, number: int) -> None:
        descriptor = self._appending.pop(number, None)
        if descriptor is not None:
            os.close(descriptor)

    def _write_error(self, number: int, error: OSError) -> JournalError:
        return JournalError(
            f"Table {number} could not be journaled in {self._shown}: {os_reason(error)}."
        )

    # ------------------------------------------------------------------ reading

    def load(self) -> tuple[list[RestoredTable], list[str]]:
        """Every table in the journal, in number order, and one sentence per problem.

        A table whose files cannot be restored is left out and its files set aside as
        ``*.bad`` (never deleted: they may be all that is left of someone's game). An action
        line cut short by a crash is the last action, which never reached the table's
        players' screens for certain: it is dropped, and cut off the file so the lines
        appended after the restart start on a line of their own.
        """
        numbers: set[int] = set()
        try:
            for path in self.directory.iterdir():
                if _TEMPORARY_FILE.fullmatch(path.name):
                    path.unlink(missing_ok=True)  # a record whose writer died before its rename
                elif found := _JOURNAL_FILE.fullmatch(path.name):
                    numbers.add(int(found.group(1)))
        except OSError as error:
            raise JournalError(
                f"The host's journal folder {self._shown} could not be read: {os_reason(error)}."
            ) from None
        restored: list[RestoredTable] = []
        problems: list[str] = []
        for number in sorted(numbers):
            try:
                restored.append(self._restored(number))
            except _Unusable as unusable:
                problems.append(self._set_aside(number, str(unusable)))
            except Exception:  # a bug in reading one table must not keep the host down
                logger.exception("table %d of the journal could not be read", number)
                problems.append(self._set_aside(number, "reading it failed"))
        return restored, problems

    def _restored(self, number: int) -> RestoredTable:
        record_path = self._record_path(number)
        if not record_path.exists():
            raise _Unusable("its actions were found without its record")
        record = self._record(number, _read(record_path))
        actions, complete_length = self._actions(number, record)
        _check_replay(record, actions)
        if complete_length is not None:
            self._cut_torn_line(number, complete_length)
        return RestoredTable(record, actions)

    def _record(self, number: int, data: bytes) -> TableRecord:
        try:
            document = json.loads(data.decode())
        except UnicodeDecodeError:
            raise _Unusable("its record is not UTF-8 text") from None
        except json.JSONDecodeError as error:
            raise _Unusable(f"its record is not valid JSON: {json_problem(error)}") from None
        except RecursionError:
            raise _Unusable("its record nests too deeply to be a table") from None
        except ValueError:
            raise _Unusable(f"its record: {TOO_LONG_A_NUMBER}") from None
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise _Unusable("its record is not a liar-tui host table")
        if document.get("version") != VERSION or type(document.get("version")) is not int:
            raise _Unusable(
                f"its record is of format {codec.describe(document.get('version'))}, "
                f"and this host reads format {VERSION}"
            )
        if set(document) != {"format", "version", "table"}:
            raise _Unusable("its record has missing or unknown entries")
        try:
            record: TableRecord = codec.decode(document["table"], TableRecord)
        except codec.DecodeError as error:
            raise _Unusable(f"its record is not valid: {error}") from None
        _check_record(number, record)
        return record

    def _actions(self, number: int, record: TableRecord) -> tuple[tuple[Any, ...], int | None]:
        """The table's actions, and where its complete lines end when a torn line follows."""
        path = self._actions_path(number)
        if not path.exists():
            return (), None
        complete, newline, torn = _read(path).rpartition(b"\n")
        complete_length = len(complete) + len(newline) if torn else None
        if not newline:
            return (), complete_length
        if record.setup is None:
            raise _Unusable("it has actions but no record of its start")
        action_type = registered()[record.setup.game].action_type
        actions: list[Any] = []
        for line_number, line in enumerate(complete.split(b"\n"), start=1):
            try:
                actions.append(codec.decode(json.loads(line.decode()), action_type))
            except codec.DecodeError as error:
                raise _Unusable(f"action {line_number} is not valid: {error}") from None
            except (ValueError, RecursionError):  # not UTF-8, or not JSON
                raise _Unusable(f"action {line_number} is not a line of JSON") from None
        return tuple(actions), complete_length

    def _cut_torn_line(self, number: int, length: int) -> None:
        self._stop_appending(number)
        try:
            os.truncate(self._actions_path(number), length)
        except OSError as error:
            raise _Unusable(
                f"its last action, cut short by a crash, could not be removed: {os_reason(error)}"
            ) from None

    def _set_aside(self, number: int, problem: str) -> str:
        """Rename the table's files to ``*.bad``, and the sentence saying so."""
        self._stop_appending(number)
        moved: list[str] = []
        for path in (self._record_path(number), self._actions_path(number)):
            if not path.exists():
                continue
            target = _free_name(path)
            try:
                path.rename(target)
            except OSError as error:
                return (
                    f"Table {number} in {self._shown} cannot be restored ({problem}), and "
                    f"{path.name} could not be set aside: {os_reason(error)}."
                )
            moved.append(target.name)
        return (
            f"Table {number} in {self._shown} cannot be restored ({problem}); "
            f"its files were set aside as {' and '.join(moved)}."
        )

    def _record_path(self, number: int) -> Path:
        return self.directory / f"table-{number}{RECORD_SUFFIX}"

    def _actions_path(self, number: int) -> Path:
        return self.directory / f"table-{number}{ACTIONS_SUFFIX}"


def _make_private_folder(directory: Path) -> None:
    """Create the folder and any missing parents, each 0700 from its first moment."""
    missing = [folder for folder in (directory, *directory.parents) if not os.path.lexists(folder)]
    for folder in reversed(missing):
        with contextlib.suppress(FileExistsError):  # another process made it meanwhile
            folder.mkdir(PRIVATE_FOLDER)
    if missing:
        directory.chmod(PRIVATE_FOLDER)  # the umask may have taken the owner's bits too


def _replace_durably(path: Path, data: bytes) -> None:
    """Write a temporary file (0600 from its creation), fsync it, and rename it over ``path``."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    folder = os.open(path.parent, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(folder)  # the rename itself, against a power cut
    finally:
        os.close(folder)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise _Unusable(f"{path.name} could not be read: {os_reason(error)}") from None


def _check_record(number: int, record: TableRecord) -> None:
    """What the codec cannot know: the record agrees with its file and with itself."""
    if record.number != number:
        raise _Unusable(f"its record is of table {record.number}")
    game = registered().get(record.request.game)
    if game is None:
        raise _Unusable(f"it is a table of an unknown game {codec.describe(record.request.game)}")
    seats = len(record.request.seats)
    if len(record.chairs) != seats:
        raise _Unusable(f"its record has {len(record.chairs)} chairs for {seats} seats")
    if record.owner is not None and not 0 <= record.owner < seats:
        raise _Unusable(f"its owner's seat {record.owner} is not one of its seats")
    setup = record.setup
    rules = (record.request.rules,) if setup is None else (record.request.rules, setup.rules)
    if any(type(each) is not game.rules_type for each in rules):
        raise _Unusable(f"its rules are not {game.title} rules")
    if setup is not None and (setup.game != record.request.game or len(setup.seats) != seats):
        raise _Unusable("its start does not match the table it was created as")


def _check_replay(record: TableRecord, actions: tuple[Any, ...]) -> None:
    """Replay the actions as a restore will: one the rules refuse is a damaged journal,
    told in a sentence here rather than a traceback in the host."""
    if record.setup is None:
        return
    game = registered()[record.setup.game]
    try:
        state = game.new_state(record.setup)
    except ValueError as error:
        raise _Unusable(f"its game cannot start: {str(error).rstrip('.')}") from None
    for number, action in enumerate(actions, start=1):
        if reason := state.refusal(action):
            raise _Unusable(f"action {number} breaks the rules: {reason.rstrip('.')}")
        try:
            state.apply(action)
        except Exception as error:  # a game's engine may fail in any way on a bad log
            raise _Unusable(f"action {number} could not be replayed: {error!r}") from None


def _free_name(path: Path) -> Path:
    """``table-3.json.bad``, or ``table-3.json.2.bad`` when an older one is there: the
    table's number may have been used again since, and its files set aside again."""
    target = path.with_name(path.name + SET_ASIDE_SUFFIX)
    copy = 2
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.{copy}{SET_ASIDE_SUFFIX}")
        copy += 1
    return target
