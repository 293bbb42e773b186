"""The declaration builder, by keys and by mouse, in a small app of its own.

The seed's example drives most of it: after "two pair" (floor 4-3-3-2-2), "sevens over threes"
(floor 7-7-3-3-2) is a raise and "threes over twos" is not.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual import events
from textual.keys import _character_to_key
from textual.pilot import Pilot
from textual.widgets import Select
from textual.widgets._select import SelectCurrent

from liar_tui.rules.cards import Rank, parse_cards
from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.declarations import Declaration, DeclarationError
from liar_tui.rules.liars_poker.game import Declare, Discard, LiarsPokerGame, LiarsPokerRules, Take
from liar_tui.rules.liars_poker.rules import Category, PokerRules
from liar_tui.screens.liars_poker.declaration_builder import DeclarationText, assess, floor_words
from liar_tui.widgets.card_art import CardLook
from tests.screens.liars_poker.declaration_builder_app import (
    HAND,
    PLAIN,
    BuilderApp,
    floor_of,
    standing_of,
)

SEVENS_OVER_THREES = Declaration(Category.TWO_PAIR, groups=(Rank.SEVEN, Rank.THREE))
BEATS_TWO_PAIR = "✓ Beats two pair, threes over twos, 4 kicker."
SnapCompare = Callable[..., bool]


def picked(app: BuilderApp) -> list[object]:
    """The category and the rank pickers' values, "any" as None, while they are shown."""
    pickers = [app.builder.query_one("#category", Select)]
    pickers += [app.builder.query_one(f"#rank-{slot}", Select) for slot in range(5)]
    return [picker.selection for picker in pickers if picker.display]


def text_of(app: BuilderApp) -> str:
    return app.builder.query_one(DeclarationText).value


def verdict_classes(app: BuilderApp) -> set[str]:
    return set(app.builder.query_one("#verdict").classes)


async def type_text(pilot: Pilot[Any], text: str) -> None:
    """Type key by key, as a player does (slow: each key re-renders the builder)."""
    await pilot.press(*text)
    await pilot.pause()


async def type_at_once(pilot: Pilot[Any], keys: list[str]) -> None:
    """Send keys as a fast typist's terminal does: all queued before the app reads one."""
    driver = pilot.app._driver
    assert driver is not None
    for key in keys:
        character = key if len(key) == 1 else None
        name = _character_to_key(key) if len(key) == 1 and not key.isalnum() else key
        event = events.Key(name, character)
        event.set_sender(pilot.app)
        driver.send_message(event)
    await pilot.pause()
    await pilot.pause()


async def enter_text(pilot: Pilot[Any], text: str) -> None:
    """Put the whole text in the text line at once, as a paste does."""
    pilot.app.query_one(DeclarationText).value = text
    await pilot.pause()


async def choose(pilot: Pilot[Any], picker_id: str, label: str) -> None:
    """Open a picker with Enter, type to find the option, and take it with Enter."""
    pilot.app.query_one(f"#{picker_id}", Select).focus()
    await pilot.press("enter", *label, "enter")
    await pilot.pause()


async def test_typing_sevens_over_threes_after_two_pair_shows_its_floor_and_a_raise() -> None:
    app = BuilderApp(standing_of("two pair"))
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.builder.status_text == "To beat: two pair, threes over twos, 4 kicker"
        await type_text(pilot, "two pair, sevens over threes")
        assert app.builder.draft == SEVENS_OVER_THREES
        assert app.builder.status_text == (
            "Floor: 7♠ 7♥ 3♣ 3♦ 2♠  two pair, sevens over threes, 2 kicker\n" + BEATS_TWO_PAIR
        )
        assert "-legal" in verdict_classes(app)
        assert picked(app) == [Category.TWO_PAIR, Rank.SEVEN, Rank.THREE, None]
        await pilot.press("enter")
        await pilot.pause()
        assert [(event.declaration, event.floor) for event in app.declared] == [
            (SEVENS_OVER_THREES, floor_of("two pair, sevens over threes"))
        ]


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_pickers_build_sevens_over_threes_and_write_its_canonical_text() -> None:
    app = BuilderApp(standing_of("two pair"))
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, "category", "two")
        assert text_of(app) == "two pair"
        assert app.builder.status_text.endswith(
            "× Two pair does not beat two pair: its worst hand, two pair, threes over twos, "
            "4 kicker, is no better than two pair, threes over twos, 4 kicker."
        )
        await choose(pilot, "rank-0", "7")
        assert text_of(app) == "two pair, sevens up"
        await choose(pilot, "rank-1", "3")
        assert text_of(app) == "two pair, sevens over threes"
        assert app.builder.draft == SEVENS_OVER_THREES
        assert app.builder.status_text.endswith(BEATS_TWO_PAIR)


