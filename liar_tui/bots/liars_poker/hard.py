"""The hard Liar's Poker bot: it reads how claims are phrased and what draws they followed,
weighs challenging against taking in the lives they cost, and makes its own claims so that
neither their phrasing nor the size of the raise gives a bluff away.

What it believes of the standing claim comes from a Monte Carlo over the hands the public
history allows (see :func:`claim_belief`): each sampled hand is replayed through every later
take and weighted by how likely each declarer was to discard what it did and to say what it
said with that hand in front of it. Players who tell the truth tend to say their hand in full
and to say it whatever it is; players who must bluff tend to name the cheapest raise, in few
words. Those tendencies are evidence, and the bot uses them, as strongly as the showdowns
of the game so far bear them out for the table and for the seat that spoke (see
:func:`seat_phrasing`): against players who always talk so, as the normal bot does, a
claim's phrasing all but settles it; against players whose bluffs come in full, it soon
counts for little.

Every Monte Carlo loop stops on counted work (``Meter``), not on a clock, so the bot's choices
depend only on its generator: the same seed plays the same game on any machine.
"""

from __future__ import annotations

import bisect
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from liar_tui.bots.coach import Analysis
from liar_tui.bots.liars_poker.normal import LiarsPokerBot
from liar_tui.bots.liars_poker.odds import (
    HeldHand,
    Meter,
    beaten_floor,
    deal_from,
    discard_bounds,
    floor_of,
    is_legal,
    ladder,
    legal_raises,
    redraw,
    round_deck,
    sensible_discard,
    top_declaration,
    usefulness,
    value_of,
)
from liar_tui.rules.cards import Card, cards_text
from liar_tui.rules.liars_poker import floor as floors
from liar_tui.rules.liars_poker.claim_words import claim_words
from liar_tui.rules.liars_poker.declarations import Declaration, declaration_of
from liar_tui.rules.liars_poker.game import (
    Action,
    Challenge,
    ChallengeResolved,
    ChooseRules,
    Declare,
    Discard,
    Discarded,
    LiarsPokerView,
    Phase,
    PlayChip,
    Take,
)
from liar_tui.rules.liars_poker.poker_hands import HandRank
from liar_tui.rules.liars_poker.rules import Chip, RoundRules

# --- What a declaration says about the hand it was made from -------------------------------

IN_FULL_WHEN_TRUE = 0.98
"""How often, before a seat has shown otherwise, a truthful declarer names its hand in full
(every rank that counts): most players say what they hold, and the normal bot always does."""
IN_FULL_WHEN_BLUFFING = 0.02
"""How often, before the table has shown otherwise, a bluff comes in full: bluffers name the
cheapest raise bare, and the normal bot always does. In 40 games against it, all 287 of its
claims in full were true and all 162 bare ones false. With the old rates (true claims in
full four times in five, bluffs one time in ten) the bot challenged one true claim in full
in eight and took one bare bluff in three, and won 43.0% of 400 seeded games against three
normal bots; with these rates and the showdowns read (see :func:`seat_phrasing`), 62.0%."""
PHRASING_PRIOR_WEIGHT = 4.0
"""How many showdowns the prior rates above count as against the table's: one in-full bluff
caught at the table moves its rate of full bluffs from 0.02 to about 0.2."""
SEAT_PHRASING_WEIGHT = 2.0
"""How many showdowns the table's rates count as against one seat's own."""
SANDBAGGED = 0.3
"""How much less likely a full claim is from a hand better than it than from the hand itself:
most players say what they hold, a few say less to draw a challenge."""
UNFORCED_BLUFF = 0.1
"""How much less likely a lie is from a declarer whose hand could have truthfully raised than
from one that had to bluff: rare."""
SMALL_STEP = 6
"""Bluffs raise by a few rungs of the ladder; a claim further up is less often one."""
BIG_STEP_BLUFF = 0.35
"""How much less likely a bluff is to jump more than ``SMALL_STEP`` rungs."""
DISCARD_MISMATCH = 0.5
"""How much less likely a discard count is when it is not the number of junk cards the hand
held: players throw their junk and keep their pairs and draws."""

