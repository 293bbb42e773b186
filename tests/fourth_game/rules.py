"""High Card: a small fourth game, written only to show that a game is a plugin.

Every seat is dealt one card face down from a fresh 52-card deck. In turn, starting with the
deal's starter, each seat either claims *higher* (that the highest card at the table is at
least some rank, above the standing claim) or *calls* the standing claim. On a call every
card is shown: a true claim wins the deal for its claimant, a false one for the caller. The
starter moves one seat on for the next deal; the first seat to win ``target`` deals wins.

The module is pure, as every engine of liar-tui is: chance comes only from the
``random.Random`` kept in the state, so a game replays exactly from its seed and actions.
Nothing here imports Textual, the table or the codec.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass

from liar_tui.rules.base import IllegalAction
from liar_tui.rules.cards import Card, Rank, standard_deck

MIN_SEATS = 2
MAX_SEATS = 6
MAX_TARGET = 9
RANKS: tuple[int, ...] = tuple(range(Rank.TWO, Rank.ACE + 1))
"""What a claim may name, two (2) to ace (14)."""
DECK: tuple[Card, ...] = tuple(standard_deck(jokers=0))


def rank_label(rank: int) -> str:
    """A claimed rank as printed on a card: ``7``, ``10``, ``Q``, ``A``."""
    return Rank(rank).label


@dataclass(frozen=True)
class Rules:
    """The settings of one High Card table."""

    target: int = 2
    """Deals a seat must win to win the game."""

    def problems(self) -> list[str]:
        """Why these rules cannot be played, one sentence each; empty when they can."""
        if type(self.target) is not int or not 1 <= self.target <= MAX_TARGET:
            return [f"The deals to win must be from 1 to {MAX_TARGET}."]
        return []

    def check(self) -> None:
        if problems := self.problems():
            raise ValueError(" ".join(problems))


# --------------------------------------------------------------------------- actions, events


@dataclass(frozen=True)
class Higher:
    """Claim that the highest card at the table is at least ``rank``."""

    seat: int
    rank: int


@dataclass(frozen=True)
class Call:
    """Call the standing claim: every card is turned over."""

    seat: int


Action = Higher | Call


@dataclass(frozen=True)
class Claimed:
    seat: int
    rank: int


@dataclass(frozen=True)
class Called:
    seat: int
    claimant: int
    rank: int


@dataclass(frozen=True)
class CardsShown:
    """Every card of the deal, face up, by seat."""

    deal: int
    cards: tuple[Card, ...]
    highest: int
    held: bool
    """Whether the called claim was true."""


@dataclass(frozen=True)
class DealWon:
    deal: int
    winner: int
    wins: tuple[int, ...]


@dataclass(frozen=True)
class Dealt:
    """A new deal: one fresh card for every seat, and the seat that claims first."""

    deal: int
    starter: int


@dataclass(frozen=True)
class GameWon:
    winner: int
    wins: tuple[int, ...]


Event = Claimed | Called | CardsShown | DealWon | Dealt | GameWon


@dataclass(frozen=True)
class DealRecord:
    """One finished deal, all of it public once the cards were shown."""

    deal: int
    starter: int
    claims: tuple[Higher, ...]
    caller: int
    cards: tuple[Card, ...]
    winner: int


# --------------------------------------------------------------------------- views


@dataclass(frozen=True)
class HighCardView:
    """What one seat may know: its own card, this deal's claims and the public record."""

    seat: int
    seats: int
    rules: Rules
    deal: int
    starter: int
    card: Card
    """This seat's own card; the others stay face down until a call."""
    turn: int | None
    """The seat to act; None once the game is over."""
    claims: tuple[Higher, ...]
    wins: tuple[int, ...]
    past_deals: tuple[DealRecord, ...]
    winner: int | None

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def standing(self) -> Higher | None:
        """The claim to beat or call; None until the starter has claimed."""
        return self.claims[-1] if self.claims else None


def actions_in(view: HighCardView) -> list[Action]:
    """Every action the seat of ``view`` may take now: what a bot or a screen offers."""
    if view.turn != view.seat:
        return []
    standing = view.standing
    calls: list[Action] = [] if standing is None else [Call(view.seat)]
    lowest = RANKS[0] if standing is None else standing.rank + 1
    return calls + [Higher(view.seat, rank) for rank in RANKS if rank >= lowest]


def chance_at_least(rank: int, own: Card, seats: int) -> float:
    """How likely the highest card at the table is at least ``rank``, knowing only ``own``."""
    if own.rank >= rank:
        return 1.0
    below = sum(1 for card in DECK if card.rank < rank and card != own)
    others = seats - 1
    return 1.0 - math.comb(below, others) / math.comb(len(DECK) - 1, others)


