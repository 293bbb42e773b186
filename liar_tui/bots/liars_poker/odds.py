"""What the Liar's Poker bots know how to reckon: which declarations are legal raises now,
what a hand is worth, which cards are worth keeping, and how likely a claim is true.

Floors cost some microseconds each, far too much to search declarations afresh at every turn,
so the declarations a bot considers form a *ladder*, computed once per ranking and wilds for
plain five-card hands and sorted by floor: the legal raises are then one bisection away.
Seven-card hands and communal cards only narrow the hands a declaration can mean, so they
never lower a floor: every rung above the standing floor on the plain ladder stays a legal
raise, and only the few rungs a bot looks at get their floor on the real table.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from liar_tui.rules.cards import NATURAL_RANKS, Card, Rank, standard_deck
from liar_tui.rules.liars_poker import floor as floors
from liar_tui.rules.liars_poker.declarations import (
    STRAIGHT_CATEGORIES,
    Declaration,
    DeclarationError,
    declaration_of,
)
from liar_tui.rules.liars_poker.game import Declared, Discarded, LiarsPokerView
from liar_tui.rules.liars_poker.poker_hands import HAND_CARDS, HandRank, hand_rank
from liar_tui.rules.liars_poker.rules import Category, PokerRules, RoundRules


@dataclass(frozen=True)
class Rung:
    """A declaration and its floor on the table it was judged for."""

    floor: HandRank
    declaration: Declaration


@dataclass(frozen=True)
class Ladder:
    """Every declaration a bot may make under one round's rules and communal cards, by floor."""

    rungs: tuple[Rung, ...]
    strengths: tuple[int, ...]

    def above(self, beaten: HandRank) -> Sequence[Rung]:
        """The rungs whose floor is strictly higher than ``beaten``, lowest first."""
        return self.rungs[bisect.bisect_right(self.strengths, beaten.strength) :]


@functools.lru_cache(maxsize=32)
def ladder(rules: PokerRules) -> Ladder:
    """The ladder of plain five-card hands under ``rules``' ranking and wilds: a tenth of a
    second to build, then shared by every bot for as long as the process runs."""
    plain = dataclasses.replace(rules, hand_size=HAND_CARDS, communal_cards=0)
    rungs: list[Rung] = []
    for declaration in _ladder_declarations(plain):
        try:
            value = floors.floor(declaration, plain)
        except DeclarationError:
            continue
        rungs.append(Rung(value, declaration))
    rungs.sort(key=lambda rung: rung.floor.strength)
    return Ladder(tuple(rungs), tuple(rung.floor.strength for rung in rungs))


def _ladder_declarations(rules: PokerRules) -> Iterator[Declaration]:
    """Declarations a player would say: each category bare, with its main ranks, and with one
    more detail (a second top card, a first kicker), which is fine-grained enough to find a
    raise one small step above almost any floor."""
    ranks = NATURAL_RANKS
    pairs_of_ranks = [(high, low) for high in ranks for low in ranks if high > low]
    for category in rules.order():
        yield Declaration(category)
        if category in (Category.HIGH_CARD, Category.FLUSH):
            yield from (Declaration(category, high_cards=(rank,)) for rank in ranks)
            yield from (Declaration(category, high_cards=pair) for pair in pairs_of_ranks)
        elif category is Category.COLOR_FLUSH:
            yield from (Declaration(category, high_cards=(rank,)) for rank in ranks)
        elif category in STRAIGHT_CATEGORIES:
            yield from (Declaration(category, top=rank) for rank in ranks if rank >= Rank.FIVE)
        elif category is Category.TWO_PAIR:
            yield from (Declaration(category, groups=(rank,)) for rank in ranks[1:])
            yield from (Declaration(category, groups=pair) for pair in pairs_of_ranks)
        elif category is Category.FULL_HOUSE:
            yield from (Declaration(category, groups=(rank,)) for rank in ranks)
            yield from (
                Declaration(category, groups=(three, two))
                for three in ranks
                for two in ranks
                if three != two
            )
        else:
            yield from _grouped_with_kicker(category, ranks)


def _grouped_with_kicker(category: Category, ranks: Sequence[Rank]) -> Iterator[Declaration]:
    for rank in ranks:
        yield Declaration(category, groups=(rank,))
        if category in (Category.PAIR, Category.THREE_OF_A_KIND):
            yield from (
                Declaration(category, groups=(rank,), kickers=(kicker,))
                for kicker in ranks
                if kicker != rank
            )


