"""Liar Game (Mark Christian Jr.), as decided in RULINGS.md.

Every seat holds six cards, shows three in secret each round, and the best hand scores.
The module is pure: chance comes only from the ``random.Random`` kept in the state, so a
game replays exactly from its seed and its list of actions.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from liar_tui.rules.base import IllegalAction
from liar_tui.rules.cards import NATURAL_RANKS, Card, Rank, shoe, shuffled
from liar_tui.rules.liar_game.rules import FREE_JOKERS_SUMMARY as FREE_JOKERS_SUMMARY
from liar_tui.rules.liar_game.rules import MAX_SEATS as MAX_SEATS
from liar_tui.rules.liar_game.rules import MAX_TARGET as MAX_TARGET
from liar_tui.rules.liar_game.rules import MIN_SEATS as MIN_SEATS
from liar_tui.rules.liar_game.rules import TARGET_PRESETS as TARGET_PRESETS
from liar_tui.rules.liar_game.rules import VARIANT_NAMES as VARIANT_NAMES
from liar_tui.rules.liar_game.rules import VARIANT_SUMMARIES as VARIANT_SUMMARIES
from liar_tui.rules.liar_game.rules import VARIANT_TITLES as VARIANT_TITLES
from liar_tui.rules.liar_game.rules import Rules as Rules

POCKET_SIZE = 6
HAND_SIZE = 3
JOKER_PENALTY = 20

CARD_VALUES: dict[Rank, int] = {rank: min(int(rank), 10) for rank in NATURAL_RANKS}
CARD_VALUES[Rank.ACE] = 20

LOW_STRAIGHT_RANKS = (Rank.FOUR, Rank.THREE, Rank.TWO)
LOW_STRAIGHT_VALUE = 90
LOW_DOUBLING_RANKS = frozenset({Rank.TWO, Rank.THREE, Rank.FOUR})
JOKER_SET_VALUES = {3: 300, 4: 400}
BIG_COMBO_SIZES = (4, 5, 6)


# --------------------------------------------------------------------------- hands


class HandKind(Enum):
    HIGH = "high cards"
    PAIR = "double"
    TRIPLE = "triple"
    BIG_COMBO = "combo"
    LOW_STRAIGHT = "low straight"
    JOKER_SET = "joker set"


@dataclass(frozen=True)
class HandScore:
    """A shown hand valued: what it is worth, how it breaks ties, and what a win pays."""

    cards: tuple[Card, ...]
    kind: HandKind
    value: int
    basic: int
    ranks: tuple[Rank, ...]
    """Every card's rank with jokers at their assigned rank, high to low."""
    low_doubling: bool = field(default=False, compare=False)
    """Whether the low-doubling variant applied, so the breakdown can show its extra 2×."""

    @property
    def key(self) -> tuple[int, int, tuple[int, ...]]:
        """Value, then basic value, then the cards by rank: the tie rules of RULINGS.md."""
        return (self.value, self.basic, tuple(int(rank) for rank in self.ranks))

    @property
    def jokers_used(self) -> int:
        return sum(card.is_joker for card in self.cards)

    @property
    def penalty(self) -> int:
        """Taken off the value when the hand wins: 20 per joker, none for a joker set."""
        return 0 if self.kind is HandKind.JOKER_SET else JOKER_PENALTY * self.jokers_used

    @property
    def points(self) -> int:
        """What this hand scores when it wins: value less the joker penalty."""
        return self.value - self.penalty

    @property
    def joker_ranks(self) -> tuple[Rank, ...]:
        naturals = Counter(card.rank for card in self.cards if not card.is_joker)
        assigned = Counter(self.ranks)
        assigned.subtract(naturals)
        return tuple(sorted(assigned.elements(), reverse=True))

    def breakdown(self) -> str:
        """The sum spelled out, as a player would check it: ``2×(9+9)+7 = 43, −20 if it wins``."""
        text = self.formula()
        if self.penalty:
            text += f", −{self.penalty} if it wins"
        return text

    def formula(self) -> str:
        """The sum alone, ``2×(9+9)+7 = 43``, for the reveal, where the outcome is known."""
        return f"{self._terms()} = {self.value}"

    def _terms(self) -> str:
        if self.kind is HandKind.JOKER_SET:
            return f"{len(self.cards)} jokers"
        if self.kind is HandKind.LOW_STRAIGHT:
            return "2-3-4"
        counts = Counter(self.ranks)
        parts = []
        for rank, count in sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True):
            values = "+".join([str(CARD_VALUES[rank])] * count)
            if count == 1:
                parts.append(values)
                continue
            factor = f"{count}×"
            if rank in LOW_DOUBLING_RANKS and self.low_doubling:
                factor += "2×"
            parts.append(f"{factor}({values})")
        return "+".join(parts)

    def describe(self) -> str:
        """A few words for the reveal: ``triple of queens``, ``double of nines, 7``."""
        if self.kind is HandKind.JOKER_SET:
            return f"set of {len(self.cards)} jokers"
        if self.kind is HandKind.LOW_STRAIGHT:
            return "low straight 2-3-4"
        counts = Counter(self.ranks)
        rank, count = max(counts.items(), key=lambda rc: (rc[1], rc[0]))
        if self.kind is HandKind.BIG_COMBO:
            return f"set of {count} {rank.plural}"
        if self.kind is HandKind.TRIPLE:
            return f"triple of {rank.plural}"
        if self.kind is HandKind.PAIR:
            other = next(r for r in self.ranks if r is not rank)
            return f"double of {rank.plural}, {other.label}"
        return "-".join(r.label for r in self.ranks) + " high"


