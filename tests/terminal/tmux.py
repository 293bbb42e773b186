"""Drive the real liar-tui in a tmux terminal, as a person at a keyboard would."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

LIAR_TUI = str(Path(sys.executable).with_name("liar-tui"))


class Terminal:
    """One tmux session on a private server socket, so tests never touch the user's tmux."""

    def __init__(self, socket: str, session: str) -> None:
        self.socket = socket
        self.session = session

    def _tmux(self, *args: str) -> str:
        result = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True
        )
        return result.stdout

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", self.session)

    def press(self, *keys: str) -> None:
        for key in keys:
            self._tmux("send-keys", "-t", self.session, key)

    def press_together(self, *keys: str) -> None:
        """``keys`` in one burst, as a fast typist sends them: each reaches the app before
        it has handled the one before."""
        self._tmux("send-keys", "-t", self.session, *keys)

    def wait_for(self, text: str, timeout: float = 30.0) -> str:
        """The screen once ``text`` is on it; fails with the last screen after ``timeout``."""
        return self.wait_for_any(text, timeout=timeout)

    def wait_for_any(self, *texts: str, timeout: float = 30.0) -> str:
        """The screen once any of ``texts`` is on it, for a moment that may go either of
        several ways; fails with the last screen after ``timeout``."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if any(text in screen for text in texts):
                return screen
            time.sleep(0.2)
        raise AssertionError(f"none of {texts!r} appeared; the screen was:\n{screen}")

    def wait_until(self, condition: Callable[[], bool], timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out; the screen was:\n{self.screen()}")
            time.sleep(0.1)

    def exited(self) -> bool:
        panes = self._tmux("list-panes", "-t", self.session, "-F", "#{pane_dead}")
        return panes.strip() == "1"


@contextmanager
def terminal(
    command: list[str], env: Mapping[str, str], size: tuple[int, int] = (100, 32)
) -> Iterator[Terminal]:
    """Run ``command`` in a fresh tmux session of ``size``; kill the server afterwards."""
    if shutil.which("tmux") is None:
        raise RuntimeError("tmux is not installed (.ci/run installs it)")
    socket = f"liar-tui-test-{uuid.uuid4().hex[:8]}"
    session = "play"
    width, height = size
    env_args = [arg for name, value in env.items() for arg in ("-e", f"{name}={value}")]
    subprocess.run(
        [
            "tmux", "-L", socket, "-f", "/dev/null",
            "new-session", "-d", "-s", session, "-x", str(width), "-y", str(height),
            *env_args, *command,
        ],
        check=True,
        env={**os.environ, "TERM": os.environ.get("TERM") or "xterm-256color"},
    )  # fmt: skip
    term = Terminal(socket, session)
    term._tmux("set-option", "-t", session, "remain-on-exit", "on")
    try:
        yield term
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
