"""Liar Game's rules for the help screen, with every number and example worked out by the
rules module, so the help says what the game does."""

from __future__ import annotations

from dataclasses import replace

from liar_tui.rules.cards import NATURAL_RANKS, cards_text, parse_cards
from liar_tui.rules.liar_game import game as liar_game
from liar_tui.store.messages import lowered

PLAIN = liar_game.Rules()
TWO_DECKS = liar_game.Rules(decks=2)


def _example(cards: str, rules: liar_game.Rules, ascii_only: bool) -> str:
    """A hand and its value worked out, as the rules module values it."""
    hand = parse_cards(cards)
    score = liar_game.score_hand(hand, rules)
    return f"`{cards_text(hand, ascii_only)}` = {score.breakdown()}"


def card_values_text() -> str:
    """``ace 20; king, queen, jack 10; 2 to 10 at face value``, from ``CARD_VALUES``."""
    values = liar_game.CARD_VALUES
    at_face = [rank for rank in NATURAL_RANKS if values[rank] == int(rank)]
    by_value: dict[int, list[str]] = {}
    for rank in sorted(NATURAL_RANKS, reverse=True):
        if rank not in at_face:
            by_value.setdefault(values[rank], []).append(rank.noun)
    parts = [f"{', '.join(nouns)} {value}" for value, nouns in by_value.items()]
    parts.append(f"{at_face[0].label} to {at_face[-1].label} at face value")
    text = "; ".join(parts)
    return text[0].upper() + text[1:]


def rules_text(ascii_only: bool = False) -> str:
    """Liar Game's rules as Markdown, with every number taken from the rules module."""
    lg = liar_game

    def ex(cards: str, rules: liar_game.Rules = PLAIN) -> str:
        return _example(cards, rules, ascii_only)

    presets = " or ".join(str(points) for points in lg.TARGET_PRESETS)
    variant_examples = {
        "big_combos": ex("7C 7D 7H 7S", replace(TWO_DECKS, big_combos=True)),
        "joker_sets": ex("JK JK JK", replace(TWO_DECKS, joker_sets=True)),
        "low_straight": ex("2C 3D 4H", replace(TWO_DECKS, low_straight=True)),
        "low_doubling": ex("3C 3D KH", replace(TWO_DECKS, low_doubling=True)),
    }
    variants = "\n".join(
        f"- **{lg.VARIANT_TITLES[name]}**: {lg.VARIANT_SUMMARIES[name]} {variant_examples[name]}"
        for name in lg.VARIANT_NAMES
    )
    return f"""\
## Liar Game

{lg.MIN_SEATS} to {lg.MAX_SEATS} players, one or two decks (52 cards and 2 jokers each).
Everyone holds {lg.POCKET_SIZE} cards. Each round every player picks {lg.HAND_SIZE} of them
in secret, then all hands are shown at once and the highest hand wins the round.
Shown cards are discarded and everyone is dealt back up to {lg.POCKET_SIZE}; when the deck
runs short, the discards are shuffled in under it. Shown hands stay public, so you may
count cards.

**Card values.** {card_values_text()}.

**Hands.** A hand is worth the sum of its cards. A *double* (two cards of one rank) counts
those two cards twice, and a *triple* (three of one rank) counts all three cards three
times. For example:

- {ex("9S 7H 4D")}
- {ex("5C 5D 6H")}
- {ex("QC QD QH")}
- {ex("JS KH KD")}

**Jokers.** A joker copies the rank of another card in the same hand, whichever scores
best (three jokers count as aces). A winner loses {lg.JOKER_PENALTY} points for each
joker in the winning hand, so a win can cost points; a loser pays nothing.

- {ex("JK 9S 7H")}
- {ex("4S JK JK")}

With **free jokers** switched on, {lowered(lg.FREE_JOKERS_SUMMARY)}

**Ties.** Equal values are split by the *basic value* (the plain sum without doubling),
then by the highest card (ace high, jokers at the rank they stand for), then the second,
then the third. `Q-10-6` beats `5-5-6` (both 26, basic 26 against 16), and `K-8-3` beats
`K-7-4`. If hands are still equal, every one of them wins the round and scores.

**Winning.** The winner of a round adds the hand's value less the joker penalty. The
game ends after the round in which someone reaches the target ({presets}, or any number
you choose; {PLAIN.target} unless you change it). The highest score wins; equal highest
scores share the win.

**Variants** (each its own switch, and only with two decks, since their sets and jokers
need a double deck):

{variants}

**Coach:** on your turn, `h` shows what the hard bot would show in your place, and the
chance it gives that hand (and your best one) to win the round.

The table is saved after every move: leave at any time and resume it from the home screen.
"""
