"""The front door through asyncssh's client: who gets in, and what a session gets."""

from __future__ import annotations

import asyncio
import stat
from pathlib import Path

import asyncssh
import pytest

from liar_tui.ssh.host_key import default_host_key_path
from liar_tui.ssh.server import SshFrontDoor, SshSetupError
from liar_tui.ssh.session import NEEDS_TERMINAL, NO_COMMANDS
from tests.ssh.support import (
    PASSWORD,
    TIMEOUT,
    Keys,
    connect,
    make_keys,
    options,
    password_file,
    process_gone,
    read_until,
    serving,
    wait_until,
)


@pytest.fixture
def keys(tmp_path: Path) -> Keys:
    return make_keys(tmp_path)


async def open_game(
    conn: asyncssh.SSHClientConnection,
    size: tuple[int, int] = (90, 30),
    term_type: str = "xterm-test",
) -> asyncssh.SSHClientProcess[str]:
    return await conn.create_process(term_type=term_type, term_size=size)


async def test_the_host_key_is_made_once_and_kept_private(
    tmp_path: Path, keys: Keys, isolated_dirs: dict[str, Path]
) -> None:
    door_options = options(tmp_path, keys, host_key=default_host_key_path())
    seen = []
    for _ in range(2):
        async with serving(door_options) as (door, port), connect(port, keys) as conn:
            server_key = conn.get_server_host_key()
            assert server_key is not None
            seen.append((door.fingerprint, server_key.get_fingerprint()))
    assert seen[0] == seen[1]
    assert seen[0][0] == seen[0][1]
    key_file = default_host_key_path()
    assert key_file.parent == isolated_dirs["data"]
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600


def test_a_host_key_others_can_read_is_refused(tmp_path: Path, keys: Keys) -> None:
    SshFrontDoor(options(tmp_path, keys))
    (tmp_path / "host_key").chmod(0o644)
    with pytest.raises(SshSetupError, match="may be read by others: chmod 600"):
        SshFrontDoor(options(tmp_path, keys))


def test_the_door_will_not_open_without_a_way_to_log_in(tmp_path: Path) -> None:
    with pytest.raises(SshSetupError, match=r"^give --authorized-keys or --password-file$"):
        SshFrontDoor(options(tmp_path, None))


def test_an_unreadable_authorized_keys_file_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "bad_keys").write_text("this is not a key\n")
    bad = options(tmp_path, None, authorized_keys=tmp_path / "bad_keys")
    with pytest.raises(
        SshSetupError, match=r"bad_keys:1: not a public key line \(TYPE BASE64 NAME\)$"
    ):
        SshFrontDoor(bad)


async def test_the_session_runs_in_a_pty_of_the_clients_size_and_follows_resizes(
    tmp_path: Path, keys: Keys
) -> None:
    async with serving(options(tmp_path, keys)) as (_, port), connect(port, keys) as conn:
        game = await open_game(conn, size=(90, 30))
        said = await read_until(game.stdout, "size 90x30")
        assert "name=ann TERM=xterm-test owns-tty=True" in said
        game.change_terminal_size(120, 40)
        await read_until(game.stdout, "size 120x40")
        game.stdin.write("hello\r")
        await read_until(game.stdout, "echo: hello")
        game.stdin.write("quit\r")
        result = await asyncio.wait_for(game.wait(), TIMEOUT)
        assert result.exit_status == 3, "the child's exit status closes the channel"


async def test_a_term_that_names_no_terminal_gets_the_default(tmp_path: Path, keys: Keys) -> None:
    async with serving(options(tmp_path, keys)) as (_, port), connect(port, keys) as conn:
        game = await open_game(conn, term_type="xterm\x00; rm -rf /")
        said = await read_until(game.stdout, "size 90x30")
        assert "TERM=xterm-256color owns-tty=True" in said


async def test_a_wrong_key_is_refused(tmp_path: Path, keys: Keys) -> None:
    stranger = make_keys(tmp_path, "stranger")
    async with serving(options(tmp_path, keys)) as (_, port):
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(port, stranger):
                pass


async def test_a_key_added_to_the_file_lets_its_owner_in_without_a_restart(
    tmp_path: Path, keys: Keys
) -> None:
    friend = make_keys(tmp_path, "bea")
    async with serving(options(tmp_path, keys)) as (_, port):
        keys.authorized_keys.write_bytes(
            keys.key.export_public_key() + friend.key.export_public_key()
        )
        async with connect(port, friend, username="bea") as conn:
            game = await open_game(conn)
            await read_until(game.stdout, "name=bea")


async def test_removing_the_authorized_keys_file_shuts_the_door(tmp_path: Path, keys: Keys) -> None:
    async with serving(options(tmp_path, keys)) as (_, port):
        async with connect(port, keys) as conn:
            await open_game(conn)
        keys.authorized_keys.unlink()
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(port, keys):
                pass


async def test_the_right_password_gets_in_and_a_wrong_one_does_not(tmp_path: Path) -> None:
    door_options = options(tmp_path, None, password_file=password_file(tmp_path, "ann"))
    async with serving(door_options) as (_, port):
        async with connect(port, None, password=PASSWORD) as conn:
            game = await open_game(conn)
            await read_until(game.stdout, "name=ann")
        for username, password in (("ann", "wrong"), ("bea", PASSWORD)):
            with pytest.raises(asyncssh.PermissionDenied):
                async with connect(port, None, username=username, password=password):
                    pass


