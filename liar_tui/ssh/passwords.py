"""The password file of the SSH front door: one ``name:hash`` line per person.

A line looks like ``ann:scrypt$16384$8$1$<salt>$<key>`` (salt and key in unpadded
URL-safe base64); blank lines and lines starting with ``#`` are skipped. The name is
everything before the *last* colon, since a player name may hold a colon and a hash never
does. The name is the player name of whoever logs in with that password, so it must be
one (short, printable). ``liar-tui ssh-serve --password-file FILE --add-password NAME``
adds such a line.

The file must be private to its owner (mode 0600): a readable hash can be guessed at
offline, at leisure and without any lockout, so a file others may read (or change) is
refused with the one command that fixes it. Adding a password creates the file private.

scrypt is slow and memory-hard on purpose, so a stolen file does not give the passwords
away cheaply; a random salt per line means two equal passwords never share a hash; the
final comparison is constant-time. Cost parameters read from the file are bounded, so a
mistyped line cannot make the server spend gigabytes on one login.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from liar_tui.table.seats import name_problem

SCHEME = "scrypt"
COST = 2**14
BLOCK_SIZE = 8
PARALLELISM = 1
SALT_BYTES = 16
KEY_BYTES = 32
MAX_MEMORY = 64 * 1024 * 1024
"""The most memory one check may take (scrypt needs 128 × cost × block size bytes)."""
MAX_PARALLELISM = 4
PRIVATE_MODE = 0o600
MAX_PASSWORD_LENGTH = 1024
"""Longer passwords are refused before hashing: nobody types them, and they cost time."""


class PasswordFileError(ValueError):
    """A password file that cannot be used; the message is one line naming the place."""


@dataclass(frozen=True)
class ScryptHash:
    """One stored hash with the parameters it was made with."""

    cost: int
    block_size: int
    parallelism: int
    salt: bytes
    key: bytes

    def encode(self) -> str:
        return "$".join(
            (
                SCHEME,
                str(self.cost),
                str(self.block_size),
                str(self.parallelism),
                _b64(self.salt),
                _b64(self.key),
            )
        )

    def matches(self, password: str) -> bool:
        """Whether ``password`` hashes to this key; slow on purpose (tens of milliseconds)."""
        if len(password) > MAX_PASSWORD_LENGTH:
            return False
        candidate = _scrypt(password, self.salt, self.cost, self.block_size, self.parallelism)
        return hmac.compare_digest(candidate, self.key)


def hash_password(password: str) -> str:
    """A new hash of ``password`` with a fresh random salt, as written in the file."""
    salt = os.urandom(SALT_BYTES)
    key = _scrypt(password, salt, COST, BLOCK_SIZE, PARALLELISM)
    return ScryptHash(COST, BLOCK_SIZE, PARALLELISM, salt, key).encode()


def parse_hash(text: str) -> ScryptHash:
    """The hash written as ``text``; raises ValueError with a short reason when it is not one."""
    parts = text.strip().split("$")
    if len(parts) != 6 or parts[0] != SCHEME:
        raise ValueError(f"the hash must look like {SCHEME}$N$r$p$salt$key")
    try:
        cost, block_size, parallelism = (int(part) for part in parts[1:4])
        salt, key = _unb64(parts[4]), _unb64(parts[5])
    except ValueError:
        raise ValueError("the hash has a number or base64 part that cannot be read") from None
    if cost < 2 or cost & (cost - 1):
        raise ValueError("the scrypt cost must be a power of two")
    if block_size < 1 or 128 * cost * block_size > MAX_MEMORY:
        raise ValueError(f"the scrypt cost and block size need more than {MAX_MEMORY >> 20} MiB")
    if not 1 <= parallelism <= MAX_PARALLELISM:
        raise ValueError(f"the scrypt parallelism must be from 1 to {MAX_PARALLELISM}")
    if not salt or len(key) < 16:
        raise ValueError("the hash's salt or key is too short")
    return ScryptHash(cost, block_size, parallelism, salt, key)


def parse_password_lines(text: str, where: str) -> dict[str, ScryptHash]:
    """Each name's hash; a bad line raises :class:`PasswordFileError` naming ``where:line``."""
    hashes: dict[str, ScryptHash] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, colon, encoded = line.rpartition(":")
        if not colon or not name:
            raise PasswordFileError(f"{where}:{number}: a line must be name:hash")
        if problem := name_problem(name, "The name before the colon"):
            raise PasswordFileError(f"{where}:{number}: {problem.rstrip('.')}")
        if name in hashes:
            raise PasswordFileError(f"{where}:{number}: {name!r} appears twice")
        try:
            hashes[name] = parse_hash(encoded)
        except ValueError as error:
            raise PasswordFileError(f"{where}:{number}: {error}") from None
    return hashes


def read_password_file(path: Path) -> dict[str, ScryptHash]:
    """The hashes in the file at ``path``; a :class:`PasswordFileError` when it cannot be read
    or others may read or change it."""
    try:
        with path.open("rb") as file:
            _check_private(path, os.fstat(file.fileno()).st_mode)
            text = file.read().decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or "not UTF-8 text"
        raise PasswordFileError(f"cannot read the password file {path}: {reason}") from None
    return parse_password_lines(text, str(path))


def add_password(path: Path, name: str, password: str) -> None:
    """Append ``name``'s line to the file at ``path``, creating it private (mode 0600).

    Raises :class:`PasswordFileError` when the file is not private, cannot be used, or
    already has a line for ``name`` (a second one would make the whole file unusable).
    """
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, PRIVATE_MODE)
    except OSError as error:
        raise PasswordFileError(f"cannot open the password file {path}: {error.strerror}") from None
    with os.fdopen(descriptor, "r+b") as file:
        _check_private(path, os.fstat(descriptor).st_mode)
        try:
            text = file.read().decode("utf-8")
        except UnicodeDecodeError:
            raise PasswordFileError(f"the password file {path} is not UTF-8 text") from None
        if name in parse_password_lines(text, str(path)):
            raise PasswordFileError(f"the password file {path} already has a line for {name!r}")
        separator = "" if not text or text.endswith("\n") else "\n"
        file.write(f"{separator}{name}:{hash_password(password)}\n".encode())


def _check_private(path: Path, mode: int) -> None:
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise PasswordFileError(
            f"the password file {path} may be read by others: chmod 600 {path} "
            f"(its mode is {stat.S_IMODE(mode):o})"
        )


DECOY = ScryptHash(COST, BLOCK_SIZE, PARALLELISM, b"\0" * SALT_BYTES, b"\0" * KEY_BYTES)
"""Checked for unknown names, so a login takes as long whether or not the name exists."""


def check_password(hashes: dict[str, ScryptHash], name: str, password: str) -> bool:
    """Whether ``name`` may log in with ``password``; as slow for unknown names as known ones."""
    stored = hashes.get(name)
    matched = (stored or DECOY).matches(password)
    return stored is not None and matched


def _scrypt(password: str, salt: bytes, cost: int, block_size: int, parallelism: int) -> bytes:
    memory = 128 * block_size * (cost + parallelism + 2)
    return hashlib.scrypt(
        password.encode("utf-8"),
        salt=salt,
        n=cost,
        r=block_size,
        p=parallelism,
        maxmem=memory + 1024 * 1024,
        dklen=KEY_BYTES,
    )


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    if not text:
        return b""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError):
        raise ValueError("bad base64") from None