async def test_a_kicker_opens_only_once_the_pairs_are_named() -> None:
    app = BuilderApp(standing_of("two pair"))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_text(pilot, "sevens over threes, jack kicker")
        kicker = app.builder.query_one("#rank-2", Select)
        assert kicker.selection is Rank.JACK
        await choose(pilot, "rank-1", "any")
        assert kicker.disabled
        assert kicker.selection is None
        assert text_of(app) == "two pair, sevens up"


async def test_threes_over_twos_after_two_pair_is_refused_and_nothing_is_declared() -> None:
    app = BuilderApp(standing_of("two pair"))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_text(pilot, "two pair, threes over twos")
        assert app.builder.status_text == (
            "Floor: 3♠ 3♥ 2♣ 2♦ 4♠  two pair, threes over twos, 4 kicker\n"
            "× Two pair, threes over twos does not beat two pair: its worst hand, two pair, "
            "threes over twos, 4 kicker, is no better than two pair, threes over twos, "
            "4 kicker."
        )
        assert "-refused" in verdict_classes(app)
        await pilot.press("enter")
        await pilot.click("#declare")
        await pilot.pause()
        assert app.declared == []


async def test_garbage_shows_the_parsers_sentence_and_empties_the_pickers() -> None:
    """The pickers show what the box says or nothing: never an older declaration."""
    typed = "sevens over threes [red]and a banana"
    with pytest.raises(DeclarationError) as refused:
        parse_declaration(typed, PLAIN)
    app = BuilderApp(standing_of("two pair"))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_text(pilot, "sevens over threes")
        await enter_text(pilot, typed)
        assert app.builder.draft is None
        assert app.builder.status_text == f"× {refused.value}"
        assert picked(app) == [None]
        await pilot.press("enter")
        await pilot.pause()
        assert app.declared == []


async def test_junk_typed_key_by_key_leaves_no_hand_in_the_pickers() -> None:
    """Issue 13 bug 3: on the way, "as" reads as "pair of aces", and the pickers kept it."""
    app = BuilderApp(standing_of("pair"))
    async with app.run_test(size=(80, 24)) as pilot:
        await type_text(pilot, "asdf qwerty!!")
        assert text_of(app) == "asdf qwerty!!"
        assert picked(app) == [None]
        assert app.builder.status_text == "× 'asdf' is not a word of a poker hand."


async def test_clearing_the_box_clears_the_pickers() -> None:
    app = BuilderApp(standing_of("pair"))
    async with app.run_test(size=(80, 24)) as pilot:
        await type_text(pilot, "three of a kind, aces")
        assert picked(app) == [Category.THREE_OF_A_KIND, Rank.ACE, None, None]
        await pilot.press("ctrl+u")
        await pilot.pause()
        assert text_of(app) == ""
        assert picked(app) == [None]
        assert app.builder.draft is None


async def test_ctrl_u_then_typing_at_once_keeps_every_key_in_order() -> None:
    """Issue 13 bug 3: keys that arrive together must edit the box in the order typed.

    Textual runs an input's own key bindings (Ctrl+U, Backspace) only once the key has
    bubbled up to the app, while letters are typed at the input at once; a burst of keys
    after Ctrl+U was typed first and then wiped.
    """
    app = BuilderApp(standing_of("pair"))
    async with app.run_test(size=(80, 24)) as pilot:
        for typed in ("three of a kind, aces", "two pair", "two pair, nines up"):
            await type_at_once(pilot, ["ctrl+u", *typed])
            assert text_of(app) == typed
            assert app.builder.draft == parse_declaration(typed, PLAIN)
        await type_at_once(pilot, ["ctrl+u", *"three of a kinx", "backspace", "d"])
        assert text_of(app) == "three of a kind"
        assert picked(app) == [Category.THREE_OF_A_KIND, None, None, None]


async def test_pickers_that_say_nothing_sayable_are_refused_with_the_reason() -> None:
    app = BuilderApp(standing_of("two pair"))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_text(pilot, "threes up")
        await choose(pilot, "rank-1", "7")
        assert app.builder.draft is None
        assert app.builder.status_text == "× Name the higher pair first: sevens over threes."
        assert text_of(app) == "threes up"


async def test_six_high_is_refused_as_impossible_typed_or_picked() -> None:
    app = BuilderApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_text(pilot, "6 high")
        typed_status = app.builder.status_text
        assert typed_status.startswith("× No high-card hand is 6 high")
        await enter_text(pilot, "")
        await choose(pilot, "category", "hi")
        await choose(pilot, "rank-0", "6")
        assert text_of(app) == "6 high"
        assert app.builder.status_text == typed_status


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_an_opening_must_beat_the_lowest_hand() -> None:
    app = BuilderApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_text(pilot, "7-6 high")
        assert app.builder.status.is_raise
        assert app.builder.status_text.endswith("✓ Opens: beats the lowest hand, 7-5-4-3-2 high.")
        await enter_text(pilot, "7-5 high")
        assert not app.builder.status.is_raise
        assert app.builder.status_text.endswith(
            "× 7-5 high could be the lowest hand, 7-5-4-3-2 high: an opening must rule it out."
        )
        await pilot.press("enter")
        await pilot.pause()
        assert app.declared == []


