"""Liar's Poker with cards, as decided in RULINGS.md.

One hand goes round the table. Its holder declares a poker hand; the next seat, without
seeing the cards, takes the hand (looks, discards, draws back to size, declares higher) or
challenges (the hand is shown and judged against the declaration's floor). The loser of a
challenge loses a life, the winner opens the next round with a fresh deck, and the last seat
with lives left wins.

The module is pure: chance comes only from the ``random.Random`` kept in the state, so a game
replays exactly from its seed and its list of actions. Seats learn about the game only through
:meth:`LiarsPokerGame.view`, which shows the hand to the seat holding it and to nobody else.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from liar_tui.rules.base import IllegalAction
from liar_tui.rules.cards import Card, standard_deck
from liar_tui.rules.liars_poker import floor as floors
from liar_tui.rules.liars_poker.declarations import Declaration, DeclarationError
from liar_tui.rules.liars_poker.poker_hands import HandRank, hand_rank
from liar_tui.rules.liars_poker.rules import MAX_SEATS as MAX_SEATS
from liar_tui.rules.liars_poker.rules import MIN_SEATS as MIN_SEATS
from liar_tui.rules.liars_poker.rules import Chip as Chip
from liar_tui.rules.liars_poker.rules import LiarsPokerRules as LiarsPokerRules
from liar_tui.rules.liars_poker.rules import PokerRules
from liar_tui.rules.liars_poker.rules import RoundRules as RoundRules


class Phase(Enum):
    CHOOSE_RULES = "choose rules"
    """Dealer's choice: the opener sets this round's rules before the deal."""
    DECLARE = "declare"
    """The holder names a hand (the opener after the deal, a taker after drawing)."""
    DECIDE = "decide"
    """The next seat takes the hand unseen, challenges, or plays a Skip chip."""
    DISCARD = "discard"
    """A taker discards (possibly nothing) and draws back to the hand's size."""
    OVER = "over"


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class ChooseRules:
    """Dealer's choice: the opener's rules for this round (the table's own rules to keep them)."""

    seat: int
    rules: RoundRules


@dataclass(frozen=True)
class Declare:
    seat: int
    declaration: Declaration


@dataclass(frozen=True)
class Take:
    seat: int


@dataclass(frozen=True)
class Challenge:
    seat: int


@dataclass(frozen=True)
class Discard:
    """Discard these cards (none to stand pat) and draw back to the hand's size."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class PlayChip:
    seat: int
    chip: Chip


Action = ChooseRules | Declare | Take | Challenge | Discard | PlayChip


# --------------------------------------------------------------------------- events


@dataclass(frozen=True)
class RoundStarted:
    round: int
    opener: int
    choosing: bool
    """The opener chooses this round's rules first (dealer's choice)."""


@dataclass(frozen=True)
class RulesChosen:
    seat: int
    rules: RoundRules


@dataclass(frozen=True)
class HandDealt:
    """The opener drew the hand; the communal cards, if any, lie face up."""

    round: int
    opener: int
    rules: RoundRules
    communal: tuple[Card, ...]


@dataclass(frozen=True)
class Declared:
    seat: int
    declaration: Declaration
    floor: HandRank
    """The worst hand a truthful speaker could hold, as judged when it was said."""


@dataclass(frozen=True)
class Took:
    seat: int


@dataclass(frozen=True)
class Discarded:
    """A taker discarded face down and drew; how many is public, which cards is not."""

    seat: int
    count: int
    communal: tuple[Card, ...]
    """The face-up cards after the draw (a discarded communal card is replaced face up)."""


@dataclass(frozen=True)
class ChipPlayed:
    seat: int
    chip: Chip


@dataclass(frozen=True)
class DeckReshuffled:
    """The deck ran out: the round's discards became the new deck."""

    cards: int


