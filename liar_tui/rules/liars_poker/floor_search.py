"""The floor's search for seven-card hands and face-up (communal) cards.

``floor`` builds the worst hand of a five-card declaration directly from what it leaves open;
with seven-card hands or face-up cards that is not enough, and it asks this module instead.

Seven-card hands and face-up (communal) cards are the harder case: there a value of the
declared category is a floor only if some real hand is worth exactly it, its two spare cards
not improving its best five and the face-up cards in it. ``_Table`` tries the category's
values from the lowest (rank patterns made lazily, a flush's and high card's thousands on
demand), and for each builds hands: which of its ranks the wilds play, suits for the naturals
as the category asks (a spread of suits otherwise), the face-up cards, and spare ranks from
the lowest, each spare in the least used suit and color so it finishes no flush it can avoid.
Every hand kept is valued by ``hand_rank``. Most tries end before that, on facts that hold
for every hand: a hand is worth at least any part of it, so five cards (with the face-up
ones) already worth more rule a value out, as do spare ranks whose pairs, sets and straights
alone beat it; wilds cannot play in a high card, nor beside a pair or in two pair beyond what
the evaluator would choose; face-up cards outside the best five must be ranks a spare may
have. Results, refusals included, are remembered per declaration, rules and face-up cards.

This search is checked, not proven: suits for spares are chosen by the least-used rule
rather than tried exhaustively. ``tests/rules/liars_poker/test_floor_reference.py`` compares
it with an exhaustive search of every seven-card hand (and five-card hand with face-up
cards), up to what a hand's value depends on, under several rule sets.

The deck and the few rank helpers that the five-card construction shares with this search are
defined here, public: ``floor`` imports this module, so this module cannot import ``floor``.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from liar_tui.rules.cards import NATURAL_RANKS, Card, Rank, Suit
from liar_tui.rules.liars_poker.declarations import STRAIGHT_CATEGORIES, Declaration
from liar_tui.rules.liars_poker.poker_hands import (
    HAND_CARDS,
    Pool,
    best_of_category,
    hand_rank,
    ranking_of,
)
from liar_tui.rules.liars_poker.rules import Category, Color, PokerRules

# --- Shared with the five-card construction in ``floor`` ------------------------------------

ACE_LOW = 1
"""The ace's place when it plays below the two, in A-2-3-4-5."""
MIXED_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""Dealt in turn, these give up to four equal ranks different suits and five cards both colors."""
DEFAULT_SUIT = Suit.SPADES
GROUP_SIZES: dict[Category, tuple[int, ...]] = {
    Category.PAIR: (2,),
    Category.TWO_PAIR: (2, 2),
    Category.THREE_OF_A_KIND: (3,),
    Category.FULL_HOUSE: (3, 2),
    Category.FOUR_OF_A_KIND: (4,),
}
"""Categories made of pairs and sets that a hand without wilds forms; sizes of the groups."""


@dataclass(frozen=True)
class Deck:
    """What a deck under one set of rules offers: the natural ranks, low to high, and its wilds."""

    naturals: tuple[Rank, ...]
    wilds: tuple[Card, ...]
    """Every wild card, jokers first: any of them plays as any face."""
    categories: frozenset[Category]

    @staticmethod
    @functools.lru_cache(maxsize=64)
    def of(rules: PokerRules) -> Deck:
        naturals = tuple(rank for rank in NATURAL_RANKS if rank not in rules.wild_ranks)
        wilds = [Card(Rank.JOKER, None, copy) for copy in range(rules.jokers)]
        wilds += [Card(rank, suit) for rank in sorted(rules.wild_ranks) for suit in Suit]
        return Deck(naturals, tuple(wilds), frozenset(rules.order()))


def in_one_window(ranks: Sequence[int]) -> bool:
    """Whether different ranks all fit one straight's five ranks (the ace high or low)."""
    if len(set(ranks)) < len(ranks):
        return False
    if max(ranks) - min(ranks) < HAND_CARDS:
        return True
    low = [ACE_LOW if rank == Rank.ACE else rank for rank in ranks]
    return max(low) - min(low) < HAND_CARDS