BELIEF_BUDGET = 5000.0
"""Microseconds of hand evaluations an estimate may spend (see ``Meter``)."""
MIN_BELIEF_SAMPLES = 24
MAX_BELIEF_SAMPLES = 150
MAX_TURNS = 6
"""The latest turns an estimate replays; older ones say little more."""
FLOOR_HANDS = 0.2
"""Sampled hands counted as holding exactly the claim's floor, beside the real samples: a high
claim said in full may be true though no sampled hand reached it, and its phrasing then
decides. Without them a true full house said in full by a seat that always tells the truth
so was believed never. At 0.1, 0.2 and 0.5 the bot won the same 244 of 400 seeded games
against normal bots; fewer leave a high claim from a seat caught bluffing in full less
believed."""
STEP_COST = 45.0
"""The bookkeeping of one replayed turn (a discard weighed and drawn), beside its hand value."""


@dataclass(frozen=True)
class Belief:
    true: float
    """The chance that the hand is at least the standing claim's floor."""
    improvable: float
    """The chance that, taking the hand and drawing sensibly, this seat can say a true raise."""


@dataclass(frozen=True)
class Phrasing:
    """How often one seat names its hand in full, when its claim is true and when it bluffs."""

    in_full_when_true: float
    in_full_when_bluffing: float


def seat_phrasing(view: LiarsPokerView, seat: int) -> Phrasing:
    """How ``seat`` phrases its claims, as the showdowns the view still shows tell it.

    A challenge shows the hand, so each one says whether its declarer phrased a truth or a
    bluff in full: the history's real evidence of how a player talks. The other players'
    showdowns move the table's rates away from the prior ones, and the seat's own move its
    rates away from the table's: a table where bluffs come in full soon stops believing a
    claim for its phrasing, and a seat caught at it sooner still. This seat's own claims
    are left out: it knows how it talks.
    """
    table: Counter[tuple[bool, bool]] = Counter()
    own: Counter[tuple[bool, bool]] = Counter()
    for past in view.recent_rounds:
        ending = past.ending
        if isinstance(ending, ChallengeResolved) and ending.declarer != view.seat:
            shown = ending.held, is_in_full(ending.declaration, ending.floor)
            table[shown] += 1
            own[shown] += ending.declarer == seat

    def rate(held: bool, prior: float) -> float:
        at_table = _shrunk(table, held, prior, PHRASING_PRIOR_WEIGHT)
        return _shrunk(own, held, at_table, SEAT_PHRASING_WEIGHT)

    return Phrasing(rate(True, IN_FULL_WHEN_TRUE), rate(False, IN_FULL_WHEN_BLUFFING))


def _shrunk(
    shown: Counter[tuple[bool, bool]], held: bool, prior: float, prior_weight: float
) -> float:
    """The rate of claims in full among the shown hands that held (or did not), with the
    prior rate counted as ``prior_weight`` showdowns."""
    in_full = shown[held, True]
    return (in_full + prior_weight * prior) / (in_full + shown[held, False] + prior_weight)


@dataclass(frozen=True)
class _Turn:
    """One declaration to replay: the draws before it and how well each hand fits it."""

    counts: tuple[int, ...]
    floor: HandRank
    beaten: HandRank
    """The floor it had to beat: a hand at or below this could not raise truthfully."""
    exact: float
    """Weight of a hand worth exactly the floor."""
    above: float
    """Weight of a hand worth more than the floor."""
    forced: float
    """Weight of a hand that could not have raised truthfully."""

    def weight(self, value: HandRank) -> float:
        if value >= self.floor:
            return self.exact if value.strength == self.floor.strength else self.above
        if value > self.beaten:
            return UNFORCED_BLUFF * self.forced
        return self.forced