async def test_a_session_without_a_pty_gets_a_message_and_no_shell(
    tmp_path: Path, keys: Keys
) -> None:
    async with serving(options(tmp_path, keys)) as (_, port), connect(port, keys) as conn:
        result = await asyncio.wait_for(conn.run(), TIMEOUT)
    assert result.exit_status == 1
    assert result.stderr == f"{NEEDS_TERMINAL}\r\n"
    assert not (tmp_path / "probe.pid").exists(), "no process was started"


@pytest.mark.parametrize("term_type", [None, "xterm"])
async def test_a_command_gets_a_message_and_is_not_run(
    tmp_path: Path, keys: Keys, term_type: str | None
) -> None:
    async with serving(options(tmp_path, keys)) as (_, port), connect(port, keys) as conn:
        result = await asyncio.wait_for(
            conn.run(f"touch {tmp_path / 'ran'}", term_type=term_type), TIMEOUT
        )
    assert result.exit_status == 1
    assert result.stderr == f"{NO_COMMANDS}\r\n"
    assert not (tmp_path / "ran").exists()
    assert not (tmp_path / "probe.pid").exists()


async def test_sftp_is_refused(tmp_path: Path, keys: Keys) -> None:
    async with serving(options(tmp_path, keys)) as (_, port), connect(port, keys) as conn:
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await asyncio.wait_for(conn.start_sftp_client(), TIMEOUT)


async def test_port_forwarding_either_way_is_refused(tmp_path: Path, keys: Keys) -> None:
    async with serving(options(tmp_path, keys)) as (_, port), connect(port, keys) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", port)


async def test_sessions_beyond_the_limit_are_turned_away(tmp_path: Path, keys: Keys) -> None:
    async with (
        serving(options(tmp_path, keys, max_sessions=1)) as (door, port),
        connect(port, keys) as conn,
    ):
        first = await open_game(conn)
        await read_until(first.stdout, "size")
        second = await open_game(conn)
        result = await asyncio.wait_for(second.wait(), TIMEOUT)
        assert result.exit_status == 1
        assert result.stderr == "liar-tui is full right now: try again later.\r\n"
        first.stdin.write("quit\r")
        await asyncio.wait_for(first.wait(), TIMEOUT)
        await wait_until(lambda: door.session_count == 0, "the first session left")
        third = await open_game(conn)
        await read_until(third.stdout, "size")


async def test_an_idle_session_is_closed_with_a_message(tmp_path: Path, keys: Keys) -> None:
    door_options = options(tmp_path, keys, idle_timeout=0.5)
    async with serving(door_options) as (_, port), connect(port, keys) as conn:
        game = await open_game(conn)
        await read_until(game.stdout, "size")
        pid = int((tmp_path / "probe.pid").read_text())
        said = await read_until(game.stdout, "without input.")
        assert "liar-tui closed this session after 0.5 seconds without input." in said
        result = await asyncio.wait_for(game.wait(), TIMEOUT)
    assert result.exit_status == 0
    assert process_gone(pid)


async def test_the_child_is_ended_when_the_client_goes_away(tmp_path: Path, keys: Keys) -> None:
    async with serving(options(tmp_path, keys)) as (door, port):
        async with connect(port, keys) as conn:
            game = await open_game(conn)
            await read_until(game.stdout, "size")
            pid = int((tmp_path / "probe.pid").read_text())
            assert not process_gone(pid)
        await wait_until(lambda: process_gone(pid), "the child was gone")
        await wait_until(lambda: door.session_count == 0, "the session was closed")


async def test_closing_the_door_ends_every_session(tmp_path: Path, keys: Keys) -> None:
    door = SshFrontDoor(options(tmp_path, keys))
    port = await door.listen("127.0.0.1", 0)
    async with connect(port, keys) as conn:
        game = await open_game(conn)
        await read_until(game.stdout, "size")
        pid = int((tmp_path / "probe.pid").read_text())
        await asyncio.wait_for(door.close(), TIMEOUT)
        said = await read_until(game.stdout, "shutting down.")
        assert "\x1b[?1049l" in said, "the person's terminal leaves the alternate screen"
    assert process_gone(pid)
    with pytest.raises(OSError):
        async with connect(port, keys):
            pass


def test_a_session_gets_only_the_environment_it_needs() -> None:
    from liar_tui.ssh.server import session_environment

    owner = {
        "PATH": "/usr/bin",
        "HOME": "/home/host",
        "LC_ALL": "C.UTF-8",
        "LIAR_TUI_DATA_DIR": "/srv/liar",
        "XDG_CONFIG_HOME": "/srv/config",
        "XDG_DATA_HOME": "/srv/data",
        "SSH_AUTH_SOCK": "/tmp/agent.1",
        "AWS_SECRET_ACCESS_KEY": "secret",
    }
    assert session_environment(owner) == {
        "PATH": "/usr/bin",
        "HOME": "/home/host",
        "LC_ALL": "C.UTF-8",
        "LIAR_TUI_DATA_DIR": "/srv/liar",
        "XDG_CONFIG_HOME": "/srv/config",
        "XDG_DATA_HOME": "/srv/data",
    }


async def test_a_password_file_opened_to_others_later_is_not_read_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The last private version keeps working (nobody is locked out), and the log says why
    a later version is not used."""
    path = password_file(tmp_path, "ann")
    async with serving(options(tmp_path, None, password_file=path)) as (_, port):
        path.chmod(0o644)
        async with connect(port, None, password=PASSWORD) as conn:
            game = await open_game(conn)
            await read_until(game.stdout, "name=ann")
    assert "may be read by others: chmod 600" in caplog.text
