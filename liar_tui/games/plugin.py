"""What a game is to the rest of liar-tui: one :class:`GamePlugin` that every shared module asks.

The app, the table, the codec, the arena, the host and the settings know no game by name;
where they need something a game decides (its rules, its bots, its screens, what its
results mean), they ask the game's plugin, as python-chess's consumers ask a variant class
and harlequin asks an adapter. A plugin is found by the entry-point group
``liar_tui.games`` (see :mod:`liar_tui.games`), so a game can ship as a package of its own.

Everything heavy (the engine, the bots, Textual screens) is imported inside the methods that
need it, so listing the games on the home screen costs no more than reading this module.
"""

from __future__ import annotations

import argparse
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

from liar_tui.store.messages import lowered

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget

    from liar_tui.bots.base import Bot
    from liar_tui.rules.base import GameState
    from liar_tui.table.seats import BotLevel
    from liar_tui.table.setup import TableSetup
    from liar_tui.table.table import SeatChannel, SeatUpdate


class Scoring(Enum):
    """What a game's :meth:`~liar_tui.rules.base.GameState.returns` measure."""

    WIN_SHARE = "win share"
    """A share of one win: the winners of a finished game split 1, everyone else has 0."""
    MONEY = "$ a game"
    """Money won or lost, summing to 0 across the seats."""

    @property
    def total(self) -> float:
        """What every seat's returns add up to once a game has been scored."""
        return 1.0 if self is Scoring.WIN_SHARE else 0.0


@dataclass(frozen=True)
class SeatOutcome:
    """How one seat came out of a finished game, as history keeps it."""

    place: int
    """1 for the first; seats that tie share a place, and the next place skips as many
    (1, 1, 3): a seat's place is one more than the seats that did better."""
    won: bool
    score: float
    """The game's own final number for the seat: Liar Game points, Liar's Poker lives
    left, the money a dollar-bills game won or lost."""


def places(scores: Sequence[float]) -> tuple[int, ...]:
    """Each seat's place when a higher score is better: one more than the seats above it, so
    that seats with equal scores share a place."""
    return tuple(1 + sum(other > score for other in scores) for score in scores)


def share_text(part: int, whole: int) -> str:
    """A part of a whole as the stats' game lines say it, ``12 of 40 (30%)``: the count
    beside the share, since a share of a few says little."""
    return f"{part} of {whole} ({round(100 * part / whole)}%)"


