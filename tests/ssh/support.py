"""Shared pieces of the SSH tests: a client key, a front door on 127.0.0.1, the probe."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import asyncssh

from liar_tui.ssh.passwords import hash_password
from liar_tui.ssh.server import SshFrontDoor, SshOptions

PROBE = str(Path(__file__).with_name("pty_probe.py"))
REPOSITORY = Path(__file__).resolve().parents[2]
TIMEOUT = 10.0
PASSWORD = "correct horse"


@dataclass(frozen=True)
class Keys:
    """A client key pair on disk, in the files OpenSSH and asyncssh read."""

    private: Path
    authorized_keys: Path
    key: asyncssh.SSHKey


def make_keys(folder: Path, player: str = "ann") -> Keys:
    """A key named ``player`` (the comment of its authorized keys line)."""
    key = asyncssh.generate_private_key("ssh-ed25519", comment=player)
    private = folder / f"{player}_key"
    private.write_bytes(key.export_private_key())
    private.chmod(0o600)
    authorized = folder / f"{player}_authorized_keys"
    authorized.write_bytes(key.export_public_key())
    return Keys(private, authorized, key)


def probe_command(pid_file: Path) -> Callable[[str], list[str]]:
    return lambda username: [sys.executable, PROBE, str(pid_file), username]


def options(tmp_path: Path, keys: Keys | None, **changes: object) -> SshOptions:
    base = SshOptions(
        session_command=probe_command(tmp_path / "probe.pid"),
        host_key=tmp_path / "host_key",
        authorized_keys=keys.authorized_keys if keys else None,
    )
    return replace(base, **changes)


def password_file(tmp_path: Path, name: str = "ann") -> Path:
    path = tmp_path / "passwords"
    path.write_text(f"# friends\n{name}:{hash_password(PASSWORD)}\n")
    path.chmod(0o600)
    return path


@asynccontextmanager
async def serving(door_options: SshOptions) -> AsyncIterator[tuple[SshFrontDoor, int]]:
    door = SshFrontDoor(door_options)
    port = await door.listen("127.0.0.1", 0)
    try:
        yield door, port
    finally:
        await asyncio.wait_for(door.close(), TIMEOUT)


def connect(port: int, keys: Keys | None, username: str = "ann", **extra: object):
    """An asyncssh client connection (an async context manager); ``extra`` may override
    the client keys and the methods tried."""
    settings: dict[str, object] = {
        "client_keys": [keys.key] if keys else None,
        "preferred_auth": "publickey" if keys else "password,keyboard-interactive",
        **extra,
    }
    return asyncssh.connect(
        "127.0.0.1",
        port,
        username=username,
        known_hosts=None,
        agent_path=None,
        config=None,
        **settings,
    )


async def read_until(stream: asyncssh.SSHReader[str], text: str) -> str:
    """What ``stream`` said up to and including ``text``; fails after TIMEOUT."""
    seen = ""

    async def read() -> str:
        nonlocal seen
        while text not in seen:
            chunk = await stream.read(4096)
            if not chunk:
                raise AssertionError(f"{text!r} never came; the stream said {seen!r}")
            seen += chunk
        return seen

    return await asyncio.wait_for(read(), TIMEOUT)


def process_gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def wait_until(condition: Callable[[], bool], what: str) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.05)

    try:
        await asyncio.wait_for(poll(), TIMEOUT)
    except TimeoutError:
        raise AssertionError(f"timed out waiting until {what}") from None


LIAR_TUI = [sys.executable, "-m", "liar_tui"]


@contextmanager
def door_in_thread(door_options: SshOptions) -> Iterator[int]:
    """A front door on its own event loop thread, for tests that block (ssh, tmux); its port."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    door = SshFrontDoor(door_options)
    try:
        port = asyncio.run_coroutine_threadsafe(door.listen("127.0.0.1", 0), loop).result(TIMEOUT)
        yield port
    finally:
        asyncio.run_coroutine_threadsafe(door.close(), loop).result(TIMEOUT * 2)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(TIMEOUT)
        loop.close()


def openssh(port: int, key: Path, *options: str, user: str = "ann") -> list[str]:
    """The real OpenSSH client, with no config, no known hosts and only ``key`` to offer."""
    return [
        "ssh", "-F", "/dev/null", "-p", str(port), "-i", str(key),
        "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
        "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR",
        *options, f"{user}@127.0.0.1",
    ]  # fmt: skip


def authorized_keys_of(folder: Path, *everyone: Keys) -> Path:
    """One authorized keys file holding every key given, each line ending in its name."""
    path = folder / "authorized_keys"
    path.write_bytes(b"".join(keys.key.export_public_key() for keys in everyone))
    return path


@dataclass
class DoorProcess:
    """A running ``liar-tui ssh-serve`` (see door_process.py) and what it has logged."""

    port: int
    process: subprocess.Popen[str]
    log: list[str]

    def logged(self, text: str) -> int:
        """How many log lines so far hold ``text``."""
        return sum(text in line for line in list(self.log))


@contextmanager
def door_process(tmp_path: Path, *argv: str, prefix: tuple[str, ...] = ()) -> Iterator[DoorProcess]:
    """``liar-tui ssh-serve ARGV`` on 127.0.0.1 as its own process, sessions running the probe;
    ``prefix`` goes before the command (``nohup``, say). SIGTERM ends it."""
    command = [
        *prefix, sys.executable, "-m", "tests.ssh.door_process", str(tmp_path / "probe.pid"),
        "--port=0", "--bind=127.0.0.1", f"--host-key={tmp_path / 'host_key'}", *argv,
    ]  # fmt: skip
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen(
        command, cwd=REPOSITORY, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        log: list[str] = []
        errors = process.stderr

        def keep_log() -> None:
            for line in errors:
                log.append(line)

        reader = threading.Thread(target=keep_log, daemon=True)
        reader.start()
        try:
            first = process.stdout.readline()
            if not first.startswith("liar-tui ssh-serve listening on 127.0.0.1:"):
                process.wait(TIMEOUT)
                reader.join(TIMEOUT)
                raise AssertionError(f"ssh-serve did not start: {first!r} {''.join(log)}")
            yield DoorProcess(int(first.rsplit(":", 1)[1]), process, log)
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
            process.wait(TIMEOUT)
            reader.join(TIMEOUT)