# --- Seven-card hands and communal cards -----------------------------------------------------
#
# Here a matching value is not always the value of some whole hand: with seven cards the two
# cards beside the best five must not improve them, and the face-up cards must be in the hand.
# So the candidates (every value of the declared category, low to high) are tried in turn, and
# each is kept only when a hand worth exactly it can be dealt: its five cards, wild or natural,
# the face-up cards, and the lowest spare cards that leave the value as it is. Every hand tried
# is valued by ``hand_rank``, so a floor found here is always the value of a real hand.


def searched_worst_hand(
    declaration: Declaration, rules: PokerRules, communal: tuple[Card, ...]
) -> tuple[Card, ...] | None:
    """A hand of ``rules.hand_size`` cards, holding ``communal``, that matches ``declaration``
    and is worth its floor; None when the table can deal no such hand."""
    return _table(rules, communal).worst_hand(declaration)


def searched_best_hand(rules: PokerRules, communal: tuple[Card, ...]) -> tuple[Card, ...]:
    """The best hand of ``rules.hand_size`` cards, holding ``communal``, the table can deal."""
    return _table(rules, communal).best_hand()


_PARTNER = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
"""The other suit of the same color."""
_KICKER_CATEGORIES = {
    Category.HIGH_CARD: 0,
    Category.PAIR: 2,
    Category.TWO_PAIR: 4,
    Category.THREE_OF_A_KIND: 3,
    Category.FOUR_OF_A_KIND: 4,
}
"""Categories whose lowest counted cards are kickers, and where the kickers start: a spare card
above the lowest kicker, and not of a group's rank, would become a kicker and raise the hand."""
_DISTINCT_SPARES = frozenset({Category.HIGH_CARD, Category.PAIR, Category.THREE_OF_A_KIND})
"""Categories that two spare cards of one rank would raise (to a pair, two pair, full house)."""
_RANK_CATEGORIES = frozenset(
    {*GROUP_SIZES, Category.HIGH_CARD, Category.STRAIGHT, Category.FIVE_OF_A_KIND}
)
"""Categories that the ranks of a hand decide without its suits."""
_SHAPE_SIZES: dict[Category, tuple[int, ...]] = {
    **GROUP_SIZES,
    Category.FIVE_OF_A_KIND: (5,),
}


@functools.cache
def _candidates(category: Category) -> dict[int | None, tuple[tuple[int, ...], ...]]:
    """Every rank pattern a value of ``category`` (made of groups, or a straight) can have,
    low to high, by its leading rank.

    Generous on purpose (some patterns no hand reaches, such as three wild aces heading a
    flush): the deal check throws those out, while a pattern missing here would be a floor lost.
    """
    high_first = range(Rank.ACE, Rank.TWO - 1, -1)
    patterns: list[tuple[int, ...]] = []
    if category in _SHAPE_SIZES:
        sizes = _SHAPE_SIZES[category]
        kicker_room = HAND_CARDS - sum(sizes)
        for groups in itertools.permutations(high_first, len(sizes)):
            if category is Category.TWO_PAIR and groups[0] < groups[1]:
                continue
            free = [rank for rank in high_first if rank not in groups]
            for kickers in itertools.combinations(free, kicker_room):
                head = [rank for rank, size in zip(groups, sizes, strict=True) for _ in range(size)]
                patterns.append((*head, *kickers))
    elif category in STRAIGHT_CATEGORIES:
        for top in range(Rank.FIVE, Rank.ACE + 1):
            patterns.append(
                tuple(Rank.ACE if rank == ACE_LOW else rank for rank in range(top, top - 5, -1))
            )
    by_lead: dict[int | None, list[tuple[int, ...]]] = {None: []}
    for ranks in sorted(patterns, key=_order_key(category)):
        by_lead[None].append(ranks)
        by_lead.setdefault(ranks[0], []).append(ranks)
    return {lead: tuple(found) for lead, found in by_lead.items()}


_ACES_FIRST = frozenset({Category.FLUSH, Category.COLOR_FLUSH})
"""Categories whose wilds play as aces, ahead of the natural cards."""
_MOST_OF_A_RANK = {Category.HIGH_CARD: 1, Category.FLUSH: 1, Category.COLOR_FLUSH: 2}
"""Cards of one rank a value ranked card by card can hold (aces aside, which wilds may be)."""


