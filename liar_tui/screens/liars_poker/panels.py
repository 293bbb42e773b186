"""Panels of the Liar's Poker table: the lives board, the round so far, and the round's rules.

All of it is drawn from the public part of a seat's view (lives, chips, declarations, how many
cards each taker drew), so any seat's view can feed it without leaking the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from liar_tui.rules.liars_poker.game import (
    Chip,
    Declared,
    Discarded,
    LiarsPokerView,
    Phase,
    RoundRules,
)
from liar_tui.rules.liars_poker.rules import PokerRules
from liar_tui.widgets.card_art import CardLook

OUT_STYLE = "dim"
DECLARATION_STYLE = "bold"

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


@dataclass(frozen=True)
class ChipNote:
    """A chip played this game, placed in the history by how far the round had gone."""

    round: int
    declarations: int
    """How many declarations the round had when the chip was played."""
    seat: int
    chip: Chip


def history_lines(
    view: LiarsPokerView, names: Sequence[str], chips: Sequence[ChipNote] = ()
) -> list[Text]:
    """The round so far, one line per turn: who opened, who took and drew, what they said.

    The view keeps declarations and draws apart; a taker's draws always come just before
    their own declaration, so the two lists interleave by seat. Chips are known only from
    events seen live (a resumed game shows them on the lives board instead).
    """
    notes = [note for note in chips if note.round == view.round]
    draws = list(view.discards)
    lines: list[Text] = []
    for index, declared in enumerate(view.declarations):
        lines += _skip_lines(notes, index, names)
        if index == 0:
            line = Text(f"{names[declared.seat]} opened: ")
        else:
            own = _take_draws(draws, declared.seat)
            turn_chips = _turn_chips(notes, index, declared.seat)
            line = Text(f"{names[declared.seat]} {_took_words(own, turn_chips)}: ")
        line.append(declared.declaration.text, style=DECLARATION_STYLE)
        lines.append(line)
    current = len(view.declarations)
    lines += _skip_lines(notes, current, names)
    holder = view.holder
    if holder is not None and view.declarations and holder != view.declarations[-1].seat:
        own = _take_draws(draws, holder)
        words = _took_words(own, _turn_chips(notes, current, holder))
        lines.append(Text(f"{names[holder]} {words}…", style="italic"))
    return lines


def _take_draws(draws: list[Discarded], seat: int) -> list[int]:
    """Pop the leading draws made by ``seat``: the cards it discarded, draw by draw."""
    counts: list[int] = []
    while draws and draws[0].seat == seat:
        counts.append(draws.pop(0).count)
    return counts


def _turn_chips(notes: Sequence[ChipNote], index: int, seat: int) -> list[Chip]:
    return [
        note.chip
        for note in notes
        if note.declarations == index and note.seat == seat and note.chip is not Chip.SKIP
    ]


def _skip_lines(notes: Sequence[ChipNote], index: int, names: Sequence[str]) -> list[Text]:
    return [
        Text(f"{names[note.seat]} played Skip: the next player decides.", style="italic")
        for note in notes
        if note.declarations == index and note.chip is Chip.SKIP
    ]


def _took_words(counts: Sequence[int], chips: Sequence[Chip]) -> str:
    """``took, discarded 2``; ``took, stood pat``; ``took, discarded 2, then 1 (Double Dip)``."""
    words = ["took"]
    for number, count in enumerate(counts):
        said = "stood pat" if count == 0 and number == 0 else f"discarded {count}"
        if number:
            said = f"then {count}"
            if number == len(counts) - 1 and Chip.DOUBLE_DIP in chips:
                said += " (Double Dip)"
        words.append(said)
    if Chip.FLIP in chips:
        words.append("flipped")
    return ", ".join(words)


def last_declared(view: LiarsPokerView) -> Declared | None:
    return view.declarations[-1] if view.declarations else None


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
        grid = Table.grid(expand=True)
        grid.add_row(table)
        grid.add_row(Text(self._footer(view), style="dim"))
        self.update(grid)

    def _chips(self, left: Sequence[Chip]) -> str:
        return "".join(_CHIP_LETTERS[chip] if chip in left else "·" for chip in Chip)

    def _footer(self, view: LiarsPokerView) -> str:
        look = self.look
        turn = ">" if look.ascii_only else "▶"
        lines = [look.text(f"{_holder_mark(look)} has the hand · {turn} to act")]
        if view.rules.chips:
            lines.append("S/F/D: Skip, Flip, Dip")
        lines.append(direction_words(view.direction, look))
        lines.append(f"Round {view.round} · deck {view.deck_size}")
        return "\n".join(lines)
