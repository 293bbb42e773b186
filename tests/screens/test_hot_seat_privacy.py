"""Two people at one keyboard, in each of the three games: nobody ever sees another's cards.

Each game is played to its end (or a few bills games) through the real app, the people's moves
chosen by a bot from their own seat's view and sent from the turn on screen. Every screen the
app opens is watched: a privacy screen hands the keyboard to one person, and any other screen
opened over the table (a challenge, a reveal, the game's end) is looked at by everybody. A
turn, which is where a pocket, a bill or a hand shows, may only open for the person the
keyboard was last handed to, with no screen for everybody since.

The paths between turns are named (the same person or another, after what) and each game
must walk the ones its rules allow, so a seed that stops reaching one fails here.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from liar_tui.app import LiarApp
from liar_tui.games import make_bot
from liar_tui.rules.dollar_bills.rules import Rules as BillsRules
from liar_tui.rules.liar_game.rules import Rules as LiarGameRules
from liar_tui.rules.liars_poker.game import ChooseRules, Phase
from liar_tui.rules.liars_poker.rules import LiarsPokerRules
from liar_tui.screens.dollar_bills.play import DollarBillsPlayScreen
from liar_tui.screens.dollar_bills.reveal import BillsRevealScreen
from liar_tui.screens.liar_game.game_over import GameOverScreen
from liar_tui.screens.liar_game.play import LiarGamePlayScreen
from liar_tui.screens.liars_poker.dealers_choice import DealersChoiceScreen
from liar_tui.screens.liars_poker.game_over import LiarsPokerOverScreen
from liar_tui.screens.liars_poker.play import LiarsPokerPlayScreen
from liar_tui.screens.privacy import PrivacyScreen
from liar_tui.screens.table_screen import TableScreen
from liar_tui.store.settings import Settings
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup

SIZE = (100, 32)
TWO_PEOPLE_AND_A_BOT = (
    SeatConfig("Ann", SeatKind.HUMAN),
    SeatConfig("Bot"),
    SeatConfig("Ben", SeatKind.HUMAN),
)
BILLS_GAMES = 4
"""Bills sessions never end by themselves: this many games are played."""
MAX_STEPS = 3000
EVERYBODY = None
"""The viewer after a screen for everybody: nobody in particular holds the keyboard."""

PLAY_SCREENS: tuple[type[TableScreen[Any, Any]], ...] = (
    LiarsPokerPlayScreen,
    LiarGamePlayScreen,
    DollarBillsPlayScreen,
)
GAME_OVER = (LiarsPokerOverScreen, GameOverScreen)


@dataclass
class Watch:
    """What the people at the keyboard have seen, in order, and the paths between turns."""

    names: tuple[str, ...] = ()
    viewer: str | None = EVERYBODY
    in_turn: bool = False
    last_seat: int | None = None
    since: set[str] = field(default_factory=set)
    paths: set[str] = field(default_factory=set)
    actions_seen: int = 0
    """The table's action count at the last turn: the actions since are between turns."""

    def opened(self, screen: Screen[Any]) -> None:
        if isinstance(screen, PrivacyScreen):
            self.viewer = screen.player
        elif not self.in_turn:  # a turn's own screens (dealer's choice) are the turn's
            self.viewer = EVERYBODY
            self.since.add(type(screen).__name__)

    def turn(self, seat: int, bots_between: bool, phase: str) -> None:
        name = self.names[seat]
        assert self.viewer == name, (
            f"{name}'s turn opened while {self.viewer or 'everybody'} was looking "
            f"(after {sorted(self.since) or 'nothing'})"
        )
        if self.last_seat is not None:
            person = "same person" if seat == self.last_seat else "another person"
            between = sorted(self.since) + (["bots"] if bots_between else [])
            self.paths.add(f"{person} after {' + '.join(between) or 'a turn'}")
        self.paths.add(f"phase {phase}")
        self.last_seat = seat
        self.since = set()


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Watch:
    """Every screen pushed and every turn shown, checked as it happens."""
    seen = Watch()
    push = LiarApp.push_screen

    def pushed(app: LiarApp, screen: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(screen, Screen):
            seen.opened(screen)
        return push(app, screen, *args, **kwargs)

    monkeypatch.setattr(LiarApp, "push_screen", pushed)
    for cls in PLAY_SCREENS:
        monkeypatch.setattr(cls, "_show_turn", _watched(cls._show_turn, seen))
    return seen


def _watched(
    show_turn: Callable[[Any, int], Awaitable[None]], seen: Watch
) -> Callable[[Any, int], Awaitable[None]]:
    async def shown(screen: TableScreen[Any, Any], seat: int) -> None:
        app = screen.liar_app
        assert app.table is not None
        seen.names = screen.names
        actions = app.table.actions[seen.actions_seen :]
        bots = any(action.seat not in screen.humans for action in actions)
        seen.actions_seen = len(app.table.actions)
        phase = getattr(app.table.view(seat), "phase", None)
        seen.turn(seat, bots, phase.value if isinstance(phase, Phase) else "turn")
        seen.in_turn = True
        try:
            await show_turn(screen, seat)
        finally:
            seen.in_turn = False

    return shown


async def play_through(pilot: Pilot[Any], app: LiarApp, watch: Watch, wanted: set[str]) -> None:
    """Lift every curtain, close every screen for everybody, and let each person's bot
    choose their move, until every ``wanted`` path is walked (none: until the game is over,
    or enough bills games are played)."""
    await pilot.pause()
    table = app.table
    assert table is not None
    bot = make_bot(table.setup.game, BotLevel.NORMAL, random.Random(table.setup.seed))
    bills_shown = 0
    for _ in range(MAX_STEPS):
        await pilot.pause()
        if wanted and wanted <= watch.paths:
            return
        screen = app.screen
        if isinstance(screen, GAME_OVER):
            return
        if isinstance(screen, PrivacyScreen):
            await pilot.press("enter")
        elif isinstance(screen, DealersChoiceScreen):
            choice = bot.act(table.view(table.to_act()[0]))
            assert isinstance(choice, ChooseRules)
            screen.dismiss(choice.rules)
        elif isinstance(screen, BillsRevealScreen):
            bills_shown += 1
            if bills_shown == BILLS_GAMES:
                return
            await pilot.press("enter")
        elif isinstance(screen, TableScreen):
            if screen._showing is not None and not screen._sent:
                screen._send(bot.act(table.view(screen._showing[0])))
        else:
            await pilot.press("enter")  # a challenge or a reveal: Continue
    raise AssertionError(f"no end after {MAX_STEPS} steps: {app.screen!r}")


async def walk(setup: TableSetup, watch: Watch, wanted: set[str] | None = None) -> None:
    """Play ``setup`` at one keyboard; every ``wanted`` path must be walked on the way."""
    app = LiarApp(settings=Settings(bot_delay=0), start=setup)
    async with app.run_test(size=SIZE) as pilot:
        await play_through(pilot, app, watch, wanted or set())
    missed = (wanted or set()) - watch.paths
    assert not missed, f"never walked: {sorted(missed)}; walked: {sorted(watch.paths)}"


POKER_RULES = LiarsPokerRules(lives=2, chips=True, dealers_choice=True)
TABLES = {
    "liars-poker-cards": POKER_RULES,
    "liar-game": LiarGameRules(target=150),
    "liars-poker-bills": BillsRules(),
}


async def test_liars_poker_hands_the_keyboard_over_on_every_path(watch: Watch) -> None:
    """Bug 1 of issue 13: the winner of a challenge opens the next round, and everybody has
    just looked at the challenge; a winner who had the keyboard last saw their new hand at
    once. (A declarer who wins against a person, and whole games, are in the slow run.)"""
    setup = TableSetup("liars-poker-cards", POKER_RULES, TWO_PEOPLE_AND_A_BOT, seed=11)
    wanted = {
        "another person after a turn",
        "another person after bots",
        "same person after ChallengeScreen + bots",
        "phase choose rules",
        "phase decide",
        "phase discard",
        "phase declare",
    }
    await walk(setup, watch, wanted)


async def test_liar_game_hands_the_keyboard_over_on_every_path(watch: Watch) -> None:
    setup = TableSetup("liar-game", TABLES["liar-game"], TWO_PEOPLE_AND_A_BOT, seed=5)
    await walk(
        setup, watch, {"another person after a turn", "another person after RevealScreen + bots"}
    )


async def test_bills_hand_the_keyboard_over_on_every_path(watch: Watch) -> None:
    setup = TableSetup(
        "liars-poker-bills", TABLES["liars-poker-bills"], TWO_PEOPLE_AND_A_BOT, seed=5
    )
    await walk(
        setup, watch, {"another person after bots", "another person after BillsRevealScreen"}
    )


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("game", sorted(TABLES))
async def test_whole_games_never_show_a_turn_to_the_wrong_person(
    watch: Watch, game: str, seed: int
) -> None:
    """Whole games (bills: a few) under several seeds, every turn checked on the way."""
    await walk(TableSetup(game, TABLES[game], TWO_PEOPLE_AND_A_BOT, seed=seed), watch)
