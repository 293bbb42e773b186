"""Liar's Poker with dollar bills, as decided in RULINGS.md.

Every seat holds one bill with a hidden serial number; seats bid how many times a digit
appears across all the bills, raise or pass, and when every other seat has passed the last
bid the bills are shown and the bidder collects from, or pays, everyone else.

A state is a whole *session*: the ledger carries over from game to game and the starter
moves one seat to the left each time, so the next game is dealt the moment one is settled.
The module is pure: chance comes only from the ``random.Random`` kept in the state, so a
session replays exactly from its seed and its list of actions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from liar_tui.rules.base import IllegalAction
from liar_tui.rules.dollar_bills.rules import DIGIT_ORDER as DIGIT_ORDER
from liar_tui.rules.dollar_bills.rules import MAX_DIGITS as MAX_DIGITS
from liar_tui.rules.dollar_bills.rules import MAX_SEATS as MAX_SEATS
from liar_tui.rules.dollar_bills.rules import MAX_STAKE as MAX_STAKE
from liar_tui.rules.dollar_bills.rules import MIN_DIGITS as MIN_DIGITS
from liar_tui.rules.dollar_bills.rules import MIN_SEATS as MIN_SEATS
from liar_tui.rules.dollar_bills.rules import Rules as Rules
from liar_tui.rules.dollar_bills.rules import digit_rank as digit_rank

# --------------------------------------------------------------------------- bids


@dataclass(frozen=True)
class Bid:
    """A claim that the bills hold at least ``count`` of ``digit`` between them."""

    count: int
    digit: int

    @property
    def key(self) -> tuple[int, int]:
        """Bids compare by count first, then by digit with zero as ten."""
        return (self.count, digit_rank(self.digit))

    @property
    def text(self) -> str:
        """The bid as players call it: ``One 3``, ``Two 2s``, ``Twenty-one 0s``."""
        plural = "" if self.count == 1 else "s"
        return f"{number_words(self.count).capitalize()} {self.digit}{plural}"


def is_raise(new: Bid, old: Bid) -> bool:
    """The same count of a higher digit, or a higher count of any digit."""
    return new.key > old.key


def bid_refusal(bid: object, standing: Bid | None, max_count: int) -> str | None:
    """Why ``bid`` may not follow ``standing`` (None: it opens the game) with ``max_count``
    digits in play, in one sentence; None when it may. The table refuses a bid with this
    sentence, and the bid builder warns with it before the bid is sent.
    """
    if not isinstance(bid, Bid) or type(bid.count) is not int or type(bid.digit) is not int:
        return "A bid is a whole number of some digit, like two 3s."
    if not 0 <= bid.digit <= 9:
        return "The digit of a bid must be from 0 to 9."
    if not 1 <= bid.count <= max_count:
        return f"There are {max_count} digits in play, so bid from 1 to {max_count}."
    if standing is not None and not is_raise(bid, standing):
        return (
            f"{bid.text} does not raise {standing.text}: bid as many of a higher digit "
            "(zero counts as ten) or more of any digit."
        )
    return None


def bid_number(bid: Bid) -> int:
    """Where a bid stands among all bids, from ``One 1`` as 0: ten numbers to each count."""
    return (bid.count - 1) * len(DIGIT_ORDER) + digit_rank(bid.digit) - 1


def bid_numbered(number: int) -> Bid:
    """The bid that stands at ``number`` (see :func:`bid_number`)."""
    count, rank = divmod(number, len(DIGIT_ORDER))
    return Bid(count + 1, DIGIT_ORDER[rank])


def raise_numbers(old: Bid | None, most: int) -> range:
    """The numbers of every bid of at most ``most`` that may follow ``old`` (any bid opens)."""
    return range(0 if old is None else bid_number(old) + 1, most * len(DIGIT_ORDER))


def raises_over(old: Bid | None, most: int) -> list[Bid]:
    """Every bid of at most ``most`` that may follow ``old``, lowest first."""
    return [bid_numbered(number) for number in raise_numbers(old, most)]


def lowest_raise(old: Bid | None, digit: int) -> Bid:
    """The cheapest bid on ``digit`` that may follow ``old``; it may exceed the ceiling."""
    if old is None:
        return Bid(1, digit)
    same = Bid(old.count, digit)
    return same if is_raise(same, old) else Bid(old.count + 1, digit)


_ONES = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
    *("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"),
    *("seventeen", "eighteen", "nineteen"),
)
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def number_words(number: int) -> str:
    """A count in words, as it is called out at the table: ``forty-two``."""
    if number >= 100:
        hundreds, rest = divmod(number, 100)
        words = f"{_ONES[hundreds]} hundred"
        return f"{words} and {number_words(rest)}" if rest else words
    if number < 20:
        return _ONES[number]
    tens, ones = divmod(number, 10)
    return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")


# --------------------------------------------------------------------------- the show


def count_digit(digit: int, serials: Iterable[str]) -> int:
    """How many times ``digit`` occurs across all the serial numbers."""
    return sum(serial.count(str(digit)) for serial in serials)


def settle(bid: Bid, bidder: int, serials: Sequence[str], stake: int) -> tuple[int, ...]:
    """What each seat wins (positive) or pays (negative) once the bills are shown.

    A true bid collects the stake from every other seat; a false one pays it to each.
    The amounts always sum to zero.
    """
    sign = 1 if count_digit(bid.digit, serials) >= bid.count else -1
    others = len(serials) - 1
    return tuple(
        sign * stake * others if seat == bidder else -sign * stake for seat in range(len(serials))
    )


def draw_serial(digits: int, rng: random.Random) -> str:
    return "".join(str(rng.randrange(10)) for _ in range(digits))


# --------------------------------------------------------------------------- actions, events


@dataclass(frozen=True)
class PlaceBid:
    seat: int
    bid: Bid


@dataclass(frozen=True)
class Pass:
    """Let the standing bid be; the seat may still raise when play comes round again."""

    seat: int


Turn = PlaceBid | Pass


@dataclass(frozen=True)
class BidPlaced:
    seat: int
    bid: Bid


@dataclass(frozen=True)
class Passed:
    seat: int
    passes: int
    """Passes in a row since the last bid, this one included."""


@dataclass(frozen=True)
class BillsShown:
    """Every other seat passed: the bills are turned over and the digit counted."""

    game: int
    bidder: int
    bid: Bid
    serials: tuple[str, ...]
    count: int
    """How many times the bid's digit occurs across all the serials."""

    @property
    def held(self) -> bool:
        """Whether the bid was true."""
        return self.count >= self.bid.count