def _plain_value(ranks: Sequence[Rank], rules: Rules) -> tuple[HandKind, int, int]:
    """Kind, value and basic value of natural ranks (jokers already assigned)."""
    basic = sum(CARD_VALUES[rank] for rank in ranks)
    if rules.low_straight and sorted(ranks, reverse=True) == list(LOW_STRAIGHT_RANKS):
        return HandKind.LOW_STRAIGHT, LOW_STRAIGHT_VALUE, basic
    value = 0
    kind = HandKind.HIGH
    for rank, count in Counter(ranks).items():
        part = count * CARD_VALUES[rank] * (count if count > 1 else 1)
        if count > 1 and rules.low_doubling and rank in LOW_DOUBLING_RANKS:
            part *= 2
        value += part
        if count == 2:
            kind = HandKind.PAIR
        elif count == 3 and len(ranks) == 3:
            kind = HandKind.TRIPLE
        elif count >= 3:
            kind = HandKind.BIG_COMBO
    return kind, value, basic


def _joker_candidates(naturals: Sequence[Rank], rules: Rules) -> tuple[Rank, ...]:
    """The ranks worth trying for a joker; brute force over all ranks agrees (see tests).

    Copy jokers may only take a rank already in the hand (aces when there is none). A free
    joker left as a single card is best as an ace, so beside the hand's own ranks only the
    ace, and the ranks of the low straight, can ever be its best choice.
    """
    if not rules.free_jokers:
        return tuple(sorted(set(naturals))) or (Rank.ACE,)
    candidates = set(naturals) | {Rank.ACE}
    if rules.low_straight:
        candidates |= set(LOW_STRAIGHT_RANKS)
    return tuple(sorted(candidates))


def why_not_a_hand(cards: Sequence[Card], rules: Rules) -> str | None:
    """Why these cards cannot be shown as a hand, in one sentence; None when they can."""
    count = len(cards)
    if count == HAND_SIZE:
        return None
    jokers = sum(card.is_joker for card in cards)
    if rules.joker_sets and count == 4 and jokers == 4:
        return None
    if count in BIG_COMBO_SIZES:
        if not rules.big_combos:
            return "Show exactly three cards (big combos are off)."
        if jokers:
            return "Jokers never count towards a big combo."
        if len({card.rank for card in cards}) != 1:
            return f"A {count}-card combo must be {count} cards of one rank."
        return None
    if count < HAND_SIZE:
        return f"Pick {HAND_SIZE - count} more card{'s' if HAND_SIZE - count > 1 else ''}."
    return "Show exactly three cards, or a legal combo."


