"""Small dollar-bill games for solvers: two seats, bills of one or two digits drawn from a few
faces, the bidding played by :class:`~liar_tui.rules.dollar_bills.game.DollarBillsSession`.

A real table (two seats, four digits) has 10⁸ deals and a bid ladder of 80 steps, far beyond
an exact solver; a bill of one digit from three faces has 9 deals and 6 bids, which CFR solves
in seconds and whose exploitability can be measured exactly. The table's rules refuse bills
that short (a real bill has at least four digits), so the session is built with real rules
and then given the short ones and the dealt bills: everything after the deal (raises, passes,
the show and who pays) is the session's own. Bids name only the faces in play: a bid on a
digit nobody can hold is a bluff that always fails, so leaving it out loses nothing a solver
would play.

Each digit of each bill is its own explicit chance node (seat 0's bill first), so a solver
sees the exact deal distribution. Pure Python: the OpenSpiel glue is in
:mod:`liar_tui.research.openspiel`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from liar_tui.research.explicit import CHANCE, TERMINAL, ExplicitState, GameFacts
from liar_tui.rules.dollar_bills.game import (
    DIGIT_ORDER,
    MIN_DIGITS,
    DollarBillsSession,
    DollarBillsView,
    Pass,
    PlaceBid,
    Rules,
    Turn,
    bid_number,
    bid_numbered,
)

SEATS = 2


@dataclass(frozen=True)
class SmallBills:
    """Two seats, ``digits`` digits a bill, each digit one of ``faces`` (equally likely)."""

    digits: int = 1
    faces: tuple[int, ...] = (1, 2, 3)
    stake: int = 1

    def __post_init__(self) -> None:
        if not 1 <= self.digits < MIN_DIGITS:
            raise ValueError(f"A small bill has 1 to {MIN_DIGITS - 1} digits.")
        if not self.faces or len(set(self.faces)) != len(self.faces):
            raise ValueError("The faces are distinct digits, at least one.")
        if not all(face in DIGIT_ORDER for face in self.faces):
            raise ValueError("A face is a digit from 0 to 9.")

    @property
    def max_count(self) -> int:
        return self.digits * SEATS

    @property
    def pass_id(self) -> int:
        """Bids keep their numbers on the full ladder (:func:`bid_number`); a pass comes after."""
        return self.max_count * len(DIGIT_ORDER)

    @property
    def facts(self) -> GameFacts:
        faces = "".join(str(face) for face in self.faces)
        bids = self.max_count * len(self.faces)
        return GameFacts(
            short_name=f"liar_tui_small_bills_{self.digits}d_{faces}_s{self.stake}",
            long_name=f"liar-tui dollar bills, 2 seats, {self.digits} digit(s) of {faces}",
            players=SEATS,
            distinct_actions=self.pass_id + 1,
            chance_outcomes=len(DIGIT_ORDER),
            max_length=self.max_count + SEATS + bids + 1,
            min_utility=-float(self.stake),
            max_utility=float(self.stake),
            utility_sum=0.0,
            zero_sum=True,
        )

    def new_state(self) -> SmallBillsState:
        return SmallBillsState(self)


class SmallBillsState:
    """The deal digit by digit, then the session's bidding until the first game is settled."""

    def __init__(self, game: SmallBills) -> None:
        self.game = game
        self.dealt: list[int] = []
        self.history: list[int] = []
        self.session: DollarBillsSession | None = None

    def current_player(self) -> int:
        if self.session is None:
            return CHANCE
        if self.session.completed_games() >= 1:
            return TERMINAL
        return self.session.turn

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        share = 1 / len(self.game.faces)
        return [(face, share) for face in sorted(self.game.faces)]

    def choices(self) -> list[Turn]:
        """The acting seat's legal bids on the faces in play, and its pass when it may pass."""
        assert self.session is not None
        seat = self.session.turn
        return [
            action
            for action in self.session.legal_actions(seat)
            if isinstance(action, Pass) or action.bid.digit in self.game.faces
        ]

    def action_id(self, action: Turn) -> int:
        return self.game.pass_id if isinstance(action, Pass) else bid_number(action.bid)

    def action_of(self, action_id: int) -> Turn:
        assert self.session is not None
        seat = self.session.turn
        if action_id == self.game.pass_id:
            return Pass(seat)
        return PlaceBid(seat, bid_numbered(action_id))

    def legal_ids(self) -> Sequence[int]:
        return sorted(self.action_id(action) for action in self.choices())

    def apply_id(self, action_id: int) -> None:
        self.history.append(action_id)
        if self.session is not None:
            self.session.apply(self.action_of(action_id))
            return
        self.dealt.append(action_id)
        if len(self.dealt) == self.game.max_count:
            self.session = self._session()

    def _session(self) -> DollarBillsSession:
        session = DollarBillsSession(Rules(stake=self.game.stake), SEATS, seed=0)
        session.rules = Rules(digits=self.game.digits, stake=self.game.stake)
        digits = self.game.digits
        session.serials = [
            "".join(str(face) for face in self.dealt[seat * digits : (seat + 1) * digits])
            for seat in range(SEATS)
        ]
        session.starter = session.turn = 0
        return session

    def view(self, seat: int) -> DollarBillsView:
        """What ``seat`` is shown now, once the bills are dealt."""
        assert self.session is not None
        return self.session.view(seat)

    def action_text(self, seat: int, action_id: int) -> str:
        if seat == CHANCE:
            return f"Digit {action_id}"
        if action_id == self.game.pass_id:
            return "Pass"
        return bid_numbered(action_id).text

    def own_digits(self, seat: int) -> str:
        digits = self.game.digits
        return "".join(str(face) for face in self.dealt[seat * digits : (seat + 1) * digits])

    def information_text(self, seat: int) -> str:
        """The seat's bill and this game's bids and passes: in dollar bills the view holds
        the whole game, so it is its own perfect recall."""
        if self.session is None:
            return f"seat {seat} bill {self.own_digits(seat)}"
        turns = " ".join(
            "pass" if isinstance(turn, Pass) else f"{turn.bid.count}x{turn.bid.digit}"
            for turn in self.session.view(seat).turns
        )
        return f"seat {seat} bill {self.own_digits(seat)} | {turns}"

    def observation_text(self, seat: int) -> str:
        return self.information_text(seat)

    def returns(self) -> tuple[float, ...]:
        if self.session is None:
            return (0.0,) * SEATS
        return self.session.returns()

    def copy(self) -> ExplicitState:
        twin = SmallBillsState(self.game)
        for action_id in self.history:
            twin.apply_id(action_id)
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> ExplicitState:
        """OpenSpiel clones a Python state with :func:`copy.deepcopy`, which would copy the
        game and the session's generator too: replaying the few actions is cheaper."""
        return self.copy()
