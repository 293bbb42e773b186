"""The Liar's Poker table as the people at this keyboard see it.

The screen listens to its human seats through the table and shows, for the one whose turn it
is, the step of the turn they are at: the decision (take the hand unseen, challenge, or play
a chip), the discard, then the declaration. Whatever comes back (a refusal, a challenge
resolved, the end of the game) arrives as a message, and the screen decides what to show next
in the loop all table screens share (:class:`~liar_tui.screens.table_screen.TableScreen`).

At one keyboard the hand is private to whoever holds it: a privacy screen comes up whenever
the turn passes to another person, before anything of theirs is shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.widgets import Button, Input, Static

from liar_tui.games import plugin
from liar_tui.rules.cards import Card
from liar_tui.rules.liars_poker.claim_words import claim_words
from liar_tui.rules.liars_poker.game import (
    Challenge,
    ChallengeResolved,
    Chip,
    ChooseRules,
    Declare,
    Discard,
    GameOver,
    LiarsPokerView,
    Phase,
    PlayChip,
    RoundRules,
    Take,
)
from liar_tui.rules.liars_poker.poker_hands import HandRank, hand_rank
from liar_tui.rules.liars_poker.rules import PokerRules
from liar_tui.screens.liars_poker.challenge import ChallengeScreen
from liar_tui.screens.liars_poker.declaration_builder import DeclarationBuilder
from liar_tui.screens.liars_poker.discard_picker import DiscardPicker, DiscardRules
from liar_tui.screens.liars_poker.game_over import LiarsPokerOverScreen
from liar_tui.screens.liars_poker.history import (
    RoundHistoryScreen,
    ShownRound,
    hanging,
    round_text,
)
from liar_tui.screens.liars_poker.panels import (
    LivesBoard,
    chip_name,
    declaration_text,
    doing,
    lives_line,
    rules_phrases,
)
from liar_tui.screens.liars_poker.sentences import hand_phrase
from liar_tui.screens.privacy import PrivacyScreen
from liar_tui.screens.table_screen import Popup, TableScreen
from liar_tui.screens.wording import possessive, subject_verb, verb_for
from liar_tui.store.settings import PocketOrder
from liar_tui.table.table import SeatChannel, SeatUpdate
from liar_tui.widgets.buttons import MouseButton
from liar_tui.widgets.card_art import CardSize, inline_cards
from liar_tui.widgets.cards import CardFace
from liar_tui.widgets.footer import Footer
from liar_tui.widgets.pocket_order import flipped, sorted_pocket

if TYPE_CHECKING:
    from liar_tui.table.setup import TableSetup


SHORT_SCREEN = 30
"""Below this many rows the hand being declared is shown in one line, not as card faces."""
TALL_SCREEN = 40
"""From this many rows the room is used: the hand to decide on lies face down on screen."""
LARGE_CARDS_WIDTH = 150
"""From this many columns (on a tall screen) the cards are drawn large: the main column is at
its widest, room for nine large cards side by side."""

_QUICK_TO_RANK: set[PokerRules] = set()
"""Poker rules a hand was ranked under in this process: the evaluator's tables are built, so
the next hand is ranked at once, with no "Dealing..." flicker."""

Stage = tuple[int, int, Phase, int, int, int]
"""(seat, round, phase, declarations, draws, chips left): one step of one seat's turn."""

_REFUSED_TITLES = {Discard: "Not discarded", Declare: "Not declared", ChooseRules: "Rules not set"}


def saved_summary(setup: TableSetup, view: LiarsPokerView) -> str:
    """One line on where the saved game stands: its game, round, and every seat's lives."""
    title = plugin(setup.game).title
    return f"{title}, round {view.round}: {lives_line(setup.names, view.lives)}"


