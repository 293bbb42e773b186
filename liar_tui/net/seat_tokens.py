"""The seat tokens ``liar-tui join`` holds, kept on disk so a new process takes its seats back.

A seat token is the only proof of a seat at a table host: whoever reads it can play the
seat. So the file is this user's alone. It is only ever written by
:func:`~liar_tui.store.atomic.write_atomically`, whose temporary file ``mkstemp`` creates
with mode 0600 before a byte is in it and then renames over the old file whole: no other
user can read it at any moment, and a crash mid-write leaves the old tokens, not half of them.

Tokens are kept by host (``host:port``, or a socket's path): a token sent to another host
would only be refused, and would hand the seat to whoever runs that host.

Every change rereads the file first, so two ``liar-tui join`` processes of one user do not
undo each other's seats. A damaged file is one warning and a fresh start, never a traceback:
the worst it costs is seats a new process cannot take back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from liar_tui.store import paths
from liar_tui.store.atomic import write_atomically
from liar_tui.store.messages import json_problem, os_reason, shown_path

FORMAT = "liar-tui seat tokens"
VERSION = 1
MAX_TOKENS_PER_HOST = 64
"""The seats kept for one host, the newest: a host that hands out endless seats cannot grow
the file (or the Resume frames of the next start) without bound."""

Hosts = dict[str, list[str]]


class SeatTokens:
    """The seat tokens of every host this user joined, as the file holds them."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else paths.seat_tokens_path()
        self._problem: str | None = None
        found = self._read()
        if isinstance(found, str):
            self._warn(
                f"The seat tokens in {shown_path(self.path)} could not be read ({found}); "
                "starting with none."
            )
            found = {}
        self._hosts: Hosts = found

    def tokens(self, host: str) -> tuple[str, ...]:
        """The tokens held at ``host`` as the file has them now, oldest first."""
        found = self._read()
        if not isinstance(found, str):  # (a file damaged since was warned of at the start)
            self._hosts = found
        return tuple(self._hosts.get(host, ()))

    def remember(self, host: str, token: str) -> None:
        """Keep ``token`` for ``host`` (a seat just taken or taken back)."""

        def add(held: list[str]) -> list[str]:
            return held if token in held else [*held, token][-MAX_TOKENS_PER_HOST:]

        self._change(host, add)

    def forget(self, host: str, token: str) -> None:
        """Drop ``token``: its seat was left, or the host no longer knows it."""
        self._change(host, lambda held: [kept for kept in held if kept != token])

    def take_problem(self) -> str | None:
        """The first sentence on a file that could not be read or written, said once."""
        problem, self._problem = self._problem, None
        return problem

    # the file -------------------------------------------------------------------------

    def _change(self, host: str, change: Callable[[list[str]], list[str]]) -> None:
        hosts = self._read()
        if isinstance(hosts, str):  # damaged: start afresh from what this process knows
            hosts = dict(self._hosts)
        held = hosts.get(host, [])
        changed = change(held)
        self._hosts = hosts
        if changed == held:
            return
        if changed:
            hosts[host] = changed
        else:
            hosts.pop(host, None)
        document = {"format": FORMAT, "version": VERSION, "hosts": hosts}
        try:
            write_atomically(self.path, json.dumps(document, indent=2) + "\n")
        except OSError as error:
            self._warn(
                f"Seat tokens could not be saved to {shown_path(self.path)}: {os_reason(error)}."
            )

    def _read(self) -> Hosts | str:
        """The file's tokens (``{}`` when there is no file), or why it cannot be read."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as error:
            return os_reason(error)
        except UnicodeDecodeError:
            return "it is not UTF-8 text"
        try:
            document = json.loads(text)
        except json.JSONDecodeError as error:
            return json_problem(error)
        except (ValueError, RecursionError):
            return "it is not JSON"
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            return "it is not a seat tokens file"
        if document.get("version") != VERSION:
            return f"its version is not {VERSION}"
        hosts = document.get("hosts")
        if not isinstance(hosts, dict) or not all(
            isinstance(tokens, list) and all(isinstance(token, str) for token in tokens)
            for tokens in hosts.values()
        ):
            return "its hosts are not lists of tokens"
        return {host: list(tokens) for host, tokens in hosts.items()}

    def _warn(self, problem: str) -> None:
        if self._problem is None:
            self._problem = problem
