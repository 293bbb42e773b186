"""The registry keeps every game that loads and leaves out, with a log line, any that does not."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

import liar_tui.games as games
from liar_tui.cli import NO_GAMES, main
from liar_tui.games.discovery import EntryPoint
from liar_tui.games.liar_game import LiarGamePlugin
from liar_tui.games.plugin import GamePlugin


class Unfinished(GamePlugin):
    """A plugin that leaves its abstract methods out: it cannot be made."""

    id = "unfinished"


class Impostor(LiarGamePlugin):
    """Registered under another name than its id."""

    id = "impostor"


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[EntryPoint]]:
    """Entry points the registry will find instead of the installed ones."""
    found: list[EntryPoint] = []
    monkeypatch.setattr(games, "entry_points", lambda group: list(found))
    games.registered.cache_clear()
    yield found
    games.registered.cache_clear()


def test_broken_games_are_left_out_and_logged(
    registry: list[EntryPoint], caplog: pytest.LogCaptureFixture
) -> None:
    module = __name__
    registry += [
        EntryPoint("liar-game", "liar_tui.games.liar_game:plugin"),
        EntryPoint("missing", "no_such_module.anywhere:plugin"),
        EntryPoint("unfinished", f"{module}:Unfinished"),
        EntryPoint("not-a-game", "liar_tui.games.discovery:EntryPoint"),
        EntryPoint("renamed", f"{module}:Impostor"),
        EntryPoint("liar-game", f"{module}:LiarGamePlugin"),
    ]
    with caplog.at_level(logging.ERROR, logger="liar_tui.games"):
        assert list(games.registered()) == ["liar-game"]
    logged = [record.getMessage() for record in caplog.records]
    assert logged == [
        f"the game {name!r} could not be loaded"
        for name in ("missing", "unfinished", "not-a-game", "renamed", "liar-game")
    ]


def test_with_no_game_installed_the_command_line_says_to_install_again(
    registry: list[EntryPoint], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([]) == 1
    assert capsys.readouterr().err == f"liar-tui: error: {NO_GAMES}\n"