def _phrasing_turn(
    counts: tuple[int, ...],
    floor: HandRank,
    beaten: HandRank,
    declaration: Declaration,
    view: LiarsPokerView,
    phrasing: Phrasing,
) -> _Turn:
    """Weights of the hands a declaration may come from, by how its seat phrases truths and
    bluffs, how it phrased this one, and how far it raised the claim before it."""
    steps = rungs_between(beaten, floor, view)
    step = 1.0 if steps <= SMALL_STEP else BIG_STEP_BLUFF
    true, bluffing = phrasing.in_full_when_true, phrasing.in_full_when_bluffing
    if is_in_full(declaration, floor):
        return _Turn(counts, floor, beaten, true, true * SANDBAGGED, bluffing * step)
    return _Turn(counts, floor, beaten, 1 - true, 1 - true, (1 - bluffing) * step)


def is_in_full(declaration: Declaration, floor: HandRank) -> bool:
    """Whether the declaration names every rank that counts in its floor."""
    return declaration.cards != () or declaration == declaration_of(floor)


def rungs_between(low: HandRank, high: HandRank, view: LiarsPokerView) -> int:
    """How many rungs of the plain ladder lie between two floors: the size of a raise."""
    strengths = ladder(view.round_rules.poker).strengths
    return bisect.bisect_left(strengths, high.strength) - bisect.bisect_right(
        strengths, low.strength
    )


def claim_belief(view: LiarsPokerView, held: HeldHand | None, rng: random.Random) -> Belief:
    """Monte Carlo over the hands the public history makes possible, each weighted by how
    likely the table was to discard and declare as it did with it (see the module's notes)."""
    round_rules = view.round_rules
    rules = round_rules.poker
    communal = view.communal
    draws = view.discards
    known_start = held is not None and held.still_true(view)
    out: set[Card] = {*communal}
    for draw in draws:
        out.update(card for card in draw.communal if card not in communal)
    start = first_draw = 0
    if known_start and held is not None:
        out.update(held.pocket, held.discarded)
        start, first_draw = held.index + 1, held.draws_seen
    turns = _turns(view, start, first_draw, known_start)
    if len(turns) > MAX_TURNS:
        turns, known_start = turns[-MAX_TURNS:], False
    pool = [card for card in round_deck(rules) if card not in out]
    pocket_size = round_rules.pocket_size
    last = view.declarations[-1].floor
    needed = 2 * pocket_size + sum(sum(turn.counts) for turn in turns)
    meter = Meter(rules)
    samples = 0
    weight_true = weight_false = improvable = before_claim = 0.0
    while samples < MAX_BELIEF_SAMPLES and (
        samples < MIN_BELIEF_SAMPLES or meter.spent < BELIEF_BUDGET
    ):
        samples += 1
        meter.spent += STEP_COST * len(turns)
        deck = rng.sample(pool, min(needed, len(pool)))
        if known_start and held is not None:
            hand = list(held.pocket)
        else:
            hand = deal_from(deck, pocket_size)
        spent: list[Card] = []
        weight = before_last = 1.0
        value = last
        for turn in turns:
            for count in turn.counts:
                thrown, fits = _junk_thrown(hand, communal, round_rules, count)
                weight *= fits
                redraw(hand, thrown, deck, spent, rng)
            value = meter.value([*hand, *communal])
            before_last = weight
            weight *= turn.weight(value)
        before_claim += before_last
        if value >= last:
            weight_true += weight
        else:
            weight_false += weight
        redraw(hand, sensible_discard(hand, communal, round_rules), deck, spent, rng)
        if meter.value([*hand, *communal]) > last:
            improvable += weight
    total = weight_true + weight_false
    if total <= 0 or not turns:
        return Belief(0.5, 0.5)
    floor_hand = FLOOR_HANDS * before_claim / samples * turns[-1].exact
    return Belief((weight_true + floor_hand) / (total + floor_hand), improvable / total)


