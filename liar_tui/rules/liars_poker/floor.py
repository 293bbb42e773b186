"""The floor of a declaration: the worst hand a truthful speaker could hold, and raising by it.

RULINGS.md settles every challenge and every raise by floors, so the screens show one for each
declaration as it is built, and the bots compare them by the thousand: it has to be exact and
cheap. Searching the deck would be neither, so the worst hand is built directly from what the
declaration leaves open: unnamed ranks are filled with the lowest ranks that keep the hand in
the declared category (kickers that would pair up or run into a straight are passed over), and
the floor is the evaluator's own value of that hand, so that a floor and a revealed hand are
always compared on the same scale.

Wild cards (jokers and named wild ranks) are the subtle part. A hand holding one is worth its
best assignment, so a truthful speaker is held to what the hand really is. Most values a wild
hand can have are also the value of some hand without wilds, whose floor is then no higher;
only five of a kind and a few hands the plain cards cannot form remain, and those are built
here too:

- a straight, color straight flush or straight flush whose window holds a wild rank: wilds
  fill the gaps, and the natural cards must include the window's lowest rank, or the wilds
  would rather top a higher straight;
- a flush or color flush whose wilds play as aces: one or two wilds for a flush (three would
  make four of a kind), one for a color flush (two would make three of a kind), beside natural
  cards that no straight window holds, or the wilds would rather finish a straight.

Seven-card hands and face-up (communal) cards cannot be built this way; ``floor_search``
searches the hands the table can deal for them, and ``floor`` asks it whenever the round has
either (``highest_hand`` always asks it).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from liar_tui.rules.cards import Card, Rank, Suit
from liar_tui.rules.liars_poker.declarations import (
    STRAIGHT_CATEGORIES,
    Declaration,
    DeclarationError,
    impossibility,
)
from liar_tui.rules.liars_poker.floor_search import (
    ACE_LOW,
    DEFAULT_SUIT,
    GROUP_SIZES,
    MIXED_SUITS,
    Deck,
    in_one_window,
    searched_best_hand,
    searched_worst_hand,
)
from liar_tui.rules.liars_poker.poker_hands import HAND_CARDS, HandRank, hand_rank
from liar_tui.rules.liars_poker.rules import Category, Color, PokerRules

_DEFAULT_COLOR = Color.RED
_FEWEST_NATURALS_IN_A_STRAIGHT = {
    Category.STRAIGHT: 3,
    Category.COLOR_STRAIGHT_FLUSH: 3,
    Category.STRAIGHT_FLUSH: 2,
}
"""Natural cards a straight of this category needs beside its wilds: with one natural fewer,
the wilds would rather make four of a kind, which outranks a straight and a color straight
flush (not a straight flush, where two naturals and three wilds are still a straight flush)."""


def floor(declaration: Declaration, rules: PokerRules, communal: Sequence[Card] = ()) -> HandRank:
    """The value of the worst hand the deck can form that matches every detail of ``declaration``.

    With communal cards only hands holding ``communal`` (the face-up cards) count. Raises
    ``DeclarationError`` with a sentence a player can read when no hand matches.
    """
    return _found(declaration, rules, tuple(communal))[1]


def worst_hand(
    declaration: Declaration, rules: PokerRules, communal: Sequence[Card] = ()
) -> tuple[Card, ...]:
    """A hand of ``rules.hand_size`` cards, holding ``communal``, that matches ``declaration`` and
    is worth its floor.

    Shown on the challenge screen beside the floor, it makes "at least this" concrete.
    """
    return _found(declaration, rules, tuple(communal))[0]


def _found(
    declaration: Declaration, rules: PokerRules, communal: tuple[Card, ...]
) -> tuple[tuple[Card, ...], HandRank]:
    found = _worst_hand_or_reason(declaration, rules, communal)
    if isinstance(found, str):
        raise DeclarationError(found)
    return found


@functools.lru_cache(maxsize=8192)
def _worst_hand_or_reason(
    declaration: Declaration, rules: PokerRules, communal: tuple[Card, ...]
) -> tuple[tuple[Card, ...], HandRank] | str:
    """The worst hand and its value, or why no hand matches. Remembered, refusals too: the
    bots and the declaration builder ask about the same declarations again and again."""
    deck = Deck.of(rules)
    if declaration.cards or declaration.category not in deck.categories:
        # Exact cards and switched-off categories: the declarations' own reasons come first.
        reason = impossibility(declaration, rules)
        if reason is not None:
            return reason
    if rules.hand_size == HAND_CARDS and not communal and not declaration.cards:
        hand = _BUILDERS[declaration.category](declaration, deck)
    elif declaration.cards and rules.hand_size == HAND_CARDS and not communal:
        hand = declaration.cards
    else:
        hand = searched_worst_hand(declaration, rules, communal)
    if hand is None:
        # Only now: the declarations' own reasons are the more specific, but slower to find.
        return impossibility(declaration, rules) or _no_hand_reason(declaration, rules, communal)
    return hand, hand_rank(hand, rules)


@functools.lru_cache(maxsize=256)
def lowest_hand(rules: PokerRules, communal: Sequence[Card] = ()) -> HandRank:
    """The worst hand the deck can form under ``rules`` holding ``communal``: 7-5-4-3-2 with
    plain rules. An opening declaration must have a floor above it.
    """
    for category in rules.order():
        try:
            return floor(Declaration(category), rules, communal)
        except DeclarationError:
            continue
    raise AssertionError("every deck forms some hand")


@functools.lru_cache(maxsize=256)
def highest_hand(rules: PokerRules, communal: Sequence[Card] = ()) -> HandRank:
    """The best hand the deck can form under ``rules`` holding ``communal``.

    No declaration raises a floor at or above it: the next player must then challenge.
    """
    return hand_rank(searched_best_hand(rules, tuple(communal)), rules)


def is_raise(
    new: Declaration,
    old: Declaration | None,
    rules: PokerRules,
    communal: Sequence[Card] = (),
) -> bool:
    """Whether ``new`` may follow ``old`` (None: ``new`` opens the round): a strictly higher floor.

    Raises ``DeclarationError`` when no hand matches ``new`` (or ``old``), with the reason.
    """
    beaten = lowest_hand(rules, tuple(communal)) if old is None else floor(old, rules, communal)
    return floor(new, rules, communal) > beaten


def _no_hand_reason(declaration: Declaration, rules: PokerRules, communal: Sequence[Card]) -> str:
    named = [*declaration.groups, *declaration.kickers, *declaration.high_cards]
    wild = [rank for rank in named if rank in rules.wild_ranks]
    if wild:
        return (
            f"No hand this round is {declaration.text}: {wild[0].plural} are wild, "
            "so no hand counts them as they are."
        )
    if communal:
        shown = " and ".join(card.text for card in communal)
        return f"No hand holding the face-up {shown} is {declaration.text}."
    if rules.hand_size != HAND_CARDS:
        return f"No seven-card hand has {declaration.text} as its best five cards."
    return f"No hand this round's deck can form is {declaration.text}."


# --- Hands made of pairs and sets --------------------------------------------------------


def _grouped_hand(declaration: Declaration, deck: Deck) -> tuple[Card, ...] | None:
    """Unnamed groups and kickers take the lowest natural ranks left; no two of them may share
    a rank, or the hand would be a bigger set. Such a hand cannot be a straight or a flush."""
    sizes = GROUP_SIZES[declaration.category]
    kicker_room = HAND_CARDS - sum(sizes)
    named = (*declaration.groups, *declaration.kickers)
    if any(rank not in deck.naturals for rank in named):
        return None
    free = [rank for rank in deck.naturals if rank not in named]
    groups = list(declaration.groups)
    for _ in range(len(groups), len(sizes)):
        candidates = free
        if declaration.category is Category.TWO_PAIR:
            # The higher pair is the more significant, and needs a lower pair beside it.
            candidates = [rank for rank in free if rank < groups[0]] if groups else free[1:]
        if not candidates:
            return None
        groups.append(candidates[0])
        free.remove(candidates[0])
    kickers = list(declaration.kickers)
    below_last = [rank for rank in free if not kickers or rank < kickers[-1]]
    missing = kicker_room - len(kickers)
    if len(below_last) < missing:
        return None
    kickers += sorted(below_last[:missing], reverse=True)
    ranks = [rank for rank, size in zip(groups, sizes, strict=True) for _ in range(size)]
    return _mixed([*ranks, *kickers])


def _five_of_a_kind(declaration: Declaration, deck: Deck) -> tuple[Card, ...] | None:
    """Four naturals and a wild; five wilds are five aces, the only five of a kind of a wild
    rank."""
    wanted = declaration.groups[0] if declaration.groups else None
    for rank in deck.naturals:
        if wanted in (None, rank) and deck.wilds:
            return (*(Card(rank, suit) for suit in Suit), deck.wilds[0])
    if wanted in (None, Rank.ACE) and len(deck.wilds) >= HAND_CARDS:
        return deck.wilds[:HAND_CARDS]
    return None


# --- Straights -------------------------------------------------------------------------------


def _straight_hand(declaration: Declaration, deck: Deck) -> tuple[Card, ...] | None:
    tops = [declaration.top] if declaration.top else range(Rank.FIVE, Rank.ACE + 1)
    for top in tops:
        naturals = _straight_naturals(Rank(top), declaration.category, deck)
        if naturals is not None:
            return _dressed(naturals, declaration, deck)
    return None


def _straight_naturals(top: Rank, category: Category, deck: Deck) -> list[Rank] | None:
    """The natural cards of the straight topped by ``top``, the fewest wilds filling the rest.

    Wilds complete the best straight they can, so below the ace-high straight the naturals
    must include the window's lowest rank, which the next window up leaves out.
    """
    window = [Rank.ACE if rank == ACE_LOW else Rank(rank) for rank in range(top, top - 5, -1)]
    naturals = [rank for rank in window if rank in deck.naturals]
    if top != Rank.ACE and window[-1] not in naturals:
        return None
    wilds = HAND_CARDS - len(naturals)
    if len(naturals) < _FEWEST_NATURALS_IN_A_STRAIGHT[category] or wilds > len(deck.wilds):
        return None
    return naturals


# --- Hands ranked card by card: high card, flush, color flush -----------------------------


@dataclass(frozen=True)
class _Source:
    """One way to make the category: wilds playing as aces at the head, natural cards after."""

    wilds: int
    pairs: int
    """Pairs the natural cards hold: 1 only in a color flush, which ignores pairs inside it."""


_SOURCES: dict[Category, tuple[_Source, ...]] = {
    Category.HIGH_CARD: (_Source(0, 0),),
    Category.FLUSH: (_Source(0, 0), _Source(1, 0), _Source(2, 0)),
    Category.COLOR_FLUSH: (_Source(0, 0), _Source(0, 1), _Source(1, 0)),
}


def _ranked_hand(declaration: Declaration, deck: Deck) -> tuple[Card, ...] | None:
    """The lowest ranks, high to low, over every way the category can be made."""
    best: tuple[int, ...] | None = None
    best_wilds = 0
    for source in _SOURCES[declaration.category]:
        if source.wilds > len(deck.wilds):
            continue
        ranks = _lowest_with_head(declaration.high_cards, source, deck.naturals)
        if ranks is not None and (best is None or ranks < best):
            best, best_wilds = ranks, source.wilds
    if best is None:
        return None
    return _dressed([Rank(rank) for rank in best[best_wilds:]], declaration, deck)


def _lowest_with_head(
    prefix: tuple[Rank, ...], source: _Source, naturals: tuple[Rank, ...]
) -> tuple[int, ...] | None:
    head = (Rank.ACE,) * source.wilds
    shared = min(len(head), len(prefix))
    if prefix[:shared] != head[:shared]:
        return None
    tail = _lowest_tail(prefix[len(head) :], HAND_CARDS - len(head), naturals, source.pairs)
    return None if tail is None else (*head, *tail)


def _lowest_tail(
    fixed: Sequence[int], length: int, naturals: tuple[Rank, ...], pairs: int
) -> tuple[int, ...] | None:
    """The lowest ``length`` ranks (compared high to low) that begin with ``fixed`` and hold
    exactly ``pairs`` pairs, every other rank once; without a pair, ranks that no straight
    window holds all of, or the hand (with its wilds) would be a straight."""
    if any(rank not in naturals for rank in fixed):
        return None
    for at in range(1, len(fixed)):
        if fixed[at] == fixed[at - 1]:
            pairs -= 1
            if pairs < 0 or (at > 1 and fixed[at - 2] == fixed[at]):
                return None
    return _filled(list(fixed), length, naturals, pairs)


def _filled(
    ranks: list[int], length: int, naturals: tuple[Rank, ...], pairs: int
) -> tuple[int, ...] | None:
    """Depth first, lowest rank first at each place: the first complete hand is the lowest."""
    if len(ranks) == length:
        if pairs or in_one_window(ranks):
            return None
        return tuple(ranks)
    places_after = length - len(ranks) - 1
    ceiling = ranks[-1] if ranks else Rank.ACE
    for below, rank in enumerate(naturals):
        if rank > ceiling:
            break
        repeats = bool(ranks) and rank == ranks[-1]
        if repeats and (not pairs or (len(ranks) > 1 and ranks[-2] == rank)):
            continue
        pairs_left = pairs - repeats
        if places_after > below + pairs_left:
            continue
        ranks.append(rank)
        found = _filled(ranks, length, naturals, pairs_left)
        ranks.pop()
        if found is not None:
            return found
    return None


# --- Cards for the ranks ---------------------------------------------------------------------


def _dressed(naturals: Sequence[Rank], declaration: Declaration, deck: Deck) -> tuple[Card, ...]:
    """Suits for the natural cards, as the category asks, and wilds for the missing cards."""
    category = declaration.category
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        suit = declaration.suit or DEFAULT_SUIT
        cards = [Card(rank, suit) for rank in naturals]
    elif category in (Category.COLOR_FLUSH, Category.COLOR_STRAIGHT_FLUSH):
        suits = (declaration.color or _DEFAULT_COLOR).suits
        cards = [Card(rank, suits[at % 2]) for at, rank in enumerate(naturals)]
    else:
        cards = list(_mixed(naturals))
    return (*cards, *deck.wilds[: HAND_CARDS - len(cards)])


def _mixed(ranks: Sequence[Rank]) -> tuple[Card, ...]:
    return tuple(Card(rank, MIXED_SUITS[at % len(MIXED_SUITS)]) for at, rank in enumerate(ranks))


_Builder = Callable[[Declaration, Deck], tuple[Card, ...] | None]
_BUILDERS: dict[Category, _Builder] = {
    **dict.fromkeys(GROUP_SIZES, _grouped_hand),
    Category.FIVE_OF_A_KIND: _five_of_a_kind,
    **dict.fromkeys(STRAIGHT_CATEGORIES, _straight_hand),
    **dict.fromkeys((Category.HIGH_CARD, Category.FLUSH, Category.COLOR_FLUSH), _ranked_hand),
}
