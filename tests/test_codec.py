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

from liar_tui.rules.cards import Card, Rank, Suit, shoe
from liar_tui.rules.liar_game import (
    Event,
    HandChosen,
    LiarGame,
    LiarGameView,
    Rules,
    ShowHand,
)
from liar_tui.store.settings import CardStyle, Settings
from liar_tui.table.codec import (
    CodecError,
    DecodeError,
    UnknownEntry,
    decode,
    encode,
    location_words,
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
        decode({"liar_game": {"colour": 1}}, Settings, tagged=False)
    assert refusal.value.location == ("liar_game",)
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
    custom = Settings(player_name="Zoe", card_style=CardStyle.ASCII, liar_game=Rules(decks=2))
    data = encode(custom, tagged=False)
    assert "type" not in data
    assert "type" not in data["liar_game"]
    assert decode(data, Settings, tagged=False) == custom
    assert decode({"player_name": "Zoe"}, Settings, tagged=False) == Settings(player_name="Zoe")
    with pytest.raises(CodecError, match=r"^Settings has an unknown entry 'colour'$"):
        decode({"colour": "red"}, Settings, tagged=False)
    with pytest.raises(CodecError, match=r"^value must be a message, not a table$"):
        decode({"seat": 0}, Any, tagged=False)
    with pytest.raises(CodecError, match=r"^Settings\.seats\[0\]\.name is missing$"):
        decode({"seats": [{"kind": "bot"}, {"name": "B"}]}, Settings, tagged=False)