async def test_the_truth_fills_the_hand_held_and_says_when_it_is_no_raise() -> None:
    app = BuilderApp(standing_of("two pair"), hand=HAND)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert text_of(app) == "pair of sevens, Q-6-2 kickers"
        assert picked(app) == [Category.PAIR, Rank.SEVEN, Rank.QUEEN, Rank.SIX, Rank.TWO]
        assert app.builder.status_text.endswith(
            "× Pair of sevens, Q-6-2 kickers does not beat two pair: it is no better than "
            "two pair, threes over twos, 4 kicker."
        )
        app.builder.reset(PLAIN, standing_of("pair of sixes"), hand=HAND)
        await pilot.pause()
        assert text_of(app) == ""
        assert picked(app) == [None]
        await pilot.click("#truth")
        await pilot.press("enter")
        await pilot.pause()
        assert [event.declaration.text for event in app.declared] == [
            "pair of sevens, Q-6-2 kickers"
        ]


async def test_without_a_hand_there_is_no_truth_to_fill() -> None:
    app = BuilderApp(standing_of("two pair"))
    async with app.run_test(size=(80, 24)) as pilot:
        assert not app.builder.check_action("tell_truth", ())
        assert not app.builder.query_one("#truth").display
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert text_of(app) == ""
        assert app.builder.draft is None


