"""The Liar Game rules editor: how few widgets it is made of (each costs a setup's opening
about 2 ms)."""

from __future__ import annotations

from textual.app import App, ComposeResult

from liar_tui.rules.liar_game import game as liar_game
from liar_tui.screens.liar_game.rules_editor import LiarGameRulesEditor, VariantsNote

MOST_WIDGETS = 10
"""The editor and its widgets: the "Variants" heading and the note under it are one (they
were two, and the editor eleven)."""


class EditorApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LiarGameRulesEditor(liar_game.Rules())


async def test_the_editor_is_made_of_few_widgets_and_heads_its_variants() -> None:
    app = EditorApp()
    async with app.run_test(size=(80, 40)):
        editor = app.query_one(LiarGameRulesEditor)
        assert len(editor.query("*")) + 1 <= MOST_WIDGETS
        shown = app.query_one(VariantsNote).visual.plain.splitlines()
        assert shown[:3] == ["Variants", "", str(app.query_one(VariantsNote).content)]