# --- Legality ------------------------------------------------------------------------------


def beaten_floor(view: LiarsPokerView) -> HandRank:
    """What a declaration must beat now: the last floor, or the lowest hand at the opening."""
    if view.to_beat is not None:
        return view.to_beat
    return floors.lowest_hand(view.round_rules.poker, view.communal)


def floor_of(declaration: Declaration, view: LiarsPokerView) -> HandRank | None:
    """The floor the table would judge, or None when no hand on this table matches."""
    return table_floor(declaration, view.round_rules.poker, view.communal)


def is_legal(declaration: Declaration, view: LiarsPokerView) -> bool:
    """The local check every bot runs before it declares, so it never sends a refused claim."""
    value = floor_of(declaration, view)
    return value is not None and value > beaten_floor(view)


def legal_raises(view: LiarsPokerView, count: int | None = None) -> list[Rung]:
    """The lowest ``count`` (or all) legal raises the ladder offers, lowest floor first."""
    rules = view.round_rules.poker
    beaten = beaten_floor(view)
    plain = ladder(rules).above(beaten)
    if rules.hand_size == HAND_CARDS and not view.communal:
        return list(plain if count is None else plain[:count])
    rungs: list[Rung] = []
    for rung in plain:
        if count is not None and len(rungs) >= count:
            break
        value = table_floor(rung.declaration, rules, view.communal)
        if value is not None and value > beaten:
            rungs.append(Rung(value, rung.declaration))
    rungs.sort(key=lambda rung: rung.floor.strength)
    return rungs


def plain_raises(view: LiarsPokerView) -> Sequence[Rung]:
    """Every rung above the standing floor, floors as on a plain table: each a legal raise,
    the real floor of each being no lower."""
    return ladder(view.round_rules.poker).above(beaten_floor(view))


@functools.lru_cache(maxsize=4096)
def table_floor(
    declaration: Declaration, rules: PokerRules, communal: tuple[Card, ...]
) -> HandRank | None:
    try:
        return floors.floor(declaration, rules, communal)
    except DeclarationError:
        return None


def top_declaration(view: LiarsPokerView) -> Declaration:
    """The fully detailed best hand on this table: the raise of last resort."""
    poker = view.round_rules.poker
    return declaration_of(floors.highest_hand(poker, view.communal))


# --- Hands ---------------------------------------------------------------------------------


def is_wild(card: Card, rules: PokerRules) -> bool:
    return wild_flags(rules)[card.rank]


@functools.lru_cache(maxsize=64)
def wild_flags(rules: PokerRules) -> tuple[bool, ...]:
    """Indexed by rank value: whether a card of that rank is wild. The Monte Carlo asks per
    card, and a list index costs a fraction of hashing a ``Rank`` into ``wild_ranks``."""
    return tuple(rank == Rank.JOKER or rank in rules.wild_ranks for rank in range(16))


def value_of(cards: Sequence[Card], rules: PokerRules) -> HandRank:
    """``hand_rank``, but a plain seven-card hand goes by its best five through the fast
    five-card tables: a quarter of the time of the general search."""
    if len(cards) == HAND_CARDS or any(is_wild(card, rules) for card in cards):
        return hand_rank(cards, rules)
    return max(hand_rank(five, rules) for five in itertools.combinations(cards, HAND_CARDS))


def round_deck(rules: PokerRules) -> list[Card]:
    return standard_deck(jokers=rules.jokers)


class Meter:
    """Values hands and counts what that cost, in rough microseconds of this machine.

    A wild or seven-card hand leaves the look-up tables and costs thirty to a hundred times
    a plain one, so the Monte Carlo loops stop on spent work, not on a sample count alone:
    about the same time per decision under every rule set, and, counting work rather than
    reading a clock, the same decisions on every run.
    """

    PLAIN = 6.0
    SEVEN = 30.0
    WILD = 110.0

    def __init__(self, rules: PokerRules) -> None:
        self.rules = rules
        self.wild = wild_flags(rules) if rules.has_wilds else None
        self.spent = 0.0

    def value(self, cards: Sequence[Card]) -> HandRank:
        rules = self.rules
        wild = self.wild
        if wild is not None and any(wild[card.rank] for card in cards):
            self.spent += self.WILD
            return hand_rank(cards, rules)
        if len(cards) == HAND_CARDS:
            self.spent += self.PLAIN
            return hand_rank(cards, rules)
        self.spent += self.SEVEN
        return max(hand_rank(five, rules) for five in itertools.combinations(cards, HAND_CARDS))

    def enough(self, samples: int, budget: float) -> bool:
        return samples >= MAX_SAMPLES or (samples >= MIN_SAMPLES and self.spent >= budget)