def _ranked_patterns(
    category: Category, prefix: tuple[int, ...], descending: bool = False
) -> Iterator[tuple[int, ...]]:
    """The rank patterns of a high card, flush or color flush value that begin with
    ``prefix``, low to high (or high to low): made on demand, as there are thousands.

    Depth first, each place tried from its lowest rank, which is the values' own order. Like
    the candidates, generous: only a pair heading a color flush, or repeated aces (wilds), and
    never five ranks that one straight window holds.
    """
    most = _MOST_OF_A_RANK[category]
    ranks = list(prefix)
    if any(a < b for a, b in itertools.pairwise(ranks)) or not _pattern_allowed(
        category, ranks, most
    ):
        return
    yield from _extended(category, ranks, most, descending)


def _extended(
    category: Category, ranks: list[int], most: int, descending: bool
) -> Iterator[tuple[int, ...]]:
    if len(ranks) == HAND_CARDS:
        if len(set(ranks)) < HAND_CARDS or not in_one_window(ranks):
            yield tuple(ranks)
        return
    ceiling = ranks[-1] if ranks else Rank.ACE
    choices = range(Rank.TWO, ceiling + 1)
    for rank in reversed(choices) if descending else choices:
        ranks.append(rank)
        if _pattern_allowed(category, ranks, most):
            yield from _extended(category, ranks, most, descending)
        ranks.pop()


def _pattern_allowed(category: Category, ranks: list[int], most: int) -> bool:
    counts = [ranks.count(rank) for rank in set(ranks) if rank != Rank.ACE]
    if category is Category.HIGH_CARD and ranks.count(Rank.ACE) > 1:
        return False
    return all(count <= most for count in counts) and counts.count(2) <= 1


def _order_key(category: Category) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """Straights rank by their top card alone (a wheel's ace is low); the rest card by card."""
    if category in STRAIGHT_CATEGORIES:
        return lambda ranks: ranks[:1]
    return lambda ranks: ranks


def _matches(ranks: tuple[int, ...], declaration: Declaration) -> bool:
    """Whether a value of the declared category with ``ranks`` says what the declaration says."""
    category = declaration.category
    if category in _SHAPE_SIZES:
        sizes = _SHAPE_SIZES[category]
        starts = [sum(sizes[:at]) for at in range(len(sizes))]
        groups = tuple(ranks[start] for start in starts)
        kickers = ranks[sum(sizes) :]
        return (
            groups[: len(declaration.groups)] == declaration.groups
            and kickers[: len(declaration.kickers)] == declaration.kickers
        )
    if category in STRAIGHT_CATEGORIES:
        return declaration.top is None or ranks[0] == declaration.top
    return ranks[: len(declaration.high_cards)] == declaration.high_cards


def _lead(declaration: Declaration) -> int | None:
    named = (*declaration.groups, *declaration.high_cards)
    if named:
        return named[0]
    return declaration.top


@functools.lru_cache(maxsize=64)
def _table(rules: PokerRules, communal: tuple[Card, ...]) -> _Table:
    return _Table(rules, communal)


