"""The rules stay pure: no UI, networking, storage or event loop, and no global randomness.

Bots, servers and tests all import the rules; keeping them free of these is what lets a game
replay exactly from its seed and run anywhere.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import liar_tui.rules

RULES_DIR = Path(liar_tui.rules.__file__).parent
RULES_SOURCES = sorted(RULES_DIR.rglob("*.py"))
FORBIDDEN_MODULES = ("textual", "rich", "asyncio", "socket", "sqlite3")
IO_BUILTINS = {"open", "print", "input"}

IMPORT_EVERYTHING = """
import importlib, json, pkgutil, sys
import liar_tui
package_only = set(sys.modules)
import liar_tui.rules
for module in pkgutil.walk_packages(liar_tui.rules.__path__, "liar_tui.rules."):
    importlib.import_module(module.name)
print(json.dumps({"package": sorted(package_only), "rules": sorted(sys.modules)}))
"""


def top_level_forbidden(names: list[str]) -> set[str]:
    return {name.split(".")[0] for name in names} & set(FORBIDDEN_MODULES)


def test_importing_the_rules_pulls_in_nothing_forbidden() -> None:
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_EVERYTHING],
        capture_output=True,
        text=True,
        check=True,
        cwd=RULES_DIR.parents[1],
    )
    loaded = json.loads(result.stdout)
    assert "liar_tui.rules.liar_game.game" in loaded["rules"], "the scan must import the rules"
    added_by_rules = sorted(set(loaded["rules"]) - set(loaded["package"]))
    assert top_level_forbidden(added_by_rules) == set()
    assert top_level_forbidden(loaded["rules"]) == set()


def global_random_uses(tree: ast.AST) -> list[str]:
    """Calls of module-level ``random`` functions, and names imported from ``random``."""
    random_names = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.name == "random"
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            found += [
                f"from random import {alias.name}" for alias in node.names if alias.name != "Random"
            ]
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in random_names
            and node.func.attr != "Random"
        ):
            found.append(f"random.{node.func.attr}(...) on line {node.lineno}")
    return found


def forbidden_imports(tree: ast.AST) -> list[str]:
    """Imports of forbidden modules written in the source, even ones the package loads anyway."""
    imported = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            imported.append(node.module)
    return [name for name in imported if name.split(".")[0] in FORBIDDEN_MODULES]


def io_calls(tree: ast.AST) -> list[str]:
    return [
        f"{node.func.id}(...) on line {node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in IO_BUILTINS
    ]


def test_the_scan_sees_what_it_looks_for() -> None:
    tree = ast.parse("import random\nrandom.shuffle(x)\nrandom.Random(1)\nprint(2)")
    assert global_random_uses(tree) == ["random.shuffle(...) on line 2"]
    assert io_calls(tree) == ["print(...) on line 4"]
    aliased = ast.parse("import random as r\nr.choice(x)")
    assert global_random_uses(aliased) == ["random.choice(...) on line 2"]
    assert forbidden_imports(ast.parse("import socket\nfrom rich.text import Text")) == [
        "socket",
        "rich.text",
    ]
    assert global_random_uses(ast.parse("from random import choice")) == [
        "from random import choice"
    ]


@pytest.mark.parametrize("source", RULES_SOURCES, ids=lambda path: path.name)
def test_no_global_random_no_io_and_no_forbidden_import(source: Path) -> None:
    tree = ast.parse(source.read_text(encoding="utf-8"))
    assert global_random_uses(tree) == []
    assert io_calls(tree) == []
    assert forbidden_imports(tree) == []


def test_every_rules_module_is_scanned() -> None:
    scanned = {path.relative_to(RULES_DIR).as_posix() for path in RULES_SOURCES}
    assert scanned >= {
        "__init__.py",
        "base.py",
        "cards.py",
        "liar_game/game.py",
        "liars_poker/game.py",
        "dollar_bills/game.py",
    }
