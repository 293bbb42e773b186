"""The seed's examples of Liar's Poker with cards, played on the game engine.

The deck is rigged (cards moved, none made up), so the examples test the rules on a table
that could really happen.
"""

from __future__ import annotations

from collections import Counter

import pytest

from liar_tui.rules.base import IllegalAction
from liar_tui.rules.cards import Card, parse_cards
from liar_tui.rules.liars_poker.declaration_text import parse_declaration
from liar_tui.rules.liars_poker.game import (
    Challenge,
    ChallengeResolved,
    Chip,
    DeckReshuffled,
    Declare,
    Discard,
    HandStuck,
    LiarsPokerGame,
    LiarsPokerRules,
    Phase,
    PlayChip,
    RoundRules,
    Take,
)
from liar_tui.rules.liars_poker.rules import PokerRules

ANNIE, BART, CHRISSIE, DIRK, ELLIE = range(5)


PLAIN = LiarsPokerRules()


def start(rules: LiarsPokerRules = PLAIN, seats: int = 5, opener: int = 0) -> LiarsPokerGame:
    game = LiarsPokerGame(rules, seats, seed=7)
    game.opener = game.holder = opener
    return game


def rig(game: LiarsPokerGame, hand: str, draws: str = "", communal: str = "") -> None:
    """Put ``hand`` in front of the holder, ``communal`` face up, and ``draws`` on top of the
    deck in draw order."""
    pool = game.deck + game.pocket + game.communal

    def take(text: str) -> list[Card]:
        found = []
        for wanted in parse_cards(text):
            card = next(card for card in pool if card.face == wanted.face)
            pool.remove(card)
            found.append(card)
        return found

    game.pocket = take(hand)
    game.communal = take(communal)
    on_top = take(draws)
    game.deck = pool + on_top[::-1]


def said(game: LiarsPokerGame, seat: int, text: str) -> Declare:
    return Declare(seat, parse_declaration(text, game.round_rules.poker))


def discard(game: LiarsPokerGame, seat: int, faces: str) -> Discard:
    wanted = {card.face for card in parse_cards(faces)} if faces else set()
    return Discard(seat, tuple(card for card in game.pocket if card.face in wanted))


def test_annie_to_ellie() -> None:
    """The seed's worked example: each declaration is legal, and the reveal puts Dirk out."""
    game = start()
    rig(game, "7S 7H 3D 3C 2S", draws="JH QC 6S 2H")
    game.apply(said(game, ANNIE, "Two pair."))
    game.apply(Take(BART))
    game.apply(discard(game, BART, "2S"))
    game.apply(said(game, BART, "two pair, sevens over threes"))
    game.apply(Take(CHRISSIE))
    game.apply(discard(game, CHRISSIE, ""))
    assert game.refusal(said(game, CHRISSIE, "threes over twos")) is not None
    game.apply(said(game, CHRISSIE, "sevens over threes with a jack kicker"))
    game.apply(Take(DIRK))
    game.apply(discard(game, DIRK, "3D 3C JH"))
    game.apply(said(game, DIRK, "three of a kind"))
    assert sorted(game.pocket) == sorted(
        next(c for c in game.pocket if c.face == w.face) for w in parse_cards("QC 7S 7H 6S 2H")
    )
    events = game.apply(Challenge(ELLIE))
    resolved = next(event for event in events if isinstance(event, ChallengeResolved))
    assert not resolved.held
    assert resolved.loser == DIRK
    assert game.lives[DIRK] == 0
    assert game.opener == ELLIE and game.holder == ELLIE
    assert resolved.eliminated and resolved.winner == ELLIE


def test_the_reveal_q_7_7_6_2_loses_to_three_of_a_kind() -> None:
    game = start()
    rig(game, "QC 7C 7D 6S 2H")
    game.apply(said(game, ANNIE, "three of a kind"))
    (resolved, *_) = game.apply(Challenge(BART))
    assert isinstance(resolved, ChallengeResolved)
    assert resolved.loser == ANNIE and resolved.winner == BART
    assert resolved.value.describe() == "pair of sevens, Q-6-2 kickers"


def test_threes_over_twos_does_not_raise_two_pair() -> None:
    game = start()
    game.apply(said(game, ANNIE, "two pair"))
    game.apply(Take(BART))
    game.apply(Discard(BART, ()))
    reason = game.refusal(said(game, BART, "threes over twos"))
    assert reason is not None and "does not beat two pair" in reason
    with pytest.raises(IllegalAction):
        game.apply(said(game, BART, "threes over twos"))
    assert game.refusal(said(game, BART, "fours over twos")) is None


def test_seven_six_high_is_the_lowest_opening() -> None:
    game = start()
    assert game.to_beat.describe() == "7-5-4-3-2 high"
    reason = game.refusal(said(game, ANNIE, "7-5 high"))
    assert reason is not None and "an opening must rule it out" in reason
    assert game.refusal(said(game, ANNIE, "7-6 high")) is None


def test_a_liar_whose_hand_is_better_than_declared_wins_the_challenge() -> None:
    game = start()
    rig(game, "AS AH AD KC KD")
    game.apply(said(game, ANNIE, "pair of twos"))
    (resolved, *_) = game.apply(Challenge(BART))
    assert isinstance(resolved, ChallengeResolved)
    assert resolved.held and resolved.loser == BART


