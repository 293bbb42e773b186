"""Every worked example of the Liar Game seed text and of RULINGS.md, as a test."""

from __future__ import annotations

import copy

import pytest

from liar_tui.rules.base import IllegalAction
from liar_tui.rules.cards import Card, Rank, Suit, parse_cards
from liar_tui.rules.liar_game.game import (
    RECENT_ROUNDS,
    VARIANT_NAMES,
    DeckReshuffled,
    GameOver,
    HandChosen,
    LiarGame,
    RoundRevealed,
    Rules,
    ShowHand,
    hand_key,
    hand_value,
    legal_hands,
    replay,
    round_points,
    score_hand,
    why_not_a_hand,
)
from tests.rules.liar_game.rigging import holds_its_shoe, rig, show

PLAIN = Rules()
FREE = Rules(free_jokers=True)
TWO_DECKS = Rules(decks=2)
BIG_COMBOS = Rules(decks=2, big_combos=True)
JOKER_SETS = Rules(decks=2, joker_sets=True)
LOW_STRAIGHT = Rules(decks=2, low_straight=True)
LOW_DOUBLING = Rules(decks=2, low_doubling=True)
EVERY_VARIANT = Rules(
    decks=2, big_combos=True, joker_sets=True, low_straight=True, low_doubling=True
)


def value(text: str, rules: Rules = PLAIN) -> int:
    return hand_value(parse_cards(text), rules)


def key(text: str, rules: Rules = PLAIN) -> tuple[int, int, tuple[int, ...]]:
    return hand_key(parse_cards(text), rules)


def points(text: str, rules: Rules = PLAIN) -> int:
    return round_points(parse_cards(text), rules)


def winner(texts: list[str], rules: Rules = PLAIN) -> str:
    return max(texts, key=lambda text: key(text, rules))


def play_round(game: LiarGame, hands: list[str]) -> list[object]:
    """Every seat shows its named hand; the events of the whole round."""
    events: list[object] = []
    for seat, text in enumerate(hands):
        events += game.apply(show(game, seat, text))
    return events


def revealed(events: list[object]) -> RoundRevealed:
    return next(event for event in events if isinstance(event, RoundRevealed))


# --------------------------------------------------------------------------- values


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("JK 9S 7H", 43),
        ("4S JK JK", 36),
        ("QS QH QD", 90),
        ("JS KS KH", 50),
        ("5S 5H 6D", 26),
        ("QS 10H 6D", 26),
        ("AS AH AD", 180),
        ("AS KH 2D", 32),
        ("2S 3H 4D", 9),
    ],
)
def test_seed_examples(text: str, expected: int) -> None:
    assert value(text) == expected


def test_the_winner_with_4_joker_joker_loses_four_points() -> None:
    assert points("4S JK JK") == -4
    assert points("JK 9S 7H") == 23
    assert points("QS QH QD") == 90


def test_a_pair_of_fives_counts_twenty() -> None:
    score = score_hand(parse_cards("5S 5H 6D"), PLAIN)
    assert score.breakdown() == "2×(5+5)+6 = 26"
    assert score.value - 6 == 20


def test_card_order_in_a_hand_does_not_matter() -> None:
    assert key("7H JK 9S") == key("JK 9S 7H")


def test_copy_joker_takes_the_best_rank_in_the_hand() -> None:
    score = score_hand(parse_cards("JK 9S 7H"), PLAIN)
    assert score.joker_ranks == (Rank.NINE,)
    assert score.jokers_used == 1
    assert score.penalty == 20


def test_copy_joker_breaks_equal_values_by_the_tie_rules() -> None:
    # As a king or as a queen the hand is worth 50 with basic value 30; K-K-Q outranks K-Q-Q.
    score = score_hand(parse_cards("JK KS QH"), PLAIN)
    assert score.value == 50
    assert score.joker_ranks == (Rank.KING,)


def test_three_copy_jokers_are_aces() -> None:
    score = score_hand(parse_cards("JK JK JK"), TWO_DECKS)
    assert score.ranks == (Rank.ACE,) * 3
    assert score.value == 180
    assert score.points == 120