MIN_SAMPLES = 16
MAX_SAMPLES = 120
STEP_COST = 30.0
"""The bookkeeping of one simulated turn (a discard and draw), beside its hand value."""


# --- Which cards to keep -------------------------------------------------------------------

_WINDOWS: tuple[frozenset[int], ...] = tuple(
    frozenset(Rank.ACE if rank == 1 else rank for rank in range(top - 4, top + 1))
    for top in range(Rank.FIVE, Rank.ACE + 1)
)
"""Each straight's ranks, the ace low in the first."""


def usefulness(pocket: Sequence[Card], communal: Sequence[Card], rules: PokerRules) -> list[float]:
    """A score per pocket card, higher for cards a player keeps: wilds, then pairs and sets,
    then cards of a four-card flush or straight draw, then high cards.

    The Monte Carlo asks this for every simulated discard, so it counts in plain lists and
    rank bits rather than in sets and counters, and keys suits by identity: hashing an enum
    member costs more than the rest of the loop.
    """
    wild = wild_flags(rules)
    by_rank = [0] * 16
    by_suit: dict[int, int] = {}
    wilds = 0
    present = 0
    for card in (*pocket, *communal):
        rank = card.rank
        if wild[rank]:
            wilds += 1
            continue
        by_rank[rank] += 1
        suit = id(card.suit)
        by_suit[suit] = by_suit.get(suit, 0) + 1
        present |= 1 << rank
    drawing = 0
    for window in _WINDOW_BITS:
        if (window & present).bit_count() + wilds >= 4:
            drawing |= window
    scores: list[float] = []
    for card in pocket:
        rank = card.rank
        if wild[rank]:
            scores.append(1000.0)
        elif by_rank[rank] >= 2:
            scores.append(100.0 * by_rank[rank] + rank)
        elif by_suit[id(card.suit)] + wilds >= 4:
            scores.append(60.0 + rank)
        elif drawing >> rank & 1:
            scores.append(40.0 + rank)
        else:
            scores.append(float(rank))
    return scores


_WINDOW_BITS = tuple(sum(1 << rank for rank in window) for window in _WINDOWS)
"""The straights' ranks as bits; the ace's bit stands for it high and low alike."""


def junk_discard(
    pocket: Sequence[Card], communal: Sequence[Card], round_rules: RoundRules, count: int
) -> list[Card]:
    """The ``count`` least useful pocket cards: how the bots picture another player's discard."""
    scores = usefulness(pocket, communal, round_rules.poker)
    order = sorted(range(len(pocket)), key=lambda at: scores[at])
    return [pocket[at] for at in order[:count]]


def discard_bounds(round_rules: RoundRules, pocket: int) -> tuple[int, int]:
    """The fewest and most cards a bot discards from its pocket now.

    "Discard at least one" is met on every draw, which is always legal, even on a second draw
    that it no longer binds.
    """
    most = pocket if round_rules.discard_limit is None else min(round_rules.discard_limit, pocket)
    return (1 if round_rules.must_discard else 0), most


def sensible_discard(
    pocket: Sequence[Card], communal: Sequence[Card], round_rules: RoundRules
) -> list[Card]:
    """Everything that is not a wild, a pair or set, or part of a draw, within the bounds."""
    scores = usefulness(pocket, communal, round_rules.poker)
    fewest, most = discard_bounds(round_rules, len(pocket))
    order = sorted(range(len(pocket)), key=lambda at: scores[at])
    junk = [at for at in order if scores[at] < 40.0]
    count = max(fewest, min(most, len(junk)))
    return [pocket[at] for at in order[:count]]