@dataclass(frozen=True)
class Settled:
    """Who paid whom for one game, and the session's ledger after it."""

    game: int
    bidder: int
    held: bool
    amounts: tuple[int, ...]
    ledger: tuple[int, ...]


@dataclass(frozen=True)
class GameDealt:
    """A new game: fresh bills for everyone, and the seat that must open the bidding."""

    game: int
    starter: int


Event = BidPlaced | Passed | BillsShown | Settled | GameDealt


@dataclass(frozen=True)
class GameRecord:
    """How one finished game came out, all of it public once the bills were shown: the bills
    and the count, and who paid whom. Views carry the last few of these."""

    shown: BillsShown
    settled: Settled

    @property
    def game(self) -> int:
        return self.shown.game


@dataclass(frozen=True)
class PlayedGame:
    """One finished game whole: who opened it, every bid and pass, and how it came out.

    The session keeps one for every game, for a history of the session; a view carries
    only the records of the last few, so that no view grows with the length of a session.
    """

    starter: int
    turns: tuple[Turn, ...]
    record: GameRecord


@dataclass(frozen=True)
class DealStart:
    """One game of a session as it was dealt: its number, its opener and every bill, with
    all the session carried into it (the ledger, each seat's last bids and how many held,
    and how the game before it ended).

    A record of that game replays from here instead of from the session's first deal, so it
    keeps the game's own bids and passes alone: a session is many games, and a record of
    each that ran back to the first would grow with the session (issue 14).
    """

    game: int
    starter: int
    serials: tuple[str, ...]
    ledger: tuple[int, ...]
    last_bids: tuple[int, ...]
    bids_held: tuple[int, ...]
    last_game: GameRecord
    """How the game before this one ended: the one record of earlier games that the table
    shows while this one is played. (The first game of a session has no start: it replays
    from the seed.)"""


