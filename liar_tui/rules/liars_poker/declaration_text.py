"""Reading a declaration typed as players say it: the text parser of Liar's Poker with cards.

``parse_declaration(text, rules)`` reads the canonical text that ``Declaration.text`` writes,
and the other ways players say the same claim, and refuses with one sentence a player can read
that names the word it did not follow. The declaration it builds then refuses what cannot be
said at all, and ``impossibility`` what no hand under the round's rules matches.

It reads both wordings people use ("queens full of sixes" and "queens over sixes", "nine
kicker" and "9 kicker"); what it reads back is written in the one wording of
``Declaration.text``, which ``HandRank.describe`` shares.

This module builds on ``declarations`` (the model, its validation and its canonical text),
which never imports it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TypeVar

from liar_tui.rules.cards import NATURAL_RANKS, Card, CardParseError, Rank, Suit, parse_card
from liar_tui.rules.liars_poker.declarations import (
    GROUP_SHAPES,
    HAND_SIZE,
    PREFIX_CATEGORIES,
    STRAIGHT_CATEGORIES,
    SUIT_WORDS,
    Declaration,
    DeclarationError,
    impossibility,
    with_article,
)
from liar_tui.rules.liars_poker.rules import Category, Color, PokerRules


def parse_declaration(text: str, rules: PokerRules) -> Declaration:
    """Read a declaration as players say it, ignoring case and punctuation.

    Reads the seed's phrasings ("queens over fours with a nine kicker", "K-10 high",
    "three fours and an ace-king", "Q-J-9-4-2 all red", "ace of clubs, jack of diamonds, …")
    and short forms ("KK", "7s over 3s", "AS JD TD 7H 3C", "trips", "quads", "boat").
    Raises ``DeclarationError`` naming the word it could not follow, or saying why no hand
    under ``rules`` matches.
    """
    words = _WORD.findall(text.translate(_NORMALIZED_MARKS))
    cards = _exact_cards(words)
    if cards is not None:
        declaration = Declaration.of_cards(cards, rules)
    else:
        declaration = _Reader(_phrase_words(words)).read().build()
    reason = impossibility(declaration, rules)
    if reason is not None:
        raise DeclarationError(reason)
    return declaration


_WORD = re.compile(r"(?:[^\W_]|[♠♥♦♣♤♡♢♧-])+")
_NORMALIZED_MARKS = str.maketrans({"–": "-", "—": "-", "−": "-", "‐": "-", "'": None, "’": None})

_SINGULAR: dict[str, Rank] = {rank.noun: rank for rank in NATURAL_RANKS}
_SINGULAR |= {rank.ascii.lower(): rank for rank in NATURAL_RANKS if rank is not Rank.ACE}
_SINGULAR |= {"10": Rank.TEN, "deuce": Rank.TWO, "trey": Rank.THREE}
"""Ranks named singly. "a" is missing on purpose: it is the article unless it reads as an ace."""
_PLURAL: dict[str, Rank] = {rank.plural: rank for rank in NATURAL_RANKS}
_PLURAL |= {f"{rank.ascii.lower()}s": rank for rank in NATURAL_RANKS}
_PLURAL |= {"10s": Rank.TEN, "deuces": Rank.TWO, "treys": Rank.THREE}
_SUITS: dict[str, Suit] = {word: suit for suit, word in SUIT_WORDS.items()}
_SUITS |= {f"{word}s": suit for word, suit in list(_SUITS.items())}
_SUITS |= {suit.symbol: suit for suit in Suit}
_SUITS |= {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
_COLORS = {color.value: color for color in Color}
_KICKER_WORDS = frozenset({"kicker", "kickers", "backer", "backers"})
_ACE_CUES = _KICKER_WORDS | {"high"}
"""Words after which a lone "a" is an ace ("A high", "an A kicker") rather than an article."""
_FILLERS = frozenset({"a", "an", "the", "with", "and", "of", "all", "to", "in"})
_COUNT_CUES = frozenset({"kind", "pair", "pairs"}) | frozenset(_PLURAL)
"""Words that make the rank before them a count: "three fours", "three of a kind", "two pair"."""
_REPEATED_RANK = re.compile(r"([2-9tjqka])\1{1,4}")
"""Short forms such as "KK" or "777": one rank letter said two to five times."""
_RANK_BY_LETTER = {rank.ascii.lower(): rank for rank in NATURAL_RANKS}
_BY_COUNT = {
    2: Category.PAIR,
    3: Category.THREE_OF_A_KIND,
    4: Category.FOUR_OF_A_KIND,
    5: Category.FIVE_OF_A_KIND,
}
_ANY_GROUP = frozenset(GROUP_SHAPES)
_TWO_RANKS = frozenset({Category.TWO_PAIR, Category.FULL_HOUSE})


def _quoted(word: str) -> str:
    return repr(word if len(word) <= 20 else word[:19] + "…")


def _exact_cards(words: list[str]) -> list[Card] | None:
    """The cards of a five-exact-cards declaration, or None when the text is a phrase.

    Card codes win only if every word is one and they cannot all be plurals: "7s" alone reads
    as sevens, "AS JD TD 7H 3C" as five cards.
    """
    named = [word for word in words if word.casefold() not in ("and", "the")]
    codes = [_card_code(word) for word in named]
    all_codes = bool(named) and None not in codes
    if all_codes and (
        len(named) == HAND_SIZE or any(word.casefold() not in _PLURAL for word in named)
    ):
        return [code for code in codes if code is not None]
    spelled = any(
        _spelled_rank(named[at]) is not None
        and named[at + 1].casefold() == "of"
        and named[at + 2].casefold() in _SUITS
        for at in range(len(named) - 2)
    )
    return _spelled_cards(named) if spelled else None


def _card_code(word: str) -> Card | None:
    try:
        return parse_card(word)
    except CardParseError:
        return None


def _spelled_rank(word: str) -> Rank | None:
    folded = word.casefold()
    return Rank.ACE if folded == "a" else _SINGULAR.get(folded)


def _spelled_cards(words: list[str]) -> list[Card]:
    cards: list[Card] = []
    at = 0
    while at < len(words):
        rank = _spelled_rank(words[at])
        if rank is not None and at + 1 < len(words) and words[at + 1].casefold() == "of":
            suit_word = words[at + 2] if at + 2 < len(words) else ""
            if suit_word.casefold() not in _SUITS:
                said = f"{words[at]} of {suit_word}".strip()
                raise DeclarationError(
                    f"{_quoted(said)} needs a suit: clubs, diamonds, hearts or spades."
                )
            cards.append(Card(rank, _SUITS[suit_word.casefold()]))
            at += 3
            continue
        code = _card_code(words[at])
        if code is None:
            raise DeclarationError(
                f"{_quoted(words[at])} is not a card; name cards as 'ace of clubs' or 'AS'."
            )
        cards.append(code)
        at += 1
    return cards


@dataclass(frozen=True)
class _Word:
    typed: str
    text: str
    run: tuple[Rank, ...] = ()
    """The singular ranks the word names, for rank words and runs such as "K-10"."""


def _phrase_words(words: list[str]) -> list[_Word]:
    """Words with hyphenated runs kept whole, fillers dropped, and adjacent ranks joined."""
    split: list[_Word] = []
    for typed in words:
        parts = [part for part in typed.split("-") if part]
        ranks = [_spelled_rank(part) for part in parts]
        if len(parts) > 1 and None not in ranks:
            split.append(_Word(typed, typed.casefold(), tuple(r for r in ranks if r)))
        else:
            split += [_Word(part, part.casefold()) for part in parts]
    kept: list[_Word] = []
    for at, word in enumerate(split):
        after = split[at + 1].text if at + 1 < len(split) else None
        if word.text == "a" and after in _ACE_CUES:
            kept.append(_Word(word.typed, word.text, (Rank.ACE,)))
        elif word.text in _SINGULAR:
            kept.append(_Word(word.typed, word.text, (_SINGULAR[word.text],)))
        elif word.text not in _FILLERS:
            kept.append(word)
    return _joined_runs(kept)


def _joined_runs(words: list[_Word]) -> list[_Word]:
    joined: list[_Word] = []
    for at, word in enumerate(words):
        after = words[at + 1].text if at + 1 < len(words) else None
        is_count = len(word.run) == 1 and after in _COUNT_CUES
        if word.run and not is_count and joined and joined[-1].run:
            last = joined.pop()
            word = _Word(f"{last.typed} {word.typed}", word.text, last.run + word.run)
        joined.append(word)
    return joined


_Detail = TypeVar("_Detail", Suit, Color)


@dataclass
class _Draft:
    """Details read so far; the category may be named late ("sevens over threes, two pair")."""

    category: Category | None = None
    category_word: str = ""
    groups: tuple[Rank, ...] = ()
    groups_word: str = ""
    groups_fit: frozenset[Category] = _ANY_GROUP
    groups_default: Category = Category.PAIR
    runs: dict[str, _Word] = field(default_factory=dict)
    """Ranks said together, by how they were said: "high", "kicker" or "bare"."""
    top: Rank | None = None
    suit: Suit | None = None
    color: Color | None = None
    color_word: str = ""
    suit_word: str = ""

    def build(self) -> Declaration:
        category = self._category()
        details: dict[str, tuple[Rank, ...]] = {}
        top = self.top
        for kind, word in self.runs.items():
            slot = self._slot_for(kind, category, word)
            if slot == "top":
                if len(word.run) > 1 or top is not None:
                    raise DeclarationError(
                        f"{_quoted(word.typed)}: a straight is named by its top card alone, "
                        "as in 'king-high straight'."
                    )
                top = word.run[0]
            elif slot in details:
                named = "kickers" if slot == "kickers" else "top cards"
                raise DeclarationError(
                    f"{_quoted(word.typed)} names {named} a second time; name them once."
                )
            else:
                details[slot] = word.run
        groups = self.groups
        if category is Category.TWO_PAIR:
            groups = tuple(sorted(groups, reverse=True))
        return Declaration(
            category,
            groups=groups,
            kickers=details.get("kickers", ()),
            high_cards=details.get("high_cards", ()),
            top=top,
            suit=self.suit,
            color=self.color,
        )

    def _category(self) -> Category:
        category = self.category
        if self.groups:
            if category is None:
                category = self.groups_default
            elif category not in self.groups_fit:
                raise DeclarationError(
                    f"{_quoted(self.groups_word)} does not fit {with_article(category)}."
                )
        if self.color is not None:
            category = _colored(category, self.color_word)
        if self.suit is not None:
            category = _suited(category, self.suit_word)
        if category is not None:
            return category
        if "kicker" in self.runs:
            raise DeclarationError(
                "Say which pair or set the kickers go with, as in 'pair of sevens, nine kicker'."
            )
        if self.runs:
            return Category.HIGH_CARD
        raise DeclarationError("Name a hand, such as 'pair of sevens', 'K-10 high' or 'flush'.")

    @staticmethod
    def _slot_for(kind: str, category: Category, word: _Word) -> str:
        if kind == "kicker" or (kind == "bare" and category in GROUP_SHAPES):
            return "kickers"
        if category in PREFIX_CATEGORIES:
            return "high_cards"
        if category in STRAIGHT_CATEGORIES:
            return "top"
        raise DeclarationError(f"{_quoted(word.typed)} does not fit {with_article(category)}.")


def _colored(category: Category | None, word: str) -> Category:
    if category in (None, Category.FLUSH, Category.COLOR_FLUSH):
        return Category.COLOR_FLUSH
    if category in STRAIGHT_CATEGORIES:
        return Category.COLOR_STRAIGHT_FLUSH
    raise DeclarationError(
        f"{_quoted(word)} does not fit {with_article(category)}: only color flushes have a color."
    )


def _suited(category: Category | None, word: str) -> Category:
    if category in (None, Category.FLUSH):
        return Category.FLUSH
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return Category.STRAIGHT_FLUSH
    raise DeclarationError(
        f"{_quoted(word)} does not fit {with_article(category)}: only flushes have a suit."
    )


class _Reader:
    """Reads phrases left to right into a ``_Draft``, refusing the first word it cannot place."""

    def __init__(self, words: list[_Word]) -> None:
        self.words = words
        self.at = 0
        self.draft = _Draft()

    def read(self) -> _Draft:
        while self.at < len(self.words):
            word = self.take()
            if word.run:
                self.rank_phrase(word)
            elif word.text in _PLURAL:
                self.plural_phrase(word, _PLURAL[word.text])
            elif match := _REPEATED_RANK.fullmatch(word.text):
                rank = _RANK_BY_LETTER[match.group(1)]
                self.name(_BY_COUNT[len(word.text)], word)
                self.group((rank,), word, _ANY_GROUP, Category.PAIR)
            else:
                self.keyword(word)
        return self.draft

    def take(self) -> _Word:
        word = self.words[self.at]
        self.at += 1
        return word

    def next_is(self, *texts: str) -> bool:
        return self.at < len(self.words) and self.words[self.at].text in texts

    def skip(self, *texts: str) -> bool:
        """Take the next word if it is one of ``texts``; say whether it was."""
        found = self.next_is(*texts)
        self.at += found
        return found

    def next_plural(self) -> Rank | None:
        if self.at < len(self.words) and self.words[self.at].text in _PLURAL:
            return _PLURAL[self.take().text]
        return None

    def rank_phrase(self, word: _Word) -> None:
        if len(word.run) == 1 and self.next_is(*_COUNT_CUES):
            self.count_phrase(int(word.run[0]), word)
        elif self.next_is("high"):
            self.take()
            self.put_run("high", word)
        elif self.next_is(*_KICKER_WORDS):
            self.take()
            self.put_run("kicker", word)
        else:
            self.put_run("bare", word)

    def count_phrase(self, count: int, word: _Word) -> None:
        what = self.take()
        said = f"{word.typed} {what.typed}"
        if what.text in ("pair", "pairs"):
            category = {1: Category.PAIR, 2: Category.TWO_PAIR}.get(count)
        else:
            category = _BY_COUNT.get(count)
        if category is None:
            raise DeclarationError(f"{_quoted(said)} is not a poker hand.")
        self.name(category, word, said)
        if what.text in _PLURAL:
            self.group((_PLURAL[what.text],), what, frozenset({category}), category)

    def plural_phrase(self, word: _Word, rank: Rank) -> None:
        if self.next_is("over"):
            over = self.take()
            second = self.next_plural()
            if second is None:
                raise DeclarationError(
                    f"{_quoted(over.typed)} needs a second rank, as in 'queens over fours'."
                )
            self.group((rank, second), word, _TWO_RANKS, Category.TWO_PAIR)
        elif self.next_is("full"):
            self.take()
            self.skip("house", "boat")
            second = self.next_plural()
            ranks = (rank,) if second is None else (rank, second)
            self.group(ranks, word, frozenset({Category.FULL_HOUSE}), Category.FULL_HOUSE)
        elif self.next_is("up"):
            self.take()
            self.group((rank,), word, frozenset({Category.TWO_PAIR}), Category.TWO_PAIR)
        else:
            self.group((rank,), word, _ANY_GROUP, Category.PAIR)

    def keyword(self, word: _Word) -> None:
        text = word.text
        if text in _SUITS:
            self.draft.suit, self.draft.suit_word = self.once(self.draft.suit, _SUITS[text], word)
        elif text in _COLORS:
            self.draft.color, self.draft.color_word = self.once(
                self.draft.color, _COLORS[text], word
            )
        elif text == "one" and self.next_is("pair"):
            self.count_phrase(1, word)
        elif text in _KEYWORD_CATEGORIES:
            self.name(_KEYWORD_CATEGORIES[text], word)
        elif text == "high" and self.next_is("card"):
            self.take()
            self.name(Category.HIGH_CARD, word, "high card")
        elif text == "straight":
            flush = self.skip("flush")
            self.name(Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT, word)
        elif text in ("color", "colour"):
            straight = self.skip("straight")
            self.skip("flush")
            category = Category.COLOR_STRAIGHT_FLUSH if straight else Category.COLOR_FLUSH
            self.name(category, word)
        elif text == "full" and self.next_is("house", "boat"):
            self.take()
            self.name(Category.FULL_HOUSE, word, "full house")
        elif text == "royal":
            self.skip("straight")
            self.skip("flush")
            self.name(Category.STRAIGHT_FLUSH, word)
            self.draft.top = Rank.ACE
        elif text in _NEEDS_RANK_BEFORE:
            raise DeclarationError(f"{_quoted(word.typed)} needs {_NEEDS_RANK_BEFORE[text]}.")
        else:
            raise DeclarationError(f"{_quoted(word.typed)} is not a word of a poker hand.")

    def once(self, current: _Detail | None, value: _Detail, word: _Word) -> tuple[_Detail, str]:
        if current is not None and current != value:
            raise DeclarationError(f"{_quoted(word.typed)} contradicts what was said before it.")
        return value, word.typed

    def name(self, category: Category, word: _Word, said: str | None = None) -> None:
        draft = self.draft
        if draft.category is not None and draft.category is not category:
            raise DeclarationError(
                f"{_quoted(said or word.typed)} names a different hand from "
                f"{_quoted(draft.category_word)}."
            )
        draft.category, draft.category_word = category, said or word.typed

    def group(
        self,
        ranks: tuple[Rank, ...],
        word: _Word,
        fits: frozenset[Category],
        default: Category,
    ) -> None:
        draft = self.draft
        if draft.groups:
            raise DeclarationError(
                f"{_quoted(word.typed)} names a second pair or set; name each one once."
            )
        draft.groups, draft.groups_word = ranks, word.typed
        draft.groups_fit, draft.groups_default = fits, default

    def put_run(self, kind: str, word: _Word) -> None:
        if kind in self.draft.runs:
            raise DeclarationError(f"{_quoted(word.typed)} names ranks a second time.")
        self.draft.runs[kind] = word


_KEYWORD_CATEGORIES = {
    "flush": Category.FLUSH,
    "pair": Category.PAIR,
    "pairs": Category.TWO_PAIR,
    "trips": Category.THREE_OF_A_KIND,
    "trip": Category.THREE_OF_A_KIND,
    "set": Category.THREE_OF_A_KIND,
    "quads": Category.FOUR_OF_A_KIND,
    "boat": Category.FULL_HOUSE,
}
_NEEDS_RANK_BEFORE = {
    "high": "a rank before it, as in 'K-10 high'",
    "kicker": "a rank before it, as in 'nine kicker'",
    "kickers": "ranks before it, as in 'ace-king kickers'",
    "backer": "a rank before it, as in 'nine backer'",
    "backers": "ranks before it, as in 'ace-king backers'",
    "over": "ranks on both sides, as in 'queens over fours'",
    "up": "a rank before it, as in 'kings up'",
    "full": "ranks around it, as in 'eights full of fours'",
    "kind": "a count before it, as in 'three of a kind'",
}
