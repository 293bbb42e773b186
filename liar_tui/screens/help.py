"""The help screen: the three games' rules in plain words, and the keys of every screen.

The numbers and worked examples are computed from the rules module, and the key lists
from each screen's ``BINDINGS``, so the help cannot drift away from what the game does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from liar_tui.games import registered
from liar_tui.rules import liar_game
from liar_tui.rules.cards import NATURAL_RANKS, cards_text, parse_cards
from liar_tui.store.settings import CardStyle
from liar_tui.widgets.footer import Footer

PLAIN = liar_game.Rules()
TWO_DECKS = liar_game.Rules(decks=2)


def _example(cards: str, rules: liar_game.Rules, ascii_only: bool) -> str:
    """A hand and its value worked out, as the rules module values it."""
    hand = parse_cards(cards)
    score = liar_game.score_hand(hand, rules)
    return f"`{cards_text(hand, ascii_only)}` = {score.breakdown()}"


def card_values_text() -> str:
    """``ace 20; king, queen, jack 10; 2 to 10 at face value``, from ``CARD_VALUES``."""
    values = liar_game.CARD_VALUES
    at_face = [rank for rank in NATURAL_RANKS if values[rank] == int(rank)]
    by_value: dict[int, list[str]] = {}
    for rank in sorted(NATURAL_RANKS, reverse=True):
        if rank not in at_face:
            by_value.setdefault(values[rank], []).append(rank.noun)
    parts = [f"{', '.join(nouns)} {value}" for value, nouns in by_value.items()]
    parts.append(f"{at_face[0].label} to {at_face[-1].label} at face value")
    text = "; ".join(parts)
    return text[0].upper() + text[1:]


def _lowercase_first(sentence: str) -> str:
    """A summary written to stand alone, continuing a sentence instead."""
    return sentence[:1].lower() + sentence[1:]


def liar_game_rules(ascii_only: bool = False) -> str:
    """Liar Game's rules as Markdown, with every number taken from the rules module."""
    lg = liar_game

    def ex(cards: str, rules: liar_game.Rules = PLAIN) -> str:
        return _example(cards, rules, ascii_only)

    presets = " or ".join(str(points) for points in lg.TARGET_PRESETS)
    variant_examples = {
        "big_combos": ex("7C 7D 7H 7S", replace(TWO_DECKS, big_combos=True)),
        "joker_sets": ex("JK JK JK", replace(TWO_DECKS, joker_sets=True)),
        "low_straight": ex("2C 3D 4H", replace(TWO_DECKS, low_straight=True)),
        "low_doubling": ex("3C 3D KH", replace(TWO_DECKS, low_doubling=True)),
    }
    variants = "\n".join(
        f"- **{lg.VARIANT_TITLES[name]}**: {lg.VARIANT_SUMMARIES[name]} {variant_examples[name]}"
        for name in lg.VARIANT_NAMES
    )
    return f"""\
## Liar Game

{lg.MIN_SEATS} to {lg.MAX_SEATS} players, one or two decks (52 cards and 2 jokers each).
Everyone holds {lg.POCKET_SIZE} cards. Each round every player picks {lg.HAND_SIZE} of them
in secret, then all hands are shown at once and the highest hand wins the round.
Shown cards are discarded and everyone is dealt back up to {lg.POCKET_SIZE}; when the deck
runs short, the discards are shuffled in under it. Shown hands stay public, so you may
count cards.

**Card values.** {card_values_text()}.

**Hands.** A hand is worth the sum of its cards. A *double* (two cards of one rank) counts
those two cards twice, and a *triple* (three of one rank) counts all three cards three
times. For example:

- {ex("9S 7H 4D")}
- {ex("5C 5D 6H")}
- {ex("QC QD QH")}
- {ex("JS KH KD")}

**Jokers.** A joker copies the rank of another card in the same hand, whichever scores
best (three jokers count as aces). A winner loses {lg.JOKER_PENALTY} points for each
joker in the winning hand, so a win can cost points; a loser pays nothing.

- {ex("JK 9S 7H")}
- {ex("4S JK JK")}

With **free jokers** switched on, {_lowercase_first(lg.FREE_JOKERS_SUMMARY)}

**Ties.** Equal values are split by the *basic value* (the plain sum without doubling),
then by the highest card (ace high, jokers at the rank they stand for), then the second,
then the third. `Q-10-6` beats `5-5-6` (both 26, basic 26 against 16), and `K-8-3` beats
`K-7-4`. If hands are still equal, every one of them wins the round and scores.

**Winning.** The winner of a round adds the hand's value less the joker penalty. The
game ends after the round in which someone reaches the target ({presets}, or any number
you choose; {PLAIN.target} unless you change it). The highest score wins; equal highest
scores share the win.

**Variants** (each its own switch, and only with two decks, since their sets and jokers
need a double deck):

{variants}

The table is saved after every move: leave at any time and resume it from the home screen.
"""