class GamePlugin(ABC):
    """One game, as the shared modules see it.

    The class attributes are its metadata; the methods build what a table, a seat or a
    screen needs. Subclasses import their engine and screens lazily inside the methods.
    """

    id: ClassVar[str]
    """Stable across versions: saves, settings, network frames and the command line use it."""
    title: ClassVar[str]
    summary: ClassVar[str]
    """One or two sentences for the home screen."""
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    settings_key: ClassVar[str]
    """The table of the settings file holding this game's default rules (``liar_game``)."""
    scoring: ClassVar[Scoring]
    score_name: ClassVar[str] = "score"
    """What :attr:`SeatOutcome.score` is, as the stats name its mean (``mean lives left``)."""
    menu_order: ClassVar[int] = 100
    """Where the game stands in the home screen's list (then by id): the built-in games come
    first."""
    arena_seats: ClassVar[int] = 4
    """How many seats an arena match has unless told otherwise."""
    arena_game_words: ClassVar[str] = ""
    """What one arena game is, when it is not a whole game (``one deal each``)."""
    cli_options: ClassVar[tuple[str, ...]] = ()
    """The ``dest`` of every option :meth:`add_cli_options` adds; giving one of them to
    another game is a mistake the command line names."""

    # ------------------------------------------------------------------ rules and engine

    @property
    @abstractmethod
    def rules_type(self) -> type:
        """The class of this game's rules; a save or frame with other rules is refused."""

    def default_rules(self) -> Any:
        return self.rules_type()

    def rules_problems(self, rules: Any) -> list[str]:
        """Why ``rules`` cannot be played, one sentence each; empty when they can."""
        problems: list[str] = rules.problems()
        return problems

    def settings_problem(self, rules: Any) -> str | None:
        """The first reason the settings file's rules cannot be used, naming the entry as the
        file spells it (``liar_game.decks``); None when they can be."""
        if problems := self.rules_problems(rules):
            return f"The {self.settings_key} rules cannot be played: {lowered(problems[0])}"
        return None

    @abstractmethod
    def new_state(self, setup: TableSetup) -> GameState:
        """The game's starting state; ``ValueError`` for a setup it cannot start."""

    @property
    def start_type(self) -> Any | None:
        """The class of :meth:`game_start` 's values, for the codec to read a record's start
        back; None (the default) for a game whose records all replay from the table's
        setup."""
        return None

    def game_start(self, state: GameState) -> Any | None:
        """How the game ``state`` is playing began, when a table plays game after game and
        this one is not its first (a value of :attr:`start_type`): a record of that game
        keeps this and the game's own actions, replayed from :meth:`state_at_start`, rather
        than every action since the table opened, which would grow with the session. None
        for a table's first game (it replays from the setup), and always for a game that is
        its table's only one."""
        return None

    def state_at_start(self, setup: TableSetup, start: Any) -> GameState:
        """The state at ``start`` (a value :meth:`game_start` gave) at the table ``setup``
        describes, from which the game's actions replay. ``ValueError`` (one sentence) for a
        start that cannot be, as a file someone edited may hold."""
        raise ValueError(f"A game of {self.title} has no start of its own to replay from.")

    @property
    @abstractmethod
    def action_type(self) -> Any:
        """The action class, or a union of them: what a seat may send."""

    @property
    @abstractmethod
    def view_type(self) -> type:
        """What a seat is shown."""

    @abstractmethod
    def message_types(self) -> Sequence[tuple[type, str]]:
        """Every class the codec must know for this game, with its message name.

        Names are unique across games, so a class whose bare name another game also uses
        (``Rules``, ``GameOver``) is given the game's prefix (``LiarGameRules``).
        """

    @abstractmethod
    def seat_outcomes(
        self, setup: TableSetup, updates: Sequence[SeatUpdate]
    ) -> tuple[SeatOutcome, ...]:
        """Each seat's result of the game that ``updates`` end, in the order of the seats.

        ``updates`` are everything one seat was told, in order (its events and its views,
        the last of them after the game's end): any seat's, so that the table, a local game
        and an online client all read the same result from what each of them has. Raises
        ``ValueError`` when the updates do not end a game.
        """

    def game_counts(
        self, setup: TableSetup, updates: Sequence[SeatUpdate], seat: int
    ) -> Mapping[str, int]:
        """The game's own numbers for ``seat`` in the game ``updates`` end, by name: what
        that seat was told, as :meth:`seat_outcomes` reads it (``{"rounds": 9}``).

        History stores them with the game and sums each name over the player's games, for
        :meth:`count_lines` to word; a name is kept in the history file, so it never
        changes meaning. A game with no numbers of its own counts none.
        """
        return {}

    def count_lines(self, sums: Mapping[str, int], games: int) -> tuple[tuple[str, str], ...]:
        """The stats' lines of this game's own numbers, each a label and its value as text
        (``("Points per round", "12.5")``), from the ``sums`` of :meth:`game_counts` over
        ``games`` games; none for a game that counts none."""
        return ()

    # ------------------------------------------------------------------------ command line

    def add_cli_options(self, group: argparse._ArgumentGroup) -> None:
        """Add this game's rule options to ``liar-tui play`` (dests in :attr:`cli_options`);
        a game with no options adds none."""
        return

    def rules_with_options(self, rules: Any, changes: dict[str, Any]) -> Any:
        """``rules`` with the command line's rule options; ``ValueError`` (one sentence,
        naming the option to change where that helps) when the result cannot be played."""
        return rules

    # ------------------------------------------------------------------------------- bots

    @abstractmethod
    def bot(self, level: BotLevel, rng: random.Random) -> Bot:
        """The bot for a seat at ``level``, drawing its own randomness from ``rng``."""

    @abstractmethod
    def fallback_action(self, view: Any) -> Any:
        """A legal action for the seat of ``view``, which is to act, chosen with no strategy.

        The last resort of :meth:`safe_bot` when a seat's bot and the easy bot both fail: a
        table must never wait on a seat that cannot answer, so this must not fail either.
        """

    def research_choices(self, view: Any) -> Sequence[Any]:
        """Actions a research toolkit may offer the seat of ``view`` beside the engine's
        ``legal_actions``, which a game whose actions are too many to list leaves short
        (those the engine refuses are dropped). None by default."""
        return ()

    def safe_bot(self, level: BotLevel, rng: random.Random) -> Bot:
        """The bot for a seat at ``level``, wrapped so that its failure never freezes a table:
        if it raises, the easy bot answers that decision (drawing from the same ``rng``), and
        if that raises too, :meth:`fallback_action`."""
        from liar_tui.bots.safe import SafeBot
        from liar_tui.table.seats import BotLevel

        def easy() -> Bot:
            return self.bot(BotLevel.EASY, rng)

        stand_in = None if level is BotLevel.EASY else easy
        return SafeBot(self.bot(level, rng), stand_in, self.fallback_action)

    # ------------------------------------------------------------------------------ words

    @abstractmethod
    def rules_summary(self, rules: Any) -> str:
        """A table's rules in a few words, for its line in the lobby."""

    @abstractmethod
    def help_text(self, ascii_only: bool) -> str:
        """This game's rules as Markdown, for the help screen."""

    def help_keys(self) -> list[tuple[str, list[type]]]:
        """Each of this game's screens, named, with the classes whose bindings it answers to."""
        return []

    # ---------------------------------------------------------------------------- screens

    @abstractmethod
    def play_screen(self, channel: SeatChannel) -> Screen[None]:
        """The screen the people at this keyboard play the channel's table on."""

    def replay_table(self, names: Sequence[str], seat: int) -> Widget | None:
        """The table of a replay, seen from ``seat``: a
        :class:`~liar_tui.screens.replay_table.ReplayTable` drawn from this game's play
        screen's own panels; None for a game whose replays cannot be watched, which the
        replay viewer then says. (Typed as a widget: the shared screens are not imported
        here, even to name a type, so that no import loops back to the plugins.)"""
        return None

    @abstractmethod
    def rules_editor(self, rules: Any, editor_id: str) -> Widget:
        """The widget that edits this game's rules in setup and settings; it answers
        :class:`~liar_tui.screens.rules_editing.RulesEditor`."""

    @abstractmethod
    def saved_summary(self, setup: TableSetup, view: Any) -> str:
        """One line on where a saved game stands, for the home screen's Resume entry, from
        the first seat's view of the game replayed from its save."""
