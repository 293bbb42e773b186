"""Password guessing against a real ``liar-tui ssh-serve`` process, and the gate's waits.

Issue 12 found 209 wrong passwords on one connection with no delay or lockout, and 120
guessing connections slowing a real login from 0.07 s to 5-12 s.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pytest

from liar_tui.ssh.guessing import GuessingPolicy, PasswordGate, Verdict, address_key
from liar_tui.ssh.limits import LONGEST_PASSWORD_DELAY, PASSWORD_TRIES
from tests.ssh.support import (
    PASSWORD,
    TIMEOUT,
    DoorProcess,
    connect,
    door_process,
    password_file,
    read_until,
    wait_until,
)

FAST = ("--password-delay=0.01",)


def right_password() -> bool:
    return True


def wrong_password() -> bool:
    return False


class Guesser(asyncssh.SSHClient):
    """A client that answers every password prompt with the next of ``passwords``."""

    def __init__(self, passwords: list[str]) -> None:
        self.tries = 0
        self.asked = asyncio.Event()
        self._passwords = iter(passwords)

    def password_auth_requested(self) -> str | None:
        self.asked.set()
        password = next(self._passwords, None)
        self.tries += password is not None
        return password


async def guess(port: int, guesser: Guesser, address: str = "127.0.0.1") -> None:
    """Log in with the guesser's passwords; raises when none of them is let in."""
    conn = await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1",
            port,
            username="ann",
            known_hosts=None,
            client_keys=None,
            agent_path=None,
            config=None,
            preferred_auth="password",
            client_factory=lambda: guesser,
            local_addr=(address, 0),
        ),
        TIMEOUT * 3,
    )
    conn.close()


async def plays_as_ann(port: int, address: str) -> None:
    async with connect(port, None, password=PASSWORD, local_addr=(address, 0)) as conn:
        game = await conn.create_process(term_type="xterm", term_size=(80, 24))
        await read_until(game.stdout, "name=ann")


def serve_passwords(tmp_path: Path, *argv: str) -> contextlib.AbstractContextManager[DoorProcess]:
    return door_process(tmp_path, f"--password-file={password_file(tmp_path)}", *argv)


async def test_one_connection_gets_six_tries(tmp_path: Path) -> None:
    with serve_passwords(tmp_path, *FAST, "--lockout-after=100") as door:
        guesser = Guesser([f"wrong {number}" for number in range(30)])
        with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError)):
            await guess(door.port, guesser)
        assert guesser.tries == PASSWORD_TRIES
        await wait_until(lambda: door.logged("password wrong") == PASSWORD_TRIES, "all logged")
        await plays_as_ann(door.port, "127.0.0.1")


async def test_a_locked_out_address_is_refused_even_the_right_password(tmp_path: Path) -> None:
    with serve_passwords(tmp_path, *FAST, "--lockout-after=3", "--lockout-time=600") as door:
        with pytest.raises(asyncssh.PermissionDenied):
            await guess(door.port, Guesser(["wrong"] * 3))
        locked_out = "127.0.0.1 locked out for 600 seconds after 3 wrong passwords"
        await wait_until(lambda: door.logged(locked_out) == 1, "the lockout logged")
        with pytest.raises(asyncssh.PermissionDenied):
            await guess(door.port, Guesser([PASSWORD]))
        refused = "password locked out for 'ann' from 127.0.0.1"
        await wait_until(lambda: door.logged(refused) == 1, "the refusal logged")
        await plays_as_ann(door.port, "127.0.0.2")


async def test_the_lockout_ends(tmp_path: Path) -> None:
    with serve_passwords(tmp_path, *FAST, "--lockout-after=3", "--lockout-time=1") as door:
        with pytest.raises(asyncssh.PermissionDenied):
            await guess(door.port, Guesser(["wrong"] * 3))
        await wait_until(lambda: door.logged("locked out for 1 seconds") == 1, "the lockout logged")

        async def until_let_in() -> None:
            while True:
                try:
                    return await guess(door.port, Guesser([PASSWORD]))
                except asyncssh.PermissionDenied:
                    await asyncio.sleep(0.1)

        await asyncio.wait_for(until_let_in(), TIMEOUT)


