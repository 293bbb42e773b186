"""A real ``liar-tui ssh-serve`` process: the window a session's child gets, and how it ends.

Issue 12 found a 10000 x 10000 window growing a session's child past a gigabyte, every
session ending killed after the grace period (137), and BrokenPipeError tracebacks in the
log when a client closed its channel while the child was drawing.
"""

from __future__ import annotations

import asyncio
import logging
import shutil
from pathlib import Path

import asyncssh
import pytest

from liar_tui.ssh.limits import MOST_COLUMNS, MOST_ROWS
from tests.ssh.support import (
    TIMEOUT,
    connect,
    door_process,
    make_keys,
    options,
    process_gone,
    read_until,
    serving,
    wait_until,
)

CLAMPED = f"size {MOST_COLUMNS}x{MOST_ROWS}"


async def test_a_huge_window_is_clamped_when_asked_for_and_on_every_resize(
    tmp_path: Path,
) -> None:
    keys = make_keys(tmp_path)
    with door_process(tmp_path, f"--authorized-keys={keys.authorized_keys}") as door:
        async with connect(door.port, keys) as conn:
            game = await conn.create_process(term_type="xterm", term_size=(10_000, 10_000))
            said = await read_until(game.stdout, CLAMPED)
            assert "10000" not in said
            game.change_terminal_size(120, 40)
            await read_until(game.stdout, "size 120x40")
            game.change_terminal_size(9_999, 30)
            said = await read_until(game.stdout, f"size {MOST_COLUMNS}x30")
            assert "9999" not in said
            game.change_terminal_size(90, 65_535)
            said = await read_until(game.stdout, f"size 90x{MOST_ROWS}")
            assert "65535" not in said


@pytest.mark.skipif(shutil.which("nohup") is None, reason="nohup is not installed")
async def test_a_session_ends_with_the_childs_own_status_even_under_nohup(
    tmp_path: Path,
) -> None:
    """nohup makes SIGHUP ignored, and an ignored signal stays ignored across exec: the
    children of a door started that way shrugged off the hang-up and were killed (137)."""
    keys = make_keys(tmp_path)
    argv = (f"--authorized-keys={keys.authorized_keys}",)
    with door_process(tmp_path, *argv, prefix=("nohup",)) as door:
        async with connect(door.port, keys) as conn:
            game = await conn.create_process(term_type="xterm", term_size=(80, 24))
            await read_until(game.stdout, "size 80x24")
            game.stdin.write("quit\r")
            result = await asyncio.wait_for(game.wait(), TIMEOUT)
            assert result.exit_status == 3
            game = await conn.create_process(term_type="xterm", term_size=(80, 24))
            await read_until(game.stdout, "size 80x24")
            pid = int((tmp_path / "probe.pid").read_text())
        # The client went away: the child is hung up and ends of that.
        await wait_until(lambda: process_gone(pid), "the child was gone")
        await wait_until(lambda: door.logged("session ended") == 2, "both sessions ended")
    ended = [line for line in door.log if "session ended" in line]
    assert "ended with status 3" in ended[0]
    assert "ended with status 129" in ended[1], "hung up (128 + SIGHUP), not killed (137)"
    assert not any("Traceback" in line for line in door.log)


async def test_a_channel_closed_while_the_child_draws_ends_it_without_a_traceback(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The child floods output and has stopped reading, so the client's input backs up and
    the server pauses the channel; the client then closes it. Output has nowhere to go."""
    keys = make_keys(tmp_path)
    caplog.set_level(logging.INFO)
    async with serving(options(tmp_path, keys)) as (door, port), connect(port, keys) as conn:
        game = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await read_until_bytes(game.stdout, b"size 80x24")
        pid = int((tmp_path / "probe.pid").read_text())
        game.stdin.write(b"flood\r")
        await read_until_bytes(game.stdout, b"x" * 4096)
        game.stdin.write(b"y" * 1_000_000)
        game.close()
        await wait_until(lambda: process_gone(pid), "the child was gone")
        await wait_until(lambda: door.session_count == 0, "the session was closed")
    troubles = [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert troubles == [], [record.getMessage() for record in troubles]


async def read_until_bytes(stream: asyncssh.SSHReader[bytes], wanted: bytes) -> None:
    seen = b""

    async def read() -> None:
        nonlocal seen
        while wanted not in seen:
            chunk = await stream.read(65_536)
            assert chunk, f"{wanted!r} never came"
            seen = seen[-len(wanted) :] + chunk

    await asyncio.wait_for(read(), TIMEOUT)