def deal_start_problem(start: DealStart, rules: Rules, seats: int) -> str | None:
    """Why ``start`` cannot be a game of a session of ``seats`` seats at ``rules``, in one
    sentence; None when it can. A start comes from a file someone may have edited."""
    if not isinstance(start, DealStart):
        return "A game's start is not one of dollar bills."
    if start.game < 2:
        return "A game's start is kept for the second game of a session and later ones."
    if not 0 <= start.starter < seats:
        return f"There is no seat {start.starter} to open the game."
    rows = (start.serials, start.ledger, start.last_bids, start.bids_held)
    if any(len(row) != seats for row in rows):
        return f"A game's start must have a bill, a total and two counts for each of {seats} seats."
    if any(len(serial) != rules.digits or set(serial) - DIGITS for serial in start.serials):
        return f"Every bill must have {rules.digits} digits."
    if sum(start.ledger) != 0:
        return "The ledger must add up to nothing: what one seat wins, the others pay."
    if any(
        not 0 <= held <= bids for held, bids in zip(start.bids_held, start.last_bids, strict=True)
    ):
        return "A seat cannot have more bids held than last bids, or fewer than none."
    if sum(start.last_bids) != start.game - 1:
        return "Every game before a game's start must have ended on one seat's last bid."
    shown, settled = start.last_game.shown, start.last_game.settled
    if shown.game != start.game - 1 or settled.game != shown.game:
        return "The game before a game's start must be the one just before it."
    if not 0 <= shown.bidder < seats or len(shown.serials) != seats:
        return "The game before a game's start must be one of the same seats."
    if settled.ledger != start.ledger or len(settled.amounts) != seats:
        return "The ledger of a game's start must be the one the game before it left."
    return _last_game_problem(start.last_game, rules, seats)


def _last_game_problem(record: GameRecord, rules: Rules, seats: int) -> str | None:
    """Why ``record`` cannot be how a game of ``seats`` seats at ``rules`` ended, in one
    sentence; None when it can. The table draws it as the game just played, so it must be
    a show the rules could have made, as a file someone edited need not hold."""
    shown, settled = record.shown, record.settled
    if bid_refusal(shown.bid, None, rules.digits * seats) is not None:
        return "The last bid of the game before a game's start is not one the table allows."
    if any(len(serial) != rules.digits or set(serial) - DIGITS for serial in shown.serials):
        return (
            f"Every bill shown in the game before a game's start must have {rules.digits} digits."
        )
    if shown.count != count_digit(shown.bid.digit, shown.serials):
        return "The count of the game before a game's start is not the bills' own."
    outcome = settle(shown.bid, shown.bidder, shown.serials, rules.stake)
    if (settled.bidder, settled.held, settled.amounts) != (shown.bidder, shown.held, outcome):
        return "The game before a game's start is not settled as its show pays."
    return None


DIGITS = frozenset("0123456789")


# --------------------------------------------------------------------------- views

RECENT_GAMES = 10
"""Games whose record a view carries: a screenful of the ledger's list of games. The rest
are summed up in the view's running totals."""


@dataclass(frozen=True)
class DollarBillsView:
    """What one seat may know: its own bill, the bidding of this game, the running totals of
    the session and the records of its last few games.

    Its size depends on the table and this game's bidding, never on how many games came
    before: a session has no end, and a view goes to every seat after every bid and pass.
    """

    seat: int
    seats: int
    rules: Rules
    game: int
    """This game's number, from 1: every game before it is settled."""
    starter: int
    serial: str
    """This seat's own serial number; the others stay face down until the show."""
    turn: int
    """The seat whose turn it is."""
    turns: tuple[Turn, ...]
    """This game's bids and passes, in order."""
    standing: Bid | None
    """The bid to beat; None until the starter has opened."""
    bidder: int | None
    passes: int
    """Passes in a row since the standing bid."""
    ledger: tuple[int, ...]
    """Each seat's winnings (or losses) over the session so far."""
    last_bids: tuple[int, ...]
    """How many games of the session each seat had the last bid in: its bid was shown."""
    bids_held: tuple[int, ...]
    """How many of those bids held."""
    recent_games: tuple[GameRecord, ...]
    """The records of the last :data:`RECENT_GAMES` games (fewer early on), oldest first."""

    @property
    def max_count(self) -> int:
        """The highest count a bid may claim: every digit in play."""
        return self.rules.digits * self.seats

    @property
    def games_played(self) -> int:
        """Games settled so far in the session."""
        return self.game - 1