def test_free_jokers_may_be_any_rank() -> None:
    assert value("4S JK JK", FREE) == 84
    assert score_hand(parse_cards("4S JK JK"), FREE).joker_ranks == (Rank.ACE, Rank.ACE)
    assert value("JK 9S 7H", FREE) == 43
    assert value("JK 2S 3H", FREE) == 25, "as an ace: 20+2+3 beats a pair of threes (14)"
    assert value("JK 2S 3H", PLAIN) == 14


# --------------------------------------------------------------------------- ties


def test_tie_on_value_goes_to_the_higher_basic_value() -> None:
    assert value("QS 10H 6D") == value("5S 5H 6D") == 26
    assert winner(["5S 5H 6D", "QS 10H 6D"]) == "QS 10H 6D"
    assert winner(["QS 10H 6D", "5S 5H 6D"]) == "QS 10H 6D"


def test_tie_on_basic_value_goes_to_the_higher_cards() -> None:
    assert winner(["K♠ 7♥ 4♦", "K♣ 8♥ 3♦"]) == "K♣ 8♥ 3♦"
    assert winner(["A♠ 9♥ 2♦", "A♣ 8♥ 3♦"]) == "A♠ 9♥ 2♦", "second card decides"
    assert winner(["9♠ 8♥ 3♦", "9♣ 8♦ 2♠", "10♠ 7♥ 3♦"]) == "10♠ 7♥ 3♦"


def test_jokers_count_as_their_assigned_rank_in_a_tie() -> None:
    # 9-9-7 by joker and 9-9-7 natural tie on every count: a perfect tie.
    assert key("JK 9S 7H") == key("9D 9C 7S")


def test_suits_never_break_a_tie() -> None:
    assert key("QS 10H 6D") == key("QH 10S 6C")


def test_a_perfect_tie_makes_every_tied_seat_a_winner() -> None:
    game = LiarGame(PLAIN, 3, seed=1)
    rig(game, ["QS 10H 6D 2C 3C 4C", "QH 10S 6C 2D 3D 4D", "5S 5H 6H 2S 3S 4S"])
    event = revealed(play_round(game, ["QS 10H 6D", "QH 10S 6C", "5S 5H 6H"]))
    assert event.winners == (0, 1)
    assert [hand.points for hand in event.hands] == [26, 26, 0]
    assert [hand.won for hand in event.hands] == [True, True, False]
    assert game.scores == [26, 26, 0]


def test_losers_pay_no_joker_penalty() -> None:
    game = LiarGame(PLAIN, 2, seed=2)
    rig(game, ["4S JK JK 2C 3C 5C", "QS QH QD 2D 3D 5D"])
    event = revealed(play_round(game, ["4S JK JK", "QS QH QD"]))
    assert event.winners == (1,)
    assert game.scores == [0, 90]


def test_a_winner_can_go_below_zero() -> None:
    game = LiarGame(PLAIN, 2, seed=3)
    rig(game, ["4S JK JK 2C 3C 5C", "2D 3D 5D 7C 8C 9C"])
    event = revealed(play_round(game, ["4S JK JK", "2D 3D 5D"]))
    assert event.winners == (0,)
    assert event.hand_of(0).points == -4
    assert game.scores == [-4, 0]


# --------------------------------------------------------------------------- variants


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_every_variant_is_refused_with_one_deck(name: str) -> None:
    rules = Rules(decks=1, **{name: True})
    problems = rules.problems()
    assert len(problems) == 1
    assert "two decks" in problems[0]
    with pytest.raises(ValueError, match="two decks"):
        LiarGame(rules, 2, seed=0)
    assert Rules(decks=2, **{name: True}).problems() == []


def test_free_jokers_need_no_second_deck() -> None:
    assert FREE.problems() == []


@pytest.mark.parametrize(
    ("rules", "reason"),
    [
        (Rules(decks=3), "one or two decks"),
        (Rules(target=0), "from 1 to 100000"),
        (Rules(target=100_001), "from 1 to 100000"),
    ],
)
def test_impossible_settings_are_refused(rules: Rules, reason: str) -> None:
    assert any(reason in problem for problem in rules.problems())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("KS KH KD KC", 160),
        ("7S 7H 7D 7C 7S", 175),
        ("AS AH AD AC AS AH", 720),
    ],
)
def test_big_combos_multiply_by_their_size(text: str, expected: int) -> None:
    score = score_hand(parse_cards(text), BIG_COMBOS)
    assert score.value == expected
    assert score.penalty == 0


