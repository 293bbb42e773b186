"""What each game's replay table draws where a first player's look found it wrong: the
pocket sorted as the play screen sorts it, the Liar's Poker hand a challenge turned face
up, a dollar-bills show drawn as the game it ends (not the next deal), and the Liar Game's
score columns in one place from the first step to the last."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from liar_tui import games
from liar_tui.rules.liars_poker.claim_words import claim_words
from liar_tui.rules.liars_poker.game import ChallengeResolved, Phase
from liar_tui.screens.liars_poker.panels import declaration_text
from liar_tui.screens.replay import ReplayScreen
from liar_tui.screens.replay_table import ReplayTable
from liar_tui.store.settings import PocketOrder, Settings
from liar_tui.table.finished import complete_record
from liar_tui.widgets.card_art import inline_cards
from liar_tui.widgets.pocket_order import sorted_pocket

from .menus import screen_text
from .replays import TIMES, played_to_end, record, record_complete, replay_app, settled

SIZE = (100, 30)


def drawn(screen: ReplayScreen, selector: str) -> str:
    """The lines the widget ``selector`` finds takes on the screen, as plain text."""
    region = screen.query_one(selector, Static).content_region
    lines = screen_text(screen.app).splitlines()[region.y : region.bottom]
    return "\n".join(line[region.x : region.right].rstrip() for line in lines)


@pytest.mark.parametrize(
    ("game", "pocket", "order"),
    [("liar-game", "pocket", PocketOrder.SUIT), ("liars-poker-cards", "hand", PocketOrder.RANK)],
)
async def test_the_pocket_is_laid_out_as_the_settings_sort_it(
    game: str, pocket: str, order: PocketOrder
) -> None:
    """The play screen lays a pocket out by the player's ``pocket_order``; a replay did in
    the order the cards were dealt."""
    app = replay_app(record_complete(game), Settings(pocket_order=order))
    async with app.run_test(size=SIZE) as pilot:
        screen = await settled(pilot)
        held = next(
            index
            for index, shown in enumerate(screen.steps)
            if getattr(shown.frame.update.view, pocket)
        )
        screen._show(held)
        await pilot.pause()
        dealt = getattr(screen.steps[held].frame.update.view, pocket)
        laid_out = sorted_pocket(dealt, order)
        assert laid_out != dealt, "the deal's order must differ from the sorted one"
        assert screen._table is not None
        drawn_pocket = drawn(screen, "#pocket" if pocket == "pocket" else "#hand")
        assert inline_cards(laid_out, screen._table.look).plain in drawn_pocket


async def test_a_challenge_lays_the_hand_it_showed_face_up_to_the_games_end() -> None:
    app = replay_app(record_complete("liars-poker-cards"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await settled(pilot)
        await pilot.press("end")
        (resolved,) = [
            event
            for event in screen.steps[-1].frame.update.events
            if isinstance(event, ChallengeResolved)
        ]
        hand = drawn(screen, "#hand")
        assert screen._table is not None
        look = screen._table.look
        assert (
            inline_cards(sorted_pocket(resolved.hand, app.settings.pocket_order), look).plain
            in hand
        )
        assert "No hand in play" not in hand


async def test_a_bills_show_draws_the_game_it_ends_not_the_next_deal() -> None:
    """The action that ends a game of bills also deals the next: the record of the second
    game opens at that step drawn as its own deal, and its last step is drawn as the
    second game shown, not the third one dealt."""
    setup, actions = played_to_end("liars-poker-bills", deals=2)
    app = replay_app(record(complete_record(setup, actions, TIMES, 0)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await settled(pilot)
        assert "Game 2 ·" in drawn(screen, "#seats")
        await pilot.press("end")
        seats, bids = drawn(screen, "#seats"), drawn(screen, "#history")
        assert "Game 2 ·" in seats and "Game 3" not in seats
        assert "Game 2, opened by" in bids and "Game 3" not in bids
        assert "to bid" not in seats
        assert "No bid yet" not in drawn(screen, "#standing")


async def test_the_liar_game_score_columns_stay_in_place_to_the_end() -> None:
    app = replay_app(record_complete("liar-game"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await settled(pilot)
        await pilot.press("home")
        places: set[tuple[int, int]] = set()
        for _ in screen.steps:
            header = next(line for line in screen_text(app).splitlines() if "Score" in line)
            places.add((header.index("Seat"), header.index("Score")))
            await pilot.press("right")
        assert len(places) == 1


async def test_on_a_wide_terminal_the_table_and_the_coach_are_centred_together() -> None:
    """At 160x48 the Liar Game's table (120 columns at most) was centred alone, with a
    margin on its left and another between it and the coach."""
    app = replay_app(record_complete("liar-game"))
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await settled(pilot)
        table = screen.query_one(ReplayTable).region
        coach = screen.query_one("#coach-panel").region
        assert table.right == coach.x
        assert table.x == 160 - coach.right


def test_the_standing_declaration_is_said_with_its_article() -> None:
    """``Ada declared a pair of jacks``, as the rounds panel and the step line say it, not
    ``Ada declared pair of jacks``."""
    setup, actions = played_to_end("liars-poker-cards")
    state = games.plugin(setup.game).new_state(setup)
    said: list[tuple[str, str]] = []
    for action in actions:
        state.apply(action)
        view = state.view(0)
        if view.declarations and view.phase is not Phase.OVER:
            last = view.declarations[-1].declaration
            if claim_words(last) != last.text:  # a claim a sentence counts with "a"
                line = declaration_text(view, setup.names).plain.splitlines()[0]
                name = setup.names[view.declarations[-1].seat]
                said.append((line, f"{name} declared {claim_words(last)}"))
    assert said, "the game must have a claim said with an article"
    assert [line for line, _ in said] == [expected for _, expected in said]


async def test_at_the_game_s_end_the_lives_board_explains_no_marks_it_does_not_show() -> None:
    app = replay_app(record_complete("liars-poker-cards"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await settled(pilot)
        await pilot.press("end")
        lives = drawn(screen, "#lives")
        assert "to act" not in lives and "has the hand" not in lives