class _Table:
    """The hands a table can deal under one round's rules, with its face-up cards.

    Deal checks are remembered: the bots and the declaration builder ask about the same
    values again and again within a round.
    """

    def __init__(self, rules: PokerRules, communal: tuple[Card, ...]) -> None:
        self.rules = rules
        self.communal = communal
        self.deck = Deck.of(rules)
        self.natural_ranks = frozenset(int(rank) for rank in self.deck.naturals)
        self.face_up_wilds = tuple(card for card in communal if self._is_wild(card))
        self.face_up_naturals = tuple(card for card in communal if not self._is_wild(card))
        self.spare_wilds = self._spare_wilds()
        self.spares = rules.hand_size - HAND_CARDS
        self.ranking = ranking_of(rules)
        self.rank_categories = frozenset(rules.order()) & _RANK_CATEGORIES
        self.rank_categories_high_first = [
            each for each in reversed(rules.order()) if each in _RANK_CATEGORIES
        ]
        self._rank_checks: dict[tuple[Category, tuple[int, ...], tuple[int, ...], int], bool] = {}
        self._dealt: dict[
            tuple[Category, tuple[int, ...], Suit | None, Color | None], tuple[Card, ...] | None
        ] = {}
        problems = self._communal_problem()
        if problems:
            raise ValueError(problems)

    def _communal_problem(self) -> str | None:
        if len(self.communal) > self.rules.hand_size:
            return "More face-up cards than a hand holds."
        faces = [card.face for card in self.face_up_naturals]
        if len(set(faces)) < len(faces):
            return "A face-up card is there twice."
        jokers = sum(card.is_joker for card in self.communal)
        if jokers > self.rules.jokers:
            return "More face-up jokers than the deck holds."
        return None

    def _spare_wilds(self) -> tuple[Card, ...]:
        """The wilds not face up: jokers numbered apart from the face-up ones."""
        face_up_copies = {card.copy for card in self.communal if card.is_joker}
        spare_jokers = self.rules.jokers - len(face_up_copies)
        copies = (copy for copy in itertools.count() if copy not in face_up_copies)
        jokers = [Card(Rank.JOKER, None, next(copies)) for _ in range(max(0, spare_jokers))]
        ranked = [
            wild for wild in self.deck.wilds if not wild.is_joker and wild not in self.communal
        ]
        return (*jokers, *ranked)

    def _is_wild(self, card: Card) -> bool:
        return card.is_joker or card.rank in self.rules.wild_ranks

    def worst_hand(self, declaration: Declaration) -> tuple[Card, ...] | None:
        if declaration.cards:
            return self._exact_cards_hand(declaration.cards)
        if declaration.category not in self.deck.categories:
            return None
        if not self._face_up_fit_suits(declaration) or not self._face_up_wilds_fit(declaration):
            return None
        lowest_top = self._lowest_top(declaration)
        for ranks in self._patterns(declaration):
            if ranks[0] < lowest_top:
                continue
            if not _matches(ranks, declaration) or not self._face_up_fit_ranks(
                declaration.category, ranks
            ):
                continue
            hand = self.deal(declaration.category, ranks, declaration.suit, declaration.color)
            if hand is not None:
                return hand
        return None

    def _face_up_fit_suits(self, declaration: Declaration) -> bool:
        """Whether the face-up cards left out of the declared suit or color can all be spare
        cards, outside the best five."""
        category = declaration.category
        if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
            return any(
                sum(card.suit is not each for card in self.face_up_naturals) <= self.spares
                for each in ([declaration.suit] if declaration.suit else Suit)
            )
        if category in (Category.COLOR_FLUSH, Category.COLOR_STRAIGHT_FLUSH):
            return any(
                sum(card.suit not in each.suits for card in self.face_up_naturals) <= self.spares
                for each in ([declaration.color] if declaration.color else Color)
            )
        return True

    def _lowest_top(self, declaration: Declaration) -> int:
        """A flush's or color flush's top card is at least the face-up cards of its suit or
        color, since its best five take the highest cards they have."""
        category = declaration.category
        if category is Category.FLUSH:
            groups = [[each] for each in ([declaration.suit] if declaration.suit else Suit)]
        elif category is Category.COLOR_FLUSH:
            groups = [
                list(each.suits) for each in ([declaration.color] if declaration.color else Color)
            ]
        else:
            return 0
        return min(
            max((int(card.rank) for card in self.face_up_naturals if card.suit in suits), default=0)
            for suits in groups
        )

    def _face_up_fit_ranks(self, category: Category, ranks: tuple[int, ...]) -> bool:
        """Whether the face-up cards whose ranks the best five have no room for can all be
        spare cards."""
        room = list(ranks)
        left_out = []
        for card in self.face_up_naturals:
            if card.rank in room:
                room.remove(card.rank)
            else:
                left_out.append(int(card.rank))
        if len(left_out) > self.spares:
            return False
        return all(rank in self._spare_rank_choices(category, ranks) for rank in left_out)

    def _face_up_wilds_fit(self, declaration: Declaration) -> bool:
        """Face-up wilds are in every hand, and some categories hold no wild or only one."""
        if declaration.category in _ACES_FIRST:
            return True
        return len(self.face_up_wilds) <= _most_wilds(declaration.category, (), self.rules)

    def _patterns(self, declaration: Declaration) -> Iterable[tuple[int, ...]]:
        category = declaration.category
        if category in _MOST_OF_A_RANK:
            prefix: tuple[int, ...] = tuple(declaration.high_cards)
            if category in _ACES_FIRST:
                # Face-up wilds play as aces at the head of a flush or color flush.
                aces = (int(Rank.ACE),) * len(self.face_up_wilds)
                if prefix[: len(aces)] != aces[: len(prefix)]:
                    return ()
                prefix = max(prefix, aces, key=len)
            return _ranked_patterns(category, prefix)
        return _candidates(category).get(_lead(declaration), ())

    def best_hand(self) -> tuple[Card, ...]:
        for category in reversed(self.rules.order()):
            patterns = (
                _ranked_patterns(category, (), descending=True)
                if category in _MOST_OF_A_RANK
                else reversed(_candidates(category)[None])
            )
            for ranks in patterns:
                hand = self.deal(category, ranks, None, None)
                if hand is not None:
                    return hand
        raise AssertionError("every deck forms some hand")

    def deal(
        self, category: Category, ranks: tuple[int, ...], suit: Suit | None, color: Color | None
    ) -> tuple[Card, ...] | None:
        """A hand holding the face-up cards whose value is ``category`` with ``ranks`` (and the
        named suit or color), or None when the deck cannot deal one."""
        key = (category, ranks, suit, color)
        if key not in self._dealt:
            self._dealt[key] = self._search(category, ranks, suit, color)
        return self._dealt[key]

    def _search(
        self, category: Category, ranks: tuple[int, ...], suit: Suit | None, color: Color | None
    ) -> tuple[Card, ...] | None:
        wilds_at_hand = min(
            HAND_CARDS,
            len(self.face_up_wilds) + len(self.spare_wilds),
            _most_wilds(category, ranks, self.rules),
        )
        for wild_count in range(len(self.face_up_wilds), wilds_at_hand + 1):
            for wild_ranks in sorted(set(itertools.combinations(ranks, wild_count))):
                naturals = list(ranks)
                for rank in wild_ranks:
                    naturals.remove(rank)
                if any(rank not in self.natural_ranks for rank in naturals):
                    continue
                if wild_count and not _wilds_can_play(category, ranks, wild_ranks, self.rules):
                    continue
                hand = self._with_naturals(category, ranks, naturals, wild_count, suit, color)
                if hand is not None:
                    return hand
        return None

    def _with_naturals(
        self,
        category: Category,
        ranks: tuple[int, ...],
        naturals: list[int],
        wild_count: int,
        suit: Suit | None,
        color: Color | None,
    ) -> tuple[Card, ...] | None:
        wilds = (*self.face_up_wilds, *self.spare_wilds[: wild_count - len(self.face_up_wilds)])
        wanted = self.ranking.strength(category, ranks)
        if not self._ranks_allow(category, ranks, tuple(naturals), wild_count):
            # The best five alone already make more; more cards never make less.
            return None
        for counted in self._counted_cards(category, naturals, suit, color):
            spare_face_up = [card for card in self.face_up_naturals if card not in counted]
            free = self.spares - len(spare_face_up)
            if free < 0:
                continue
            base = [*counted, *wilds, *spare_face_up]
            if hand_rank(base, self.rules).strength > wanted:
                # More cards never make a hand worth less: no spares can bring it down.
                continue
            held_ranks = [*naturals, *(int(card.rank) for card in spare_face_up)]
            for spare_ranks in self._spare_ranks(category, ranks, free):
                if not self._ranks_allow(category, ranks, (*held_ranks, *spare_ranks), wild_count):
                    continue
                hand = _with_spares(base, spare_ranks)
                if hand is None:
                    continue
                value = hand_rank(hand, self.rules)
                if (
                    value.category is category
                    and tuple(value.ranks) == ranks
                    and suit in (None, value.suit)
                    and color in (None, value.color)
                ):
                    return hand
        return None

    def _ranks_allow(
        self, category: Category, ranks: tuple[int, ...], held: tuple[int, ...], wilds: int
    ) -> bool:
        """Whether a hand of these natural ranks and wilds can be worth ``category`` with
        ``ranks``, by its pairs, sets and straights alone: they must make exactly that value
        when the category is one of theirs, and stay below it otherwise. Suits cannot change
        that, so most spare cards are thrown out before any hand is valued."""
        key = (category, ranks, tuple(sorted(held, reverse=True)), wilds)
        allowed = self._rank_checks.get(key)
        if allowed is None:
            allowed = self._rank_check(category, ranks, key[2], wilds)
            self._rank_checks[key] = allowed
        return allowed

    def _rank_check(
        self, category: Category, ranks: tuple[int, ...], held: tuple[int, ...], wilds: int
    ) -> bool:
        """From the best category down: any rank value above the target rules the hand out."""
        pool = Pool([Card(Rank(rank), DEFAULT_SUIT) for rank in held], wilds)
        wanted = self.ranking.strength(category, ranks)
        for each in self.rank_categories_high_first:
            if self.ranking.positions[each] < self.ranking.positions[category]:
                return category not in self.rank_categories
            value = best_of_category(each, pool, self.ranking)
            if value is not None:
                return value.strength == wanted if each is category else value.strength < wanted
        return category not in self.rank_categories

    def _counted_cards(
        self, category: Category, naturals: list[int], suit: Suit | None, color: Color | None
    ) -> Iterator[tuple[Card, ...]]:
        """Suits for the natural cards of the best five: the face-up cards among them as they
        are, the others as the category asks, spread over the suits otherwise."""
        face_up = self.face_up_naturals
        for held in _subsets(face_up):
            rest = list(naturals)
            for card in held:
                if card.rank in rest:
                    rest.remove(card.rank)
            if len(rest) + len(held) != len(naturals):
                continue
            if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
                if len(set(naturals)) < len(naturals):
                    # A suit holds one card of each rank: a flush's repeated rank (A-A-…
                    # beside wilds playing as aces) needs a wild for every repeat.
                    continue
                for each in [suit] if suit else MIXED_SUITS:
                    if all(card.suit is each for card in held):
                        yield (*held, *(Card(Rank(rank), each) for rank in rest))
            elif category in (Category.COLOR_FLUSH, Category.COLOR_STRAIGHT_FLUSH):
                for shade in [color] if color else list(Color):
                    if any(card.suit not in shade.suits for card in held):
                        continue
                    cards = _spread(list(held), rest, shade.suits, face_up)
                    if cards is not None:
                        yield cards
            else:
                cards = _spread(list(held), rest, MIXED_SUITS, face_up)
                if cards is not None:
                    yield cards

    def _spare_ranks(
        self, category: Category, ranks: tuple[int, ...], free: int
    ) -> Iterator[tuple[int, ...]]:
        """Ranks for the spare cards, lowest first, leaving out those that surely raise the hand."""
        allowed = self._spare_rank_choices(category, ranks)
        if category in _DISTINCT_SPARES:
            yield from itertools.combinations(allowed, free)
        else:
            yield from itertools.combinations_with_replacement(allowed, free)

    def _spare_rank_choices(self, category: Category, ranks: tuple[int, ...]) -> list[int]:
        """The ranks a card outside the best five may have, low to high: in a hand with
        kickers, one above the lowest kicker (or of a group's rank) would raise the hand."""
        allowed = sorted(self.natural_ranks)
        if category in _KICKER_CATEGORIES:
            start = _KICKER_CATEGORIES[category]
            lowest = ranks[-1]
            groups = set(ranks[:start])
            allowed = [rank for rank in allowed if rank <= lowest and rank not in groups]
            if category is Category.HIGH_CARD:
                allowed = [rank for rank in allowed if rank < lowest]
        return allowed

    def _exact_cards_hand(self, cards: tuple[Card, ...]) -> tuple[Card, ...] | None:
        """Five named cards are the best five of a hand that holds them and the face-up cards,
        and whose other cards do not beat them."""
        named = hand_rank(cards, self.rules)
        face_up_jokers = [card for card in self.communal if card.is_joker]
        named_jokers = sum(card.is_joker for card in cards)
        jokers = [*face_up_jokers, *(wild for wild in self.spare_wilds if wild.is_joker)]
        if max(named_jokers, len(face_up_jokers)) > len(jokers):
            return None
        held = [card for card in cards if not card.is_joker]
        held += [card for card in self.face_up_naturals if card.face not in {c.face for c in held}]
        held += jokers[: max(named_jokers, len(face_up_jokers))]
        free = self.rules.hand_size - len(held)
        if free < 0:
            return None
        for spare_ranks in itertools.combinations_with_replacement(
            sorted(self.natural_ranks), free
        ):
            hand = _with_spares(held, spare_ranks)
            if hand is not None and hand_rank(hand, self.rules).strength == named.strength:
                return hand
        return None


