"""Every declaration that can be said, under every rule set of the fast tests, against the search.

Slow (a few minutes on two cores): run with ``pytest -m slow``.
"""

from __future__ import annotations

import pytest

from liar_tui.rules.cards import Rank
from liar_tui.rules.liars_poker.rules import PokerRules
from tests.rules.liars_poker.test_floor import (
    RULE_SETS,
    all_declarations,
    assert_floor_is_the_searched_floor,
)

pytestmark = pytest.mark.slow

EVERY_RULE_SET = {
    **RULE_SETS,
    "aces wild": PokerRules(wild_ranks=frozenset({Rank.ACE})),
    "three low ranks wild, two jokers, two pair over trips": PokerRules(
        jokers=2,
        wild_ranks=frozenset({Rank.THREE, Rank.FOUR, Rank.FIVE}),
        two_pair_over_trips=True,
    ),
    "kings wild, no color straight flush": PokerRules(
        wild_ranks=frozenset({Rank.KING}), color_straight_flush=False
    ),
}


@pytest.mark.parametrize("name", EVERY_RULE_SET)
def test_floor_equals_the_search_for_every_declaration(name: str) -> None:
    rules = EVERY_RULE_SET[name]
    for declaration in all_declarations(rules):
        assert_floor_is_the_searched_floor(declaration, rules)
