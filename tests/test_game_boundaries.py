"""A game is one unit: no module outside a game's own folders names it.

Each game's plugin lives in ``liar_tui/games/<name>.py`` and its parts in ``rules/<name>/``,
``bots/<name>/`` and ``screens/<name>/``. Everywhere else the code asks the plugin, so adding
a game touches nothing shared. This reads every other module's syntax tree and fails on a
game's id in a string (docstrings aside), a comparison of a ``game`` against a string, or an
import from a game's folders.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import liar_tui
from liar_tui.games import registered

PACKAGE = Path(liar_tui.__file__).parent
LAYERS = ("rules", "bots", "screens")


def game_folders() -> dict[str, str]:
    """Each built-in game's folder name (its plugin module's name) by game id."""
    return {
        game.id: type(game).__module__.rpartition(".")[2]
        for game in registered().values()
        if type(game).__module__.startswith("liar_tui.games.")
    }


def owner(path: Path) -> str | None:
    """The folder name of the game a module belongs to, or None for a shared module."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    names = set(game_folders().values())
    if parts[0] == "games" and len(parts) == 2 and parts[1] in names:
        return parts[1]
    if parts[0] in LAYERS and len(parts) > 2 and parts[1] in names:
        return parts[1]
    return None


SHARED = [path for path in sorted(PACKAGE.rglob("*.py")) if owner(path) is None]


def docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    # Attribute docstrings: a bare string right after an assignment.
    for node in ast.walk(tree):
        for field in ("body", "orelse"):
            statements = getattr(node, field, [])
            if not isinstance(statements, list):
                continue  # a lambda's or a conditional expression's body
            for statement in statements:
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    found.add(id(statement.value))
    return found


def game_mentions(source: str, ids: set[str], folders: set[str]) -> list[str]:
    tree = ast.parse(source)
    skip = docstrings(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and id(node) not in skip and node.value in ids:
            found.append(f"line {node.lineno}: the game id {node.value!r}")
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            named = any("game" in ast.unparse(side) for side in sides)
            strings = [side for side in sides if isinstance(side, ast.Constant)]
            if named and any(isinstance(side.value, str) for side in strings):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        if isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            for module in modules:
                parts = module.split(".")
                if len(parts) >= 3 and parts[1] in (*LAYERS, "games") and parts[2] in folders:
                    found.append(f"line {node.lineno}: imports {module}")
                    break
    return found


def test_the_built_in_games_each_have_a_folder_in_every_layer() -> None:
    folders = game_folders()
    assert len(folders) == 3
    for name in folders.values():
        for layer in LAYERS:
            assert (PACKAGE / layer / name / "__init__.py").is_file(), f"{layer}/{name}/"


@pytest.mark.parametrize("path", SHARED, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_shared_module_names_a_game(path: Path) -> None:
    folders = game_folders()
    mentions = game_mentions(path.read_text(encoding="utf-8"), set(folders), set(folders.values()))
    assert mentions == []


def test_the_check_finds_what_it_is_for() -> None:
    ids, folders = {"liar-game"}, {"liar_game"}
    source = (
        '"""Docstrings may say liar-game."""\n'
        "import os\n"
        "from liar_tui.rules.liar_game import game\n"
        "from liar_tui.screens import liar_game\n"
        "if setup.game == 'chess':\n"
        "    pass\n"
        "GAME = 'liar-game'\n"
    )
    assert game_mentions(source, ids, folders) == [
        "line 3: imports liar_tui.rules.liar_game",
        "line 4: imports liar_tui.screens.liar_game",
        "line 5: setup.game == 'chess'",
        "line 7: the game id 'liar-game'",
    ]
