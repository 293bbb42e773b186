"""The round history of Liar's Poker: every round's claims, draws, chips and who lost a life.

Every seat's view carries the last finished rounds (``recent_rounds``, public moves only:
how many cards a taker discarded, never which) and this round's moves so far, so a table
resumed from a save or joined over the network shows the rounds before it.
:class:`RoundHistoryScreen` lists them, newest round first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from liar_tui.rules.liars_poker.game import (
    ChallengeResolved,
    ChipPlayed,
    DeckReshuffled,
    Declared,
    Discarded,
    HandStuck,
    LiarsPokerView,
    Phase,
    PublicMove,
    RulesChosen,
    Took,
)
from liar_tui.screens.liars_poker.challenge import verdict_style
from liar_tui.screens.liars_poker.panels import chip_name
from liar_tui.screens.liars_poker.sentences import claim_words, stuck_verdict, verdict
from liar_tui.screens.wording import subject_verb
from liar_tui.widgets.card_art import DARK_INK, Ink, ink_for
from liar_tui.widgets.footer import Footer


@dataclass(frozen=True)
class ShownRound:
    """A round as the history shows it: a finished ``RoundLog`` or the round in play."""

    round: int
    opener: int
    moves: tuple[PublicMove, ...]
    ending: ChallengeResolved | HandStuck | None
    """None while the round is in play."""


def shown_rounds(view: LiarsPokerView) -> tuple[ShownRound, ...]:
    """The view's finished rounds, oldest first, then the round in play (if the game is)."""
    rounds = [
        ShownRound(log.round, log.opener, log.moves, log.ending) for log in view.recent_rounds
    ]
    if view.phase is not Phase.OVER and (rounds or view.round_moves):
        rounds.append(ShownRound(view.round, view.opener, view.round_moves, None))
    return tuple(rounds)


def move_lines(moves: Sequence[PublicMove], names: Sequence[str]) -> list[str]:
    """Each move after its seat's name; a take and the draw after it share a line."""
    lines: list[str] = []
    for at, move in enumerate(moves):
        if isinstance(move, Discarded) and at and moves[at - 1] == Took(move.seat):
            continue  # said with the take
        if isinstance(move, DeckReshuffled):
            lines.append("The deck ran out: the discards were shuffled in.")
            continue
        name = names[move.seat]
        if isinstance(move, Declared):
            lines.append(f"{name} declared {claim_words(move.declaration)}")
        elif isinstance(move, Took):
            after = moves[at + 1] if at + 1 < len(moves) else None
            drew = f", {_drew(after)}" if isinstance(after, Discarded) else ""
            lines.append(f"{name} took the hand{drew}")
        elif isinstance(move, Discarded):
            lines.append(f"{name} {_drew(move)}")
        elif isinstance(move, ChipPlayed):
            lines.append(f"{name} played the {chip_name(move.chip)} chip")
        elif isinstance(move, RulesChosen):
            lines.append(f"{name} chose this round's rules")
    return lines


def _drew(discarded: Discarded) -> str:
    return f"discarded {discarded.count}" if discarded.count else "kept every card"


def round_text(shown: ShownRound, names: Sequence[str], ink: Ink = DARK_INK) -> Text:
    """One round: a heading, each move on its own line, and the verdict that ended it, in
    ``ink`` (the theme's: a lost life in red, a held hand in green)."""
    text = Text(f"Round {shown.round}", style="bold")
    opening = any(isinstance(move, Declared) for move in shown.moves)
    opener = names[shown.opener]
    text.append(
        f" · {opener} opened" if opening else f" · {subject_verb(opener, 'open')}", style="dim"
    )
    for line in move_lines(shown.moves, names):
        text.append(f"\n  {line}")
    ending = shown.ending
    if isinstance(ending, ChallengeResolved):
        challenger, declarer = names[ending.challenger], names[ending.declarer]
        text.append(f"\n  {challenger} challenged {declarer}")
        text.append(f"\n  {verdict(ending, names)}", style=verdict_style(ending.held, ink))
    elif isinstance(ending, HandStuck):
        text.append(f"\n  {stuck_verdict(ending, names)}", style=verdict_style(False, ink))
    else:
        text.append("\n  (in play)", style="dim")
    return text


def hanging(text: Text) -> list[RenderableType]:
    """The lines of ``text`` (a :func:`round_text`), an indented line wrapping under its own
    indent rather than the margin: a narrow panel breaks "took the hand, discarded 2", and
    the moves still read apart from the round's heading."""
    lines: list[RenderableType] = []
    for line in text.split("\n"):
        indent = len(line.plain) - len(line.plain.lstrip(" "))
        lines.append(Padding(line[indent:], (0, 0, 0, indent)) if indent else line)
    return lines


def not_kept_note(rounds: Sequence[ShownRound]) -> str | None:
    """What a view no longer carries: the rounds before its oldest, if any."""
    first = rounds[0].round if rounds else 1
    if first <= 1:
        return None
    if first == 2:
        return "Round 1 is no longer kept."
    return f"Rounds 1 to {first - 1} are no longer kept."


class RoundHistoryScreen(ModalScreen[None]):
    """Every round so far, newest first; ``s`` or Escape goes back to the table."""

    CSS_PATH = "history.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,s", "close", "Back to the table"),
    ]

    def __init__(self, view: LiarsPokerView, names: Sequence[str]) -> None:
        super().__init__()
        self.rounds = shown_rounds(view)
        self.names = tuple(names)

    def compose(self) -> ComposeResult:
        ink = ink_for(self.app.current_theme.dark)
        with Vertical(id="history-box"):
            yield Static("Rounds, newest first", id="history-title")
            with VerticalScroll(id="history-rounds"):
                if not self.rounds:
                    yield Static("No round has been played yet.", classes="history-empty")
                for shown in reversed(self.rounds):
                    lines = hanging(round_text(shown, self.names, ink))
                    yield Static(Group(*lines), classes="history-round", markup=False)
                note = not_kept_note(self.rounds)
                if note is not None:
                    yield Static(note, classes="history-empty")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss()