def test_big_combos_refuse_jokers_mixed_ranks_and_being_switched_off() -> None:
    assert why_not_a_hand(parse_cards("KS KH KD JK"), BIG_COMBOS) == (
        "Jokers never count towards a big combo."
    )
    assert "one rank" in (why_not_a_hand(parse_cards("KS KH KD QC"), BIG_COMBOS) or "")
    assert "big combos are off" in (why_not_a_hand(parse_cards("KS KH KD KC"), TWO_DECKS) or "")
    with pytest.raises(IllegalAction, match="Jokers never count"):
        score_hand(parse_cards("KS KH KD JK"), BIG_COMBOS)


def test_legal_hands_offer_big_combos_only_when_on() -> None:
    pocket = parse_cards("KS KH KD KC KS JK")
    combos = [hand for hand in legal_hands(pocket, BIG_COMBOS) if len(hand) > 3]
    assert sorted(len(hand) for hand in combos) == [4] * 5 + [5]
    assert all(not card.is_joker for hand in combos for card in hand)
    assert all(len(hand) == 3 for hand in legal_hands(pocket, TWO_DECKS))


def test_a_big_combo_renews_the_pocket() -> None:
    game = LiarGame(BIG_COMBOS, 2, seed=4)
    rig(game, ["KS KH KD KC 2C 3C", "QS QH QD 2D 3D 5D"])
    kept_aside = [card for card in game.pockets[0] if card.rank is not Rank.KING]
    events = play_round(game, ["KS KH KD KC", "QS QH QD"])
    event = revealed(events)
    assert event.winners == (0,)
    assert event.hand_of(0).renewed
    assert not event.hand_of(1).renewed
    assert game.scores == [160, 0]
    assert len(game.pockets[0]) == 6
    assert not set(kept_aside) & set(game.pockets[0])
    assert set(kept_aside) <= set(game.discards)
    assert not set(kept_aside) & set(game.seen_since_shuffle), "renewed cards go face down"
    assert len(game.pockets[1]) == 6
    assert holds_its_shoe(game)


def test_joker_sets_score_without_penalty() -> None:
    three = score_hand(parse_cards("JK JK JK"), JOKER_SETS)
    assert (three.value, three.points) == (300, 300)
    four = score_hand(parse_cards("JK JK JK JK"), JOKER_SETS)
    assert (four.value, four.points) == (400, 400)
    assert three.breakdown() == "3 jokers = 300"
    assert four.describe() == "set of 4 jokers"


def test_four_jokers_need_the_joker_sets_variant() -> None:
    assert why_not_a_hand(parse_cards("JK JK JK JK"), TWO_DECKS) is not None
    assert why_not_a_hand(parse_cards("JK JK JK JK"), BIG_COMBOS) is not None
    pocket = parse_cards("JK JK JK JK 2C 3C")
    assert any(len(hand) == 4 for hand in legal_hands(pocket, JOKER_SETS))


def test_four_jokers_renew_the_pocket() -> None:
    game = LiarGame(JOKER_SETS, 2, seed=5)
    rig(game, ["JK JK JK JK 2C 3C", "QS QH QD 2D 3D 5D"])
    event = revealed(play_round(game, ["JK JK JK JK", "QS QH QD"]))
    assert event.hand_of(0).renewed
    assert game.scores == [400, 0]
    assert not any(card.rank is Rank.TWO and card.suit is Suit.CLUBS for card in game.pockets[0])
    assert holds_its_shoe(game)


def test_three_jokers_do_not_renew_the_pocket() -> None:
    game = LiarGame(JOKER_SETS, 2, seed=6)
    rig(game, ["JK JK JK 2C 3C 5C", "QS QH QD 2D 3D 5D"])
    kept = [card for card in game.pockets[0] if not card.is_joker]
    event = revealed(play_round(game, ["JK JK JK", "QS QH QD"]))
    assert not event.hand_of(0).renewed
    assert set(kept) <= set(game.pockets[0])


def test_low_straight_is_worth_ninety_with_basic_value_nine() -> None:
    score = score_hand(parse_cards("4H 2S 3D"), LOW_STRAIGHT)
    assert (score.value, score.basic) == (90, 9)
    assert score.breakdown() == "2-3-4 = 90"
    assert score.describe() == "low straight 2-3-4"
    assert value("2S 3H 4D", TWO_DECKS) == 9
    assert winner(["2S 3H 4D", "QS QH QD"], LOW_STRAIGHT) == "QS QH QD", "basic 30 beats 9"