def _junk_thrown(
    hand: Sequence[Card], communal: Sequence[Card], round_rules: RoundRules, count: int
) -> tuple[list[Card], float]:
    """The ``count`` least useful cards of the hand, and how likely a player was to throw that
    many: fully when it is the number of junk cards the hand held, less otherwise."""
    scores = usefulness(hand, communal, round_rules.poker)
    order = sorted(range(len(hand)), key=scores.__getitem__)
    fewest, most = discard_bounds(round_rules, len(hand))
    junk = sum(score < JUNK for score in scores)
    fits = 1.0 if count == max(fewest, min(most, junk)) else DISCARD_MISMATCH
    return [hand[at] for at in order[:count]], fits


JUNK = 40.0
"""Usefulness below which a card is junk: no wild, pair, set or draw holds it."""


def _turns(view: LiarsPokerView, start: int, first_draw: int, known_start: bool) -> list[_Turn]:
    """Each declaration from ``start`` on, with the discard counts of the draws before it."""
    declarations = view.declarations
    draws: Sequence[Discarded] = view.discards
    turns: list[_Turn] = []
    at = first_draw
    for number in range(start, len(declarations)):
        declared = declarations[number]
        counts: list[int] = []
        if known_start or number > 0:
            while at < len(draws) and draws[at].seat == declared.seat:
                counts.append(draws[at].count)
                at += 1
        beaten = (
            declarations[number - 1].floor
            if number
            else floors.lowest_hand(view.round_rules.poker, view.communal)
        )
        phrasing = seat_phrasing(view, declared.seat)
        turns.append(
            _phrasing_turn(
                tuple(counts), declared.floor, beaten, declared.declaration, view, phrasing
            )
        )
    return turns


# --- What a life is worth --------------------------------------------------------------------

LIFE_WEIGHT = 0.7
"""A seat's chance to win the game, taken as its lives to this power over everyone's. Below
one, a seat's last life weighs most: a knockout is worth more than a rival's spare life, and
this seat's own last life more than its spare ones."""
BLUFF_CAUGHT = 0.35
"""The chance that a bluff this bot is forced into after a take is challenged. Against the
normal bot its cheapest raises were challenged about one time in ten and its disguised
bluffs about four in ten; a reader that knows its ways challenges more, so it reckons
with a third."""
TRUE_RAISE_RISK = 0.05
"""The chance of losing a life after a true raise: the hand may come round again."""
SKIPPED_RISK = 0.1
"""The chance of losing a life this round after passing the decision on with a Skip."""
SKIP_GAIN = 0.03
"""How much win chance a Skip must add over the better of taking and challenging: the chip is
used once a game, so it waits for a decision that really is bad both ways."""


def win_chance(lives: Sequence[int], seat: int) -> float:
    if lives[seat] <= 0:
        return 0.0
    total = sum(life**LIFE_WEIGHT for life in lives if life > 0)
    return lives[seat] ** LIFE_WEIGHT / total


def after_loss(lives: Sequence[int], loser: int, seat: int) -> float:
    """This seat's win chance once ``loser`` has lost a life."""
    changed = list(lives)
    changed[loser] -= 1
    return win_chance(changed, seat)


@dataclass(frozen=True)
class Outlook:
    """This seat's win chance after each choice at a decision."""

    challenge: float
    take: float
    skip: float


def outlook(view: LiarsPokerView, belief: Belief) -> Outlook:
    seat, lives = view.seat, view.lives
    declarer = view.declarations[-1].seat
    others = [other for other in range(view.seats) if other != seat and lives[other] > 0]
    if_i_lose = after_loss(lives, seat, seat)
    if_other_loses = sum(after_loss(lives, other, seat) for other in others) / len(others)
    challenge = belief.true * if_i_lose + (1 - belief.true) * after_loss(lives, declarer, seat)
    caught = (1 - belief.improvable) * BLUFF_CAUGHT + belief.improvable * TRUE_RAISE_RISK
    take = caught * if_i_lose + (1 - caught) * if_other_loses
    skip = SKIPPED_RISK * if_i_lose + (1 - SKIPPED_RISK) * if_other_loses
    return Outlook(challenge, take, skip)