@pytest.mark.slow
async def test_a_crowd_of_guessers_does_not_hold_up_a_real_login(tmp_path: Path) -> None:
    """120 connections guess from one address; a friend logs in from another. Before, the
    friend's check queued behind every guesser's; now guessers from one address take one
    place in that queue at a time, so only a few wrong passwords are checked before it."""
    with serve_passwords(tmp_path, *FAST, "--lockout-after=1000") as door:
        guessers = [Guesser(["wrong"] * PASSWORD_TRIES) for _ in range(120)]
        tasks = [asyncio.ensure_future(guess(door.port, guesser)) for guesser in guessers]
        try:
            await asyncio.wait_for(_each_asked_or_turned_away(guessers, tasks), TIMEOUT * 3)
            await wait_until(lambda: door.logged("wrong") >= 2, "the guessing was under way")
            await plays_as_ann(door.port, "127.0.0.2")
            assert door.logged("wrong") < 20
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)


async def _each_asked_or_turned_away(
    guessers: list[Guesser], tasks: list[asyncio.Future[None]]
) -> None:
    while not all(g.asked.is_set() or t.done() for g, t in zip(guessers, tasks, strict=True)):
        await asyncio.sleep(0.05)


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def time(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


async def test_each_wrong_password_doubles_the_wait_before_the_next_try() -> None:
    clock = _Clock()
    policy = GuessingPolicy(delay=1.0, lockout_after=100, lockout_seconds=600.0)
    gate = PasswordGate(policy, clock.time, clock.sleep)
    verdicts = [await gate.attempt("10.0.0.1", wrong_password) for _ in range(9)]
    assert verdicts == [Verdict.WRONG] * 9
    assert clock.slept == [1, 2, 4, 8, 16, 32, LONGEST_PASSWORD_DELAY, LONGEST_PASSWORD_DELAY]
    assert await gate.attempt("10.0.0.2", right_password) is Verdict.ACCEPTED
    assert len(clock.slept) == 8, "another address does not wait"
    assert await gate.attempt("10.0.0.1", right_password) is Verdict.ACCEPTED
    assert clock.slept[8:] == [LONGEST_PASSWORD_DELAY], "the right password waits its turn too"
    assert await gate.attempt("10.0.0.1", wrong_password) is Verdict.WRONG
    assert await gate.attempt("10.0.0.1", wrong_password) is Verdict.WRONG
    assert clock.slept[9:] == [1], "and then the earlier wrong ones are forgiven"


async def test_a_lockout_refuses_every_try_until_it_ends() -> None:
    clock = _Clock()
    policy = GuessingPolicy(delay=1.0, lockout_after=3, lockout_seconds=600.0)
    checked: list[str] = []

    def check(password: str) -> Callable[[], bool]:
        def hashed() -> bool:
            checked.append(password)
            return password == "right"

        return hashed

    gate = PasswordGate(policy, clock.time, clock.sleep)
    for password in ("a", "b", "c"):
        assert await gate.attempt("10.0.0.1", check(password)) is Verdict.WRONG
    assert await gate.attempt("10.0.0.1", check("right")) is Verdict.LOCKED_OUT
    assert checked == ["a", "b", "c"], "a locked-out try costs no hashing"
    clock.now += 600
    assert await gate.attempt("10.0.0.1", right_password) is Verdict.ACCEPTED


def test_an_ipv6_address_is_locked_out_with_its_whole_64() -> None:
    same = {address_key(f"2001:db8::{suffix}") for suffix in ("1", "ffff:1", "dead:beef:0:1")}
    assert same == {"2001:db8::/64"}
    assert address_key("192.0.2.7") == "192.0.2.7"
    assert len({address_key(a) for a in itertools.repeat("2001:db8:0:1::1", 2)}) == 1
