"""What the tests need beside the game: registering it, and knowing what each seat may not see.

Registering High Card the way an installed package would, for one test at a time:

:func:`installed` writes a ``fourth_game-0.dist-info`` folder (``METADATA`` and
``entry_points.txt``) into a scratch folder, puts that folder first on ``sys.path`` and
clears :func:`liar_tui.games.registered`, so the registry finds the entry point exactly as it
finds the built-in games'. Afterwards both are undone, and no other test ever
sees a fourth game. The :func:`fourth_game` fixture does this around a test; a test module
imports it to use it.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from liar_tui import games
from tests.arena.test_views_hide import Secrets
from tests.fourth_game.rules import HighCardGame

GAME_ID = "high-card"
ENTRY_POINT = f"{GAME_ID} = tests.fourth_game.plugin:plugin"


@contextlib.contextmanager
def installed(site: Path) -> Iterator[None]:
    """High Card registered under ``liar_tui.games`` from ``site`` while the block runs."""
    dist_info = site / "fourth_game-0.dist-info"
    dist_info.mkdir(parents=True)
    (dist_info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: fourth_game\nVersion: 0\n", encoding="utf-8"
    )
    (dist_info / "entry_points.txt").write_text(
        f"[{games.ENTRY_POINT_GROUP}]\n{ENTRY_POINT}\n", encoding="utf-8"
    )
    sys.path.insert(0, str(site))
    games.registered.cache_clear()
    try:
        yield
    finally:
        sys.path.remove(str(site))
        games.registered.cache_clear()


@pytest.fixture
def fourth_game(tmp_path: Path) -> Iterator[str]:
    """High Card is a registered game for the length of the test; its id is given."""
    with installed(tmp_path / "site-packages"):
        assert GAME_ID in games.registered(), "the entry point was not found"
        yield GAME_ID
    assert GAME_ID not in games.registered()


def high_card_secrets(game: HighCardGame, seat: int) -> Secrets:
    """What ``seat`` may not see now: the other seats' cards until a call shows them (as
    :mod:`tests.arena.test_views_hide` asks of every game)."""
    own = game.cards[seat]
    others = set() if game.over else {c for other, c in enumerate(game.cards) if other != seat}
    return Secrets(
        frozenset(others),
        records=(("past_deals",),),  # every card shown at each call, face up to all
        own=frozenset({own}),
    )