# --------------------------------------------------------------------------- the session


class DollarBillsSession:
    """The full state of one table. Only the table holds it; seats get :meth:`view`."""

    over = False
    """A session has no natural end: the ledger runs on until the players leave it."""

    def __init__(self, rules: Rules, seats: int, seed: int, start: DealStart | None = None) -> None:
        """The session dealt from ``seed``; or, given ``start``, the session at that game's
        start (see :class:`DealStart`). The bills of the games after it are then drawn
        afresh (from the seed and the game's number), not as the session drew them: only
        that game is played again from there. ``ValueError`` for a start that cannot be."""
        rules.check()
        if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"Liar's Poker with dollar bills seats {MIN_SEATS} to {MAX_SEATS}.")
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.ledger: list[int] = [0] * seats
        self.last_bids: list[int] = [0] * seats
        self.bids_held: list[int] = [0] * seats
        self.past_games: list[PlayedGame] = []
        self.earlier: tuple[GameRecord, ...] = ()
        """The records of games settled before ``start`` that views still show."""
        self.games_before = 0
        """Games settled before ``start``, which ``past_games`` does not hold."""
        self.game = 0
        self.serials: list[str] = []
        self.turns: list[Turn] = []
        self.standing: Bid | None = None
        self.bidder: int | None = None
        self.passes = 0
        if start is None:
            self.rng = random.Random(seed)
            self.starter = self.rng.randrange(seats)
            self.turn = self.starter
            self._deal()
            return
        if problem := deal_start_problem(start, rules, seats):
            raise ValueError(problem)
        self.rng = random.Random(f"{seed}:{start.game}")
        self.ledger = list(start.ledger)
        self.last_bids = list(start.last_bids)
        self.bids_held = list(start.bids_held)
        self.earlier = (start.last_game,)
        self.games_before = start.game - 1
        self.game = start.game
        self.starter = self.turn = start.starter
        self.serials = list(start.serials)

    def deal_start(self) -> DealStart | None:
        """How the game being played was dealt, and what the session carried into it (its
        bids and passes so far aside): what :class:`DealStart` keeps. None for the session's
        first game, which replays from the seed."""
        if self.past_games:
            last_game = self.past_games[-1].record
        elif self.earlier:
            last_game = self.earlier[-1]
        else:
            return None
        return DealStart(
            game=self.game,
            starter=self.starter,
            serials=tuple(self.serials),
            ledger=tuple(self.ledger),
            last_bids=tuple(self.last_bids),
            bids_held=tuple(self.bids_held),
            last_game=last_game,
        )

    @property
    def max_count(self) -> int:
        return self.rules.digits * self.seats

    # queries ------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        return (self.turn,)

    def legal_actions(self, seat: int) -> list[Turn]:
        """Pass (once there is a bid to pass on) and every raise, lowest first."""
        if seat != self.turn:
            return []
        passes: list[Turn] = [] if self.standing is None else [Pass(seat)]
        return passes + [PlaceBid(seat, bid) for bid in raises_over(self.standing, self.max_count)]

    def refusal(self, action: object) -> str | None:
        """Why ``action`` may not be applied now, in one sentence; None when it may."""
        if not isinstance(action, PlaceBid | Pass):
            return "Liar's Poker with dollar bills only takes bids and passes."
        if type(action.seat) is not int or not 0 <= action.seat < self.seats:
            return f"There is no seat {action.seat!r}."
        if action.seat != self.turn:
            return "It is not this seat's turn."
        if isinstance(action, Pass):
            if self.standing is None:
                return "The first player must open with a bid, not pass."
            return None
        return bid_refusal(action.bid, self.standing, self.max_count)

    def view(self, seat: int) -> DollarBillsView:
        return DollarBillsView(
            seat=seat,
            seats=self.seats,
            rules=self.rules,
            game=self.game,
            starter=self.starter,
            serial=self.serials[seat],
            turn=self.turn,
            turns=tuple(self.turns),
            standing=self.standing,
            bidder=self.bidder,
            passes=self.passes,
            ledger=tuple(self.ledger),
            last_bids=tuple(self.last_bids),
            bids_held=tuple(self.bids_held),
            recent_games=(
                *self.earlier,
                *(played.record for played in self.past_games[-RECENT_GAMES:]),
            )[-RECENT_GAMES:],
        )

    def returns(self) -> tuple[float, ...]:
        """Each seat's winnings (or losses) over the session: the ledger, summing to zero."""
        return tuple(float(amount) for amount in self.ledger)

    def completed_games(self) -> int:
        return self.games_before + len(self.past_games)

    def snapshot(self) -> dict[str, object]:
        """The whole state as plain values, for equality checks after replay or resume."""
        return {
            "rules": self.rules,
            "seats": self.seats,
            "seed": self.seed,
            "rng": self.rng.getstate(),
            "ledger": tuple(self.ledger),
            "last_bids": tuple(self.last_bids),
            "bids_held": tuple(self.bids_held),
            "past_games": tuple(self.past_games),
            "earlier": self.earlier,
            "games_before": self.games_before,
            "game": self.game,
            "starter": self.starter,
            "serials": tuple(self.serials),
            "turns": tuple(self.turns),
            "turn": self.turn,
            "standing": self.standing,
            "bidder": self.bidder,
            "passes": self.passes,
        }

    def __eq__(self, other: object) -> bool:
        """Two states are equal when everything in them is, the generator's state included."""
        if not isinstance(other, DollarBillsSession):
            return NotImplemented
        return self.snapshot() == other.snapshot()

    # changes ------------------------------------------------------------------

    def apply(self, action: Turn) -> list[Event]:
        """Take a bid or a pass; when every other seat has passed, show, settle and deal."""
        if reason := self.refusal(action):
            raise IllegalAction(reason)
        self.turns.append(action)
        self.turn = (self.turn + 1) % self.seats
        if isinstance(action, PlaceBid):
            self.standing = action.bid
            self.bidder = action.seat
            self.passes = 0
            return [BidPlaced(action.seat, action.bid)]
        self.passes += 1
        events: list[Event] = [Passed(action.seat, self.passes)]
        if self.passes == self.seats - 1:
            events += self._show()
        return events

    def _show(self) -> list[Event]:
        assert self.standing is not None and self.bidder is not None
        bid, bidder = self.standing, self.bidder
        shown = BillsShown(
            self.game, bidder, bid, tuple(self.serials), count_digit(bid.digit, self.serials)
        )
        amounts = settle(bid, bidder, self.serials, self.rules.stake)
        self.ledger = [total + amount for total, amount in zip(self.ledger, amounts, strict=True)]
        settled = Settled(self.game, bidder, shown.held, amounts, tuple(self.ledger))
        self.last_bids[bidder] += 1
        self.bids_held[bidder] += shown.held
        record = GameRecord(shown, settled)
        self.past_games.append(PlayedGame(self.starter, tuple(self.turns), record))
        self.starter = (self.starter + 1) % self.seats
        return [shown, settled, self._deal()]

    def _deal(self) -> GameDealt:
        self.game += 1
        self.serials = [draw_serial(self.rules.digits, self.rng) for _ in range(self.seats)]
        self.turns = []
        self.turn = self.starter
        self.standing = None
        self.bidder = None
        self.passes = 0
        return GameDealt(self.game, self.starter)


def replay(rules: Rules, seats: int, seed: int, actions: Iterable[Turn]) -> DollarBillsSession:
    """Rebuild a session from its seed and the actions applied to it, in order."""
    session = DollarBillsSession(rules, seats, seed)
    for action in actions:
        session.apply(action)
    return session
