"""The settings screen: player name, default seats and rules, and how cards look.

Nothing changes until Save, which checks everything first; Escape leaves the settings,
in memory and on disk, exactly as they were.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.lazy import Lazy
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from liar_tui.games import registered, seat_limits
from liar_tui.screens.base import LiarScreen
from liar_tui.screens.rules_editing import (
    VALID,
    find_rules_editor,
    made_unstyled,
)
from liar_tui.screens.seat_editor import SeatEditor
from liar_tui.screens.setup import WIDE_LAYOUT
from liar_tui.store.settings import (
    CardStyle,
    Coach,
    PocketOrder,
    Settings,
    settings_problems,
    whole_file_unused,
)
from liar_tui.table.seats import MAX_NAME_LENGTH, name_problem
from liar_tui.widgets.choice_row import ChoiceRow
from liar_tui.widgets.chooser import Chooser
from liar_tui.widgets.footer import Footer
from liar_tui.widgets.headed_column import (
    BlankBelowHeading,
    FormScroll,
    HeadedColumn,
    PlainRow,
)
from liar_tui.widgets.labelled_chooser import LabelledChooser
from liar_tui.widgets.labelled_row import LabelledRow
from liar_tui.widgets.switch_row import SwitchRow

BOT_DELAYS = (0.0, 0.3, 0.6, 1.0, 1.5, 2.0, 3.0)
"""The bot think delays offered, in seconds (0 to 3)."""
AWAY_TIMEOUTS = (15.0, 30.0, 60.0, 120.0, 300.0, 600.0)
"""How long someone may be gone from an online table before a bot plays for them."""


def editor_id(game: str) -> str:
    return f"rules-{game}"


LABEL_WIDTH = 11
"""Columns for the names of the left column's rows (``Bot delay`` and a space or two)."""


def delay_label(seconds: float) -> str:
    return "none" if seconds == 0 else f"{seconds:g} s"


def away_label(seconds: float) -> str:
    minutes = seconds / 60
    return f"{minutes:g} min" if seconds >= 120 and minutes.is_integer() else f"{seconds:g} s"