@dataclass(frozen=True)
class ChallengeResolved:
    """The hand shown after a challenge, the verdict, and everyone's lives after it."""

    round: int
    challenger: int
    declarer: int
    declaration: Declaration
    floor: HandRank
    hand: tuple[Card, ...]
    """Every card of the hand, the communal ones included."""
    value: HandRank
    loser: int
    lives: tuple[int, ...]

    @property
    def held(self) -> bool:
        """The hand was at least as good as declared, so the challenger lost."""
        return self.value >= self.floor

    @property
    def winner(self) -> int:
        return self.declarer if self.held else self.challenger

    @property
    def eliminated(self) -> bool:
        return self.lives[self.loser] == 0


@dataclass(frozen=True)
class HandStuck:
    """A taker discarded communal cards and the new ones leave no declaration above the
    standing one; unable to declare, the taker loses a life."""

    round: int
    seat: int
    declaration: Declaration
    """The standing declaration nothing could beat."""
    communal: tuple[Card, ...]
    lives: tuple[int, ...]

    @property
    def eliminated(self) -> bool:
        return self.lives[self.seat] == 0


@dataclass(frozen=True)
class GameOver:
    winner: int
    lives: tuple[int, ...]


Event = (
    RoundStarted
    | RulesChosen
    | HandDealt
    | Declared
    | Took
    | Discarded
    | ChipPlayed
    | DeckReshuffled
    | ChallengeResolved
    | HandStuck
    | GameOver
)


PublicMove = RulesChosen | Declared | Took | Discarded | ChipPlayed | DeckReshuffled
"""What a seat did in a round, or the deck did, as every seat heard it: how many cards a
taker discarded is public, which ones is not, and no move carries a hidden card."""


@dataclass(frozen=True)
class RoundLog:
    """One finished round as every seat saw it: who opened, every move in order, and the
    challenge or the stuck hand that ended it (with the cards the challenge showed)."""

    round: int
    opener: int
    moves: tuple[PublicMove, ...]
    ending: ChallengeResolved | HandStuck

    @property
    def loser(self) -> int:
        """The seat that lost a life."""
        ending = self.ending
        return ending.loser if isinstance(ending, ChallengeResolved) else ending.seat


# --------------------------------------------------------------------------- raising


def raise_refusal(
    declaration: Declaration,
    standing: tuple[Declaration, HandRank] | None,
    rules: PokerRules,
    communal: Sequence[Card] = (),
) -> str | None:
    """Why ``declaration`` may not follow ``standing``, in one sentence; None when it may.

    ``standing`` is the declaration to beat with the floor it had when it was made, or None
    when ``declaration`` opens the round and must beat the lowest hand. The table refuses a
    declaration with this sentence, and the declaration builder shows it before sending.
    """
    try:
        new = floors.floor(declaration, rules, communal)
    except DeclarationError as error:
        return str(error)
    if standing is None:
        lowest = floors.lowest_hand(rules, tuple(communal))
        if new > lowest:
            return None
        return _sentence(
            f"{declaration.text} could be the lowest hand, {lowest.describe()}: "
            "an opening must rule it out."
        )
    said, beaten = standing
    if new > beaten:
        return None
    refusal = f"{declaration.text} does not beat {said.text}"
    floor_said = "" if _same_words(beaten.describe(), said.text) else beaten.describe()
    if _same_words(new.describe(), declaration.text):
        reason = f": it is no better than {floor_said}" if floor_said else ""
    else:
        reason = f": its worst hand, {new.describe()}, is no better than {floor_said or 'that'}"
    return _sentence(f"{refusal}{reason}.")


def _same_words(first: str, second: str) -> bool:
    """Whether two descriptions read the same: a refusal then names the hand once."""
    return first.casefold() == second.casefold()


def _sentence(text: str) -> str:
    """``text`` with a capital first letter: a declaration's text starts small."""
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------- views

RECENT_ROUNDS = 12
"""Finished rounds a view carries: a few screenfuls of the round history, and every round of
a table of four with three lives. A view goes to every seat after every move, and a round's
claims and shown hand take one to two KB of a frame at twelve seats, so views keep the last
few rounds, as Liar Game's do, rather than all of a long match's."""


