"""``liar-tui ssh-serve`` on the command line: its options, its mistakes, a real start and stop."""

from __future__ import annotations

import argparse
import io
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path
from typing import NoReturn

import pytest

from liar_tui.ssh import command
from liar_tui.ssh.passwords import (
    check_password,
    hash_password,
    parse_password_lines,
    read_password_file,
)
from tests.ssh.support import LIAR_TUI, TIMEOUT, make_keys


class _Refused(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Refused(message)


def parse(*argv: str) -> argparse.Namespace:
    parser = _Parser(prog="liar-tui")
    command.add_parser(parser.add_subparsers(dest="command", parser_class=_Parser))
    return parser.parse_args(["ssh-serve", *argv])


def test_the_defaults_follow_the_contract() -> None:
    args = parse()
    assert (args.port, args.bind, args.table_host) == (2222, "0.0.0.0", "127.0.0.1:7777")
    assert (args.idle_timeout, args.max_sessions) == (1800.0, 16)
    assert (args.sessions_per_player, args.max_connections, args.session_wait) == (2, 64, 30.0)
    assert (args.password_delay, args.lockout_after, args.lockout_time) == (1.0, 10, 900.0)
    assert args.authorized_keys is None and args.password_file is None


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["--port", "70000"], "a port is from 0 to 65535, not 70000"),
        (["--idle-timeout", "0"], "must be more than 0 and at most 604800 seconds, not 0"),
        (["--max-sessions", "0"], "must be from 1 to 1000, not 0"),
        (["--sessions-per-player", "0"], "must be from 1 to 1000, not 0"),
        (["--session-wait", "-1"], "must be more than 0 and at most 3600 seconds, not -1"),
        (["--lockout-after", "x"], "'x' is not a whole number"),
        (["--add-password", "a", "--hash-password", "b"], "not allowed with argument"),
        (["--table-host", "nowhere"], "'nowhere' is not HOST:PORT"),
        (["--table-host", "h:1", "--table-socket", "s"], "not allowed with argument"),
    ],
)
def test_a_mistaken_option_is_one_line(argv: list[str], problem: str) -> None:
    with pytest.raises(_Refused, match=problem):
        parse(*argv)


def test_without_keys_or_passwords_it_will_not_start(capsys: pytest.CaptureFixture[str]) -> None:
    assert command.run(parse()) == 2
    assert capsys.readouterr().err == (
        "liar-tui: error: give --authorized-keys or --password-file\n"
    )


def test_help_names_the_password_line_maker(capsys: pytest.CaptureFixture[str]) -> None:
    assert command.run(parse("--help")) == 0
    assert "--hash-password NAME" in capsys.readouterr().out


def test_a_session_runs_join_with_the_ssh_name(tmp_path: Path) -> None:
    """-P: no module from the folder ssh-serve was started in can stand in for liar_tui's."""
    by_address = command.join_command("10.0.0.1:7777", None)("ann")
    python = [sys.executable, "-P", "-m", "liar_tui"]
    assert by_address == [*python, "join", "10.0.0.1:7777", "--name=ann"]
    by_socket = command.join_command("unused:1", tmp_path / "s")("-x")
    assert by_socket[4:] == ["join", "--socket", str(tmp_path / "s"), "--name=-x"]


def test_hash_password_prints_a_line_the_server_accepts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("let me in\n"))
    assert command.run(parse("--hash-password", "ann")) == 0
    hashes = parse_password_lines(capsys.readouterr().out, "stdout")
    assert check_password(hashes, "ann", "let me in")


@pytest.mark.parametrize(("name", "stdin"), [("", "pw\n"), ("ann", ""), ("ann", "\n")])
def test_hash_password_refuses_a_bad_name_or_no_password(
    name: str, stdin: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    assert command.run(parse("--hash-password", name)) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("liar-tui: error: ") and err.count("\n") == 1


def test_it_serves_prints_its_fingerprint_and_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    keys = make_keys(tmp_path)
    argv = [
        *LIAR_TUI,
        "ssh-serve",
        "--port=0",
        "--bind=127.0.0.1",
        f"--authorized-keys={keys.authorized_keys}",
        f"--host-key={tmp_path / 'host_key'}",
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    ) as server:
        try:
            lines = [server.stdout.readline() for _ in range(2)] if server.stdout else []
            assert lines[0].startswith("liar-tui ssh-serve listening on 127.0.0.1:")
            assert lines[1].startswith("host key fingerprint: SHA256:")
        finally:
            server.send_signal(signal.SIGTERM)
            out, err = server.communicate(timeout=TIMEOUT)
    assert server.returncode == 0, err
    assert out.rstrip().endswith("liar-tui ssh-serve stopped.")


def test_add_password_writes_a_private_file_the_server_accepts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "passwords"
    for name, password in (("ann", "let me in"), ("bea", "me too")):
        monkeypatch.setattr(sys, "stdin", io.StringIO(f"{password}\n"))
        assert command.run(parse("--password-file", str(path), "--add-password", name)) == 0
        assert capsys.readouterr().out == f"added {name} to {path}\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    hashes = read_password_file(path)
    assert check_password(hashes, "ann", "let me in") and check_password(hashes, "bea", "me too")


def test_add_password_needs_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert command.run(parse("--add-password", "ann")) == 2
    assert capsys.readouterr().err == (
        "liar-tui: error: --add-password needs --password-file FILE\n"
    )


def test_a_password_file_others_may_read_stops_the_server_with_the_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "passwords"
    path.write_text(f"ann:{hash_password('a')}\n")
    path.chmod(0o644)
    args = parse("--password-file", str(path), "--host-key", str(tmp_path / "host_key"))
    assert command.run(args) == 2
    assert capsys.readouterr().err == (
        f"liar-tui: error: the password file {path} may be read by others: "
        f"chmod 600 {path} (its mode is 644)\n"
    )


def test_help_says_how_to_add_a_password_and_whose_name_a_login_gets(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert command.run(parse("--help")) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "--add-password NAME" in shown
    assert "chmod 600 FILE" in shown
    assert "the user name typed to ssh does not change either" in shown
