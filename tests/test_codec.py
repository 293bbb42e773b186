"""The codec: every message round-trips through JSON, and malformed data is refused."""

from __future__ import annotations

import dataclasses
import datetime
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from liar_tui.games import make_bot, plugin, registered
from liar_tui.rules.cards import Card, Rank, Suit, shoe
from liar_tui.rules.dollar_bills import game as dollar_bills
from liar_tui.rules.liar_game.game import Event, HandChosen, LiarGame, LiarGameView, Rules, ShowHand
from liar_tui.rules.liars_poker import game as liars_poker
from liar_tui.rules.liars_poker.rules import LiarsPokerRules, PokerRules, RoundRules
from liar_tui.store.settings import CardStyle, Settings
from liar_tui.table.codec import (
    CodecError,
    DecodeError,
    UnknownEntry,
    decode,
    encode,
    location_words,
    message_name,
    register,
)
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Refused, SeatUpdate

cards = st.sampled_from(shoe(2))
show_hands = st.builds(
    ShowHand, seat=st.integers(0, 7), cards=st.lists(cards, max_size=6, unique=True).map(tuple)
)
any_rules = st.builds(
    Rules,
    decks=st.integers(1, 2),
    target=st.integers(-10, 5000),
    free_jokers=st.booleans(),
    big_combos=st.booleans(),
    joker_sets=st.booleans(),
    low_straight=st.booleans(),
    low_doubling=st.booleans(),
)
playable_rules = any_rules.map(
    lambda rules: dataclasses.replace(rules, target=max(abs(rules.target) % 400, 1))
).filter(lambda rules: not rules.problems())
seat_configs = st.builds(
    SeatConfig,
    name=st.text(max_size=20),
    kind=st.sampled_from(SeatKind),
    level=st.sampled_from(BotLevel),
)
setups = st.builds(
    TableSetup,
    game=st.just("liar-game"),
    rules=any_rules,
    seats=st.lists(seat_configs, min_size=2, max_size=8).map(tuple),
    seed=st.integers(-(2**63), 2**63),
)


def through_json(obj: object) -> Any:
    """What the other end of a file or a socket receives."""
    return json.loads(json.dumps(encode(obj)))


def assert_round_trip(obj: object, expected: Any) -> None:
    decoded = decode(through_json(obj), expected)
    assert decoded == obj
    # Equality skips compare=False fields; the encoding compares every field.
    assert encode(decoded) == encode(obj)


def random_game(rules: Rules, seats: int, seed: int) -> tuple[list[Event], list[LiarGameView]]:
    """Events and some views of a game played at random to its end."""
    game = LiarGame(rules, seats, seed)
    chooser = random.Random(seed)
    events: list[Event] = []
    views: list[LiarGameView] = [game.view(0)]
    while not game.over:
        for seat in game.to_act():
            events += game.apply(chooser.choice(game.legal_actions(seat)))
            views.append(game.view(seat))
    return events, views


@given(show_hands)
def test_show_hand_round_trips(action: ShowHand) -> None:
    assert_round_trip(action, ShowHand)


@given(any_rules)
def test_rules_round_trip(rules: Rules) -> None:
    assert_round_trip(rules, Rules)


@given(setups)
def test_table_setups_round_trip(setup: TableSetup) -> None:
    assert_round_trip(setup, TableSetup)