# --- The bot ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Judgement:
    """A decision on the standing claim and what it rests on."""

    action: Action
    belief: Belief | None
    """None when nothing can beat the claim, and the bot challenges without weighing it."""
    outlook: Outlook | None
    """This seat's chance to win the game after each choice, as the bot reckons it; None
    when the bot challenges without weighing the claim."""

    @property
    def improvable(self) -> float:
        return 0.0 if self.belief is None else self.belief.improvable


class HardLiarsPokerBot(LiarsPokerBot):
    """The strongest Liar's Poker bot: inference from the whole public history, decisions by
    win chance, and claims phrased the same way whether true or not.

    - **Deciding**, it estimates the chance the claim is true (see :func:`claim_belief`: the
      declarer's draws, its claims before this one this round, and how it phrases truths
      and bluffs, learnt from the game's showdowns) and the chance it could truthfully
      raise after a take, turns each choice into its chance to
      win the game given everyone's lives (a right challenge against a seat on its last life
      knocks a rival out), and picks the best; a Skip when both are clearly worse than
      passing the decision on.
    - **Declaring**, it says the truth in full when that is a raise, the claim hardest for the
      next seat to better truthfully. When it must bluff, it names the cheapest raise in full
      detail too (the worst hand that raise allows), so a bluff reads like a truth; but where
      its true claims are rarely the cheapest raise (after a big draw, deep in a round), it
      mostly says instead, in full, a hand its draw could have made (see
      :func:`imagined_claims`), so that neither the cheapest raise nor a bigger one tells a
      reader it bluffs.
    - **Discarding** and remembering the hand it passed on are the normal bot's; it Double
      Dips when its draw missed.
    - **Flip**, before a true claim, toward a neighbour on its last life.
    - **Coaching** (:meth:`analyse`): the same decision with its chances, for a player.
    """

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.kept: tuple[Card, ...] = ()
        """The cards it kept at its latest draw this turn: a disguised bluff imagines its
        draw again from them."""

    def _decide(self, view: LiarsPokerView) -> Action:
        action = self._judge(view, self.rng).action
        if isinstance(action, Take):
            self.discarded = []
            self.kept = ()
        return action

    def _judge(self, view: LiarsPokerView, rng: random.Random) -> Judgement:
        """Take, challenge or skip, drawing only from ``rng`` and changing nothing."""
        seat = view.seat
        if not view.can_take:
            return Judgement(Challenge(seat), None, None)
        belief = claim_belief(view, self.held, rng)
        chances = outlook(view, belief)
        best = max(chances.challenge, chances.take)
        if Chip.SKIP in view.playable_chips and chances.skip > best + SKIP_GAIN:
            return Judgement(PlayChip(seat, Chip.SKIP), belief, chances)
        if chances.challenge > chances.take:
            return Judgement(Challenge(seat), belief, chances)
        return Judgement(Take(seat), belief, chances)

    def _declare(self, view: LiarsPokerView) -> Action:
        choice = self._declaration(view, self.rng)
        if isinstance(choice, PlayChip):
            return choice
        self.kept = ()
        return self._said(view, choice)

    def _declaration(self, view: LiarsPokerView, rng: random.Random) -> Declaration | PlayChip:
        """What to say (or the chip to play first), drawing only from ``rng`` and changing
        nothing."""
        truth = declaration_of(value_of(view.full_hand, view.round_rules.poker))
        if is_legal(truth, view):
            if Chip.FLIP in view.playable_chips and _flip_toward_last_life(view):
                return PlayChip(view.seat, Chip.FLIP)
            return truth
        if Chip.DOUBLE_DIP in view.playable_chips:
            return PlayChip(view.seat, Chip.DOUBLE_DIP)
        drew = _drawn_this_turn(view)
        if drew and rng.random() < disguise_rate(view, drew):
            known = bool(self.kept) and set(self.kept) <= set(view.hand)
            claims = imagined_claims(view, self.kept if known else None, drew, rng)
            if claims:
                return rng.choice(claims)
        return _cheapest_raise(view)

    def analyse(self, view: LiarsPokerView) -> Analysis | None:
        """What it believes of the standing claim and what :meth:`act` would do now. Its
        draws come from a copy of its generator and nothing it remembers changes, so the
        next ``act`` is unchanged. A fresh bot (the coach's) does not know the pocket this
        seat passed on earlier in the round, nor the cards it threw earlier this turn: no
        view shows them, so it judges as a seat that never saw them would."""
        if view.to_act != view.seat or view.winner is not None:
            return None
        shadow = random.Random()
        shadow.setstate(self.rng.getstate())
        if view.phase is Phase.CHOOSE_RULES:
            return Analysis((), ChooseRules(view.seat, view.rules.round), "keep the table's rules")
        if view.phase is Phase.DECIDE:
            judgement = self._judge(view, shadow)
            action = judgement.action
            chances = judgement.outlook
            if judgement.belief is None or chances is None:
                return Analysis((), action, "challenge: nothing can be declared above the claim")
            estimates = [
                ("the standing claim is true", judgement.belief.true),
                ("a take leads to a true raise", judgement.improvable),
                ("challenging, you win the game", chances.challenge),
                ("taking, you win the game", chances.take),
            ]
            if isinstance(action, PlayChip):
                estimates.append(("skipping, you win the game", chances.skip))
            return Analysis(tuple(estimates), action, _action_words(action))
        if view.phase is Phase.DISCARD:
            thrown = self._thrown(view, shadow)
            return Analysis((), Discard(view.seat, thrown), _discard_words(thrown))
        choice = self._declaration(view, shadow)
        if isinstance(choice, PlayChip):
            return Analysis((), choice, _action_words(choice))
        return Analysis((), Declare(view.seat, choice), _claim_words(choice, view))

    def _discard(self, view: LiarsPokerView) -> Discard:
        discard = super()._discard(view)
        self.kept = tuple(card for card in view.hand if card not in discard.cards)
        return discard


