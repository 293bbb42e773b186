"""What only an online table has: privacy and a turn timer, chosen in the online setup.

The setup screen of ``liar-tui join`` shows :class:`OnlineOptions` where the local setup
asks for a seed, and hands the choice to the app through :class:`OnlineTableStarter`: the
solo app has no host, so the shared :class:`~liar_tui.screens.base.LiarAppServices` does
not carry it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Static

if TYPE_CHECKING:
    from liar_tui.table.setup import TableSetup

DEFAULT_TURN_SECONDS = 60
"""An online table's turn timer unless its creator says otherwise: long enough to think,
short enough that nobody waits long on someone who walked away."""
MIN_TURN_SECONDS = 10
MAX_TURN_SECONDS = 3600
"""An hour, the host's own limit; below ten seconds bots would play most turns."""
TURN_TIMER_PROBLEM = (
    f"The turn timer must be 0 (no limit) or a whole number of seconds "
    f"from {MIN_TURN_SECONDS} to {MAX_TURN_SECONDS}."
)


@dataclass(frozen=True)
class OnlineTableOptions:
    """How an online table is run, beyond its seats and rules."""

    private: bool = False
    """Chairs are taken only with the code the host gives the creator."""
    turn_seconds: int = DEFAULT_TURN_SECONDS
    """Seconds for each turn before a bot acts for the person; 0 means no limit."""


@runtime_checkable
class OnlineTableStarter(Protocol):
    """The online app: it creates a table on its host with these options."""

    def start_online_table(self, setup: TableSetup, options: OnlineTableOptions) -> None: ...


def parse_turn_seconds(text: str) -> int | str:
    """The turn timer typed, in seconds (0 for none), or a sentence saying why not."""
    cleaned = text.strip()
    if not cleaned:
        return 0
    try:
        seconds = int(cleaned)
    except ValueError:
        return TURN_TIMER_PROBLEM
    if seconds != 0 and not MIN_TURN_SECONDS <= seconds <= MAX_TURN_SECONDS:
        return TURN_TIMER_PROBLEM
    return seconds


class OnlineOptions(Vertical):
    """The private-table switch and the turn timer, with a line saying what each does."""

    DEFAULT_CSS = """
    OnlineOptions {
        height: auto;
        margin-top: 1;
    }
    OnlineOptions .heading {
        text-style: bold;
        margin-bottom: 1;
    }
    OnlineOptions .muted {
        color: $text-muted;
        margin-bottom: 1;
    }
    OnlineOptions #turn-row {
        height: 1;
    }
    OnlineOptions #turn-label {
        width: 12;
    }
    OnlineOptions #turn-seconds {
        width: 8;
        margin-right: 1;
    }
    OnlineOptions Input:focus {
        background: $primary 40%;
    }
    """

    def compose(self) -> ComposeResult:
        yield Label("Online table", classes="heading")
        yield Checkbox("Private table", False, compact=True, id="private")
        yield Static(
            "Only players you give its code to can sit; the host shows you the code.",
            classes="muted",
        )
        with Horizontal(id="turn-row"):
            yield Label("Turn timer", id="turn-label")
            yield Input(
                str(DEFAULT_TURN_SECONDS),
                type="integer",
                max_length=4,
                compact=True,
                id="turn-seconds",
            )
            yield Label("seconds")
        yield Static(
            "When it runs out a bot plays that turn; 0 means no limit.",
            classes="muted",
        )

    def read(self) -> tuple[OnlineTableOptions, list[str]]:
        """The options as shown, and why they cannot be used (empty when they can)."""
        seconds = parse_turn_seconds(self.query_one("#turn-seconds", Input).value)
        if isinstance(seconds, str):
            return OnlineTableOptions(), [seconds]
        private = self.query_one("#private", Checkbox).value
        return OnlineTableOptions(private, seconds), []