# --------------------------------------------------------------------------- the game


class HighCardGame:
    """The full state of one table. Only the table holds it; seats get :meth:`view`."""

    def __init__(self, rules: Rules, seats: int, seed: int) -> None:
        rules.check()
        if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"High Card seats {MIN_SEATS} to {MAX_SEATS} players.")
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.rng = random.Random(seed)
        self.wins = [0] * seats
        self.past_deals: list[DealRecord] = []
        self.deal = 0
        self.starter = self.rng.randrange(seats)
        self.cards: list[Card] = []
        self.claims: list[Higher] = []
        self.turn = self.starter
        self.winner: int | None = None
        self._deal()

    @property
    def over(self) -> bool:
        return self.winner is not None

    # queries ------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        """Call (once there is a claim) and every higher claim, lowest first."""
        if self.over or seat != self.turn:
            return []
        return actions_in(self.view(seat))

    def refusal(self, action: object) -> str | None:
        """Why ``action`` may not be applied now, in one sentence; None when it may."""
        if not isinstance(action, Higher | Call):
            return "High Card only takes higher claims and calls."
        if type(action.seat) is not int or not 0 <= action.seat < self.seats:
            return f"There is no seat {action.seat!r}."
        if self.over:
            return "The game is over."
        if action.seat != self.turn:
            return "It is not this seat's turn."
        standing = self.claims[-1] if self.claims else None
        if isinstance(action, Call):
            return "There is no claim to call yet: make the first one." if not standing else None
        if type(action.rank) is not int or action.rank not in RANKS:
            return "A claim names a rank from 2 to ace."
        if standing is not None and action.rank <= standing.rank:
            return f"Claim higher than {rank_label(standing.rank)}, or call."
        return None

    def view(self, seat: int) -> HighCardView:
        return HighCardView(
            seat=seat,
            seats=self.seats,
            rules=self.rules,
            deal=self.deal,
            starter=self.starter,
            card=self.cards[seat],
            turn=None if self.over else self.turn,
            claims=tuple(self.claims),
            wins=tuple(self.wins),
            past_deals=tuple(self.past_deals),
            winner=self.winner,
        )

    def returns(self) -> tuple[float, ...]:
        """A share of one win: 1 for the winner once the game is over, 0 for everyone else."""
        return tuple(float(seat == self.winner) for seat in range(self.seats))

    def completed_games(self) -> int:
        return int(self.over)

    def snapshot(self) -> dict[str, object]:
        """The whole state as plain values, for equality checks after replay or resume."""
        return {
            "rules": self.rules,
            "seats": self.seats,
            "seed": self.seed,
            "rng": self.rng.getstate(),
            "wins": tuple(self.wins),
            "past_deals": tuple(self.past_deals),
            "deal": self.deal,
            "starter": self.starter,
            "cards": tuple(self.cards),
            "claims": tuple(self.claims),
            "turn": self.turn,
            "winner": self.winner,
        }

    # changes ------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Take a claim or a call; a call shows the cards, scores the deal and deals again."""
        if reason := self.refusal(action):
            raise IllegalAction(reason)
        if isinstance(action, Higher):
            self.claims.append(action)
            self.turn = (self.turn + 1) % self.seats
            return [Claimed(action.seat, action.rank)]
        return self._show(action.seat)

    def _show(self, caller: int) -> list[Event]:
        claim = self.claims[-1]
        highest = max(card.rank for card in self.cards)
        held = highest >= claim.rank
        winner = claim.seat if held else caller
        self.wins[winner] += 1
        self.past_deals.append(
            DealRecord(
                self.deal, self.starter, tuple(self.claims), caller, tuple(self.cards), winner
            )
        )
        events: list[Event] = [
            Called(caller, claim.seat, claim.rank),
            CardsShown(self.deal, tuple(self.cards), int(highest), held),
            DealWon(self.deal, winner, tuple(self.wins)),
        ]
        if self.wins[winner] >= self.rules.target:
            self.winner = winner
            return [*events, GameWon(winner, tuple(self.wins))]
        self.starter = (self.starter + 1) % self.seats
        return [*events, self._deal()]

    def _deal(self) -> Dealt:
        self.deal += 1
        self.cards = self.rng.sample(DECK, self.seats)
        self.claims = []
        self.turn = self.starter
        return Dealt(self.deal, self.starter)


def replay(rules: Rules, seats: int, seed: int, actions: Iterable[Action]) -> HighCardGame:
    """Rebuild a game from its seed and the actions applied to it, in order."""
    game = HighCardGame(rules, seats, seed)
    for action in actions:
        game.apply(action)
    return game
