"""The server's host key: made once, then kept, so friends' ssh never warns of a changed key.

An SSH client remembers the host key on the first visit and refuses (loudly) when it
changes, so generating a fresh key at every start would train people to ignore that
warning. The key lives in the user data dir, readable by its owner only, like OpenSSH's
own host keys.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import asyncssh

from liar_tui.store.paths import data_dir

KEY_ALGORITHM = "ssh-ed25519"
PRIVATE_MODE = 0o600


class HostKeyError(Exception):
    """A host key that cannot be used; the message is one line."""


def default_host_key_path() -> Path:
    return data_dir() / "ssh_host_ed25519_key"


def load_or_create_host_key(path: Path) -> asyncssh.SSHKey:
    """The private key at ``path``, generated (mode 0o600) when there is none yet."""
    if not path.exists():
        _create(path)
    mode = path.stat().st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise HostKeyError(
            f"the host key {path} may be read by others: chmod 600 it (mode is {mode & 0o777:o})"
        )
    try:
        return asyncssh.read_private_key(path)
    except OSError as error:
        raise HostKeyError(f"cannot read the host key {path}: {error.strerror}") from None
    except (asyncssh.KeyImportError, asyncssh.KeyEncryptionError, ValueError) as error:
        raise HostKeyError(f"{path} is not a usable SSH private key: {error}") from None


def _create(path: Path) -> None:
    """Write a new key without ever leaving it readable by others, even for a moment."""
    key = asyncssh.generate_private_key(KEY_ALGORITHM, comment="liar-tui ssh-serve")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_MODE)
    except FileExistsError:
        return  # another server started at the same moment made it; use theirs
    except OSError as error:
        raise HostKeyError(f"cannot create the host key {path}: {error.strerror}") from None
    with os.fdopen(descriptor, "wb") as file:
        file.write(key.export_private_key())
