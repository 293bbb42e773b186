"""No import loops in liar_tui: the app, its screens and the online app form none.

Every import counts: at module level, inside a function (the lazy imports that keep the
first frame fast) and under ``TYPE_CHECKING``. A loop through any of them means two modules
each need the other to be understood, which is what the layers (rules, table, games,
screens, apps) are there to prevent.
"""

from __future__ import annotations

import ast
from pathlib import Path

import liar_tui

PACKAGE = Path(liar_tui.__file__).parent

Graph = dict[str, set[str]]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(tree: ast.AST) -> set[str]:
    """Every ``liar_tui`` module a tree names in an import, and the names it imports from it
    (``from liar_tui.games import plugin`` may name a module or a function)."""
    named: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            named.add(node.module)
            named.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in named if name.split(".")[0] == "liar_tui"}


def import_graph(sources: dict[str, str]) -> Graph:
    """Each module's imports, resolved to the modules that exist."""

    def resolve(name: str) -> str | None:
        while name and name not in sources:
            name = name.rpartition(".")[0]
        return name or None

    graph: Graph = {}
    for module, source in sources.items():
        found = {resolve(name) for name in imports_of(ast.parse(source))}
        graph[module] = {name for name in found if name is not None and name != module}
    return graph


def loops(graph: Graph) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for after in sorted(graph[node]):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in on_stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            part = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                part.append(member)
                if member == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_liar_tui_has_no_import_loop() -> None:
    sources = {
        module_name(path): path.read_text(encoding="utf-8") for path in PACKAGE.rglob("*.py")
    }
    assert loops(import_graph(sources)) == []


def test_a_loop_through_a_lazy_or_type_checking_import_is_found() -> None:
    sources = {
        "liar_tui.app": "def show():\n    from liar_tui.screens.home import Home\n",
        "liar_tui.screens.home": "if TYPE_CHECKING:\n    from liar_tui.app import LiarApp\n",
        "liar_tui.rules.cards": "import random\n",
    }
    assert loops(import_graph(sources)) == [["liar_tui.app", "liar_tui.screens.home"]]