def _most_wilds(category: Category, ranks: tuple[int, ...], rules: PokerRules) -> int:
    """The most wilds a value of ``category`` with ``ranks`` can hold (see ``_wilds_can_play``)."""
    if category is Category.HIGH_CARD:
        return 0
    if category is (Category.THREE_OF_A_KIND if rules.two_pair_over_trips else Category.TWO_PAIR):
        return 0
    if category is Category.PAIR:
        return 1
    if category in _ACES_FIRST:
        return ranks.count(Rank.ACE)
    return HAND_CARDS


def _wilds_can_play(
    category: Category, ranks: tuple[int, ...], wild_ranks: tuple[int, ...], rules: PokerRules
) -> bool:
    """Whether wilds can play ``wild_ranks`` in a value of ``category`` with ``ranks``.

    A wild pairs the best natural card, so no hand with one is a high card, and a pair with
    one is a single wild beside the highest natural; two wilds make three of a kind. Beside a
    pair a wild makes three of a kind, which outranks two pair; when two pair ranks above
    three of a kind, a wild would rather pair a kicker than make the three.
    In a flush or color flush wilds play as aces, ahead of the natural cards.
    """
    if category is Category.HIGH_CARD:
        return False
    if category is Category.PAIR:
        return wild_ranks == ranks[:1] and ranks[0] > ranks[2]
    if category is Category.TWO_PAIR and not rules.two_pair_over_trips:
        return False
    if category in (Category.FLUSH, Category.COLOR_FLUSH):
        return all(rank == Rank.ACE for rank in wild_ranks)
    return True