def keep_options(
    pocket: Sequence[Card], communal: Sequence[Card], round_rules: RoundRules
) -> list[tuple[Card, ...]]:
    """Sensible sets of pocket cards to keep: the best few by usefulness, each flush draw,
    each straight draw; all within the round's discard bounds, each once."""
    rules = round_rules.poker
    scores = usefulness(pocket, communal, rules)
    by_worth = [pocket[at] for at in sorted(range(len(pocket)), key=lambda at: -scores[at])]
    fewest, most = discard_bounds(round_rules, len(pocket))
    least_kept, most_kept = len(pocket) - most, len(pocket) - fewest
    wilds = [card for card in pocket if is_wild(card, rules)]
    naturals = [card for card in [*pocket, *communal] if not is_wild(card, rules)]
    wanted: list[Iterable[Card]] = [by_worth[:kept] for kept in range(len(pocket) + 1)]
    for suit, count in Counter(card.suit for card in naturals).items():
        if count + len(wilds) >= 3:
            wanted.append([*wilds, *(card for card in pocket if card.suit is suit)])
    present = {card.rank for card in naturals}
    for window in _WINDOWS:
        if len(window & present) + len(wilds) >= 3:
            one_each = {card.rank: card for card in pocket if card.rank in window}
            wanted.append([*wilds, *one_each.values()])
    options: dict[frozenset[Card], tuple[Card, ...]] = {}
    for keep in wanted:
        kept = [card for card in by_worth if card in set(keep)]
        kept += [card for card in by_worth if card not in kept][: max(0, least_kept - len(kept))]
        kept = kept[:most_kept]
        options.setdefault(frozenset(kept), tuple(kept))
    return list(options.values())


def best_keep(
    view: LiarsPokerView, known_out: Iterable[Card], rng: random.Random
) -> tuple[Card, ...]:
    """The keep most likely to beat the standing floor after the draw; of equally likely
    ones, the one that reaches the better categories (a better truth is a harder claim to
    follow), then the one that keeps more.

    Every option is scored on the same sampled draws, so their differences are not noise.
    """
    round_rules = view.round_rules
    rules = round_rules.poker
    pocket, communal = view.hand, view.communal
    options = keep_options(pocket, communal, round_rules)
    beaten = beaten_floor(view)
    seen = {*pocket, *communal, *known_out}
    pool = [card for card in round_deck(rules) if card not in seen]
    most_drawn = min(len(pocket) - min(len(keep) for keep in options), len(pool))
    beating = [0] * len(options)
    categories = [0] * len(options)
    meter = Meter(rules)
    samples = 0
    while not meter.enough(samples, DISCARD_BUDGET):
        draw = rng.sample(pool, most_drawn)
        for at, keep in enumerate(options):
            missing = len(pocket) - len(keep)
            value = meter.value([*keep, *draw[:missing], *communal])
            beating[at] += value > beaten
            categories[at] += value.strength >> _CATEGORY_SHIFT
        samples += 1
    best = max(range(len(options)), key=lambda at: (beating[at], categories[at], len(options[at])))
    return options[best]


_CATEGORY_SHIFT = 4 * HAND_CARDS
"""A value's strength holds its category's place above one 4-bit digit per rank."""


DISCARD_BUDGET = 3000.0
"""Microseconds of hand evaluations a discard may spend."""


# --- How likely the standing claim is ------------------------------------------------------


@dataclass(frozen=True)
class HeldHand:
    """What a seat saw of the hand when it last passed it on this round."""

    round: int
    index: int
    """Where its declaration stands in the round's declarations."""
    declared: Declaration
    pocket: tuple[Card, ...]
    draws_seen: int
    """How many draws the round had when it declared."""
    discarded: tuple[Card, ...]
    """Every card this seat discarded this round, out of play unless the deck runs out."""

    def still_true(self, view: LiarsPokerView) -> bool:
        """Whether this memory belongs to the hand on the table now (same round, same claim)."""
        return (
            view.round == self.round
            and self.index < len(view.declarations)
            and view.declarations[self.index].seat == view.seat
            and view.declarations[self.index].declaration == self.declared
        )


@dataclass(frozen=True)
class ClaimOdds:
    true: float
    """The chance that the hand is at least the standing claim's floor."""
    improvable: float
    """The chance that, taking the hand and drawing sensibly, the taker can say a true raise."""