@settings(max_examples=25, deadline=None)
@given(playable_rules, st.integers(2, 8), st.integers(0, 2**32))
def test_events_and_views_of_random_games_round_trip(rules: Rules, seats: int, seed: int) -> None:
    events, views = random_game(rules, seats, seed)
    assert any(not isinstance(event, HandChosen) for event in events)
    for event in events:
        assert_round_trip(event, Event)
    for view in views[:: max(1, len(views) // 8)] + views[-1:]:
        assert_round_trip(view, LiarGameView)


def test_table_messages_round_trip_with_any_fields() -> None:
    events, views = random_game(Rules(decks=2, big_combos=True, target=200), 3, 5)
    update = SeatUpdate(1, tuple(events[-3:]), views[-1], (0, 2))
    assert_round_trip(update, SeatUpdate)
    refused = Refused(2, ShowHand(2, (Card(Rank.ACE, Suit.SPADES),)), "Pick 2 more cards.")
    assert_round_trip(refused, Refused)


def test_encoding_is_plain_tagged_data() -> None:
    action = ShowHand(1, (Card(Rank.ACE, Suit.SPADES), Card(Rank.JOKER, None, 1)))
    assert encode(action) == {"type": "ShowHand", "seat": 1, "cards": ["AS", "JK:1"]}
    assert encode(Rules())["type"] == "LiarGameRules"
    assert encode(SeatConfig("Ann", SeatKind.HUMAN)) == {
        "type": "SeatConfig",
        "name": "Ann",
        "kind": "human",
        "level": "normal",
    }


def test_a_card_outside_a_message_is_its_token() -> None:
    assert encode(Card(Rank.TEN, Suit.HEARTS, 1)) == "TH:1"
    assert decode("TH:1", Card) == Card(Rank.TEN, Suit.HEARTS, 1)


def test_null_is_kept_where_the_hint_allows_it() -> None:
    view = random_game(Rules(target=60), 2, 3)[1][0]
    assert view.chosen is None
    assert decode(through_json(view), LiarGameView).chosen is None


def test_an_int_is_accepted_where_a_float_is_expected() -> None:
    decoded = decode(1, float)
    assert decoded == 1.0
    assert type(decoded) is float


def deeply_nested(depth: int) -> list[Any]:
    """A list inside a list, ``depth`` times: what a hostile peer might send for an ``Any``."""
    data: list[Any] = []
    for _ in range(depth):
        data = [data]
    return data


GOOD_SHOW_HAND = {"type": "ShowHand", "seat": 0, "cards": ["AS", "KH", "JK"]}


@pytest.mark.parametrize(
    ("data", "expected", "words"),
    [
        ({**GOOD_SHOW_HAND, "seat": "0"}, ShowHand,
         "ShowHand.seat must be a whole number, not '0'"),
        ({**GOOD_SHOW_HAND, "seat": True}, ShowHand, "seat must be a whole number, not true"),
        ({**GOOD_SHOW_HAND, "seat": 1.0}, ShowHand, "seat must be a whole number, not 1.0"),
        ({**GOOD_SHOW_HAND, "type": "Bogus"}, ShowHand,
         "ShowHand names an unknown message type 'Bogus'"),
        ({**GOOD_SHOW_HAND, "type": "HandChosen"}, ShowHand,
         "ShowHand must be a ShowHand, not a HandChosen"),
        ({"seat": 0, "cards": []}, ShowHand, "ShowHand has no 'type' naming its message type"),
        ({"type": "ShowHand", "seat": 0}, ShowHand, "ShowHand.cards is missing"),
        ({**GOOD_SHOW_HAND, "extra": 1}, ShowHand, "ShowHand has an unknown entry 'extra'"),
        ({**GOOD_SHOW_HAND, "cards": ["as"]}, ShowHand,
         "ShowHand.cards[0] must be a card like 'AS' or 'JK:1', not 'as'"),
        ({**GOOD_SHOW_HAND, "cards": ["10H"]}, ShowHand, "not '10H'"),
        ({**GOOD_SHOW_HAND, "cards": ["JK:0"]}, ShowHand, "not 'JK:0'"),
        ({**GOOD_SHOW_HAND, "cards": ["XX"]}, ShowHand, "not 'XX'"),
        ({**GOOD_SHOW_HAND, "cards": [5]}, ShowHand, "must be a card like 'AS' or 'JK:1', not 5"),
        ({**GOOD_SHOW_HAND, "cards": ["AS:" + "1" * 5000]}, ShowHand,
         "not 'AS:1111111111111111…'"),
        ({**GOOD_SHOW_HAND, "x" * 10_000: 1}, ShowHand, "unknown entry 'xxxxxxxxxxxxxxxxxxx…'"),
        ({**GOOD_SHOW_HAND, "cards": "AS KH"}, ShowHand,
         "ShowHand.cards must be a list, not 'AS KH'"),
        (["ShowHand", 0], ShowHand, "ShowHand must be a ShowHand table, not a list"),
        (GOOD_SHOW_HAND, Event, "value must be a HandChosen, RoundRevealed, DeckReshuffled or"
         " GameOver, not a ShowHand"),
        ({"type": "SeatConfig", "name": "A", "kind": "alien", "level": "easy"}, SeatConfig,
         "SeatConfig.kind must be 'human' or 'bot', not 'alien'"),
        ("14", Rank, "Rank must be "),
        (None, ShowHand, "ShowHand must be a ShowHand table, not null"),
        ({"seat": 0}, Any, "value has no 'type'"),
        (10**400, float, "float must be a number, not 1000000000000000000…"),
        (datetime.date(2024, 1, 1), str, "str must be text in quotes, not a date"),
        (datetime.datetime(2024, 1, 1, 9), int, "int must be a whole number, not a date and time"),
        (datetime.time(9), bool, "bool must be true or false, not a time"),
        ({"x"}, int, "int must be a whole number, not a value of an unknown kind"),
        (deeply_nested(10_000), Any, "is nested more than 40 levels deep"),
        ({"type": "Refused", "seat": 0, "reason": "", "action": deeply_nested(50)}, Refused,
         "Refused.action[0][0][0]"),
    ],
)  # fmt: skip
def test_malformed_data_is_refused_with_a_one_line_message(
    data: Any, expected: Any, words: str
) -> None:
    with pytest.raises(CodecError) as refusal:
        decode(data, expected)
    message = str(refusal.value)
    assert words in message
    assert "\n" not in message
    assert len(message) < 200


def test_a_bad_value_deep_inside_is_located_by_its_path() -> None:
    view = random_game(Rules(target=60), 2, 3)[1][-1]
    data = through_json(view)
    data["history"][0]["hands"][1]["score"]["kind"] = "tripple"
    with pytest.raises(DecodeError) as refusal:
        decode(data, LiarGameView)
    error = refusal.value
    assert error.location == ("history", 0, "hands", 1, "score", "kind")
    assert error.problem.startswith("must be 'high cards', 'double', ")
    assert error.problem.endswith(", not 'tripple'")
    assert str(error).startswith("LiarGameView.history[0].hands[1].score.kind must be ")
    items = {"history": "round", "hands": "hand"}
    assert location_words(error.location, items) == "the score.kind of hand 2 of round 1"


@pytest.mark.parametrize(
    ("location", "words"),
    [
        ((), ""),
        (("bot_delay",), "bot_delay"),
        (("liar_game", "decks"), "liar_game.decks"),
        (("seats", 0), "seat 1"),
        (("seats", 2, "kind"), "the kind of seat 3"),
        (("actions", 0, "cards", 2), "card 3 of action 1"),
        (("setup", "seats", 1, "name"), "the name of seat 2"),
        (("grid", 0, 1), "grid[0][1]"),
        ((0,), "[0]"),
    ],
)
def test_a_location_is_put_in_a_persons_words(location: tuple[str | int, ...], words: str) -> None:
    items = {"seats": "seat", "actions": "action", "cards": "card"}
    assert location_words(location, items) == words


def test_a_field_can_say_what_it_holds_in_its_own_words() -> None:
    with pytest.raises(DecodeError, match=r"^Settings\.bot_delay must be a number of seconds, not"):
        decode({"bot_delay": "fast"}, Settings, tagged=False)


def test_an_unknown_entry_is_kept_for_the_caller_to_name() -> None:
    with pytest.raises(UnknownEntry) as refusal:
        decode({"seats": [{"name": "A", "colour": 1}]}, Settings, tagged=False)
    assert refusal.value.location == ("seats", 0)
    assert refusal.value.entry == "'colour'"


def test_a_fixed_length_tuple_needs_exactly_its_items() -> None:
    assert decode([1, "a"], tuple[int, str]) == (1, "a")
    with pytest.raises(CodecError, match=r"^value must hold 1 items, not 2$"):
        decode([1, 2], tuple[int])


@dataclasses.dataclass(frozen=True)
class Positive:
    number: int

    def __post_init__(self) -> None:
        if self.number <= 0:
            raise ValueError("the number must be positive")


def test_a_constructor_refusal_becomes_a_codec_error() -> None:
    assert decode({"number": 2}, Positive, tagged=False) == Positive(2)
    with pytest.raises(CodecError, match=r"^Positive is not valid: the number must be positive$"):
        decode({"number": 0}, Positive, tagged=False)


def test_unregistered_and_unsupported_values_are_not_encoded() -> None:
    with pytest.raises(CodecError, match="Settings is not a registered message type"):
        encode(Settings())
    with pytest.raises(CodecError, match="cannot encode set"):
        encode({1, 2})


def test_a_taken_name_cannot_be_registered_again() -> None:
    @dataclasses.dataclass(frozen=True)
    class ShowHandImpostor:
        seat: int

    with pytest.raises(ValueError, match="already taken"):
        register(ShowHandImpostor, "ShowHand")


def test_untagged_data_takes_defaults_for_missing_fields_and_refuses_extra_ones() -> None:
    custom = SeatConfig("Zoe", SeatKind.HUMAN, BotLevel.HARD)
    data = encode(custom, tagged=False)
    assert data == {"name": "Zoe", "kind": "human", "level": "hard"}
    assert decode(data, SeatConfig, tagged=False) == custom
    rules = LiarsPokerRules(lives=2, round=RoundRules(PokerRules(jokers=1)))
    data = encode(rules, tagged=False)
    assert "type" not in data
    assert "type" not in data["round"]
    assert "type" not in data["round"]["poker"]
    assert decode(data, LiarsPokerRules, tagged=False) == rules
    assert decode({"lives": 2}, LiarsPokerRules, tagged=False) == LiarsPokerRules(lives=2)
    shared = {"player_name": "Zoe", "card_style": "ascii"}
    assert decode(shared, Settings, tagged=False) == Settings("Zoe", CardStyle.ASCII)
    with pytest.raises(CodecError, match=r"^Settings has an unknown entry 'colour'$"):
        decode({"colour": "red"}, Settings, tagged=False)
    with pytest.raises(CodecError, match=r"^value must be a message, not a table$"):
        decode({"seat": 0}, Any, tagged=False)
    with pytest.raises(CodecError, match=r"^Settings\.seats\[0\]\.name is missing$"):
        decode({"seats": [{"kind": "bot"}, {"name": "B"}]}, Settings, tagged=False)


EVENTS: dict[str, Any] = {
    "liar-game": Event,
    "liars-poker-cards": liars_poker.Event,
    "liars-poker-bills": dollar_bills.Event,
}


def bot_game(game: str, seed: int, actions: int = 150) -> tuple[list[Any], list[Any], list[Any]]:
    """Actions, events and views of a game of ``game`` played by easy bots, cut short."""
    setup = TableSetup(
        game,
        plugin(game).default_rules(),
        tuple(SeatConfig(f"P{i}", SeatKind.BOT) for i in range(4)),
        seed,
    )
    state = plugin(game).new_state(setup)
    bots = [make_bot(game, BotLevel.EASY, random.Random(seed * 10 + seat)) for seat in range(4)]
    taken: list[Any] = []
    events: list[Any] = []
    views: list[Any] = []
    while not state.over and len(taken) < actions:
        seat = state.to_act()[0]
        views.append(state.view(seat))
        taken.append(bots[seat].act(views[-1]))
        events += state.apply(taken[-1])
    return taken, events, views


@pytest.mark.parametrize("game", list(registered()))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_games_messages_round_trip_tagged_and_untagged(game: str, seed: int) -> None:
    actions, events, views = bot_game(game, seed)
    game_plugin = plugin(game)
    for action in actions[::5]:
        assert_round_trip(action, game_plugin.action_type)
        assert_round_trip(action, Any)
    for event in events[::3]:
        assert_round_trip(event, EVENTS[game])
    for view in views[::10] + views[-1:]:
        assert_round_trip(view, game_plugin.view_type)
        untagged = json.loads(json.dumps(encode(view, tagged=False)))
        decoded = decode(untagged, game_plugin.view_type, tagged=False)
        assert encode(decoded, tagged=False) == untagged
        assert encode(decoded) == encode(view)
    update = SeatUpdate(0, tuple(events[-4:]), views[-1], (1,), 1)
    assert_round_trip(update, SeatUpdate)


def test_decoded_cards_are_the_same_whether_met_first_or_again() -> None:
    first = decode(["AS:1", "JK:3", "TH"], tuple[Card, ...])
    again = decode(["AS:1", "JK:3", "TH"], tuple[Card, ...])
    assert (
        first
        == again
        == (
            Card(Rank.ACE, Suit.SPADES, 1),
            Card(Rank.JOKER, None, 3),
            Card(Rank.TEN, Suit.HEARTS),
        )
    )
    # A card's other spellings stay refused once its token is known.
    for spelling in ("10H", "th", "TH:0", " TH"):
        with pytest.raises(DecodeError, match="must be a card like"):
            decode(spelling, Card)


def test_equal_cards_encode_to_the_same_token_whichever_object() -> None:
    cards = [Card(Rank.KING, Suit.CLUBS, 1) for _ in range(3)]
    assert [encode(card) for card in cards] == ["KC:1"] * 3


def deep_refusal(depth: int) -> dict[str, Any]:
    return {"type": "Refused", "seat": 0, "reason": "", "action": deeply_nested(depth)}


LIARS_POKER_EVENTS = (
    "RoundStarted, RulesChosen, HandDealt, Declared, Took, Discarded, ChipPlayed,"
    " LiarsPokerDeckReshuffled, ChallengeResolved, HandStuck or LiarsPokerGameOver"
)


@pytest.mark.parametrize(
    ("data", "expected", "tagged", "location", "message"),
    [
        (deeply_nested(40), Any, True, (0,) * 40,
         "value" + "[0]" * 40 + " is nested more than 40 levels deep"),
        (deep_refusal(39), Refused, True, ("action", *(0,) * 39),
         "Refused.action" + "[0]" * 39 + " is nested more than 40 levels deep"),
        ([deeply_nested(38)], tuple[Any, ...] | None, True, (0,) * 39,
         "value" + "[0]" * 39 + " is nested more than 40 levels deep"),
        (deeply_nested(40), tuple[Any, ...] | int, False, (),
         "value must be a list or a whole number, not a list"),
        ({"type": "SeatUpdate", "seat": 0, "view": None, "to_act": [],
          "events": [{"type": "HandChosen", "seat": "1", "round": 1}]}, SeatUpdate, True,
         ("events", 0, "seat"), "SeatUpdate.events[0].seat must be a whole number, not '1'"),
        ({"type": "SeatUpdate", "seat": 0, "events": [], "view": {"type": "Nope"}, "to_act": []},
         SeatUpdate, True, ("view",), "SeatUpdate.view names an unknown message type 'Nope'"),
        ({"type": "SeatUpdate", "seat": 0, "events": [], "view": None, "to_act": [1, 2.5]},
         SeatUpdate, True, ("to_act", 1), "SeatUpdate.to_act[1] must be a whole number, not 2.5"),
        ({"type": "Declared", "seat": 0}, liars_poker.Event, True, ("declaration",),
         "value.declaration is missing"),
        ({"type": "ShowHand", "seat": 0, "cards": []}, liars_poker.Event, True, (),
         f"value must be a {LIARS_POKER_EVENTS}, not a ShowHand"),
        ({"type": 7}, dollar_bills.Event, True, (), "value has no 'type' naming its message type"),
        ([], dollar_bills.Event, True, (),
         "value must be a BidPlaced table or a Passed table or a BillsShown table or a Settled"
         " table or a GameDealt table, not a list"),
        ({"type": "PlaceBid", "seat": 0,
          "bid": {"type": "Bid", "count": 2, "digit": 10, "extra": 1}},
         dollar_bills.PlaceBid | dollar_bills.Pass, True, ("bid",),
         "value.bid has an unknown entry 'extra'"),
        (1.5, int | str, True, (), "value must be a whole number or text in quotes, not 1.5"),
        (1.5, str | int, True, (), "value must be text in quotes or a whole number, not 1.5"),
        ("x", int | None, True, (), "value must be a whole number, not 'x'"),
        (["AS", "AS"], frozenset[Card], True, (), "value must not name the same item twice"),
        (["AS", "ZZ"], frozenset[Card], True, (1,),
         "value[1] must be a card like 'AS' or 'JK:1', not 'ZZ'"),
        ([1, "a", 3], tuple[int, str], True, (), "value must hold 2 items, not 3"),
        ([1, 2], tuple[int, str], True, (1,), "value[1] must be text in quotes, not 2"),
        (True, float, True, (), "float must be a number, not true"),
        (2, bool, True, (), "bool must be true or false, not 2"),
        ("JK:1000", Card, True, (), "Card must be a card like 'AS' or 'JK:1', not 'JK:1000'"),
        (14.0, Rank, True, (),
         "Rank must be 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 or 15, not 14.0"),
        (True, Rank, True, (),
         "Rank must be 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 or 15, not true"),
        ({"seats": [{"name": "A", "kind": "bot", "level": "genius"}]}, Settings, False,
         ("seats", 0, "level"),
         "Settings.seats[0].level must be 'easy', 'normal' or 'hard', not 'genius'"),
        ({"decks": 2, "target": "x"}, Rules, False, ("target",),
         "Rules.target must be a whole number, not 'x'"),
        ({"round": {"poker": {"jokers": "x"}}}, LiarsPokerRules, False,
         ("round", "poker", "jokers"),
         "LiarsPokerRules.round.poker.jokers must be a whole number, not 'x'"),
        ({"seats": [], "colour": 1, "another": 2}, Settings, False, (),
         "Settings has an unknown entry 'another'"),
        ({"type": "Settings"}, Settings, True, (),
         "Settings names an unknown message type 'Settings'"),
        ({"type": "ShowHand", "seat": 0, "cards": ["AS"], "type2": 1, "aa": 2}, ShowHand, True,
         (), "ShowHand has an unknown entry 'aa'"),
        ({"type": "LiarGameRules", "decks": 1, "target": 500, "free_jokers": True,
          "big_combos": True, "joker_sets": True, "low_straight": True}, Rules, True,
         ("low_doubling",), "Rules.low_doubling is missing"),
        ({"wild_ranks": [2, 2]}, PokerRules, False, ("wild_ranks",),
         "PokerRules.wild_ranks must not name the same item twice"),
        ({"wild_ranks": [2, 99]}, PokerRules, False, ("wild_ranks", 1),
         "PokerRules.wild_ranks[1] must be 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 or 15,"
         " not 99"),
    ],
)  # fmt: skip
def test_refusals_say_exactly_where_and_what(
    data: Any, expected: Any, tagged: bool, location: tuple[str | int, ...], message: str
) -> None:
    """The messages the decoder gave before it made plans, word for word."""
    with pytest.raises(DecodeError) as refusal:
        decode(data, expected, tagged=tagged)
    assert str(refusal.value) == message
    assert refusal.value.location == location


def test_a_frame_nested_a_thousand_levels_deep_is_refused_at_the_limit() -> None:
    """A hostile frame a thousand levels deep is refused at the limit, in one message."""
    hostile = {"type": "Refused", "seat": 0, "reason": "", "action": deeply_nested(1000)}
    for _ in range(3):
        with pytest.raises(DecodeError, match=r"is nested more than 40 levels deep$"):
            decode(hostile, Refused)


@dataclasses.dataclass(frozen=True)
class Coins:
    count: int
    metal: str


@dataclasses.dataclass(frozen=True)
class Notes:
    count: str
    metal: int


def test_classes_with_the_same_field_names_keep_their_own_types() -> None:
    assert decode({"count": 2, "metal": "gold"}, Coins, tagged=False) == Coins(2, "gold")
    assert decode({"count": "2", "metal": 5}, Notes, tagged=False) == Notes("2", 5)
    with pytest.raises(DecodeError, match=r"^Notes\.count must be text in quotes, not 2$"):
        decode({"count": 2, "metal": "gold"}, Notes, tagged=False)
    with pytest.raises(DecodeError, match=r"^Coins\.count must be a whole number, not '2'$"):
        decode({"count": "2", "metal": 5}, Coins, tagged=False)


def test_unions_python_calls_equal_keep_their_own_order() -> None:
    """``int | str == str | int``, but each tries, and names, its options in its own order."""
    with pytest.raises(DecodeError, match="must be a whole number or text in quotes"):
        decode([1.5], tuple[int | str, ...])
    with pytest.raises(DecodeError, match="must be text in quotes or a whole number"):
        decode([1.5], tuple[str | int, ...])


def test_a_class_registered_later_is_decoded_by_its_name() -> None:
    @dataclasses.dataclass(frozen=True)
    class LateMessage:
        seat: int

    data = {"type": "LateMessage", "seat": 1}
    with pytest.raises(DecodeError, match="unknown message type 'LateMessage'"):
        decode(data, LateMessage)
    with pytest.raises(CodecError, match="LateMessage is not a registered message type"):
        encode(LateMessage(1))
    register(LateMessage)
    assert decode(data, LateMessage) == LateMessage(1)
    assert decode(data, Any) == LateMessage(1)
    assert encode(LateMessage(1)) == data


def test_a_message_name_is_the_registered_one() -> None:
    assert message_name(ShowHand) == "ShowHand"
    assert message_name(Rules) == "LiarGameRules"
    assert message_name(liars_poker.GameOver) == "LiarsPokerGameOver"
    with pytest.raises(CodecError, match=r"^Settings is not a registered message type$"):
        message_name(Settings)


def test_a_liars_poker_view_with_past_rounds_and_moves_in_play_round_trips() -> None:
    """The rounds a resumed or joined table shows travel in the view (issue 13)."""
    _actions, _events, views = bot_game("liars-poker-cards", 3, actions=400)
    view = next(
        view for view in reversed(views) if len(view.recent_rounds) >= 2 and view.round_moves
    )
    assert_round_trip(view, liars_poker.LiarsPokerView)