class LiarsPokerPlayScreen(TableScreen[LiarsPokerView, Stage]):
    """One Liar's Poker table: the lives board, the round so far, and the turn in hand."""

    CSS_PATH = "play.tcss"
    ACTING_PANEL: ClassVar[str] = "#action-panel"
    AUTO_FOCUS = ""
    """Nothing is focused for the player: each step of a turn focuses its own part (the discard
    picker, the declaration box) and a decision has none. A part built for an earlier turn
    stays mounted while hidden, and Textual would focus it when a popup closes (then Enter
    opened a hidden list, and ``t`` did nothing)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "take", "Take"),
        Binding("c", "challenge", "Challenge"),
        Binding("k", "skip", "Skip chip"),
        Binding("ctrl+f", "flip", "Flip", priority=True),
        Binding("ctrl+d", "double_dip", "Dip", priority=True),
        Binding("s", "history", "Rounds", show=False),
        Binding("o", "sort_pocket", "Sort", show=False),
        Binding("h", "coach", "Coach"),
        Binding("ctrl+o", "coach", "Coach"),
        Binding("escape", "leave", "Leave"),
    ]
    """The chips played while declaring take Ctrl keys: plain letters go into the
    declaration's text line there, as ``s`` and ``o`` are letters of it. Those two are said
    on their panels (the rounds, the hand to sort), leaving the footer room for Help."""

    def __init__(self, channel: SeatChannel) -> None:
        super().__init__(channel)
        self._before_draw: tuple[tuple[int, int, int], tuple[Card, ...]] | None = None
        """(seat, round, declarations) of a taker's turn and the hand they took, to show
        which cards the draw brought."""
        self._pocket_order = PocketOrder.RANK
        """How the hand on screen is laid out: the player's setting, flipped by ``o``."""

    # layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # Sized before any child is styled: the first resize then changes no class, which
        # would restyle the whole screen.
        self._size_classes(self.app.size.height, update=False)
        look = self.look
        with Horizontal(id="table-area"):
            with Vertical(id="main-column"):
                with Vertical(id="table-panel"):
                    yield Static(id="declaration-line")
                    yield Static(id="communal-line")
                    yield Static(id="rules-line")
                with VerticalScroll(id="action-panel", can_focus=False):
                    yield Static(id="waiting")
                    yield Static(id="holding")
            with Vertical(id="side-column"):
                with Vertical(id="lives-panel"):
                    yield LivesBoard(self.names, look, id="lives")
                with VerticalScroll(id="history-panel", can_focus=False):
                    yield Static(id="history")
        yield Footer()

    def on_mount(self) -> None:
        self._pocket_order = self.liar_app.settings.pocket_order
        self.watch(self.app, "theme", self._theme_changed, init=False)
        self.query_one("#lives-panel").border_title = "Liar's Poker"
        history = self.query_one("#history-panel")
        history.border_title = "Rounds"
        history.border_subtitle = "s: every round"
        self.query_one("#table-panel").border_title = "Round 1"
        self._show_waiting()

    def _theme_changed(self) -> None:
        """A theme picked from the palette mid-game: the panels are drawn again in its ink."""
        if self._views:
            self._redraw_panels()

    def on_resize(self, event: Resize) -> None:
        self._size_classes(event.size.height)
        size = self._card_size()
        for face in self.query(CardFace):
            face.draw_at(size)
        for picker in self.query(DiscardPicker):
            picker.draw_cards_at(size)

    def _card_size(self) -> CardSize:
        """Large cards where there is room: a screen tall enough for the hand face down, wide
        enough for the main column's full width to take nine of them (seven and two communal)."""
        width, height = self.app.size
        large = height >= TALL_SCREEN and width >= LARGE_CARDS_WIDTH
        return CardSize.LARGE if large else CardSize.NORMAL

    def _size_classes(self, height: int, update: bool = True) -> None:
        self.set_class(height < SHORT_SCREEN, "-short", update=update)
        self.set_class(height >= TALL_SCREEN, "-tall", update=update)

    # table updates --------------------------------------------------------------------

    def _refusal_title(self, action: Any) -> str:
        return _REFUSED_TITLES.get(type(action), "Not allowed")

    def _read_events(self, update: SeatUpdate, before: LiarsPokerView | None) -> Iterable[Popup]:
        """Keep what only the events tell: challenges to show and the end."""
        popups: list[Popup] = []
        for event in update.events:
            if isinstance(event, ChallengeResolved):
                # The round's rules as they were: the update's view is of the next round.
                rules = before.round_rules if before is not None else update.view.round_rules
                screen = partial(ChallengeScreen, event, self.names, self.look, rules)
                popups.append(Popup(screen))
                if self._last_person_went_out(before, update):
                    popups.append(self._out_question())
            elif isinstance(event, GameOver):
                popups.append(Popup(partial(self._game_over_screen, event), ends_game=True))
        return popups

    def _before_popup(self) -> None:
        self._show_waiting()

    def _last_person_went_out(self, before: LiarsPokerView | None, update: SeatUpdate) -> bool:
        """This update took the last life of the last person here, and only bots play on
        (online, other people still in the game are not bots to be watched or skipped)."""
        after = update.view.lives
        if before is None or any(after[seat] > 0 for seat in self.humans):
            return False
        if any(self.setup.seats[seat].is_human for seat, lives in enumerate(after) if lives > 0):
            return False
        went_out = any(before.lives[seat] > 0 for seat in self.humans)
        return went_out and not any(isinstance(event, GameOver) for event in update.events)

    def _turn_key(self, seat: int) -> Stage:
        view = self._views[seat]
        return (
            seat,
            view.round,
            view.phase,
            len(view.declarations),
            len(view.discards),
            len(view.chips[seat]),
        )

    def _privacy_key(self, seat: int) -> int:
        """The person: the keyboard passes only when another person is to act."""
        return seat

    def _privacy_screen(self, seat: int) -> PrivacyScreen:
        return PrivacyScreen(self.names[seat], self._views[seat].round)

    # the panels everyone may see ------------------------------------------------------

    def _redraw_panels(self) -> None:
        view = self._public_view()
        look = self.look
        self.query_one("#lives", LivesBoard).show(view, self.humans)
        self.query_one("#table-panel").border_title = f"Round {view.round}"
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
        self._redraw_history(view)

    def _redraw_history(self, view: LiarsPokerView) -> None:
        """The last rounds the view keeps, oldest first, then this one, each as the history
        screen writes it: the panel keeps its end in sight, so a small screen shows this
        round and a tall one the rounds before."""
        rounds = [
            ShownRound(log.round, log.opener, log.moves, log.ending) for log in view.recent_rounds
        ]
        if view.phase is not Phase.OVER:
            rounds.append(ShownRound(view.round, view.opener, view.round_moves, None))
        ink = self.look.ink
        lines: list[RenderableType] = []
        for shown in rounds:
            lines += [*hanging(round_text(shown, self.names, ink)), Text()]
        self.query_one("#history", Static).update(Group(*lines[:-1]))
        self.query_one("#history-panel", VerticalScroll).scroll_end(animate=False)

    # one human's turn -----------------------------------------------------------------

    def _show_waiting(self, headline: str | None = None) -> None:
        """Show no hand and no choice; say whom the table waits for."""
        self._showing = None
        self._coach_retire_stale()
        self._show_only("waiting")
        panel = self.query_one("#action-panel")
        panel.border_title = "Waiting"
        text = Text()
        if headline is not None:
            text.append(headline, style="bold")
        elif self._views:
            view = self._public_view()
            if view.to_act is not None:
                text.append(self._waiting_words(view), style="italic")
        self.query_one("#waiting", Static).update(text)
        self.set_focus(None)
        self.refresh_bindings()

    def _waiting_words(self, view: LiarsPokerView) -> str:
        name = self.names[view.to_act] if view.to_act is not None else ""
        if view.phase is Phase.DECIDE:
            return f"{subject_verb(name, 'are')} deciding: take the hand or challenge."
        if view.phase is Phase.DISCARD:
            return f"{name} took the hand and {verb_for(name, 'are')} drawing."
        return f"{subject_verb(name, 'are')} {doing(view.phase)}."

    def _show_only(self, section: str | None) -> None:
        self.query_one("#action-panel").border_subtitle = ""
        for name in ("waiting", "decision", "discard-picker", "declare"):
            for widget in self.query(f"#action-panel > #{name}"):  # each part once built
                widget.display = name == section
        self.query_one("#holding").display = section in ("discard-picker", "declare")

    async def _build_decision(self) -> None:
        """The decision (take, challenge, skip), built when a turn first decides: the table
        opens without the parts of a turn, each built once, when first needed, and kept."""
        if self.query("#action-panel > #decision"):
            return
        buttons = Horizontal(
            MouseButton("Take (t)", id="take", variant="primary", compact=True),
            MouseButton("Challenge (c)", id="challenge", variant="error", compact=True),
            MouseButton("Skip (k)", id="skip", compact=True),
            id="decision-buttons",
            classes="button-row",
        )
        decision = Vertical(
            Static(id="decision-text"), Horizontal(id="face-down"), buttons, id="decision"
        )
        await self.query_one("#action-panel").mount(decision, after=self.query_one("#waiting"))

    async def _build_discard_picker(self) -> None:
        """The discard picker, built when a turn first draws."""
        if self.query(DiscardPicker):
            return
        picker = DiscardPicker(self.look, id="discard-picker")
        await self.query_one("#action-panel").mount(picker, after=self.query_one("#holding"))

    async def _build_declare(self, rules: PokerRules) -> None:
        """The hand to declare, the chips and the declaration builder, built when a turn first
        declares: the builder's sixty-odd widgets alone outnumber the rest of the table."""
        if self.query(DeclarationBuilder):
            return
        chips = Horizontal(
            MouseButton("Flip (Ctrl+F)", id="flip", compact=True),
            MouseButton("Double Dip (Ctrl+D)", id="double-dip", compact=True),
            id="chip-buttons",
            classes="button-row",
        )
        declare = Vertical(
            Horizontal(id="drawn-cards"),
            Static(id="drawn-inline"),
            chips,
            DeclarationBuilder(rules, None, card_look=self.look, id="builder"),
            id="declare",
        )
        await self.query_one("#action-panel").mount(declare)

    def _owner(self, seat: int) -> str:
        name = self.names[seat]
        return possessive(name, capital=True) if self.hot_seat else "Your"

    async def _show_turn(self, seat: int) -> None:
        self._coach_retire_stale()
        stage = self._showing
        view = self._views[seat]
        panel = self.query_one("#action-panel")
        if view.phase is Phase.CHOOSE_RULES:
            self._show_waiting(
                f"Dealer's choice: {subject_verb(self.names[seat], 'pick')} the rules."
            )
            self._showing = stage
            self._choose_rules(seat, view)
        elif view.phase is Phase.DECIDE:
            await self._build_decision()
            self._show_only("decision")
            panel.border_title = f"{self._owner(seat)} turn: take the hand or challenge"
            await self._show_decision(view)
            self.set_focus(None)
        elif view.phase is Phase.DISCARD:
            await self._build_discard_picker()
            self._show_only("discard-picker")
            panel.border_title = Content(f"{self._owner(seat)} hand: pick cards to discard")
            await self._show_discard(seat, view)
        elif view.phase is Phase.DECLARE:
            await self._build_declare(view.round_rules.poker)
            self._show_only("declare")
            panel.border_title = Content(f"{self._owner(seat)} hand: declare it")
            await self._show_declare(seat, view)
        self.refresh_bindings()

    async def _lay_face_down(self, view: LiarsPokerView) -> None:
        """The hand as it comes: its hidden cards face down, the communal ones face up (on
        a screen short of :data:`TALL_SCREEN` the sentence above says it alone)."""
        look, size = self.look, self._card_size()
        row = self.query_one("#face-down", Horizontal)
        await row.remove_children()
        await row.mount_all(
            [
                *(CardFace(None, look, size=size) for _ in range(view.round_rules.pocket_size)),
                *(CardFace(card, look, size=size, classes="communal") for card in view.communal),
            ]
        )

    async def _show_decision(self, view: LiarsPokerView) -> None:
        last = view.declarations[-1]
        declarer = self.names[last.seat]
        text = Text("The hand comes to you face down. ")
        text.append(f"{declarer} declared ")
        text.append(claim_words(last.declaration), style="bold")
        text.append(".\n")
        text.append(
            "Take it to look, draw and declare higher; or challenge: if the hand is worse than "
            f"{last.floor.describe()}, {subject_verb(declarer, 'lose')} a life, if not, you do."
        )
        if view.skipped_by is not None:
            text.append(
                f"\n{self.names[view.skipped_by]} played Skip: no Skip answers it.", style="italic"
            )
        if not view.can_take:
            text.append(
                f"\nNothing can be declared above {last.declaration.text}: you must challenge.",
                style=f"bold {self.look.ink.loss}",
            )
        self.query_one("#decision-text", Static).update(text)
        await self._lay_face_down(view)
        self.query_one("#take", Button).disabled = not view.can_take
        # Only while it can be played: a spent chip, or one no Skip may answer, is not offered
        # (the sentence above says why when a Skip was just played).
        self.query_one("#skip", Button).display = Chip.SKIP in view.playable_chips

    async def _show_discard(self, seat: int, view: LiarsPokerView) -> None:
        turn = (seat, view.round, len(view.declarations))
        if self._before_draw is None or self._before_draw[0] != turn:
            self._before_draw = (turn, view.hand)
        rules = view.round_rules
        drawn_already = self._draws_this_turn(seat, view) > 0
        communal = view.communal if rules.communal_discardable else ()
        discard_rules = DiscardRules(
            limit=rules.discard_limit,
            at_least_one=rules.must_discard and not drawn_already,
            communal=len(communal),
        )
        picker = self.query_one("#discard-picker", DiscardPicker)
        picker.card_size = self._card_size()
        pocket = sorted_pocket(view.hand, self._pocket_order)
        await picker.show_hand((*pocket, *communal), discard_rules)
        other = "suit" if self._pocket_order is PocketOrder.RANK else "rank"
        self.query_one("#action-panel").border_subtitle = f"o: sort by {other}"
        note = ""
        if drawn_already:
            note = " Discard and draw again (none to keep the hand)."
        elif view.discards_left > 1:
            note = " You draw twice this round: this is the first."
        self._show_holding(view, note=note)
        picker.focus()

    def _draws_this_turn(self, seat: int, view: LiarsPokerView) -> int:
        count = 0
        for drawn in reversed(view.discards):
            if drawn.seat != seat:
                break
            count += 1
        return count

    def _show_holding(
        self, view: LiarsPokerView, drawn: tuple[Card, ...] = (), note: str = ""
    ) -> None:
        """What the hand really is (only its holder sees this), and what the draw brought.

        The first hand ranked under new poker rules builds the evaluator's tables, up to half
        a second with seven cards or communal ones: a worker thread ranks it, and the line
        says the hand is being dealt until then, so no key waits."""
        poker = view.round_rules.poker
        if poker in _QUICK_TO_RANK:
            self._show_rank(self._showing, hand_rank(view.full_hand, poker), drawn, note)
            return
        self.query_one("#holding", Static).update(Text("Dealing...", style="italic dim"))
        self._rank_holding(self._showing, view.full_hand, poker, drawn, note)

    @work(thread=True, exclusive=True, group="holding", exit_on_error=False)
    def _rank_holding(
        self,
        stage: Stage | None,
        cards: tuple[Card, ...],
        poker: PokerRules,
        drawn: tuple[Card, ...],
        note: str,
    ) -> None:
        rank = hand_rank(cards, poker)
        _QUICK_TO_RANK.add(poker)
        self.app.call_from_thread(self._show_rank, stage, rank, drawn, note)

    def _show_rank(
        self, stage: Stage | None, rank: HandRank, drawn: tuple[Card, ...], note: str
    ) -> None:
        """Say what the hand is, if its step of the turn is still the one on screen."""
        if stage != self._showing:
            return
        text = Text("You hold ")
        text.append(hand_phrase(rank), style="bold")
        text.append(".")
        if drawn:
            text.append(" You drew ")
            text.append_text(inline_cards(drawn, self.look))
            text.append(".")
        text.append(note)
        self.query_one("#holding", Static).update(text)

    async def _show_declare(self, seat: int, view: LiarsPokerView) -> None:
        drawn = self._drawn(seat, view)
        await self._draw_pocket(view, drawn)
        self._show_holding(view, drawn)
        self.query_one("#chip-buttons").display = bool(view.playable_chips)
        self.query_one("#flip", Button).display = Chip.FLIP in view.playable_chips
        self.query_one("#double-dip", Button).display = Chip.DOUBLE_DIP in view.playable_chips
        builder = self.query_one("#builder", DeclarationBuilder)
        builder.reset(
            view.round_rules.poker, view.standing, communal=view.communal, hand=view.full_hand
        )
        self.query_one("#declaration-text", Input).focus()

    def _drawn(self, seat: int, view: LiarsPokerView) -> tuple[Card, ...]:
        """The cards this turn's draw brought (none if the hand was not taken here)."""
        turn = (seat, view.round, len(view.declarations))
        taken = self._before_draw[1] if self._before_draw and self._before_draw[0] == turn else ()
        return tuple(card for card in view.hand if taken and card not in taken)

    async def _draw_pocket(self, view: LiarsPokerView, drawn: tuple[Card, ...]) -> None:
        """The hand to declare, in the player's order, the cards just drawn raised; the
        communal cards after it. A short screen shows it in one line instead."""
        look, size = self.look, self._card_size()
        pocket = sorted_pocket(view.hand, self._pocket_order)
        row = self.query_one("#drawn-cards", Horizontal)
        await row.remove_children()
        await row.mount_all(
            [
                *(CardFace(card, look, raised=card in drawn, size=size) for card in pocket),
                *(CardFace(card, look, size=size, classes="communal") for card in view.communal),
            ]
        )
        inline = inline_cards(pocket, look)
        if view.communal:
            inline.append(" + on the table ", style="dim")
            inline.append_text(inline_cards(view.communal, look))
        self.query_one("#drawn-inline", Static).update(inline)

    def _choose_rules(self, seat: int, view: LiarsPokerView) -> None:
        from liar_tui.screens.liars_poker.dealers_choice import DealersChoiceScreen

        self._asking = True

        def chosen(rules: RoundRules | None) -> None:
            self._asking = False
            self._send(ChooseRules(seat, rules if rules is not None else view.rules.round))
            self._queue_advance()

        self.app.push_screen(DealersChoiceScreen(view.rules, self.names[seat]), chosen)

    def _game_over_screen(self, result: GameOver) -> LiarsPokerOverScreen:
        return LiarsPokerOverScreen(
            result,
            self.names,
            self.look,
            self._public_view().last_challenge,
            play_again=lambda: self.liar_app.play_again(self.setup),
            go_home=self.liar_app.return_home,
        )

    # player actions -------------------------------------------------------------------

    def _acting_view(self, phase: Phase) -> LiarsPokerView | None:
        """The view of the human on screen, when their turn is at ``phase``."""
        if self._showing is None or self._showing[2] is not phase:
            return None
        return self._views[self._showing[0]]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        decide = self._acting_view(Phase.DECIDE)
        if action == "take":
            if decide is None:
                return False
            return True if decide.can_take else None
        if action == "challenge":
            return decide is not None
        if action == "skip":
            return decide is not None and Chip.SKIP in decide.playable_chips
        if action == "sort_pocket":
            return self._acting_view(Phase.DISCARD) is not None or (
                self._acting_view(Phase.DECLARE) is not None and not isinstance(self.focused, Input)
            )
        if action in ("flip", "double_dip"):
            declare = self._acting_view(Phase.DECLARE)
            chip = Chip.FLIP if action == "flip" else Chip.DOUBLE_DIP
            return declare is not None and chip in declare.playable_chips
        return True

    # the coach ------------------------------------------------------------------------

    def _hidden_coach_keys(self) -> set[str]:
        """``h`` asks the coach, but ``Ctrl+O`` while a declaration is typed (``h`` is a
        letter of it)."""
        hidden = super()._hidden_coach_keys()
        if hidden:
            return hidden
        return {"h"} if isinstance(self.focused, Input) else {"ctrl+o"}

    def action_history(self) -> None:
        """Every round so far: its declarations, its challenge and who lost a life. (While
        a declaration is typed, ``s`` is a letter of it.)"""
        if self._views:
            self.app.push_screen(RoundHistoryScreen(self._public_view(), self.names))

    async def action_sort_pocket(self) -> None:
        """Lay the hand out the other way (by rank, by suit) for the rest of this table;
        cards picked to discard stay picked."""
        view = self._acting_view(Phase.DISCARD) or self._acting_view(Phase.DECLARE)
        if view is None:
            return
        self._pocket_order = flipped(self._pocket_order)
        if view.phase is Phase.DECLARE:
            await self._draw_pocket(view, self._drawn(view.seat, view))
            return
        picker = self.query_one("#discard-picker", DiscardPicker)
        picked = picker.selection
        await self._show_discard(view.seat, view)
        for index, card in enumerate(picker.cards):
            if card in picked:
                picker.action_toggle_card(index)

    def action_take(self) -> None:
        view = self._acting_view(Phase.DECIDE)
        if view is not None and view.can_take:
            self._send(Take(view.seat))

    def action_challenge(self) -> None:
        view = self._acting_view(Phase.DECIDE)
        if view is not None:
            self._send(Challenge(view.seat))

    def action_skip(self) -> None:
        self._play_chip(Phase.DECIDE, Chip.SKIP)

    def action_flip(self) -> None:
        self._play_chip(Phase.DECLARE, Chip.FLIP)

    def action_double_dip(self) -> None:
        self._play_chip(Phase.DECLARE, Chip.DOUBLE_DIP)

    def _play_chip(self, phase: Phase, chip: Chip) -> None:
        view = self._acting_view(phase)
        if view is None or chip not in view.playable_chips:
            self.notify(f"The {chip_name(chip)} chip cannot be played now.", severity="warning")
            return
        self._send(PlayChip(view.seat, chip))

    @on(Button.Pressed, "#take")
    def _take_pressed(self) -> None:
        self.action_take()

    @on(Button.Pressed, "#challenge")
    def _challenge_pressed(self) -> None:
        self.action_challenge()

    @on(Button.Pressed, "#skip")
    def _skip_pressed(self) -> None:
        self.action_skip()

    @on(Button.Pressed, "#flip")
    def _flip_pressed(self) -> None:
        self.action_flip()

    @on(Button.Pressed, "#double-dip")
    def _double_dip_pressed(self) -> None:
        self.action_double_dip()

    @on(DiscardPicker.Submitted)
    def _discard_submitted(self, event: DiscardPicker.Submitted) -> None:
        view = self._acting_view(Phase.DISCARD)
        if view is not None:
            self._send(Discard(view.seat, event.cards))

    @on(DeclarationBuilder.Declared)
    def _declared(self, event: DeclarationBuilder.Declared) -> None:
        view = self._acting_view(Phase.DECLARE)
        if view is not None:
            self._send(Declare(view.seat, event.declaration))