def score_hand(cards: Sequence[Card], rules: Rules) -> HandScore:
    """Value a shown hand at its best joker assignment; raise ``IllegalAction`` if not a hand."""
    if reason := why_not_a_hand(cards, rules):
        raise IllegalAction(reason)
    held = tuple(cards)
    jokers = sum(card.is_joker for card in held)
    if rules.joker_sets and jokers in JOKER_SET_VALUES and jokers == len(held):
        value = JOKER_SET_VALUES[jokers]
        ranks = (Rank.ACE,) * jokers
        basic = CARD_VALUES[Rank.ACE] * jokers
        return HandScore(held, HandKind.JOKER_SET, value, basic, ranks)
    naturals = [card.rank for card in held if not card.is_joker]
    best: HandScore | None = None
    for assigned in itertools.product(_joker_candidates(naturals, rules), repeat=jokers):
        ranks = tuple(sorted([*naturals, *assigned], reverse=True))
        kind, value, basic = _plain_value(ranks, rules)
        score = HandScore(held, kind, value, basic, ranks, rules.low_doubling)
        if best is None or score.key > best.key:
            best = score
    assert best is not None
    return best


def hand_value(cards: Sequence[Card], rules: Rules) -> int:
    """The hand's value before any joker penalty."""
    return score_hand(cards, rules).value


def hand_key(cards: Sequence[Card], rules: Rules) -> tuple[int, int, tuple[int, ...]]:
    """A sortable key for the tie rules: ``max(hands, key=...)`` finds the round's winner."""
    return score_hand(cards, rules).key


def round_points(cards: Sequence[Card], rules: Rules) -> int:
    """What the hand adds to a winner's score: its value less 20 per joker used."""
    return score_hand(cards, rules).points


def renews_pocket(cards: Sequence[Card]) -> bool:
    """Big combos and the four-joker set discard the rest of the pocket for six new cards."""
    return len(cards) > HAND_SIZE


def legal_hands(pocket: Sequence[Card], rules: Rules) -> list[tuple[Card, ...]]:
    """Every hand a pocket can show: each three cards, and the combos the variants allow."""
    hands = list(itertools.combinations(pocket, HAND_SIZE))
    if rules.big_combos:
        by_rank: dict[Rank, list[Card]] = {}
        for card in pocket:
            if not card.is_joker:
                by_rank.setdefault(card.rank, []).append(card)
        for same in by_rank.values():
            for size in BIG_COMBO_SIZES:
                hands += itertools.combinations(same, size)
    if rules.joker_sets:
        jokers = [card for card in pocket if card.is_joker]
        hands += itertools.combinations(jokers, 4)
    return hands


# --------------------------------------------------------------------------- actions, events


@dataclass(frozen=True)
class ShowHand:
    """A seat's secret choice of the cards it shows this round."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class HandChosen:
    """A seat has locked in its hand; what it chose stays hidden until the reveal."""

    seat: int
    round: int


@dataclass(frozen=True)
class RevealedHand:
    seat: int
    score: HandScore
    won: bool
    points: int
    """Points added to the seat's score this round (0 for a loser)."""
    renewed: bool
    """The seat showed a combo and its remaining pocket was discarded face down."""