def test_nobody_sees_the_hand_before_taking_it() -> None:
    game = start()
    assert game.view(ANNIE).hand and not game.view(BART).hand
    game.apply(said(game, ANNIE, "pair"))
    assert game.view(ANNIE).hand and not game.view(BART).hand
    game.apply(Take(BART))
    assert game.view(BART).hand and not game.view(ANNIE).hand


def test_with_lives_a_loser_stays_in_and_the_winner_opens() -> None:
    game = start(LiarsPokerRules(lives=3), seats=3)
    rig(game, "9S 8H 4D 3C 2S")
    game.apply(said(game, ANNIE, "pair"))
    game.apply(Challenge(BART))
    assert game.lives == [2, 3, 3]
    assert game.opener == BART and game.round == 2 and game.phase is Phase.DECLARE


def test_taking_is_refused_when_nothing_can_beat_the_declaration() -> None:
    game = start()
    game.apply(said(game, ANNIE, "ace-high straight flush"))
    assert game.refusal(Take(BART)) is not None
    assert game.refusal(Challenge(BART)) is None


def test_the_deck_is_remade_from_the_discards_not_the_hand() -> None:
    game = start(seats=2)
    claims = ["7-6 high", "8 high", "9 high", "10 high", "jack high", "queen high", "king high"]
    claims += ["ace high", "pair of twos", "pair of threes", "pair of fours", "pair of fives"]
    reshuffled = False
    for turn, claim in enumerate(claims):
        seat = turn % 2
        if turn:
            game.apply(Take(seat))
            events = game.apply(Discard(seat, tuple(game.pocket)))
            reshuffled |= any(isinstance(event, DeckReshuffled) for event in events)
        game.apply(said(game, seat, claim))
        cards = Counter(game.deck + game.discard_pile + game.pocket)
        assert sum(cards.values()) == 52 and max(cards.values()) == 1
    assert reshuffled


def test_skip_passes_the_decision_and_cannot_answer_a_skip() -> None:
    game = start(LiarsPokerRules(chips=True), seats=4)
    game.apply(said(game, ANNIE, "pair"))
    game.apply(PlayChip(BART, Chip.SKIP))
    assert game.acting == CHRISSIE
    assert game.refusal(PlayChip(CHRISSIE, Chip.SKIP)) is not None
    assert game.refusal(PlayChip(BART, Chip.SKIP)) is not None


def test_skip_is_not_allowed_with_two_players() -> None:
    game = start(LiarsPokerRules(chips=True), seats=2)
    game.apply(said(game, ANNIE, "pair"))
    assert game.refusal(PlayChip(BART, Chip.SKIP)) == "With two players left, Skip is not allowed."


def test_a_flip_after_a_skip_sends_the_hand_back_to_the_skipper() -> None:
    game = start(LiarsPokerRules(chips=True), seats=4)
    game.apply(said(game, ANNIE, "pair"))
    game.apply(PlayChip(BART, Chip.SKIP))
    game.apply(Take(CHRISSIE))
    game.apply(Discard(CHRISSIE, ()))
    game.apply(PlayChip(CHRISSIE, Chip.FLIP))
    game.apply(said(game, CHRISSIE, "two pair"))
    assert game.acting == BART and game.direction == -1


def test_double_dip_discards_and_draws_again() -> None:
    game = start(LiarsPokerRules(chips=True, round=RoundRules(must_discard=True)), seats=3)
    game.apply(said(game, ANNIE, "pair"))
    game.apply(Take(BART))
    assert game.refusal(Discard(BART, ())) == "Discard at least one card this round."
    game.apply(Discard(BART, (game.pocket[0],)))
    assert game.refusal(PlayChip(BART, Chip.DOUBLE_DIP)) is None
    game.apply(PlayChip(BART, Chip.DOUBLE_DIP))
    assert game.phase is Phase.DISCARD
    game.apply(Discard(BART, ()))
    assert game.phase is Phase.DECLARE
    assert Chip.DOUBLE_DIP not in game.chips[BART]


def test_draw_twice_and_the_discard_limit() -> None:
    game = start(LiarsPokerRules(round=RoundRules(draw_twice=True, discard_limit=2)), seats=3)
    game.apply(said(game, ANNIE, "pair"))
    game.apply(Take(BART))
    assert game.refusal(Discard(BART, tuple(game.pocket[:3]))) is not None
    game.apply(Discard(BART, tuple(game.pocket[:2])))
    assert game.phase is Phase.DISCARD
    game.apply(Discard(BART, ()))
    assert game.phase is Phase.DECLARE


def test_a_taker_left_with_no_possible_raise_by_new_face_up_cards_loses_a_life() -> None:
    rules = LiarsPokerRules(
        lives=2,
        round=RoundRules(PokerRules(communal_cards=1), communal_discardable=True),
    )
    game = start(rules, seats=3)
    rig(game, "KS QS JS TS", communal="9S", draws="2C")
    game.apply(said(game, ANNIE, "queen-high straight flush"))
    game.apply(Take(BART))
    events = game.apply(Discard(BART, (game.communal[0],)))
    stuck = next(event for event in events if isinstance(event, HandStuck))
    assert stuck.seat == BART and game.lives == [2, 1, 2]
    assert not stuck.eliminated and stuck.declaration.text == "queen-high straight flush"
    assert game.round == 2 and game.opener == ANNIE
