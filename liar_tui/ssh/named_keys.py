"""The authorized keys file of the SSH front door, where every key carries its owner's name.

A line is an OpenSSH ``authorized_keys`` line, ``[options] TYPE BASE64 COMMENT``, and the
comment is the player name of whoever logs in with that key: ``ssh-ed25519 AAAA... Ann``.
The name the client types (``ssh bob@host``) is ignored, so one friend can never appear as
another. Two lines may share a name (one person, two computers). OpenSSH's ``from="..."``
option still limits where a key may log in from; certificate authorities are refused,
since a certificate would carry no name of ours.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import asyncssh

from liar_tui.table.seats import name_problem


class NamedKeysError(ValueError):
    """A keys file that cannot be used; the message is one line naming the place."""


@dataclass(frozen=True)
class _NamedKey:
    name: str
    rules: asyncssh.SSHAuthorizedKeys
    """The line as asyncssh reads it, to apply its options (``from=``)."""


class NamedKeys:
    """Whose key is whose: the player name a key logs in as, or None for a stranger."""

    def __init__(self, keys: dict[bytes, list[_NamedKey]] | None = None) -> None:
        self._keys = keys or {}

    def __len__(self) -> int:
        return sum(len(entries) for entries in self._keys.values())

    def name_for(self, key: asyncssh.SSHKey, peer_host: str, peer_address: str) -> str | None:
        """The name bound to ``key`` when it may log in from this peer."""
        for entry in self._keys.get(key.public_data, []):
            if entry.rules.validate(key, peer_host, peer_address) is not None:
                return entry.name
        return None


def parse_named_keys(text: str, where: str) -> NamedKeys:
    """The keys in ``text``; a bad line raises :class:`NamedKeysError` naming ``where:line``."""
    keys: dict[bytes, list[_NamedKey]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        place = f"{where}:{number}"
        found = _public_key_in(line)
        if found is None:
            raise NamedKeysError(f"{place}: not a public key line (TYPE BASE64 NAME)")
        options, key = found
        if "cert-authority" in options:
            raise NamedKeysError(f"{place}: certificate authorities are not accepted")
        try:
            rules = asyncssh.SSHAuthorizedKeys(line)
        except ValueError as error:  # asyncssh.KeyImportError is a ValueError
            raise NamedKeysError(f"{place}: {error}") from None
        name = (key.get_comment() or "").strip()
        if not name:
            raise NamedKeysError(f"{place}: the key has no name: end the line with the player name")
        if problem := name_problem(name, "The name at the end of the line"):
            raise NamedKeysError(f"{place}: {problem.rstrip('.')}")
        keys.setdefault(key.public_data, []).append(_NamedKey(name, rules))
    return NamedKeys(keys)


def read_named_keys(path: Path) -> NamedKeys:
    """The keys in the file at ``path``; a :class:`NamedKeysError` when it cannot be used."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or "not UTF-8 text"
        raise NamedKeysError(f"cannot read the authorized keys file {path}: {reason}") from None
    return parse_named_keys(text, str(path))


def _public_key_in(line: str) -> tuple[str, asyncssh.SSHKey] | None:
    """The options and the key of a line: the key starts at the first word from which the
    rest of the line reads as a key (options may hold quoted spaces, so no simple split)."""
    words = line.split()
    for start in range(len(words)):
        try:
            return " ".join(words[:start]), asyncssh.import_public_key(" ".join(words[start:]))
        except (asyncssh.KeyImportError, ValueError):
            continue
    return None
