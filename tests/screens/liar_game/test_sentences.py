"""Sentences that name a seat, said of the default name "You" and of anyone else (bug 9)."""

from __future__ import annotations

import pytest

from liar_tui.rules.cards import parse_cards
from liar_tui.rules.dollar_bills.game import Settled
from liar_tui.rules.liar_game.game import GameOver, RevealedHand, RoundRevealed, Rules, score_hand
from liar_tui.screens.dollar_bills.reveal import payments_sentence
from liar_tui.screens.liar_game.game_over import winners_line
from liar_tui.screens.liar_game.reveal import reveal_headline

AGREEMENT = [("You", "win", "pay"), ("Mia", "wins", "pays")]


def one_winner_round(winner: int) -> RoundRevealed:
    rules = Rules()
    hands = tuple(
        RevealedHand(seat, score_hand(parse_cards(cards), rules), seat == winner, 20, False)
        for seat, cards in enumerate(("KS QS 9S", "4H 3D 2C"))
    )
    return RoundRevealed(round=3, hands=hands, winners=(winner,), scores=(20, 0))


@pytest.mark.parametrize(("name", "win", "pay"), AGREEMENT)
def test_the_liar_game_winner_agrees_with_its_name(name: str, win: str, pay: str) -> None:
    names = (name, "Ada")
    assert reveal_headline(one_winner_round(0), names).startswith(f"Round 3: {name} {win} with ")
    over = GameOver(winners=(0,), scores=(61, 40))
    assert winners_line(over, names) == f"{name} {win} with 61 points!"


@pytest.mark.parametrize(("name", "win", "pay"), AGREEMENT)
def test_the_bills_bidder_agrees_with_its_name(name: str, win: str, pay: str) -> None:
    names = (name, "Ada", "Bea")
    held = Settled(game=4, bidder=0, held=True, amounts=(2, -1, -1), ledger=(2, -1, -1))
    failed = Settled(game=4, bidder=0, held=False, amounts=(-2, 1, 1), ledger=(-2, 1, 1))
    assert payments_sentence(held, names) == f"{name} {win} $1 from each of Ada and Bea."
    assert payments_sentence(failed, names) == f"{name} {pay} $1 to each of Ada and Bea."