def standing_of(declarations: Sequence[Declared]) -> tuple[Declaration, HandRank] | None:
    """The declaration to beat and its floor, from a round's declarations; None at the
    opening. The state and every seat's view read it the same way."""
    if not declarations:
        return None
    last = declarations[-1]
    return last.declaration, last.floor


@dataclass(frozen=True)
class LiarsPokerView:
    """What one seat may know: the public table, and the hand only while it holds it."""

    seat: int
    seats: int
    rules: LiarsPokerRules
    round: int
    round_rules: RoundRules
    phase: Phase
    opener: int
    holder: int | None
    """The seat the hand lies in front of: the opener, then each taker in turn."""
    to_act: int | None
    direction: int
    """+1 or -1: which way the hand goes round (a Flip chip reverses it)."""
    lives: tuple[int, ...]
    chips: tuple[tuple[Chip, ...], ...]
    """The chips each seat has left."""
    declarations: tuple[Declared, ...]
    """This round's declarations, in order."""
    discards: tuple[Discarded, ...]
    """This round's draws, in order: who discarded how many."""
    communal: tuple[Card, ...]
    hand: tuple[Card, ...]
    """This seat's hidden cards while it holds the hand; empty otherwise."""
    deck_size: int
    discards_left: int
    """Discards the holder still makes this turn (draw twice, Double Dip)."""
    skipped_by: int | None
    """The seat that passed this decision on with a Skip chip; no Skip answers a Skip."""
    can_take: bool
    """Some declaration beats the current one, so the deciding seat may take the hand."""
    playable_chips: tuple[Chip, ...]
    """The chips this seat may play right now."""
    last_challenge: ChallengeResolved | None
    winner: int | None
    round_moves: tuple[PublicMove, ...]
    """This round's moves so far, in order, as every seat heard them."""
    recent_rounds: tuple[RoundLog, ...]
    """The last :data:`RECENT_ROUNDS` finished rounds (all of them early on), oldest first;
    the same for every seat, so a resumed or joined table shows the rounds before it."""

    @property
    def to_beat(self) -> HandRank | None:
        """The floor a declaration must beat now; None at the opening, which must beat
        ``lowest_hand(round_rules.poker, communal)``."""
        return self.declarations[-1].floor if self.declarations else None

    @property
    def standing(self) -> tuple[Declaration, HandRank] | None:
        """The declaration to beat and its floor, as :func:`raise_refusal` takes them; None
        at the opening."""
        return standing_of(self.declarations)

    @property
    def full_hand(self) -> tuple[Card, ...]:
        """The hand as it is judged: the hidden cards and the communal ones."""
        return self.hand + self.communal if self.hand else ()


# --------------------------------------------------------------------------- the game