def test_free_joker_completes_a_low_straight() -> None:
    assert value("2S 3H JK", Rules(decks=2, low_straight=True, free_jokers=True)) == 90
    assert value("2S 3H JK", LOW_STRAIGHT) == 14, "a copy joker can only be a 2 or a 3"


@pytest.mark.parametrize(
    ("text", "rules", "expected"),
    [
        ("3S 3H KD", LOW_DOUBLING, 34),
        ("2S 2H 2D", LOW_DOUBLING, 36),
        ("4S 4H 4D 4C", Rules(decks=2, big_combos=True, low_doubling=True), 128),
        ("4S 4H 4D 4C", BIG_COMBOS, 64),
        ("5S 5H 6D", LOW_DOUBLING, 26),
        ("3S KH KD", LOW_DOUBLING, 43),
        ("4S JK JK", LOW_DOUBLING, 72),
        ("3S 3H KD", TWO_DECKS, 22),
    ],
)
def test_low_doubling(text: str, rules: Rules, expected: int) -> None:
    assert value(text, rules) == expected


# --------------------------------------------------------------------------- texts


@pytest.mark.parametrize(
    ("text", "rules", "breakdown", "describe"),
    [
        ("JK 9S 7H", PLAIN, "2×(9+9)+7 = 43, −20 if it wins", "double of nines, 7"),
        ("4S JK JK", PLAIN, "3×(4+4+4) = 36, −40 if it wins", "triple of fours"),
        ("QS QH QD", PLAIN, "3×(10+10+10) = 90", "triple of queens"),
        ("JS KS KH", PLAIN, "2×(10+10)+10 = 50", "double of kings, J"),
        ("QS 10H 6D", PLAIN, "10+10+6 = 26", "Q-10-6 high"),
        ("3S 3H KD", LOW_DOUBLING, "2×2×(3+3)+10 = 34", "double of threes, K"),
        ("6S 6H 6D 6C 6S", BIG_COMBOS, "5×(6+6+6+6+6) = 150", "set of 5 sixes"),
        ("4S JK JK", FREE, "2×(20+20)+4 = 84, −40 if it wins", "double of aces, 4"),
    ],
)
def test_breakdown_and_describe(text: str, rules: Rules, breakdown: str, describe: str) -> None:
    score = score_hand(parse_cards(text), rules)
    assert score.breakdown() == breakdown
    assert score.describe() == describe


# --------------------------------------------------------------------------- the table


def test_a_new_game_deals_six_cards_to_each_seat() -> None:
    game = LiarGame(PLAIN, 4, seed=9)
    assert [len(pocket) for pocket in game.pockets] == [6] * 4
    assert len(game.deck) == 54 - 24
    assert game.to_act() == (0, 1, 2, 3)
    assert holds_its_shoe(game)


@pytest.mark.parametrize("seats", [1, 9])
def test_seat_count_is_checked(seats: int) -> None:
    with pytest.raises(ValueError, match="2 to 8"):
        LiarGame(PLAIN, seats, seed=0)


def test_choices_stay_secret_until_everyone_has_chosen() -> None:
    game = LiarGame(PLAIN, 2, seed=10)
    rig(game, ["QS QH QD 2C 3C 5C", "JS 9S 7H 2D 3D 5D"])
    events = game.apply(show(game, 0, "QS QH QD"))
    assert events == [HandChosen(0, 1)]
    assert game.to_act() == (1,)
    assert game.view(0).chosen is not None
    assert game.view(1).chosen is None
    assert game.legal_actions(0) == []
    events = game.apply(show(game, 1, "JS 9S 7H"))
    assert revealed(events).winners == (0,)
    assert game.round == 2
    assert game.to_act() == (0, 1)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("not an action", "only takes shown hands"),
        (ShowHand(5, ()), "There is no seat 5."),
        (ShowHand("0", ()), "There is no seat '0'."),  # type: ignore[arg-type]
        (ShowHand(0, ("AS", "KS", "QS")), "list of cards"),  # type: ignore[arg-type]
        (ShowHand(0, 7), "list of cards"),  # type: ignore[arg-type]
        (ShowHand(0, tuple(parse_cards("AS AH AD"))), "your own pocket"),
    ],
)
def test_bad_actions_are_refused_with_a_reason(action: object, reason: str) -> None:
    game = LiarGame(PLAIN, 2, seed=11)
    rig(game, ["QS QH QD 2C 3C 5C", "JS 9S 7H 2D 3D 5D"])
    before = game.snapshot()
    refusal = game.refusal(action)
    assert refusal is not None
    assert reason in refusal
    with pytest.raises(IllegalAction):
        game.apply(action)  # type: ignore[arg-type]
    assert game.snapshot() == before