class SettingsScreen(LiarScreen[None], BlankBelowHeading):
    """Edits a copy of the settings; only a valid Save reaches the app and the file.

    The screen draws its title on its first line itself (see BlankBelowHeading)."""

    CSS_PATH = "settings.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]
    AUTO_FOCUS = "#player-name"
    # Not a ClassVar: Textual's `ClassVar[...] | None` reads to type checkers as an instance
    # variable, which a ClassVar may not override.
    HORIZONTAL_BREAKPOINTS: list[tuple[int, str]] | None = [  # noqa: RUF012
        (0, "-narrow"),
        (WIDE_LAYOUT, "-wide"),
    ]
    """Your settings beside the rules where both fit; below that, rules underneath."""

    def compose(self) -> ComposeResult:
        settings = self.liar_app.settings
        if problem := self.liar_app.settings_problem:
            yield Static(problem, id="settings-file-problem", classes="error", markup=False)
        with FormScroll(id="settings-columns", can_focus=False):
            # "Cards and bots" is drawn on the column's fifth line: under the name's row,
            # which has a margin of two above it and one below (see settings.tcss).
            with HeadedColumn("You", subheadings={4: "Cards and bots"}, id="settings-left"):
                (name,) = made_unstyled(
                    lambda: [
                        Input(
                            max_length=MAX_NAME_LENGTH,
                            compact=True,
                            id="player-name",
                            classes=VALID,
                        )
                    ]
                )
                name.value = settings.player_name  # with the app running (see made_unstyled)
                yield from made_unstyled(lambda: self._your_settings(settings, name))
                min_seats, max_seats = seat_limits()
                # Below the first screenful: built, heading and all, just after the first
                # frame is shown.
                yield Lazy(
                    HeadedColumn(
                        "Default seats",
                        SeatEditor(
                            settings.seats,
                            min_seats=min_seats,
                            max_seats=max_seats,
                            locked_you_name=settings.player_name,
                            id="seat-editor",
                        ),
                        id="default-seats",
                    )
                )
            with HeadedColumn("Default rules", id="settings-right"):
                # One game's editor at a time: all three together cost as much to build as
                # the rest of the screen. The others are built when first chosen.
                games = registered()
                first_id, first = next(iter(games.items()))
                yield from made_unstyled(
                    lambda: (
                        LabelledChooser(
                            [(game.title, game_id) for game_id, game in games.items()],
                            first_id,
                            label="Game",
                            label_width=LABEL_WIDTH,
                            id="rules-game",
                        ),
                    )
                )
                yield first.rules_editor(settings.rules_for(first_id), editor_id(first_id))
        yield from made_unstyled(
            lambda: (
                PlainRow(
                    Button("Save", variant="primary", compact=True, id="save"),
                    Button("Cancel", compact=True, id="cancel"),
                    id="settings-buttons",
                ),
            )
        )
        yield Footer()

    def render(self) -> Content:
        """The title, as the app's ``.title`` (bold, accent), two columns in."""
        return Content.assemble("  ", ("Settings", "bold $text-accent"))

    @staticmethod
    def _your_settings(settings: Settings, name: Input) -> Iterator[Widget]:
        """The left column down to the seats, made as plain widgets (see made_unstyled)."""
        yield LabelledRow("Name", name, classes="settings-row first-row")
        yield ChoiceRow(
            [("Unicode", CardStyle.UNICODE), ("ASCII only", CardStyle.ASCII)],
            settings.card_style,
            label="Cards",
            label_width=LABEL_WIDTH,
            id="card-style",
        )
        yield ChoiceRow(
            [("By rank", PocketOrder.RANK), ("By suit", PocketOrder.SUIT)],
            settings.pocket_order,
            label="Pocket",
            label_width=LABEL_WIDTH,
            id="pocket-order",
        )
        yield SwitchRow(
            "Four-color deck",
            settings.four_color,
            note="Clubs green and diamonds blue.",
            id="four-color",
        )
        delays = sorted({*BOT_DELAYS, float(settings.bot_delay)})
        yield LabelledChooser(
            [(delay_label(delay), delay) for delay in delays],
            float(settings.bot_delay),
            label="Bot delay",
            label_width=LABEL_WIDTH,
            id="bot-delay",
        )
        timeouts = sorted({*AWAY_TIMEOUTS, float(settings.away_timeout)})
        yield LabelledChooser(
            [(away_label(seconds), seconds) for seconds in timeouts],
            float(settings.away_timeout),
            label="Away bot",
            label_width=LABEL_WIDTH,
            id="away-timeout",
        )
        yield Static("Online tables: a bot plays for anyone gone this long.", id="away-summary")
        yield SwitchRow(
            "Show the odds of a bid",
            settings.show_odds,
            note="Dollar bills: how likely a bid is true, given your own bill.",
            id="show-odds",
        )
        yield SwitchRow(
            "Bell on your turn",
            settings.turn_bell,
            note="A beep when it becomes your turn.",
            id="turn-bell",
        )
        yield ChoiceRow(
            [("Off", Coach.OFF), ("On request", Coach.ON_REQUEST), ("Always", Coach.ALWAYS)],
            settings.coach,
            label="Coach",
            label_width=LABEL_WIDTH,
            note="What the hard bot would do in your place (h at the table).",
            id="coach",
        )
        yield Static(id="theme-name", classes="settings-row", markup=False)

    def on_mount(self) -> None:
        self._show_theme()
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._show_theme())
        if problem := self.liar_app.settings_problem:
            box = self.query_one("#settings-file-problem", Static)
            box.border_title = (
                "Settings file not used" if whole_file_unused(problem) else "Some settings not used"
            )
            box.border_subtitle = "Save replaces it with the settings below"

    def _show_theme(self) -> None:
        """The theme is chosen from the command palette, which saves it at once."""
        self.query_one("#theme-name", Static).update(
            Content.assemble(
                "Theme".ljust(LABEL_WIDTH), self.app.theme, ("  Ctrl+P to change", "dim")
            )
        )

    @on(Chooser.Changed, "#rules-game")
    async def _game_chosen(self, event: Chooser.Changed) -> None:
        """Show the chosen game's rules; its editor is built the first time it is chosen,
        and the others are hidden, not removed, so Save still reads what was edited."""
        chosen = str(event.value)
        for game_id in registered():
            for editor in self.query(f"#{editor_id(game_id)}"):
                editor.display = game_id == chosen
        if not self.query(f"#{editor_id(chosen)}"):
            game = registered()[chosen]
            rules = self.liar_app.settings.rules_for(chosen)
            await self.query_one("#settings-right").mount(
                game.rules_editor(rules, editor_id(chosen))
            )

    @on(Input.Changed, "#player-name")
    def _name_changed(self, event: Input.Changed) -> None:
        for seats in self.query(SeatEditor):  # none yet in the first frame
            seats.set_you_name(event.value.strip())

    def read(self) -> tuple[Settings, list[str]]:
        """The settings as shown, and why they cannot be saved (empty when they can)."""
        name = self.query_one("#player-name", Input).value.strip()
        settings = self.liar_app.settings
        seat_editors = self.query(SeatEditor)  # not built yet in the first frame
        seats = seat_editors.first().seats if seat_editors else settings.seats
        problems = seat_editors.first().problems() if seat_editors else []
        for game_id in registered():
            if not self.query(f"#{editor_id(game_id)}"):
                continue  # never shown, so its rules are the saved ones
            rules, found = find_rules_editor(self, f"#{editor_id(game_id)}").read()
            settings = settings.with_rules(game_id, rules)
            problems += found
        delay = self.query_one("#bot-delay", Chooser).value
        away_timeout = self.query_one("#away-timeout", Chooser).value
        settings = replace(
            settings,
            player_name=name,
            card_style=self.query_one("#card-style", ChoiceRow).value,
            four_color=self.query_one("#four-color", SwitchRow).value,
            bot_delay=delay,
            away_timeout=away_timeout,
            seats=seats,
            show_odds=self.query_one("#show-odds", SwitchRow).value,
            turn_bell=self.query_one("#turn-bell", SwitchRow).value,
            pocket_order=self.query_one("#pocket-order", ChoiceRow).value,
            coach=self.query_one("#coach", ChoiceRow).value,
        )
        found = [p for p in [name_problem(name)] if p] + problems
        return settings, found or settings_problems(settings)

    def action_save(self) -> None:
        settings, problems = self.read()
        report = next(self.query("#settings-problems").results(Static), None)
        if problems:
            if report is None:
                # Made at the first refusal: most saves have none.
                report = Static(id="settings-problems", classes="error", markup=False)
                self.mount(report, before=self.query_one("#settings-buttons"))
            report.update("\n".join(f"• {problem}" for problem in problems))
            report.display = True
            return
        if report is not None:
            report.display = False
        if self.liar_app.save_settings(settings):
            self.notify("Settings saved.")
            self.dismiss()

    def action_cancel(self) -> None:
        self.dismiss()

    @on(Button.Pressed, "#save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()
