"""The one place "You" grammar lives: verbs, subjects and possessives agree with a name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import liar_tui
from liar_tui.screens.wording import names_joined, possessive, subject_verb, verb_for


@pytest.mark.parametrize(
    ("verb", "you", "ada"),
    [
        ("win", "You win", "Ada wins"),
        ("pass", "You pass", "Ada passes"),
        ("start", "You start", "Ada starts"),
        ("are", "You are", "Ada is"),
        ("were", "You were", "Ada was"),
        ("have", "You have", "Ada has"),
        ("pay", "You pay", "Ada pays"),
        ("try", "You try", "Ada tries"),
        ("reach", "You reach", "Ada reaches"),
        ("lose a life", "You lose a life", "Ada loses a life"),
        ("are out", "You are out", "Ada is out"),
    ],
)
def test_a_verb_agrees_with_you_and_with_a_name(verb: str, you: str, ada: str) -> None:
    assert subject_verb("You", verb) == you
    assert subject_verb("Ada", verb) == ada
    assert verb_for("Ada", verb) == ada.removeprefix("Ada ")


def test_possessives() -> None:
    assert possessive("You") == "your"
    assert possessive("You", capital=True) == "Your"
    assert possessive("Ada") == "Ada's"
    assert possessive("Ada", capital=True) == "Ada's"


def test_names_joined() -> None:
    assert names_joined([]) == ""
    assert names_joined(["Ada"]) == "Ada"
    assert names_joined(["Ada", "Bea"]) == "Ada and Bea"
    assert names_joined(["Ada", "Bea", "Cal"]) == "Ada, Bea and Cal"


@pytest.mark.parametrize("package", ["rules", "bots"])
def test_the_rules_and_bots_never_know_a_display_name(package: str) -> None:
    """ "You" is a name the screens give a seat; no rule or bot may treat it specially."""
    root = Path(liar_tui.__file__).parent / package
    found = [
        f"{path.relative_to(root)}:{node.lineno}"
        for path in sorted(root.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and node.value == "You"
    ]
    assert found == []
