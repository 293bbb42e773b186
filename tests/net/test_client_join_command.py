"""``liar-tui join``'s command line: mistakes and an absent host are one line, no screen."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path

import pytest

from liar_tui.net import join_command
from liar_tui.net.client import Address


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="liar-tui")
    join_command.add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["join", *argv])


def test_help_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    assert join_command.run(parse(["--help"])) == 0
    out = capsys.readouterr().out
    assert "usage: liar-tui join [-h] [--socket PATH] [--name NAME] [HOST:PORT]" in out


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["nowhere"], "'nowhere' is not an address: write HOST:PORT, like 127.0.0.1:7777"),
        (["host:99999"], "The port in 'host:99999' must be a whole number from 1 to 65535"),
        (["h:1", "--socket", "/tmp/s"], "Give HOST:PORT or --socket PATH, not both"),
        (["--name", ""], "--name must not be empty"),
    ],
)
def test_mistakes_are_one_line_and_exit_2(
    argv: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert join_command.run(parse(argv)) == 2
    assert capsys.readouterr().err == f"liar-tui: error: {problem}\n"


def test_the_address_defaults_to_the_local_host_and_a_socket_is_a_path() -> None:
    assert join_command.join_address(None, None) == Address("127.0.0.1", 7777)
    assert join_command.join_address(None, "/run/liar.sock") == Address(path=Path("/run/liar.sock"))


def test_no_host_listening_is_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    socket = tmp_path / "none.sock"
    assert join_command.run(parse(["--socket", str(socket)])) == 1
    assert capsys.readouterr().err == (
        f"liar-tui: cannot reach the table host at {socket}: there is no socket there "
        "(start one with: liar-tui host)\n"
    )


def test_a_refused_connection_says_how_to_start_a_host(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert join_command.run(parse([f"127.0.0.1:{port}"])) == 1
    assert capsys.readouterr().err == (
        f"liar-tui: cannot reach the table host at 127.0.0.1:{port}: connection refused "
        "(start one with: liar-tui host)\n"
    )


def test_a_damaged_seat_tokens_file_is_one_warning_not_a_traceback(
    tmp_path: Path, isolated_dirs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    tokens = isolated_dirs["data"] / "seat-tokens.json"
    tokens.parent.mkdir(parents=True)
    tokens.write_text("{", encoding="utf-8")
    socket = tmp_path / "none.sock"
    assert join_command.run(parse(["--socket", str(socket)])) == 1
    assert capsys.readouterr().err == (
        f"liar-tui: warning: The seat tokens in {tokens} could not be read (expecting "
        "property name enclosed in double quotes at line 1, column 2); starting with none.\n"
        f"liar-tui: cannot reach the table host at {socket}: there is no socket there "
        "(start one with: liar-tui host)\n"
    )
