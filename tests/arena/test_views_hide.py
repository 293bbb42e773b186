"""No view a bot is handed leads, by any chain of attributes, to what its seat may not see.

Random games are played on the real table with bots of every level; every view given to a
bot is walked through all its dataclass fields and containers down to the leaves, and each
card (or serial number) found is checked against what the seat may not know at that moment:
the other seats' cards or bills, and the deck. The walk refuses any object it does not know
how to read (a generator, a game state), so nothing can hide behind one.

A few fields are public records, named below with the reason: they hold cards that were
shown face up to everyone (or named aloud in a declaration), which may since have gone back
into the deck and so look like hidden cards by value.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import Any

import pytest

from liar_tui.bots.base import Bot
from liar_tui.games import make_bot, new_state
from liar_tui.rules.cards import Card
from liar_tui.rules.dollar_bills import game as dollar_bills
from liar_tui.rules.dollar_bills.rules import Rules as BillRules
from liar_tui.rules.liar_game import game as liar_game
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.rules.liars_poker import game as liars_poker
from liar_tui.rules.liars_poker.rules import LiarsPokerRules, PokerRules, RoundRules
from liar_tui.table.bot_seat import BotSeat
from liar_tui.table.seats import BotLevel, SeatConfig
from liar_tui.table.setup import TableSetup
from liar_tui.table.table import Bus, Table

Path = tuple[str, ...]
LEAVES = (str, int, float, bool, type(None), Enum)


def walk(value: object, path: Path = ()) -> Iterator[tuple[Path, object]]:
    """Every value reachable from ``value`` by fields and container items, with its path."""
    yield path, value
    if isinstance(value, LEAVES):
        return
    if is_dataclass(value) and not isinstance(value, type):
        for field in fields(value):
            yield from walk(getattr(value, field.name), (*path, field.name))
    elif isinstance(value, tuple | list | frozenset | set):
        for index, item in enumerate(value):
            yield from walk(item, (*path, str(index)))
    elif isinstance(value, dict):
        for index, (key, item) in enumerate(value.items()):
            yield from walk(key, (*path, f"key {index}"))
            yield from walk(item, (*path, str(key)))
    else:
        raise AssertionError(
            f"{'.'.join(path)} holds a {type(value).__name__} the walk cannot read"
        )


def is_record(path: Path, records: tuple[Path, ...]) -> bool:
    """Whether ``path`` lies under one of ``records`` (``*`` stands for any item)."""
    return any(
        len(path) >= len(record)
        and all(want in ("*", got) for want, got in zip(record, path, strict=False))
        for record in records
    )


@dataclass(frozen=True)
class Secrets:
    """What a seat may not see now, and which fields of its view are public records."""

    hidden: frozenset[object]
    records: tuple[Path, ...]
    own: frozenset[object]
    """Private things the seat may see (its own cards or bill): the walk must find them."""


def leaks(view: object, secrets: Secrets) -> list[str]:
    """Paths in ``view`` that reach a hidden card or serial number; empty when none do."""
    found = []
    for path, value in walk(view):
        secret = isinstance(value, Card | str) and value in secrets.hidden
        if secret and not is_record(path, secrets.records):
            found.append(f"{'.'.join(path)} = {value!r}")
    return found


def reached(view: object) -> set[object]:
    return {value for _, value in walk(view) if isinstance(value, Card | str)}


# --------------------------------------------------------------------------- secrets


def liar_game_secrets(game: liar_game.LiarGame, seat: int) -> Secrets:
    hidden: set[object] = set(game.deck)
    hidden |= set(game.discards) - set(game.seen_since_shuffle)
    for other in range(game.seats):
        if other != seat:
            hidden |= set(game.pockets[other]) | set(game.chosen[other] or ())
    return Secrets(
        frozenset(hidden),
        records=(("history",),),  # every hand shown at each reveal, face up to all
        own=frozenset(game.pockets[seat]),
    )


def liars_poker_secrets(game: liars_poker.LiarsPokerGame, seat: int) -> Secrets:
    hidden: set[object] = set(game.deck) | set(game.discard_pile)
    holding = seat == game.holder and game.phase is not liars_poker.Phase.OVER
    if not holding:
        hidden |= set(game.pocket)
    return Secrets(
        frozenset(hidden),
        records=(
            ("last_challenge",),  # the hand turned over at the last challenge
            ("discards", "*", "communal"),  # the face-up cards after each draw
            ("declarations", "*", "declaration", "cards"),  # cards named aloud
            ("recent_rounds", "*", "ending"),  # each past round's challenge or stuck hand
            ("recent_rounds", "*", "moves", "*", "communal"),
            ("recent_rounds", "*", "moves", "*", "declaration", "cards"),
            ("round_moves", "*", "communal"),
            ("round_moves", "*", "declaration", "cards"),
        ),
        own=frozenset(game.pocket) if holding else frozenset(),
    )


def dollar_bills_secrets(game: dollar_bills.DollarBillsSession, seat: int) -> Secrets:
    own = game.serials[seat]
    others = {serial for other, serial in enumerate(game.serials) if other != seat}
    return Secrets(
        frozenset(others - {own}),
        records=(("recent_games",),),  # the bills shown when each past deal was settled
        own=frozenset({own}),
    )


SECRETS: dict[str, Callable[[Any, int], Secrets]] = {
    "liar-game": liar_game_secrets,
    "liars-poker-cards": liars_poker_secrets,
    "liars-poker-bills": dollar_bills_secrets,
}


# --------------------------------------------------------------------------- playing


class _Inspected:
    """A bot whose every view is searched for secrets before the bot sees it."""

    def __init__(self, bot: Bot, secrets_now: Callable[[], Secrets], checked: list[int]) -> None:
        self._bot, self._secrets_now, self._checked = bot, secrets_now, checked

    def act(self, view: Any) -> Any:
        secrets = self._secrets_now()
        assert leaks(view, secrets) == [], f"seat {view.seat} can reach hidden cards"
        assert secrets.own <= reached(view), "the walk missed the seat's own cards"
        self._checked.append(view.seat)
        return self._bot.act(view)


def play_inspected(game_id: str, rules: Any, seats: int, seed: int, deals: int = 1) -> int:
    """Play one random table to its end (``deals`` deals at dollar bills); views checked."""
    rng = random.Random(seed)
    levels = [rng.choice(list(BotLevel)) for _ in range(seats)]
    setup = TableSetup(
        game_id, rules, tuple(SeatConfig(f"Bot {i}", level=lv) for i, lv in enumerate(levels)), seed
    )
    game = new_state(setup)
    table = Table(setup, game)
    bus = Bus(table)
    checked: list[int] = []

    def stop_after_deals(update: Any) -> None:
        if isinstance(game, dollar_bills.DollarBillsSession) and game.game > deals:
            table.close()

    table.subscribe(0, stop_after_deals)
    for seat, level in enumerate(levels):
        bot = make_bot(game_id, level, random.Random(f"{seed}:{seat}"))
        secrets_now = functools.partial(SECRETS[game_id], game, seat)
        table.subscribe(seat, BotSeat(seat, _Inspected(bot, secrets_now, checked), bus))
    assert table.over or isinstance(game, dollar_bills.DollarBillsSession)
    assert set(checked) == set(range(seats)), "every seat was handed views"
    return len(checked)


LIAR_GAME_RULES = [
    LiarGameRules(target=120),
    LiarGameRules(
        decks=2,
        target=150,
        free_jokers=True,
        big_combos=True,
        joker_sets=True,
        low_straight=True,
        low_doubling=True,
    ),
]
POKER_RULES = [
    LiarsPokerRules(lives=2),
    LiarsPokerRules(lives=2, chips=True, round=RoundRules(PokerRules(jokers=2), draw_twice=True)),
    LiarsPokerRules(
        lives=2,
        round=RoundRules(PokerRules(hand_size=7, communal_cards=2), communal_discardable=True),
    ),
    LiarsPokerRules(lives=1, dealers_choice=True, round=RoundRules(PokerRules(communal_cards=1))),
]


@pytest.mark.parametrize("rules", LIAR_GAME_RULES, ids=["one deck", "two decks, variants"])
@pytest.mark.parametrize("seed", range(3))
def test_liar_game_views_hide_other_pockets_and_the_deck(rules: LiarGameRules, seed: int) -> None:
    assert play_inspected("liar-game", rules, seats=3 + seed, seed=seed) > 0


@pytest.mark.parametrize("rules", POKER_RULES, ids=["plain", "chips", "communal", "choice"])
@pytest.mark.parametrize("seed", range(3))
def test_liars_poker_views_show_the_hand_only_to_its_holder(
    rules: LiarsPokerRules, seed: int
) -> None:
    assert play_inspected("liars-poker-cards", rules, seats=2 + seed, seed=seed) > 0


@pytest.mark.parametrize("seed", range(4))
def test_dollar_bill_views_show_other_bills_only_once_shown(seed: int) -> None:
    rules = BillRules(digits=4 + seed)
    assert play_inspected("liars-poker-bills", rules, seats=2 + seed, seed=seed, deals=8) > 0


# --------------------------------------------------------------------------- the check itself


@dataclass(frozen=True)
class _LeakyView:
    seat: int
    pocket: tuple[Card, ...]
    others: tuple[tuple[Card, ...], ...]


def test_the_check_finds_a_card_hidden_deep_in_a_view() -> None:
    game = liar_game.LiarGame(LiarGameRules(), 3, seed=1)
    view = _LeakyView(0, tuple(game.pockets[0]), ((), (game.pockets[2][4],)))
    assert leaks(view, liar_game_secrets(game, 0)) == [f"others.1.0 = {game.pockets[2][4]!r}"]
    assert leaks(game.view(0), liar_game_secrets(game, 0)) == []


def test_the_walk_refuses_objects_it_cannot_read() -> None:
    with pytest.raises(AssertionError, match="pocket holds a Random"):
        list(walk(_LeakyView(0, random.Random(1), ())))  # type: ignore[arg-type]