def _cheapest_raise(view: LiarsPokerView) -> Declaration:
    """The cheapest raise, said in full: the worst hand it allows reads like a hand held."""
    raises = legal_raises(view, 1)
    if not raises:
        return top_declaration(view)
    cheapest = raises[0]
    in_full = declaration_of(cheapest.floor)
    if is_legal(in_full, view):
        return in_full
    if is_legal(cheapest.declaration, view):
        return cheapest.declaration
    return top_declaration(view)


# --- A bluff that reads like a true claim ----------------------------------------------------

BIG_DRAW = 3
"""Cards drawn at once that tell the table the hand was weak: most hands that need so many
new cards miss, so the claims after such a draw are the ones a reader doubts."""
DISGUISED_AFTER_BIG_DRAW = 0.8
"""How often a bluff after a big draw says what a true hand would (see
:func:`imagined_claims`) instead of the cheapest raise. In its own games about a third of
its claims after a big draw were bluffs and fewer than one true claim in ten the cheapest
raise: with every bluff there the cheapest raise, that raise was a bluff five times in six,
and a reader challenging it won. Disguising four bluffs in five leaves about as many
cheapest raises bluffed as true there, and its bigger claims still mostly true. Elsewhere a
truth is the cheapest raise often enough to cover the bluffs, and the cheapest raise is the
bluff that normal players believe most (they challenged a disguised bluff four times as
often), so it stays."""
DEEP_ROUND = 3
"""Claims before its own in a round that has climbed high: few hands beat the floor there."""
DISGUISED_IN_DEEP_ROUND = 0.4
"""How often a bluff in a deep round after a small draw is disguised. There its bluffs
outnumbered its true claims at the cheapest raise by about three to two; moving two bluffs
in five leaves the cheapest raise true at least as often as not."""
IMAGINED_BUDGET = 1500.0
"""Microseconds of hand evaluations the imagined draws of a bluff may spend (see ``Meter``)."""
MIN_IMAGINED = 40
MAX_IMAGINED = 200


