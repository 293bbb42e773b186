"""The Liar's Poker table of a replay: the play screen's lives board and rounds panel, the
standing declaration, and the hand while the recording seat holds it, drawn read-only at
each step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from liar_tui.rules.cards import Card
from liar_tui.rules.liars_poker.game import (
    Challenge,
    ChallengeResolved,
    ChipPlayed,
    ChooseRules,
    DeckReshuffled,
    Declare,
    Declared,
    Discarded,
    GameOver,
    HandDealt,
    HandStuck,
    LiarsPokerView,
    Phase,
    PlayChip,
    RulesChosen,
    Take,
    Took,
)
from liar_tui.screens.liars_poker.history import hanging, round_text, shown_rounds
from liar_tui.screens.liars_poker.panels import (
    LivesBoard,
    chip_name,
    declaration_text,
    rules_phrases,
)
from liar_tui.screens.liars_poker.sentences import claim_words, stuck_verdict, verdict
from liar_tui.screens.replay_table import Redrawn, ReplayFrame, ReplayTable, StepWords
from liar_tui.screens.wording import possessive, subject_verb
from liar_tui.table.table import SeatUpdate
from liar_tui.widgets.card_art import inline_cards
from liar_tui.widgets.pocket_order import sorted_pocket


class _Lives(LivesBoard, Redrawn):
    """The lives board, redrawn in its fixed height without a layout."""


def _rows(line: RenderableType, width: int, console: Console) -> list[RenderableType]:
    """``line`` (a :func:`hanging` line: a text, or a text indented by padding) wrapped at
    ``width``, a renderable a row."""
    if isinstance(line, Padding):
        inner = line.renderable
        assert isinstance(inner, Text), "hanging() pads texts only"
        rows = inner.wrap(console, max(1, width - line.left))
        return [Padding(row, (0, 0, 0, line.left)) for row in rows]
    assert isinstance(line, Text), "hanging() makes texts and padded texts only"
    return list(line.wrap(console, max(1, width)))


class _Rounds(Redrawn):
    """The last rounds, newest at the bottom: their last rows that fit, the oldest left out
    (as the play screen's panel shows them scrolled to its end), in the height its panel
    gives it, so that a step, which adds a line, lays nothing out again."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._round_lines: list[RenderableType] = []

    def show(self, lines: list[RenderableType]) -> None:
        self._round_lines = lines
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        width, height = self.content_size
        shown = self._round_lines
        if width and height:
            console = self.app.console
            rows = [row for line in shown for row in _rows(line, width, console)][-height:]
            while rows and isinstance(rows[0], Text) and not rows[0].plain:
                rows = rows[1:]
            shown = rows
        self.update(Group(*shown))


class LiarsPokerReplayTable(ReplayTable):
    """The round's declaration and the hand in the middle; lives and rounds beside."""

    DEFAULT_CSS = """
    LiarsPokerReplayTable > Horizontal {
        height: 100%;
        align-horizontal: center;
    }
    LiarsPokerReplayTable .main-column {
        width: 2fr;
        min-width: 46;
        max-width: 100;
        height: auto;
    }
    LiarsPokerReplayTable .side-column {
        width: 1fr;
        min-width: 30;
        max-width: 56;
        height: 100%;
    }
    LiarsPokerReplayTable #table-panel, LiarsPokerReplayTable #hand-panel {
        height: auto;
        border: round $primary;
        border-title-style: bold;
        padding: 0 1;
    }
    LiarsPokerReplayTable #declaration-line {
        min-height: 3;
    }
    LiarsPokerReplayTable #lives-panel, LiarsPokerReplayTable #rounds-panel {
        height: auto;
        border: round $accent;
        border-title-color: $text-accent;
        border-title-style: bold;
        padding: 0 1;
    }
    LiarsPokerReplayTable #rounds-panel {
        height: 1fr;
    }
    LiarsPokerReplayTable #rounds {
        height: 100%;
    }
    """

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(classes="main-column"):
                with Vertical(id="table-panel"):
                    yield Redrawn(id="declaration-line")
                    yield Redrawn(id="communal-line")
                    yield Redrawn(id="rules-line")
                with Vertical(id="hand-panel"):
                    yield Redrawn(id="hand")
            with Vertical(classes="side-column"):
                with Vertical(id="lives-panel"):
                    yield _Lives(self.names, self.look, id="lives")
                with Vertical(id="rounds-panel"):
                    yield _Rounds(id="rounds")

    def on_mount(self) -> None:
        self.query_one("#lives-panel").border_title = "Liar's Poker"
        self.query_one("#rounds-panel").border_title = "Rounds"

    def show(self, frame: ReplayFrame) -> None:
        view: LiarsPokerView = frame.update.view
        look = self.look
        lives = self.query_one("#lives", LivesBoard)
        # Its height known from the seats and the rules: a step's redraw measures no table.
        lines = len(self.names) + (5 if view.rules.chips else 4)
        if lives.styles.height is None or lives.styles.height.value != lines:
            lives.styles.height = lines
        lives.show(view, (self.seat,))
        self.set_border_title("#table-panel", f"Round {view.round}")
        self.query_one("#declaration-line", Static).update(declaration_text(view, self.names))
        communal = self.query_one("#communal-line", Static)
        communal.display = bool(view.communal)
        if view.communal:
            line = Text("On the table: ", style="dim")
            line.append_text(inline_cards(view.communal, look))
            communal.update(line)
        phrases = rules_phrases(view.round_rules)
        rules_line = self.query_one("#rules-line", Static)
        rules_line.display = bool(phrases)
        rules_line.update(Text(look.text("This round: " + " · ".join(phrases)), style="italic"))
        shown = next(
            (event for event in frame.update.events if isinstance(event, ChallengeResolved)),
            None,
        )
        held = self._held(view)
        # Once no hand is in play (the game's end), the panel is the challenged hand's.
        whose = shown.declarer if shown is not None and held is None else self.seat
        self.set_border_title("#hand-panel", f"{possessive(self.names[whose], capital=True)} hand")
        self.query_one("#hand", Static).update(self._hand_text(held, shown, frame))
        self._show_rounds(view)

    def _held(self, view: LiarsPokerView) -> Text | None:
        """The hidden cards while the recording seat holds them, or who holds them; None
        where no hand is in play."""
        if view.hand:
            return self._cards(view.hand)
        if view.holder is not None and view.phase is not Phase.OVER:
            holder = self.names[view.holder]
            return Text(f"{subject_verb(holder, 'hold')} the hand, face down.", style="dim")
        return None

    def _hand_text(
        self, held: Text | None, shown: ChallengeResolved | None, frame: ReplayFrame
    ) -> Text:
        """The hand in play (``held``) and, at a challenge, the hand it turned face up
        (public: the play screen shows it to every seat), which is all there is to show
        once the game is over; every hand still held where the record may show them."""
        lines = [held] if held is not None else []
        if shown is not None:
            # Named by its round: the next round's hand may be in play above it.
            line = Text(f"Round {shown.round}'s hand, turned up: ", style="dim")
            line.append_text(self._cards(shown.hand))
            lines.append(line)
        if not lines:
            lines.append(Text("No hand in play.", style="dim"))
        for other in frame.face_up:
            if other.seat != self.seat and other.hand:
                line = Text(f"{self.names[other.seat]}: ", style="dim")
                line.append_text(self._cards(other.hand))
                lines.append(line)
        return Text("\n").join(lines)

    def _cards(self, cards: Sequence[Card]) -> Text:
        """``cards`` in a row, in the order the player's pocket is sorted in at play."""
        return inline_cards(sorted_pocket(cards, self.pocket_order), self.look)

    def _show_rounds(self, view: LiarsPokerView) -> None:
        """The last rounds the view keeps and this one, newest last, as the play screen
        writes them."""
        lines: list[RenderableType] = []
        for shown in shown_rounds(view)[-2:]:
            lines += [*hanging(round_text(shown, self.names, self.look.ink)), Text()]
        self.query_one("#rounds", _Rounds).show(lines[:-1])

    def played_action(self, update: SeatUpdate) -> Any | None:
        """The move the events name (a draw's discarded cards are never told, so a draw
        is not read back)."""
        for event in update.events:
            if isinstance(event, Declared):
                return Declare(event.seat, event.declaration)
            if isinstance(event, Took):
                return Take(event.seat)
            if isinstance(event, ChipPlayed):
                return PlayChip(event.seat, event.chip)
            if isinstance(event, RulesChosen):
                return ChooseRules(event.seat, event.rules)
            if isinstance(event, ChallengeResolved):
                return Challenge(event.challenger)
        return None

    def describe(self, update: SeatUpdate) -> StepWords:
        said: list[str] = []
        milestone = False
        names = self.names
        for event in update.events:
            if isinstance(event, RulesChosen):
                said.append(f"{subject_verb(names[event.seat], 'choose')} this round's rules")
            elif isinstance(event, HandDealt):
                said.append(f"round {event.round}: the hand is dealt to {names[event.opener]}")
            elif isinstance(event, Declared):
                declares = subject_verb(names[event.seat], "declare")
                said.append(f"{declares} {claim_words(event.declaration)}")
            elif isinstance(event, Took):
                said.append(f"{subject_verb(names[event.seat], 'take')} the hand")
            elif isinstance(event, Discarded):
                name = names[event.seat]
                drew = f"discard {event.count}" if event.count else "keep every card"
                said.append(subject_verb(name, drew))
            elif isinstance(event, ChipPlayed):
                chip = chip_name(event.chip)
                said.append(f"{subject_verb(names[event.seat], 'play')} the {chip} chip")
            elif isinstance(event, DeckReshuffled):
                said.append("the deck ran out: the discards are shuffled in")
            elif isinstance(event, ChallengeResolved):
                milestone = True
                challenges = subject_verb(names[event.challenger], "challenge")
                said.append(f"{challenges} {names[event.declarer]}, and {verdict(event, names)}")
            elif isinstance(event, HandStuck):
                milestone = True
                said.append(stuck_verdict(event, names))
            elif isinstance(event, GameOver):
                said.append(f"{subject_verb(names[event.winner], 'win')} the game")
        if not said:
            view: LiarsPokerView = update.view
            said.append(f"round {view.round}: the hand is dealt to {names[view.opener]}")
        line = "; ".join(part.rstrip(".") for part in said)
        return StepWords(line[0].upper() + line[1:], milestone)