@dataclass(frozen=True)
class RoundRevealed:
    """Every hand shown at once, the round's winners and the scores after it."""

    round: int
    hands: tuple[RevealedHand, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def hand_of(self, seat: int) -> RevealedHand:
        return self.hands[seat]


@dataclass(frozen=True)
class DeckReshuffled:
    """The deck could not cover the deal: the discards were shuffled in under it."""

    round: int
    cards: int


@dataclass(frozen=True)
class GameOver:
    winners: tuple[int, ...]
    scores: tuple[int, ...]


Event = HandChosen | RoundRevealed | DeckReshuffled | GameOver


# --------------------------------------------------------------------------- views


RECENT_ROUNDS = 20
"""Rounds whose reveal a view carries: more than a screenful of the scoreboard's list, and
more than the bots read. The rest are summed up in the view's scores and rounds won."""


@dataclass(frozen=True)
class LiarGameView:
    """What one seat may know: its own pocket, the running scores, and the last rounds'
    reveals.

    Its size depends on the table and the shoe, never on how many rounds came before: a
    game played to a high target runs thousands of rounds, and a view goes to every seat
    after every choice.
    """

    seat: int
    seats: int
    rules: Rules
    round: int
    pocket: tuple[Card, ...]
    chosen: tuple[Card, ...] | None
    """This seat's locked hand for the current round, if it has chosen."""
    waiting_for: tuple[int, ...]
    scores: tuple[int, ...]
    deck_size: int
    discard_size: int
    seen_since_shuffle: tuple[Card, ...]
    """Cards shown face up since the last reshuffle: public, so anyone may count them."""
    rounds_won: tuple[int, ...]
    """How many rounds each seat has won over the game, a tie counting for every winner."""
    history: tuple[RoundRevealed, ...]
    """The reveals of the last :data:`RECENT_ROUNDS` rounds (all of them early on), oldest
    first. The game keeps every round; a view carries only these."""
    over: bool
    winners: tuple[int, ...]

    @property
    def rounds_played(self) -> int:
        """Rounds revealed so far: every round before this one, and this one once the game
        is over (the last round's number stays)."""
        return self.round - 1 + int(self.over)


# --------------------------------------------------------------------------- the game


class LiarGame:
    """The full state of one table. Only the table holds it; seats get :meth:`view`."""

    def __init__(self, rules: Rules, seats: int, seed: int) -> None:
        rules.check()
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"Liar Game seats {MIN_SEATS} to {MAX_SEATS} players.")
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.rng = random.Random(seed)
        self.deck: list[Card] = shuffled(shoe(rules.decks), self.rng)
        self.discards: list[Card] = []
        self.seen_since_shuffle: list[Card] = []
        self.pockets: list[list[Card]] = [[] for _ in range(seats)]
        self.chosen: list[tuple[Card, ...] | None] = [None] * seats
        self.scores: list[int] = [0] * seats
        self.round = 1
        self.rounds_won: list[int] = [0] * seats
        self.history: list[RoundRevealed] = []
        """Every round's reveal, for a history of the game; views carry the last few."""
        self.winners: tuple[int, ...] = ()
        self.over = False
        for _ in range(POCKET_SIZE):
            for pocket in self.pockets:
                pocket.append(self.deck.pop())

    # queries ------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        """Seats that still have to choose this round (all choose at once, in secret)."""
        if self.over:
            return ()
        return tuple(seat for seat in range(self.seats) if self.chosen[seat] is None)

    def legal_actions(self, seat: int) -> list[ShowHand]:
        if seat not in self.to_act():
            return []
        return [ShowHand(seat, hand) for hand in legal_hands(self.pockets[seat], self.rules)]

    def refusal(self, action: object) -> str | None:
        """Why ``action`` may not be applied now, in one sentence; None when it may."""
        if not isinstance(action, ShowHand):
            return "Liar Game only takes shown hands."
        if self.over:
            return "The game is over."
        if type(action.seat) is not int or not 0 <= action.seat < self.seats:
            return f"There is no seat {action.seat!r}."
        if self.chosen[action.seat] is not None:
            return "This seat has already chosen its hand for this round."
        if not isinstance(action.cards, tuple | list) or not all(
            isinstance(card, Card) for card in action.cards
        ):
            return "A hand is a list of cards from your pocket."
        pocket = Counter(self.pockets[action.seat])
        if len(set(action.cards)) != len(action.cards):
            return "A card can be shown only once."
        if any(pocket[card] == 0 for card in action.cards):
            return "You can only show cards from your own pocket."
        return why_not_a_hand(action.cards, self.rules)

    def view(self, seat: int) -> LiarGameView:
        chosen = self.chosen[seat]
        return LiarGameView(
            seat=seat,
            seats=self.seats,
            rules=self.rules,
            round=self.round,
            pocket=tuple(self.pockets[seat]),
            chosen=chosen,
            waiting_for=self.to_act(),
            scores=tuple(self.scores),
            deck_size=len(self.deck),
            discard_size=len(self.discards),
            seen_since_shuffle=tuple(self.seen_since_shuffle),
            rounds_won=tuple(self.rounds_won),
            history=tuple(self.history[-RECENT_ROUNDS:]),
            over=self.over,
            winners=self.winners,
        )

    def all_cards(self) -> list[Card]:
        """Every card at the table, wherever it lies: pockets, deck and discards."""
        cards = list(self.deck) + list(self.discards)
        for pocket in self.pockets:
            cards += pocket
        return cards

    def returns(self) -> tuple[float, ...]:
        """The winners of a finished game split one win; before the end, nobody has won."""
        share = 1 / len(self.winners) if self.over else 0.0
        return tuple(share if seat in self.winners else 0.0 for seat in range(self.seats))

    def completed_games(self) -> int:
        return int(self.over)

    def snapshot(self) -> dict[str, object]:
        """The whole state as plain values, for equality checks after replay or resume."""
        return {
            "rules": self.rules,
            "seats": self.seats,
            "seed": self.seed,
            "rng": self.rng.getstate(),
            "deck": tuple(self.deck),
            "discards": tuple(self.discards),
            "seen": tuple(self.seen_since_shuffle),
            "pockets": tuple(tuple(p) for p in self.pockets),
            "chosen": tuple(self.chosen),
            "scores": tuple(self.scores),
            "round": self.round,
            "rounds_won": tuple(self.rounds_won),
            "history": tuple(self.history),
            "over": self.over,
            "winners": self.winners,
        }

    def __eq__(self, other: object) -> bool:
        """Two states are equal when everything in them is, the generator's state included."""
        if not isinstance(other, LiarGame):
            return NotImplemented
        return self.snapshot() == other.snapshot()

    # changes ------------------------------------------------------------------

    def apply(self, action: ShowHand) -> list[Event]:
        """Lock a seat's hand; when the last seat has chosen, reveal, score and deal."""
        if reason := self.refusal(action):
            raise IllegalAction(reason)
        self.chosen[action.seat] = tuple(action.cards)
        events: list[Event] = [HandChosen(action.seat, self.round)]
        if not self.to_act():
            events += self._reveal()
        return events

    def _reveal(self) -> list[Event]:
        shown = [self.chosen[seat] or () for seat in range(self.seats)]
        scores = [score_hand(hand, self.rules) for hand in shown]
        best = max(score.key for score in scores)
        winners = tuple(seat for seat, score in enumerate(scores) if score.key == best)
        revealed = []
        for seat, (hand, score) in enumerate(zip(shown, scores, strict=True)):
            won = seat in winners
            points = score.points if won else 0
            self.scores[seat] += points
            renewed = renews_pocket(hand)
            revealed.append(RevealedHand(seat, score, won, points, renewed))
            pocket = self.pockets[seat]
            for card in hand:
                pocket.remove(card)
            self.discards += hand
            self.seen_since_shuffle += hand
            if renewed:
                self.discards += pocket
                pocket.clear()
        result = RoundRevealed(self.round, tuple(revealed), winners, tuple(self.scores))
        self.history.append(result)
        for seat in winners:
            self.rounds_won[seat] += 1
        self.chosen = [None] * self.seats
        events: list[Event] = [result]
        if max(self.scores) >= self.rules.target:
            self.over = True
            top = max(self.scores)
            self.winners = tuple(s for s, score in enumerate(self.scores) if score == top)
            events.append(GameOver(self.winners, tuple(self.scores)))
            return events
        self.round += 1
        events += self._deal()
        return events

    def _deal(self) -> list[Event]:
        """Fill every pocket back to six, shuffling the discards in under the deck if short."""
        events: list[Event] = []
        needed = sum(POCKET_SIZE - len(pocket) for pocket in self.pockets)
        if needed > len(self.deck):
            events.append(DeckReshuffled(self.round, len(self.discards)))
            self.deck = shuffled(self.discards, self.rng) + self.deck
            self.discards = []
            self.seen_since_shuffle = []
        for pocket in self.pockets:
            while len(pocket) < POCKET_SIZE:
                pocket.append(self.deck.pop())
        return events


def replay(rules: Rules, seats: int, seed: int, actions: Iterable[ShowHand]) -> LiarGame:
    """Rebuild a game from its seed and the actions applied to it, in order."""
    game = LiarGame(rules, seats, seed)
    for action in actions:
        game.apply(action)
    return game