def test_a_seat_cannot_show_a_card_twice_or_choose_twice() -> None:
    game = LiarGame(PLAIN, 2, seed=12)
    rig(game, ["QS QH QD 2C 3C 5C", "JS 9S 7H 2D 3D 5D"])
    queen = game.pockets[0][0]
    assert game.refusal(ShowHand(0, (queen, queen, game.pockets[0][1]))) == (
        "A card can be shown only once."
    )
    assert game.refusal(ShowHand(0, tuple(game.pockets[0][:2]))) == "Pick 1 more card."
    game.apply(show(game, 0, "QS QH QD"))
    assert "already chosen" in (game.refusal(show(game, 0, "2C 3C 5C")) or "")


def test_the_game_ends_after_the_round_that_reaches_the_target() -> None:
    game = LiarGame(Rules(target=100), 2, seed=13)
    rig(game, ["QS QH QD 2C 3C 5C", "JS 9S 7H 2D 3D 5D"])
    events = play_round(game, ["QS QH QD", "JS 9S 7H"])
    assert not game.over
    assert not any(isinstance(event, GameOver) for event in events)
    game.scores = [90, 95]
    rig(game, ["QS 10H 6D 2C 3C 4C", "QH 10S 6C 2D 3D 4D"])
    events = play_round(game, ["QS 10H 6D", "QH 10S 6C"])
    assert events[-1] == GameOver((1,), (116, 121)), "both passed 100; the highest wins"
    assert game.over
    assert game.winners == (1,)
    assert game.to_act() == ()
    assert game.legal_actions(0) == []
    assert game.refusal(show(game, 0, "2C 3C 4C")) == "The game is over."
    assert game.view(0).over


def test_equal_highest_scores_share_the_win() -> None:
    game = LiarGame(Rules(target=100), 3, seed=14)
    game.scores = [90, 90, 95]
    rig(game, ["QS 10H 6D 2C 3C 4C", "QH 10S 6C 2D 3D 4D", "2S 3S 5S 7C 8C 9C"])
    events = play_round(game, ["QS 10H 6D", "QH 10S 6C", "2S 3S 5S"])
    assert events[-1] == GameOver((0, 1), (116, 116, 95))


def test_reaching_the_target_exactly_ends_the_game() -> None:
    game = LiarGame(Rules(target=116), 2, seed=15)
    game.scores = [90, 0]
    rig(game, ["QS 10H 6D 2C 3C 4C", "2D 3D 5D 7C 8C 9C"])
    events = play_round(game, ["QS 10H 6D", "2D 3D 5D"])
    assert events[-1] == GameOver((0,), (116, 0))


def test_the_discards_go_under_the_remaining_deck_when_it_cannot_cover_the_deal() -> None:
    game = LiarGame(PLAIN, 2, seed=16)
    rig(game, ["QS QH QD 2C 3C 5C", "JS 9S 7H 2D 3D 5D"])
    remaining = game.deck[-4:]
    game.discards = game.deck[:-4]
    game.deck = list(remaining)
    game.seen_since_shuffle = list(game.discards)
    discarded_before = len(game.discards)
    events = play_round(game, ["QS QH QD", "JS 9S 7H"])
    reshuffle = next(event for event in events if isinstance(event, DeckReshuffled))
    assert reshuffle == DeckReshuffled(round=2, cards=discarded_before + 6)
    assert events.index(reshuffle) > events.index(revealed(events)), "after the reveal"
    dealt = [card for pocket in game.pockets for card in pocket]
    assert set(remaining) <= set(dealt), "the old deck is dealt before the shuffled discards"
    assert game.discards == []
    assert game.seen_since_shuffle == []
    assert len(game.deck) == 54 - 12
    assert holds_its_shoe(game)