def disguise_rate(view: LiarsPokerView, drew: int) -> float:
    """How often a bluff after drawing ``drew`` cards says what a true hand would."""
    if drew >= BIG_DRAW:
        return DISGUISED_AFTER_BIG_DRAW
    return DISGUISED_IN_DEEP_ROUND if len(view.declarations) >= DEEP_ROUND else 0.0


def _drawn_this_turn(view: LiarsPokerView) -> int:
    """How many cards this seat drew at its latest draw, if it drew this turn (0 if not)."""
    draws = view.discards
    return draws[-1].count if draws and draws[-1].seat == view.seat else 0


def _likely_kept(view: LiarsPokerView, thrown: int) -> tuple[Card, ...]:
    """The hand less its ``thrown`` least useful cards: what it most likely kept."""
    hand = view.hand
    scores = usefulness(hand, view.communal, view.round_rules.poker)
    order = sorted(range(len(hand)), key=scores.__getitem__)
    return tuple(hand[at] for at in order[thrown:])


def imagined_claims(
    view: LiarsPokerView, kept: Sequence[Card] | None, drawn: int, rng: random.Random
) -> list[Declaration]:
    """The true claims its draw would have let it make, had the draw gone better.

    It keeps ``kept`` (the cards it kept at the draw; where it does not know them, as for
    the coach's fresh bot, its ``drawn`` least useful cards stand in for the new ones),
    draws the rest from the cards it has not seen, and, whenever the hand beats the standing
    claim, says that hand in full, as it says a true one. A bluff chosen among these is
    drawn as its true claims after such a draw are: how far it raises, its category and its
    phrasing tell a reader nothing that a true claim there would not.
    """
    rules = view.round_rules.poker
    communal = view.communal
    held = tuple(kept) if kept is not None else _likely_kept(view, drawn)
    redrawn = len(view.hand) - len(held)
    seen = {*view.hand, *communal}
    unseen = [card for card in round_deck(rules) if card not in seen]
    if redrawn <= 0 or redrawn > len(unseen):
        return []
    beaten = beaten_floor(view)
    meter = Meter(rules)
    draws = 0
    claims: list[Declaration] = []
    while draws < MAX_IMAGINED and (draws < MIN_IMAGINED or meter.spent < IMAGINED_BUDGET):
        draws += 1
        value = meter.value([*held, *rng.sample(unseen, redrawn), *communal])
        if value > beaten:
            claim = declaration_of(value)
            if is_legal(claim, view):
                claims.append(claim)
    return claims


CHIP_WORDS = {
    Chip.SKIP: "play the Skip chip",
    Chip.FLIP: "play the Flip chip, then declare",
    Chip.DOUBLE_DIP: "play the Double Dip chip and draw again",
}


def _action_words(action: Action) -> str:
    if isinstance(action, PlayChip):
        return CHIP_WORDS[action.chip]
    return "challenge" if isinstance(action, Challenge) else "take the hand"


def _discard_words(thrown: Sequence[Card]) -> str:
    if not thrown:
        return "keep every card"
    return f"discard {cards_text(thrown)}"


def _claim_words(declaration: Declaration, view: LiarsPokerView) -> str:
    """``declare a pair of kings``, saying whether the hand holds it."""
    floor = floor_of(declaration, view)
    true = floor is not None and value_of(view.full_hand, view.round_rules.poker) >= floor
    return f"declare {claim_words(declaration)} ({'true' if true else 'a bluff'})"


def _flip_toward_last_life(view: LiarsPokerView) -> bool:
    """Whether reversing would hand a true claim to a neighbour on its last life, while the
    neighbour it would go to otherwise has lives to spare."""
    ahead = _next_alive(view, view.direction)
    behind = _next_alive(view, -view.direction)
    return ahead != behind and view.lives[behind] == 1 and view.lives[ahead] > 1


def _next_alive(view: LiarsPokerView, direction: int) -> int:
    for step in range(1, view.seats):
        candidate = (view.seat + step * direction) % view.seats
        if view.lives[candidate] > 0:
            return candidate
    return view.seat
