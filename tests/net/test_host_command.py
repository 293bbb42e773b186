"""``liar-tui host``: its options, its mistakes, and a real run stopped by SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import pathlib
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from typing import NoReturn

import pytest

from liar_tui.net import host_command, protocol
from liar_tui.net.protocol import Welcome
from tests.net.host_client import WAIT, HostClient

RUN_HOST = (
    "import argparse, sys\n"
    "from liar_tui.net import host_command\n"
    "parser = argparse.ArgumentParser()\n"
    "host_command.add_parser(parser.add_subparsers(dest='command'))\n"
    "sys.exit(host_command.run(parser.parse_args(sys.argv[1:])))\n"
)
"""The command as the main command line will run it, until the lead wires it into cli.py."""


@contextlib.asynccontextmanager
async def host_process(*argv: str) -> AsyncIterator[tuple[asyncio.subprocess.Process, str]]:
    """``liar-tui host`` run with ``argv`` in a process of its own, and the first line it
    prints; the process is killed after the test if it is still running."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        RUN_HOST,
        *argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(pathlib.Path(__file__).parents[2])},
    )
    try:
        assert process.stdout is not None and process.stderr is not None
        line = (await asyncio.wait_for(process.stdout.readline(), WAIT)).decode()
        yield process, line
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


class UsageError(Exception):
    pass


class RaisingParser(argparse.ArgumentParser):
    """Like the main command line's parser: a mistake raises instead of printing usage."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def parse(*argv: str) -> argparse.Namespace:
    parser = RaisingParser(prog="liar-tui")
    host_command.add_parser(parser.add_subparsers(dest="command", parser_class=RaisingParser))
    return parser.parse_args(["host", *argv])


def test_the_defaults_listen_on_loopback_at_the_protocols_port() -> None:
    args = parse()
    assert (args.bind, args.port, args.socket, args.away_timeout) == (
        "127.0.0.1",
        protocol.DEFAULT_PORT,
        None,
        None,
    )
    assert parse("--away-timeout", "2.5", "--port", "0").away_timeout == 2.5


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--port", "http"], "'http' is not a port number"),
        (["--port", "70000"], "a port is from 0 to 65535, not 70000"),
        (["--away-timeout", "soon"], "'soon' is not a number of seconds"),
        (["--away-timeout", "0"], "must be more than 0"),
        (["--away-timeout", "nan"], "must be more than 0"),
    ],
)
def test_a_bad_option_is_one_line(argv: list[str], message: str) -> None:
    with pytest.raises(UsageError, match=message) as raised:
        parse(*argv)
    assert "\n" not in str(raised.value)


def test_a_socket_in_a_missing_folder_is_one_line_and_exit_2(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = parse("--socket", str(tmp_path / "missing" / "host.sock"))
    assert host_command.run(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("liar-tui: error: there is no folder")


def test_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert host_command.run(parse("--port", str(port))) == 1
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1
    assert captured.err.startswith(f"liar-tui: error: cannot listen on 127.0.0.1:{port}: ")


def test_help_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    assert host_command.run(parse("--help")) == 0
    assert "--away-timeout SECONDS" in capsys.readouterr().out


@pytest.mark.parametrize("transport", ["tcp", "unix"])
async def test_the_host_serves_until_sigterm_and_exits_0(
    transport: str, tmp_path: pathlib.Path
) -> None:
    socket_path = tmp_path / "host.sock"
    argv = ["host", "--port", "0", "--away-timeout", "5"]
    if transport == "unix":
        argv += ["--socket", str(socket_path)]
    async with host_process(*argv) as (process, line):
        assert line.startswith("liar-tui host: tables on 127.0.0.1:"), line
        assert line.rstrip().endswith("Ctrl+C stops.")
        if transport == "unix":
            assert f"(and {socket_path})" in line
            client = await HostClient.unix(socket_path)
        else:
            port = int(line.split("127.0.0.1:")[1].split(";")[0])
            client = await HostClient.tcp(port)
        await client.send(protocol.Hello(protocol.PROTOCOL_VERSION, "Ann"))
        assert await client.expect(Welcome) == Welcome(protocol.PROTOCOL_VERSION, "Ann", 5.0)
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), WAIT) == 0
        assert await client.closed_by_host()
        assert process.stderr is not None
        assert await process.stderr.read() == b""
        assert not socket_path.exists()


async def test_a_busy_host_stops_on_sigterm_without_a_word_in_its_log(
    tmp_path: pathlib.Path,
) -> None:
    """Issue 12: the host logged "Task was destroyed but it is pending" on the way out. Stop
    it mid-game with clients dropped, one silent before Hello and one sending garbage."""
    import random

    from liar_tui.games import make_bot
    from liar_tui.rules.liars_poker.rules import LiarsPokerRules
    from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
    from tests.net.host_client import play_until

    argv = ("host", "--port", "0", "--data-dir", str(tmp_path / "tables"))
    async with host_process(*argv) as (process, line):
        port = int(line.split("127.0.0.1:")[1].split(";")[0])
        ann, bob, eve = [await HostClient.tcp(port) for _ in range(3)]
        for client, name in ((ann, "Ann"), (bob, "Bob"), (eve, "Eve")):
            await client.greet(name)
        seats = (SeatConfig("A", SeatKind.HUMAN), SeatConfig("B", SeatKind.HUMAN), SeatConfig("C"))
        await ann.send(protocol.CreateTable("liars-poker-cards", LiarsPokerRules(), seats))
        table = (await ann.expect(protocol.TableCreated)).table
        seated = []
        for seat, client in enumerate((ann, bob)):
            await client.send(protocol.TakeSeat(table, seat))
            seated.append(await client.expect(protocol.Seated))
        await ann.send(protocol.StartTable(seated[0].token))
        silent = await asyncio.open_connection("127.0.0.1", port)
        bot = make_bot("liars-poker-cards", BotLevel.NORMAL, random.Random(0))
        playing = asyncio.ensure_future(play_until(ann, seated[0], bot, "liars-poker-cards"))
        await eve.send_raw(b"garbage\n" * 50)
        bob.kill()
        await asyncio.sleep(0.5)  # the game goes on a little: bots think, Ann plays
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), WAIT) == 0
        assert process.stderr is not None
        assert await process.stderr.read() == b""
        playing.cancel()
        await asyncio.gather(playing, return_exceptions=True)
        silent[1].close()


def test_the_limits_are_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = parse("--max-connections", "5", "--max-tables", "3", "--idle-timeout", "90")
    assert (args.max_connections, args.max_tables, args.idle_timeout) == (5, 3, 90.0)
    assert (parse().max_connections, parse().max_tables, parse().idle_timeout) == (64, 64, 300.0)
    for argv, message in (
        (["--max-connections", "0"], "must be from 1 to 10000, not 0"),
        (["--max-tables", "many"], "'many' is not a whole number"),
        (["--idle-timeout", "-1"], "must be more than 0"),
    ):
        with pytest.raises(UsageError, match=message):
            parse(*argv)
    assert host_command.run(parse("--help")) == 0
    shown = capsys.readouterr().out
    for option in ("--data-dir PATH", "--max-connections N", "--max-tables N", "--idle-timeout"):
        assert option in shown