def test_no_reshuffle_while_the_deck_covers_the_deal_exactly() -> None:
    game = LiarGame(PLAIN, 2, seed=17)
    rig(game, ["QS QH QD 2C 3C 5C", "JS 9S 7H 2D 3D 5D"])
    game.discards = game.deck[:-6]
    game.deck = game.deck[-6:]
    events = play_round(game, ["QS QH QD", "JS 9S 7H"])
    assert not any(isinstance(event, DeckReshuffled) for event in events)
    assert game.deck == []
    assert len(game.seen_since_shuffle) == 6
    assert holds_its_shoe(game)


def test_a_reshuffle_happens_in_a_real_game_with_one_deck() -> None:
    # Eight seats hold 48 of 54 cards: the second deal already needs the discards.
    game = LiarGame(PLAIN, 8, seed=18)
    events: list[object] = []
    for seat in range(8):
        events += game.apply(game.legal_actions(seat)[0])
    assert any(isinstance(event, DeckReshuffled) for event in events)
    assert holds_its_shoe(game)


def test_shown_hands_are_public_history() -> None:
    game = LiarGame(PLAIN, 2, seed=19)
    rig(game, ["QS QH QD 2C 3C 5C", "JS 9S 7H 2D 3D 5D"])
    shown = [show(game, 0, "QS QH QD"), show(game, 1, "JS 9S 7H")]
    for action in shown:
        game.apply(action)
    for seat in (0, 1):
        view = game.view(seat)
        assert [hand.score.cards for hand in view.history[0].hands] == [a.cards for a in shown]
        assert set(view.seen_since_shuffle) == {c for a in shown for c in a.cards}
        assert view.discard_size == 6


def test_a_deep_copy_and_a_replay_equal_the_original() -> None:
    game = LiarGame(EVERY_VARIANT, 3, seed=20)
    actions = []
    for _ in range(3):
        for seat in game.to_act():
            action = game.legal_actions(seat)[-1]
            actions.append(action)
            game.apply(action)
    assert copy.deepcopy(game) == game
    assert replay(EVERY_VARIANT, 3, 20, actions) == game
    assert replay(EVERY_VARIANT, 3, 21, actions[:0]) != game


def test_a_long_game_keeps_every_round_and_its_views_the_last_few() -> None:
    """A view carries the last rounds' reveals and the running counts (issue 12): the game
    keeps every round, for its history, and still replays exactly from its actions."""
    game = LiarGame(Rules(target=100_000), 3, seed=21)
    actions = []
    while game.round <= 3 * RECENT_ROUNDS:
        for seat in game.to_act():
            action = game.legal_actions(seat)[-1]
            actions.append(action)
            game.apply(action)
    view = game.view(1)
    assert len(game.history) == 3 * RECENT_ROUNDS
    assert view.rounds_played == 3 * RECENT_ROUNDS
    assert view.history == tuple(game.history[-RECENT_ROUNDS:])
    assert [result.round for result in view.history] == list(
        range(2 * RECENT_ROUNDS + 1, 3 * RECENT_ROUNDS + 1)
    )
    won = [sum(seat in result.winners for result in game.history) for seat in range(3)]
    assert list(view.rounds_won) == won
    assert sum(won) >= 3 * RECENT_ROUNDS
    assert replay(game.rules, 3, 21, actions) == game


def test_cards_from_a_two_deck_shoe_are_told_apart() -> None:
    game = LiarGame(TWO_DECKS, 2, seed=21)
    rig(game, ["AS AS AH 2C 3C 5C", "JS 9S 7H 2D 3D 5D"])
    first, second = game.pockets[0][:2]
    assert first.face == second.face
    assert first != second
    assert isinstance(first, Card)
    event = revealed(play_round(game, ["AS AS AH", "JS 9S 7H"]))
    assert event.hand_of(0).score.value == 180


def test_formula_is_the_breakdown_without_the_penalty_note() -> None:
    score = score_hand(parse_cards("JK 9S 7H"), Rules())
    assert score.formula() == "2×(9+9)+7 = 43"
    assert score.breakdown() == "2×(9+9)+7 = 43, −20 if it wins"
