"""Who a session plays as: the name bound to the credential, never the one the client typed.

Issue 12 found that with ``--authorized-keys`` any key could log in under any name, so one
friend could appear as another.
"""

from __future__ import annotations

from pathlib import Path

import asyncssh
import pytest

from liar_tui.ssh.named_keys import NamedKeysError, parse_named_keys
from liar_tui.ssh.passwords import hash_password
from tests.ssh.support import (
    PASSWORD,
    authorized_keys_of,
    connect,
    make_keys,
    options,
    read_until,
    serving,
)


async def name_seen(conn: asyncssh.SSHClientConnection) -> str:
    game = await conn.create_process(term_type="xterm", term_size=(80, 24))
    said = await read_until(game.stdout, " TERM=")
    return said.split("name=", 1)[1].split(" TERM=", 1)[0]


async def test_a_key_plays_as_its_own_name_whatever_name_is_typed(tmp_path: Path) -> None:
    ann, bea = make_keys(tmp_path, "ann"), make_keys(tmp_path, "Bea Smith")
    keys_file = authorized_keys_of(tmp_path, ann, bea)
    async with serving(options(tmp_path, None, authorized_keys=keys_file)) as (_, port):
        for keys, typed, expected in [
            (ann, "ann", "ann"),
            (bea, "ann", "Bea Smith"),
            (ann, "Bea Smith", "ann"),
            (bea, "root", "Bea Smith"),
        ]:
            async with connect(port, keys, username=typed) as conn:
                assert await name_seen(conn) == expected


async def test_a_password_plays_as_the_name_of_its_line(tmp_path: Path) -> None:
    passwords = tmp_path / "passwords"
    passwords.write_text(f"ann:{hash_password(PASSWORD)}\nbea:{hash_password('bea secret')}\n")
    passwords.chmod(0o600)
    async with serving(options(tmp_path, None, password_file=passwords)) as (_, port):
        async with connect(port, None, username="bea", password="bea secret") as conn:
            assert await name_seen(conn) == "bea"
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(port, None, username="ann", password="bea secret"):
                pass


async def test_a_key_limited_to_another_address_is_refused(tmp_path: Path) -> None:
    ann = make_keys(tmp_path, "ann")
    keys_file = tmp_path / "authorized_keys"
    keys_file.write_bytes(b'from="10.9.8.7" ' + ann.key.export_public_key())
    async with serving(options(tmp_path, None, authorized_keys=keys_file)) as (_, port):
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(port, ann):
                pass


def test_a_keys_file_line_names_its_player_after_the_key() -> None:
    private = asyncssh.generate_private_key("ssh-ed25519", comment="Ann Smith")
    line, key = private.export_public_key().decode(), private.convert_to_public()
    keys = parse_named_keys(f'# friends\n\nrestrict,from="127.0.0.*" {line}', "keys")
    assert len(keys) == 1
    assert keys.name_for(key, "127.0.0.1", "127.0.0.1") == "Ann Smith"
    assert keys.name_for(key, "10.0.0.1", "10.0.0.1") is None
    stranger = asyncssh.generate_private_key("ssh-ed25519", comment="Ann Smith")
    assert keys.name_for(stranger.convert_to_public(), "127.0.0.1", "127.0.0.1") is None


@pytest.mark.parametrize(
    ("comment", "problem"),
    [
        ("", "keys:2: the key has no name: end the line with the player name$"),
        ("a" * 40, "keys:2: The name at the end of the line must be at most 20 characters$"),
    ],
)
def test_a_key_without_a_usable_name_is_refused_with_its_line(comment: str, problem: str) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519", comment=comment or None)
    line = key.export_public_key().decode()
    with pytest.raises(NamedKeysError, match=problem):
        parse_named_keys(f"# friends\n{line}", "keys")


def test_a_certificate_authority_line_is_refused() -> None:
    key = asyncssh.generate_private_key("ssh-ed25519", comment="ann")
    line = key.export_public_key().decode()
    with pytest.raises(NamedKeysError, match=r"^keys:1: certificate authorities are not accepted$"):
        parse_named_keys(f"cert-authority {line}", "keys")
