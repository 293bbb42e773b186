"""A file read again when it changes, so adding a friend's key needs no restart.

Restarting ssh-serve would end every game in progress, so the authorized keys and the
password file are re-read at the next login after they change. A file that breaks later
(a half-saved edit) keeps the last good contents and says so in the log, rather than
locking everyone out; a file that is removed lets nobody in, since removing it is how its
owner would shut the door.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

log = logging.getLogger("liar_tui.ssh")

Contents = TypeVar("Contents")


class WatchedFile(Generic[Contents]):
    """The parsed contents of ``path``, parsed again whenever the file changes."""

    def __init__(self, path: Path, parse: Callable[[Path], Contents], empty: Contents) -> None:
        self.path = path
        self._parse = parse
        self._empty = empty
        self._stamp = self._current_stamp()
        self._contents = parse(path)  # a broken file at start is the caller's error to report

    def current(self) -> Contents:
        stamp = self._current_stamp()
        if stamp != self._stamp:
            self._stamp = stamp
            if stamp is None:
                log.warning("%s is gone: nobody it let in may log in now", self.path)
                self._contents = self._empty
                return self._contents
            try:
                self._contents = self._parse(self.path)
            except (OSError, ValueError) as error:
                log.warning(
                    "%s changed but cannot be used (%s): keeping the last one", self.path, error
                )
        return self._contents

    def _current_stamp(self) -> tuple[int, int, int, int] | None:
        """What changes when the file does; the change time too, so a chmod that opens the
        password file to others is noticed (and that version refused)."""
        try:
            status = self.path.stat()
        except OSError:
            return None
        return (status.st_ino, status.st_mtime_ns, status.st_ctime_ns, status.st_size)