async def test_declaring_nothing_says_what_to_do() -> None:
    app = BuilderApp(standing_of("two pair"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert app.builder.status_text == "× Pick a hand or type one first."
        assert app.declared == []


async def test_with_a_communal_card_the_floor_holds_it() -> None:
    rules = PokerRules(communal_cards=1)
    app = BuilderApp(None, rules, communal=tuple(parse_cards("KH")))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_text(pilot, "7-6 high")
        assert app.builder.status_text == "× No hand holding the face-up K♥ is 7-6 high."
        await enter_text(pilot, "K-7 high")
        assert app.builder.status_text == (
            "Floor: K♥ 7♠ 4♣ 3♦ 2♠  K-7-4-3-2 high\n✓ Opens: beats the lowest hand, K-5-4-3-2 high."
        )


async def test_the_mouse_picks_a_hand_and_clicks_declare() -> None:
    app = BuilderApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#category")
        await pilot.pause()
        overlay = app.builder.query_one("#category > SelectOverlay")
        assert overlay.display
        await pilot.click(overlay, offset=(3, 3))
        await pilot.pause()
        assert text_of(app) == "a pair"
        await pilot.click("#declare")
        await pilot.pause()
        assert [event.declaration for event in app.declared] == [Declaration(Category.PAIR)]


async def test_reset_starts_an_empty_draft_against_the_new_floor() -> None:
    app = BuilderApp(standing_of("two pair"))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_text(pilot, "sevens over threes")
        app.builder.reset(PLAIN, standing_of("two pair, sevens over threes"))
        await pilot.pause()
        assert app.builder.draft is None
        assert text_of(app) == ""
        assert app.builder.status_text == ("To beat: two pair, sevens over threes, 2 kicker")
        await enter_text(pilot, "sevens over threes")
        assert not app.builder.status.is_raise


def test_snapshot_a_raise_typed_at_80_columns(snap_compare: SnapCompare) -> None:
    app = BuilderApp(standing_of("two pair"), hand=HAND)

    async def run_before(pilot: Pilot[Any]) -> None:
        await enter_text(pilot, "two pair, sevens over threes")

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_snapshot_a_refused_flush_in_ascii_at_80_columns(snap_compare: SnapCompare) -> None:
    app = BuilderApp(standing_of("ace-high flush"), look=CardLook(ascii_only=True))

    async def run_before(pilot: Pilot[Any]) -> None:
        await enter_text(pilot, "K-Q high spade flush")

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize(
    "text", ["7-5 high", "two pair, threes over twos", "two pair, sevens over threes", "A high"]
)
def test_the_builder_refuses_in_the_tables_own_words(text: str) -> None:
    """No second implementation: the builder's refusal is the one the table gives, at the
    opening and after a declaration."""
    game = LiarsPokerGame(LiarsPokerRules(), 3, seed=7)
    poker = game.round_rules.poker
    declaration = parse_declaration(text, poker)

    def same_refusal() -> None:
        (seat,) = game.to_act()
        view = game.view(seat)
        status = assess(declaration, poker, view.standing, view.communal)
        assert status.refusal == game.refusal(Declare(seat, declaration))

    same_refusal()
    game.apply(Declare(game.to_act()[0], parse_declaration("two pair", poker)))
    game.apply(Take(game.to_act()[0]))
    game.apply(Discard(game.to_act()[0], ()))
    same_refusal()


@pytest.mark.parametrize(
    ("declared", "words"),
    [
        ("ace-high flush", "flush, A-6-4-3-2"),
        ("all red", "color flush, 5-4-3-2-2"),
        ("straight flush", "five-high straight flush"),
        ("two pair", "two pair, threes over twos, 4 kicker"),
    ],
)
def test_a_floor_in_words_names_no_suit_or_color(declared: str, words: str) -> None:
    assert floor_words(floor_of(declared)) == words


_TYPED_WORDS = [
    "two", "pair", "three", "of", "a", "kind", "sevens", "over", "threes", "aces", "as",
    "high", "flush", "kicker", "full", "7-6", "K", "asdf", "qwerty!!", ",",
]  # fmt: skip


def shown_in_pickers(declaration: Declaration | None) -> list[object]:
    """What the pickers should show for ``declaration``: its hand, then its ranks in order."""
    if declaration is None:
        return [None]
    if declaration.cards:
        return [declaration.category]
    top = (declaration.top,) if declaration.top else ()
    return [
        declaration.category,
        *declaration.groups,
        *declaration.kickers,
        *declaration.high_cards,
        *top,
    ]


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(words=st.lists(st.sampled_from(_TYPED_WORDS), min_size=1, max_size=6))
def test_after_any_typing_the_pickers_show_what_the_box_says(words: list[str]) -> None:
    """The box keeps every key typed, and the pickers show its hand or no hand at all."""
    typed = " ".join(words)
    try:
        said: Declaration | None = parse_declaration(typed, PLAIN)
    except DeclarationError:
        said = None

    async def type_it() -> None:
        app = BuilderApp(standing_of("pair"))
        async with app.run_test(size=(80, 24)) as pilot:
            await type_text(pilot, "three of a kind, aces")
            await type_at_once(pilot, ["ctrl+u", *typed])
            assert text_of(app) == typed
            assert app.builder.draft == said
            shown = [value for value in picked(app) if value is not None] or [None]
            assert shown == shown_in_pickers(said)

    asyncio.run(type_it())


def current_look(picker: Select[Any]) -> tuple[object, object]:
    """The colours a picker's closed face is drawn in: background and text."""
    style = picker.query_one(SelectCurrent).rich_style
    return style.bgcolor, style.color


async def test_every_tab_stop_is_a_picker_or_the_box_and_focus_shows_plainly() -> None:
    """Issue 13 bug 4: a focused dropdown was one shade off an unfocused one."""
    app = BuilderApp(standing_of("two pair"))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_text(pilot, "two pair, sevens over threes")
        unfocused = current_look(app.builder.query_one("#rank-0", Select))
        stops = []
        for _ in range(len(app.screen.focus_chain)):
            await pilot.press("tab")
            focused = app.focused
            assert focused is not None
            assert focused.display and focused.visible and focused.region.area > 0
            stops.append(focused.id)
            if isinstance(focused, Select):
                assert current_look(focused)[0] != unfocused[0]
                assert current_look(focused)[1] != unfocused[1]
        assert stops == ["category", "rank-0", "rank-1", "rank-2", "declaration-text"]


@pytest.mark.slow  # a long walk through screens: run in CI, not by default
async def test_an_open_list_is_bordered_and_covers_what_is_under_it() -> None:
    app = BuilderApp(standing_of("two pair"))
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, "category", "two")
        await pilot.press("enter")
        await pilot.pause()
        overlay = app.builder.query_one("#category > SelectOverlay")
        assert overlay.display
        assert overlay.styles.border_top[0] != ""
        assert overlay.styles.background.a == 1
        assert app.builder.query_one("#category", Select).expanded


def test_snapshot_focus_on_a_picker_at_80_by_24(snap_compare: SnapCompare) -> None:
    app = BuilderApp(standing_of("two pair"))

    async def run_before(pilot: Pilot[Any]) -> None:
        await enter_text(pilot, "two pair, sevens over threes")
        app.builder.query_one("#rank-1", Select).focus()
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_snapshot_an_open_list_at_80_by_24(snap_compare: SnapCompare) -> None:
    app = BuilderApp(standing_of("two pair"))

    async def run_before(pilot: Pilot[Any]) -> None:
        await enter_text(pilot, "two pair, sevens over threes")
        app.builder.query_one("#category", Select).focus()
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