class LiarsPokerGame:
    """The full state of one table. Only the table holds it; seats get :meth:`view`."""

    def __init__(self, rules: LiarsPokerRules, seats: int, seed: int) -> None:
        if problems := rules.problems():
            raise ValueError(" ".join(problems))
        if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"Liar's Poker seats {MIN_SEATS} to {MAX_SEATS} players.")
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.rng = random.Random(seed)
        self.lives = [rules.lives] * seats
        self.chips: list[list[Chip]] = [list(Chip) if rules.chips else [] for _ in range(seats)]
        self.direction = 1
        self.round = 0
        self.round_rules = rules.round
        self.phase = Phase.CHOOSE_RULES
        self.opener = self.rng.randrange(seats)
        self.holder: int | None = None
        self.decider: int | None = None
        self.pocket: list[Card] = []
        self.communal: list[Card] = []
        self.deck: list[Card] = []
        self.discard_pile: list[Card] = []
        self.declarations: list[Declared] = []
        self.draws: list[Discarded] = []
        self.discards_left = 0
        self.took = False
        """The holder took the hand this turn (the opener did not): Flip and Double Dip need it."""
        self.drew_this_turn = False
        """The holder has drawn this turn, so "discard at least one" no longer binds it."""
        self.skipped_by: int | None = None
        self.last_challenge: ChallengeResolved | None = None
        self.winner: int | None = None
        self.round_moves: list[PublicMove] = []
        """This round's public moves so far, in order."""
        self.past_rounds: list[RoundLog] = []
        """Every finished round; views carry the last :data:`RECENT_ROUNDS`."""
        self._start_round()

    # queries ------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def alive(self) -> list[int]:
        return [seat for seat in range(self.seats) if self.lives[seat] > 0]

    @property
    def acting(self) -> int | None:
        if self.phase is Phase.CHOOSE_RULES:
            return self.opener
        if self.phase is Phase.DECIDE:
            return self.decider
        if self.phase in (Phase.DECLARE, Phase.DISCARD):
            return self.holder
        return None

    def to_act(self) -> tuple[int, ...]:
        return () if self.acting is None else (self.acting,)

    @property
    def to_beat(self) -> HandRank:
        """The floor the next declaration must beat: the last one's, or the lowest hand."""
        if self.declarations:
            return self.declarations[-1].floor
        return floors.lowest_hand(self.round_rules.poker, tuple(self.communal))

    def can_take(self) -> bool:
        """Whether any declaration beats the current one; if none does, the next must challenge."""
        return floors.highest_hand(self.round_rules.poker, tuple(self.communal)) > self.to_beat

    def playable_chips(self, seat: int) -> tuple[Chip, ...]:
        return tuple(chip for chip in self.chips[seat] if self._chip_refusal(seat, chip) is None)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action but declarations, which are too many to list: see ``refusal``."""
        if seat != self.acting:
            return []
        chips: list[Action] = [PlayChip(seat, chip) for chip in self.playable_chips(seat)]
        if self.phase is Phase.CHOOSE_RULES:
            return [ChooseRules(seat, self.rules.round)]
        if self.phase is Phase.DECIDE:
            take: list[Action] = [Take(seat)] if self.can_take() else []
            return [*take, Challenge(seat), *chips]
        if self.phase is Phase.DISCARD:
            return [
                Discard(seat, cards)
                for cards in _subsets(self._discardable())
                if self._discard_refusal(cards) is None
            ]
        return chips

    def refusal(self, action: object) -> str | None:
        """Why ``action`` may not be applied now, in one sentence; None when it may."""
        if not isinstance(action, ChooseRules | Declare | Take | Challenge | Discard | PlayChip):
            return "Liar's Poker takes declarations, takes, challenges, discards and chips."
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < self.seats:
            return f"There is no seat {seat!r}."
        if self.phase is Phase.OVER:
            return "The game is over."
        if seat != self.acting:
            return "It is not this seat's turn."
        if isinstance(action, PlayChip):
            return self._chip_refusal(seat, action.chip)
        wanted = {
            ChooseRules: Phase.CHOOSE_RULES,
            Declare: Phase.DECLARE,
            Take: Phase.DECIDE,
            Challenge: Phase.DECIDE,
            Discard: Phase.DISCARD,
        }[type(action)]
        if self.phase is not wanted:
            return _WRONG_PHASE[self.phase]
        if isinstance(action, ChooseRules):
            return self.rules.choice_problem(action.rules)
        if isinstance(action, Take) and not self.can_take():
            said = self.declarations[-1].declaration.text
            return f"Nothing can be declared above {said}: challenge it."
        if isinstance(action, Discard):
            return self._discard_refusal(action.cards)
        if isinstance(action, Declare):
            return self._declaration_refusal(action.declaration)
        return None

    def judge(self, declaration: Declaration) -> HandRank:
        """The floor of ``declaration`` on the table as it is now, or ``DeclarationError``."""
        return floors.floor(declaration, self.round_rules.poker, tuple(self.communal))

    def _declaration_refusal(self, declaration: object) -> str | None:
        if not isinstance(declaration, Declaration):
            return "A declaration names a poker hand, such as two pair, sevens over threes."
        communal = tuple(self.communal)
        return raise_refusal(
            declaration, standing_of(self.declarations), self.round_rules.poker, communal
        )

    def _discardable(self) -> list[Card]:
        if self.round_rules.communal_discardable:
            return self.pocket + self.communal
        return list(self.pocket)

    def _discard_refusal(self, cards: object) -> str | None:
        if not isinstance(cards, tuple) or not all(isinstance(card, Card) for card in cards):
            return "A discard names cards of the hand."
        if len(set(cards)) != len(cards):
            return "Name each discarded card once."
        if any(card in self.communal for card in cards) and not (
            self.round_rules.communal_discardable
        ):
            return "The communal cards stay on the table this round."
        if any(card not in self.pocket and card not in self.communal for card in cards):
            return "Discard only cards of the hand you hold."
        limit = self.round_rules.discard_limit
        if limit is not None and len(cards) > limit:
            return f"Discard at most {limit} card{'' if limit == 1 else 's'} at a time this round."
        if self.round_rules.must_discard and not self.drew_this_turn and not cards:
            return "Discard at least one card this round."
        return None

    def _chip_refusal(self, seat: int, chip: object) -> str | None:
        if not isinstance(chip, Chip):
            return "The chips are Skip, Flip and Double Dip."
        if not self.rules.chips:
            return "This table plays without chips."
        name = chip.value.title()
        if chip not in self.chips[seat]:
            return f"The {name} chip is already used this game."
        if seat != self.acting:
            return "It is not this seat's turn."
        if chip is Chip.SKIP:
            if self.phase is not Phase.DECIDE:
                return "Skip is played instead of taking or challenging."
            if self.skipped_by is not None:
                return "No Skip may answer a Skip: take the hand or challenge."
            if len(self.alive) <= 2:
                return "With two players left, Skip is not allowed."
            return None
        if self.phase is not Phase.DECLARE or not self.took:
            when = "after improving the hand" if chip is Chip.FLIP else "after drawing"
            return f"{name} is played {when}, before declaring."
        return None

    # views ------------------------------------------------------------------------

    def view(self, seat: int) -> LiarsPokerView:
        holding = seat == self.holder and self.phase is not Phase.OVER
        return LiarsPokerView(
            seat=seat,
            seats=self.seats,
            rules=self.rules,
            round=self.round,
            round_rules=self.round_rules,
            phase=self.phase,
            opener=self.opener,
            holder=self.holder,
            to_act=self.acting,
            direction=self.direction,
            lives=tuple(self.lives),
            chips=tuple(tuple(chips) for chips in self.chips),
            declarations=tuple(self.declarations),
            discards=tuple(self.draws),
            communal=tuple(self.communal),
            hand=tuple(self.pocket) if holding else (),
            deck_size=len(self.deck),
            discards_left=self.discards_left if holding else 0,
            skipped_by=self.skipped_by,
            can_take=self.phase is Phase.DECIDE and self.can_take(),
            playable_chips=self.playable_chips(seat),
            last_challenge=self.last_challenge,
            winner=self.winner,
            round_moves=tuple(self.round_moves),
            recent_rounds=tuple(self.past_rounds[-RECENT_ROUNDS:]),
        )

    def returns(self) -> tuple[float, ...]:
        """One win for the last seat with lives; before the end, nobody has won."""
        return tuple(1.0 if seat == self.winner else 0.0 for seat in range(self.seats))

    def completed_games(self) -> int:
        return int(self.over)

    def snapshot(self) -> dict[str, object]:
        """The whole state as plain values, for equality checks after replay or resume."""
        return {
            "rules": self.rules,
            "seats": self.seats,
            "seed": self.seed,
            "rng": self.rng.getstate(),
            "lives": tuple(self.lives),
            "chips": tuple(tuple(chips) for chips in self.chips),
            "direction": self.direction,
            "round": self.round,
            "round_rules": self.round_rules,
            "phase": self.phase,
            "opener": self.opener,
            "holder": self.holder,
            "decider": self.decider,
            "pocket": tuple(self.pocket),
            "communal": tuple(self.communal),
            "deck": tuple(self.deck),
            "discard_pile": tuple(self.discard_pile),
            "declarations": tuple(self.declarations),
            "draws": tuple(self.draws),
            "discards_left": self.discards_left,
            "took": self.took,
            "drew_this_turn": self.drew_this_turn,
            "skipped_by": self.skipped_by,
            "last_challenge": self.last_challenge,
            "winner": self.winner,
            "round_moves": tuple(self.round_moves),
            "past_rounds": tuple(self.past_rounds),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LiarsPokerGame):
            return NotImplemented
        return self.snapshot() == other.snapshot()

    # changes ------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        if reason := self.refusal(action):
            raise IllegalAction(reason)
        if isinstance(action, ChooseRules):
            self.round_rules = action.rules
            return [*self._moved(RulesChosen(action.seat, action.rules)), *self._deal()]
        if isinstance(action, Declare):
            return self._declare(action)
        if isinstance(action, Take):
            self.holder = action.seat
            self.took = True
            self.skipped_by = None
            self.phase = Phase.DISCARD
            self.discards_left = 2 if self.round_rules.draw_twice else 1
            self.drew_this_turn = False
            return self._moved(Took(action.seat))
        if isinstance(action, Challenge):
            return self._challenge(action.seat)
        if isinstance(action, Discard):
            return self._discard(action)
        return self._play_chip(action)

    def _declare(self, action: Declare) -> list[Event]:
        declared = Declared(action.seat, action.declaration, self.judge(action.declaration))
        self.declarations.append(declared)
        self.phase = Phase.DECIDE
        self.decider = self._next_alive(action.seat)
        return self._moved(declared)

    def _discard(self, action: Discard) -> list[Event]:
        events: list[DeckReshuffled] = []
        for card in action.cards:
            if card in self.pocket:
                self.pocket.remove(card)
            else:
                index = self.communal.index(card)
                self.communal[index] = self._draw(events)
            self.discard_pile.append(card)
        while len(self.pocket) < self.round_rules.pocket_size:
            self.pocket.append(self._draw(events))
        drawn = Discarded(action.seat, len(action.cards), tuple(self.communal))
        self.draws.append(drawn)
        self.drew_this_turn = True
        self.discards_left -= 1
        moved = self._moved(*events, drawn)
        if self.discards_left:
            return moved
        self.phase = Phase.DECLARE
        if self.can_take() or Chip.DOUBLE_DIP in self.playable_chips(action.seat):
            return moved
        return [*moved, *self._stuck(action.seat)]

    def _stuck(self, holder: int) -> list[Event]:
        """New face-up cards left no declaration above the standing one: the holder cannot
        make a legal declaration, so loses a life as a caught liar would, to its declarer."""
        last = self.declarations[-1]
        self.lives[holder] -= 1
        stuck = HandStuck(
            self.round, holder, last.declaration, tuple(self.communal), tuple(self.lives)
        )
        self._close_round(stuck)
        return [stuck, *self._end_round(winner=last.seat)]

    def _draw(self, events: list[DeckReshuffled]) -> Card:
        """The top card of the deck; an empty deck is remade from the round's discards."""
        if not self.deck:
            self.deck = self.discard_pile
            self.discard_pile = []
            self.rng.shuffle(self.deck)
            events.append(DeckReshuffled(len(self.deck)))
        return self.deck.pop()

    def _play_chip(self, action: PlayChip) -> list[Event]:
        seat, chip = action.seat, action.chip
        self.chips[seat].remove(chip)
        played = ChipPlayed(seat, chip)
        if chip is Chip.SKIP:
            self.skipped_by = seat
            self.decider = self._next_alive(seat)
        elif chip is Chip.FLIP:
            self.direction = -self.direction
        else:
            self.phase = Phase.DISCARD
            self.discards_left = 1
            self.drew_this_turn = True
        return self._moved(played)

    def _challenge(self, challenger: int) -> list[Event]:
        last = self.declarations[-1]
        hand = (*self.pocket, *self.communal)
        value = hand_rank(hand, self.round_rules.poker)
        loser = challenger if value >= last.floor else last.seat
        self.lives[loser] -= 1
        resolved = ChallengeResolved(
            self.round,
            challenger,
            last.seat,
            last.declaration,
            last.floor,
            hand,
            value,
            loser,
            tuple(self.lives),
        )
        self.last_challenge = resolved
        self._close_round(resolved)
        return [resolved, *self._end_round(winner=resolved.winner)]

    def _moved(self, *moves: PublicMove) -> list[Event]:
        """``moves`` as this round's next public moves, and as the events that tell them."""
        self.round_moves += moves
        return list(moves)

    def _close_round(self, ending: ChallengeResolved | HandStuck) -> None:
        """Keep the round that ``ending`` finished, before the next one (or the end) begins."""
        self.past_rounds.append(RoundLog(self.round, self.opener, tuple(self.round_moves), ending))
        self.round_moves = []

    def _end_round(self, winner: int) -> list[Event]:
        """The game's end, or the next round opened by the round's winner."""
        if len(self.alive) == 1:
            self.winner = self.alive[0]
            self.phase = Phase.OVER
            self.holder = self.decider = None
            return [GameOver(self.winner, tuple(self.lives))]
        self.opener = winner
        return self._start_round()

    def _start_round(self) -> list[Event]:
        self.round += 1
        self.round_rules = self.rules.round
        self.declarations = []
        self.draws = []
        self.holder = self.decider = None
        self.pocket, self.communal, self.deck, self.discard_pile = [], [], [], []
        self.skipped_by = None
        self.took = False
        self.discards_left = 0
        self.drew_this_turn = False
        started = RoundStarted(self.round, self.opener, self.rules.dealers_choice)
        if self.rules.dealers_choice:
            self.phase = Phase.CHOOSE_RULES
            return [started]
        return [started, *self._deal()]

    def _deal(self) -> list[Event]:
        poker = self.round_rules.poker
        self.deck = standard_deck(jokers=poker.jokers)
        self.rng.shuffle(self.deck)
        self.pocket = [self.deck.pop() for _ in range(self.round_rules.pocket_size)]
        self.communal = [self.deck.pop() for _ in range(poker.communal_cards)]
        self.holder = self.opener
        self.phase = Phase.DECLARE
        return [HandDealt(self.round, self.opener, self.round_rules, tuple(self.communal))]

    def _next_alive(self, seat: int) -> int:
        for step in range(1, self.seats):
            candidate = (seat + step * self.direction) % self.seats
            if self.lives[candidate] > 0:
                return candidate
        raise AssertionError("a round is played by at least two seats")


_WRONG_PHASE = {
    Phase.CHOOSE_RULES: "The opener is choosing this round's rules.",
    Phase.DECLARE: "The hand's holder must declare now.",
    Phase.DECIDE: "The next player must take the hand or challenge now.",
    Phase.DISCARD: "The taker must discard and draw now.",
    Phase.OVER: "The game is over.",
}


def _subsets(cards: Sequence[Card]) -> Iterable[tuple[Card, ...]]:
    for mask in range(1 << len(cards)):
        yield tuple(card for i, card in enumerate(cards) if mask >> i & 1)


def replay(
    rules: LiarsPokerRules, seats: int, seed: int, actions: Iterable[Action]
) -> LiarsPokerGame:
    """Rebuild a game from its seed and the actions applied to it, in order."""
    game = LiarsPokerGame(rules, seats, seed)
    for action in actions:
        game.apply(action)
    return game