def _subsets(cards: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    for size in range(len(cards), -1, -1):
        yield from itertools.combinations(cards, size)


def _spread(
    held: list[Card], ranks: Sequence[int], suits: Sequence[Suit], taken: Sequence[Card]
) -> tuple[Card, ...] | None:
    """Cards of ``ranks`` beside ``held``, each in the least used of ``suits`` still free."""
    cards = list(held)
    faces = {card.face for card in (*held, *taken)}
    for rank in ranks:
        choices = [suit for suit in suits if (Rank(rank), suit) not in faces]
        if not choices:
            return None
        suit = min(choices, key=lambda each: sum(card.suit is each for card in cards))
        cards.append(Card(Rank(rank), suit))
        faces.add((Rank(rank), suit))
    return tuple(cards)


def _with_spares(base: Sequence[Card], ranks: Sequence[int]) -> tuple[Card, ...] | None:
    """``base`` and natural cards of ``ranks``, each in the suit, then color, least used so far,
    so that the spares finish no flush they can avoid; None if the cards would repeat."""
    hand = list(base)
    faces = [card.face for card in hand if not card.is_joker]
    if len(set(faces)) < len(faces):
        return None
    used = set(faces)
    in_suit = {suit: 0 for suit in Suit}
    for card in hand:
        if card.suit is not None:
            in_suit[card.suit] += 1
    for rank in ranks:
        choices = [suit for suit in MIXED_SUITS if (Rank(rank), suit) not in used]
        if not choices:
            return None
        suit = min(
            choices, key=lambda each: (in_suit[each], in_suit[each] + in_suit[_PARTNER[each]])
        )
        in_suit[suit] += 1
        hand.append(Card(Rank(rank), suit))
        used.add((Rank(rank), suit))
    return tuple(hand)
