"""The round history of Liar's Poker: every round's claims, draws, chips and who lost a life.

A seat's view carries only the round in play (its declarations and draws) and the last
challenge, so the history is kept from the public events the play screen reads, in the
order they happened: :class:`RoundHistory` records them, :class:`RoundHistoryScreen` shows
them, newest round first. Nothing here is hidden from any seat: which cards were discarded
is never in an event, only how many.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from liar_tui.rules.liars_poker.game import (
    ChallengeResolved,
    ChipPlayed,
    DeckReshuffled,
    Declared,
    Discarded,
    HandStuck,
    LiarsPokerView,
    RoundStarted,
    RulesChosen,
    Took,
)
from liar_tui.rules.liars_poker.rules import Chip
from liar_tui.screens.liars_poker.challenge import BLUFF_STYLE, HELD_STYLE
from liar_tui.screens.liars_poker.sentences import claim_words, stuck_verdict, verdict

CHIP_NAMES = {Chip.SKIP: "Skip", Chip.FLIP: "Flip", Chip.DOUBLE_DIP: "Double Dip"}


@dataclass(frozen=True)
class Move:
    """One thing a seat did in a round, said after its name: "declared two pair"."""

    seat: int | None
    """None for what the table did (the deck reshuffled)."""
    words: str


@dataclass
class RoundRecord:
    """One round as the seat saw it: its opener, its moves in order, and how it ended."""

    round: int
    opener: int | None
    """None when the round was joined after it closed (its opener no longer in any view)."""
    moves: list[Move] = field(default_factory=list)
    ending: ChallengeResolved | HandStuck | None = None
    seen_from_start: bool = True
    """False for the round a resumed table was joined in: its earlier moves were not seen."""


class RoundHistory:
    """The rounds so far, recorded from the events one seat receives.

    Feed it every update's events with that update's view (:meth:`record`); the view only
    names the round when the first events seen are from the middle of one, as after a resume.
    """

    def __init__(self) -> None:
        self._rounds: list[RoundRecord] = []

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        return tuple(self._rounds)

    def record(self, events: Iterable[object], view: LiarsPokerView) -> None:
        """Add one update's events; ``view`` is the update's own, seen after them."""
        batch = list(events)
        if not self._rounds and batch and not isinstance(batch[0], RoundStarted):
            self._rounds.append(_joined_round(batch, view))
        for event in batch:
            if isinstance(event, RoundStarted):
                self._rounds.append(RoundRecord(event.round, event.opener))
            else:
                self._record_in_round(event)

    def _record_in_round(self, event: object) -> None:
        current = self._rounds[-1]
        moves = current.moves
        if isinstance(event, Declared):
            moves.append(Move(event.seat, f"declared {claim_words(event.declaration)}"))
        elif isinstance(event, Took):
            moves.append(Move(event.seat, "took the hand"))
        elif isinstance(event, Discarded):
            drew = f"discarded {event.count}" if event.count else "kept every card"
            if moves and moves[-1] == Move(event.seat, "took the hand"):
                moves[-1] = Move(event.seat, f"took the hand, {drew}")
            else:
                moves.append(Move(event.seat, drew))
        elif isinstance(event, ChipPlayed):
            moves.append(Move(event.seat, f"played the {CHIP_NAMES[event.chip]} chip"))
        elif isinstance(event, RulesChosen):
            moves.append(Move(event.seat, "chose this round's rules"))
        elif isinstance(event, DeckReshuffled):
            moves.append(Move(None, "The deck ran out: the discards were shuffled in."))
        elif isinstance(event, ChallengeResolved | HandStuck):
            current.ending = event


def _joined_round(batch: list[object], view: LiarsPokerView) -> RoundRecord:
    """The round the first events seen belong to, and whether they are all of it.

    A new table's first round starts before any event is sent, and a resumed table is joined
    in the middle of one; the view tells them apart, as it lists the round's declarations
    and draws so far.
    """
    ending = next(
        (event for event in batch if isinstance(event, ChallengeResolved | HandStuck)), None
    )
    if ending is not None and ending.round != view.round:
        return RoundRecord(ending.round, None, seen_from_start=False)
    said = sum(isinstance(event, Declared) for event in batch)
    drawn = sum(isinstance(event, Discarded) for event in batch)
    whole = said == len(view.declarations) and drawn == len(view.discards)
    return RoundRecord(view.round, view.opener, seen_from_start=whole)


def round_text(record: RoundRecord, names: Sequence[str]) -> Text:
    """One round: a heading, each move on its own line, and the verdict that ended it."""
    text = Text(f"Round {record.round}", style="bold")
    if record.opener is not None:
        text.append(f" · {names[record.opener]} opened", style="dim")
    if not record.seen_from_start:
        text.append("\n  (earlier moves were before the table was resumed)", style="dim")
    for move in record.moves:
        text.append("\n  ")
        text.append(move.words if move.seat is None else f"{names[move.seat]} {move.words}")
    ending = record.ending
    if isinstance(ending, ChallengeResolved):
        challenger, declarer = names[ending.challenger], names[ending.declarer]
        text.append(f"\n  {challenger} challenged {declarer}")
        style = HELD_STYLE if ending.held else BLUFF_STYLE
        text.append(f"\n  {verdict(ending, names)}", style=style)
    elif isinstance(ending, HandStuck):
        text.append(f"\n  {stuck_verdict(ending, names)}", style=BLUFF_STYLE)
    elif record.moves or record.seen_from_start:
        text.append("\n  (in play)", style="dim")
    return text


class RoundHistoryScreen(ModalScreen[None]):
    """Every round so far, newest first; ``s`` or Escape goes back to the table."""

    CSS_PATH = "history.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,s", "close", "Back to the table"),
    ]

    def __init__(self, history: RoundHistory, names: Sequence[str]) -> None:
        super().__init__()
        self.rounds = history.rounds
        self.names = tuple(names)

    def compose(self) -> ComposeResult:
        with Vertical(id="history-box"):
            yield Static("Rounds, newest first", id="history-title")
            with VerticalScroll(id="history-rounds"):
                if not self.rounds:
                    yield Static("No round has been played yet.", classes="history-empty")
                for record in reversed(self.rounds):
                    yield Static(
                        round_text(record, self.names), classes="history-round", markup=False
                    )
        yield Footer(show_command_palette=False)

    def action_close(self) -> None:
        self.dismiss()
