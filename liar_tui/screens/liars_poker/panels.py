"""Panels of the Liar's Poker table: the lives board, and the round's rules in words.

All of it is drawn from the public part of a seat's view (lives, chips, who holds the hand and
who acts), so any seat's view can feed it without leaking the hand. The rounds panel writes
each round as the history screen does (:func:`~liar_tui.screens.liars_poker.history.round_text`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from liar_tui.rules.liars_poker.claim_words import claim_words
from liar_tui.rules.liars_poker.game import Chip, LiarsPokerView, Phase, RoundRules
from liar_tui.rules.liars_poker.rules import PokerRules
from liar_tui.screens.wording import subject_verb
from liar_tui.widgets.card_art import CardLook

OUT_STYLE = "dim"

PLAIN_LOOK = CardLook()

_CHIP_LETTERS = {Chip.SKIP: "S", Chip.FLIP: "F", Chip.DOUBLE_DIP: "D"}
_CHIP_NAMES = {Chip.SKIP: "Skip", Chip.FLIP: "Flip", Chip.DOUBLE_DIP: "Double Dip"}
_DOING = {
    Phase.CHOOSE_RULES: "choosing the rules",
    Phase.DECLARE: "declaring",
    Phase.DECIDE: "deciding",
    Phase.DISCARD: "drawing",
}


def _holder_mark(look: CardLook) -> str:
    return "*" if look.ascii_only else "◆"


def chip_name(chip: Chip) -> str:
    return _CHIP_NAMES[chip]


def lives_text(lives: int, look: CardLook) -> Text:
    """``♥♥♥`` (``3`` in ASCII), or ``out``."""
    if lives <= 0:
        return Text("out", style=OUT_STYLE)
    return Text(str(lives) if look.ascii_only else "♥" * lives, style=look.ink.red_suit)


def lives_line(names: Sequence[str], lives: Sequence[int], look: CardLook = PLAIN_LOOK) -> str:
    """``You ♥♥♥ · Ada ♥ · Bea out``: every seat's lives in one line."""
    return " · ".join(
        f"{name} {lives_text(left, look).plain}" for name, left in zip(names, lives, strict=True)
    )


def doing(phase: Phase) -> str:
    """What the seat to act is doing: ``deciding``, ``drawing``, ``declaring``."""
    return _DOING.get(phase, "")


def direction_words(direction: int, look: CardLook) -> str:
    return look.text("Play goes down the list ↓" if direction > 0 else "Play goes up the list ↑")


def declaration_text(view: LiarsPokerView, names: Sequence[str]) -> Text:
    """The standing declaration and its floor, or who opens (or picks the rules) before
    one: the table's line above the hand, at play and in a replay alike."""
    if view.phase is Phase.OVER:
        return Text("The game is over.", style="bold")
    if not view.declarations:
        opener = names[view.opener]
        if view.phase is Phase.CHOOSE_RULES:
            return Text(f"Dealer's choice: {subject_verb(opener, 'pick')} this round's rules.")
        return Text(f"{subject_verb(opener, 'open')} the round with a fresh hand.")
    last = view.declarations[-1]
    text = Text(f"{names[last.seat]} declared ")
    text.append(claim_words(last.declaration), style="bold")
    text.append("\nFloor (the worst hand that is true): ", style="dim")
    text.append(last.floor.describe())
    return text


def rules_phrases(rules: RoundRules) -> list[str]:
    """What makes a round's rules differ from the plain game, one short phrase each."""
    poker = rules.poker
    plain = PokerRules()
    found: list[str] = []
    if poker.jokers:
        found.append(f"{poker.jokers} joker{'s' if poker.jokers > 1 else ''} wild")
    if poker.wild_ranks:
        ranks = sorted(poker.wild_ranks)
        found.append(f"{'/'.join(rank.label for rank in ranks)} wild")
    if poker.hand_size != plain.hand_size:
        found.append(f"{poker.hand_size}-card hands, best five count")
    if poker.communal_cards:
        cards = (
            "1 communal card"
            if poker.communal_cards == 1
            else f"{poker.communal_cards} communal cards"
        )
        found.append(cards + (" (may be discarded)" if rules.communal_discardable else ""))
    if rules.discard_limit is not None:
        found.append(f"discard at most {rules.discard_limit}")
    if rules.must_discard:
        found.append("discard at least 1")
    if rules.draw_twice:
        found.append("draw twice")
    if not poker.color_flush:
        found.append("no color flush")
    if not poker.color_straight_flush:
        found.append("no color straight flush")
    if poker.two_pair_over_trips:
        found.append("two pair beats three of a kind")
    return found


class LivesBoard(Static):
    """Every seat: lives or out, chips left, who holds the hand, and whose turn it is."""

    DEFAULT_CSS = """
    LivesBoard {
        height: auto;
        width: 100%;
    }
    """

    def __init__(self, names: Sequence[str], look: CardLook, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = tuple(names)
        self.look = look

    def show(self, view: LiarsPokerView, humans: Sequence[int]) -> None:
        look = self.look.in_theme(self.app.current_theme.dark)
        turn = f"bold {look.ink.turn}"
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(width=1)
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        table.add_column(no_wrap=True)
        if view.rules.chips:
            table.add_column(no_wrap=True)
        table.add_column(width=1, no_wrap=True)
        header: list[str | Text] = ["", Text("Seat", style="dim"), Text("Lives", style="dim")]
        if view.rules.chips:
            header.append(Text("Chips", style="dim"))
        table.add_row(*header, "")
        for seat, name in enumerate(self.names):
            acting = seat == view.to_act
            out = view.lives[seat] <= 0
            style = turn if acting else OUT_STYLE if out else "bold" if seat in humans else ""
            row: list[Text | str] = [
                (">" if look.ascii_only else "▶") if acting else "",
                Text(name, style=style),
                lives_text(view.lives[seat], look),
            ]
            if view.rules.chips:
                row.append(
                    Text(self._chips(view.chips[seat]), style="dim" if out else look.ink.diamond)
                )
            holds = seat == view.holder
            row.append(Text(_holder_mark(look), style=look.ink.turn) if holds else "")
            table.add_row(*row)
        self.update(Group(table, Text(self._footer(view), style="dim", justify="left")))

    def _chips(self, left: Sequence[Chip]) -> str:
        return "".join(_CHIP_LETTERS[chip] if chip in left else "·" for chip in Chip)

    def _footer(self, view: LiarsPokerView) -> str:
        look = self.look
        turn = ">" if look.ascii_only else "▶"
        over = view.phase is Phase.OVER
        # At the game's end no seat holds the hand or acts: the marks' legend and the way
        # play goes make way for the end.
        lines = [
            "The game is over."
            if over
            else look.text(f"{_holder_mark(look)} has the hand · {turn} to act")
        ]
        if view.rules.chips:
            lines.append("S/F/D: Skip, Flip, Dip")
        if not over:
            lines.append(direction_words(view.direction, look))
        lines.append(f"Round {view.round} · deck {view.deck_size}")
        return "\n".join(lines)
