"""End to end, as a friend plays: OpenSSH in tmux -> ssh-serve -> liar-tui join -> the host.

The table host runs as ``liar-tui host`` on a Unix socket; each SSH session runs the very
command ``liar-tui ssh-serve --table-socket`` gives it: ``liar-tui join --socket ...
--name=USER``.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from liar_tui.ssh.command import join_command
from tests.ssh.support import LIAR_TUI, TIMEOUT, door_in_thread, make_keys, openssh, options
from tests.terminal.tmux import terminal

pytestmark = [
    pytest.mark.tmux,
    pytest.mark.skipif(
        shutil.which("ssh") is None,
        reason="the OpenSSH client is not installed (.ci/run installs openssh-client)",
    ),
]

PLAY_WAIT = 45.0
"""Starting a Textual app on a busy two-core machine can take a while."""


@pytest.fixture
def table_socket(tmp_path: Path) -> Iterator[Path]:
    socket = tmp_path / "host.sock"
    command = [*LIAR_TUI, "host", "--port", "0", "--socket", str(socket)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as host:
        try:
            assert host.stdout is not None
            assert "tables on" in host.stdout.readline()
            yield socket
        finally:
            host.terminate()
            host.wait(TIMEOUT)


def test_a_friend_over_ssh_reaches_the_lobby_sits_down_and_plays_a_round(
    tmp_path: Path, table_socket: Path
) -> None:
    keys = make_keys(tmp_path, "zoe")
    door_options = options(tmp_path, keys, session_command=join_command("unused:0", table_socket))
    with (
        door_in_thread(door_options) as port,
        terminal(openssh(port, keys.private, "-t", user="zoe"), {}, size=(100, 32)) as term,
    ):
        term.wait_for("New table", timeout=PLAY_WAIT)
        term.press("n")
        term.wait_for("Liar Game", timeout=TIMEOUT)
        term.press("1")
        term.wait_for("New table: Liar Game", timeout=TIMEOUT)
        term.wait_for("1. You          ▼  zoe", timeout=TIMEOUT)
        term.press("C-s")
        term.wait_for("You own table", timeout=TIMEOUT)
        term.wait_for("zoe                   here, owns the table  (you)", timeout=TIMEOUT)
        term.press("s")
        term.wait_for("Your pocket", timeout=PLAY_WAIT)
        term.wait_for("Round 1", timeout=TIMEOUT)
        term.press("1", "2", "3", "Enter")
        term.wait_for("Continue", timeout=PLAY_WAIT)
        reveal = term.wait_for("zoe ·", timeout=TIMEOUT)
        assert "Round 1:" in reveal
        # Quitting mid-game leaves the seat to the host and ends the SSH session.
        term.press("C-q")
        term.wait_until(term.exited, timeout=PLAY_WAIT)