BLUFF_LIKELIHOOD = 0.25
"""How much likelier a declaration is from a hand that makes it true than from one that does
not. Players bluff only when they must, so a claim is evidence for itself, but weak evidence:
a hand that misses has to say something."""
CLAIM_BUDGET = 4000.0
"""Microseconds of hand evaluations an estimate of the standing claim may spend."""
MAX_TURNS = 6
"""The latest turns of the round that an estimate replays; older ones say little more."""


def claim_odds(view: LiarsPokerView, held: HeldHand | None, rng: random.Random) -> ClaimOdds:
    """Monte Carlo over the hands the public history makes possible.

    Each sample starts from the hand this seat passed on (if it held it this round) or from a
    random deal of the cards it has not seen, replays every later take, each taker throwing its
    least useful cards (as many as it was seen to discard) and drawing fresh ones, and weighs
    the sample by how well each declaration fits the hand it was made from. It then draws
    once more as this seat would, to see whether a true raise would follow a take.
    """
    round_rules = view.round_rules
    rules = round_rules.poker
    communal = view.communal
    declarations = view.declarations
    draws = view.discards
    known_start = held is not None and held.still_true(view)
    out: set[Card] = {*communal}
    for draw in draws:
        out.update(card for card in draw.communal if card not in communal)
    start = 0
    first_draw = 0
    if known_start and held is not None:
        out.update(held.pocket, held.discarded)
        start, first_draw = held.index + 1, held.draws_seen
    turns = _turns(declarations, draws, start, first_draw, known_start)
    if len(turns) > MAX_TURNS:
        turns, known_start = turns[-MAX_TURNS:], False
    pool = [card for card in round_deck(rules) if card not in out]
    pocket_size = round_rules.pocket_size
    meter = Meter(rules)
    samples = 0
    last = declarations[-1].floor
    weight_true = weight_false = improvable = 0.0
    needed = 2 * pocket_size + sum(sum(counts) for counts, _ in turns)
    while not meter.enough(samples, CLAIM_BUDGET):
        samples += 1
        meter.spent += STEP_COST * len(turns)
        deck = rng.sample(pool, min(needed, len(pool)))
        if known_start and held is not None:
            hand = list(held.pocket)
        else:
            hand = deal_from(deck, pocket_size)
        spent: list[Card] = []
        weight = 1.0
        value = last
        for counts, claimed in turns:
            for count in counts:
                redraw(hand, junk_discard(hand, communal, round_rules, count), deck, spent, rng)
            value = meter.value([*hand, *communal])
            if value < claimed:
                weight *= BLUFF_LIKELIHOOD
        if value >= last:
            weight_true += weight
        else:
            weight_false += weight
        redraw(hand, sensible_discard(hand, communal, round_rules), deck, spent, rng)
        if meter.value([*hand, *communal]) > last:
            improvable += weight
    total = weight_true + weight_false
    return ClaimOdds(weight_true / total, improvable / total)


def _turns(
    declarations: Sequence[Declared],
    draws: Sequence[Discarded],
    start: int,
    first_draw: int,
    known_start: bool,
) -> list[tuple[list[int], HandRank]]:
    """Each declaration from ``start`` on, with the discard counts of the draws before it.

    A declarer's draws are the ones just before its declaration, made by the same seat; the
    opening declaration (unless the hand was known before it) has none.
    """
    turns: list[tuple[list[int], HandRank]] = []
    at = first_draw
    for number, declared in enumerate(declarations[start:]):
        counts: list[int] = []
        if known_start or number > 0 or start > 0:
            while at < len(draws) and draws[at].seat == declared.seat:
                counts.append(draws[at].count)
                at += 1
        turns.append((counts, declared.floor))
    return turns


def deal_from(deck: list[Card], count: int) -> list[Card]:
    hand = deck[-count:]
    del deck[-count:]
    return hand


def redraw(
    hand: list[Card],
    thrown: Sequence[Card],
    deck: list[Card],
    spent: list[Card],
    rng: random.Random,
) -> None:
    """Throw ``thrown`` and draw as many; an empty deck is remade from the throws, as at the
    table."""
    for card in thrown:
        hand.remove(card)
        spent.append(card)
    for _ in thrown:
        if not deck:
            deck.extend(spent)
            spent.clear()
            rng.shuffle(deck)
        hand.append(deck.pop())