def keys_text(app: App[object], screens: Iterable[tuple[str, Iterable[type]]]) -> str:
    """Every described key binding as Markdown, one line per screen."""
    lines = [
        "## Keys",
        "",
        "Tab and Shift+Tab move between fields; Enter or Space presses and toggles; "
        "arrows move in lists and choices; the mouse works everywhere.",
        "",
    ]
    for where, owners in screens:
        keys = " · ".join(
            f"`{keys}` {description}" for keys, description in _described_bindings(app, owners)
        )
        lines.append(f"- **{where}**: {keys}")
    return "\n".join(lines) + "\n"


def _described_bindings(app: App[object], owners: Iterable[type]) -> list[tuple[str, str]]:
    """(keys, description) for each action, or each binding group, with all of its keys."""
    grouped: dict[str, list[str]] = {}
    for owner in owners:
        bindings: list[BindingType] = getattr(owner, "BINDINGS", [])
        for binding in Binding.make_bindings(bindings):
            description = binding.group.description if binding.group else binding.description
            if description:
                shown = app.get_key_display(binding)
                keys = grouped.setdefault(description, [])
                if shown not in keys:
                    keys.append(shown)
    return [(" / ".join(keys), description) for description, keys in grouped.items()]


def screens_with_keys() -> list[tuple[str, list[type]]]:
    """Every screen's name and the classes whose bindings it answers to."""
    from liar_tui.app import LiarApp
    from liar_tui.screens.confirm import ConfirmScreen
    from liar_tui.screens.home import HomeScreen
    from liar_tui.screens.lobby import LobbyScreen
    from liar_tui.screens.lobby_new import NewTableScreen
    from liar_tui.screens.privacy import PrivacyScreen
    from liar_tui.screens.seat_editor import SeatEditor
    from liar_tui.screens.settings import SettingsScreen
    from liar_tui.screens.setup import SetupScreen

    return [
        ("Everywhere", [LiarApp]),
        ("Home", [HomeScreen]),
        ("Lobby (playing over the network)", [LobbyScreen, NewTableScreen]),
        ("New table", [SetupScreen, SeatEditor]),
        ("Passing the keyboard", [PrivacyScreen]),
        *(keys for game in registered().values() for keys in game.help_keys()),
        ("Settings", [SettingsScreen, SeatEditor]),
        ("Questions", [ConfirmScreen]),
        ("Help", [HelpScreen]),
    ]


class HelpScreen(ModalScreen[None]):
    """Scrollable help over whatever screen asked for it; Escape or F1 closes it.

    It has a footer of its own: the one of the screen below would offer keys that do
    nothing while help is open.
    """

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,question_mark", "close", "Close help"),
    ]

    def compose(self) -> ComposeResult:
        settings = getattr(self.app, "settings", None)
        ascii_only = settings is not None and settings.card_style is CardStyle.ASCII
        games = [game.help_text(ascii_only) for game in registered().values()]
        text = "\n".join([*games, keys_text(self.app, screens_with_keys())])
        with Vertical(id="help-box"):
            with VerticalScroll(id="help-scroll"):
                yield Markdown(text, id="help-text")
            yield Static("Esc, F1 or ? closes · ↑ ↓ PgUp PgDn scroll", id="help-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-box").border_title = "Help"
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss()
