"""liar-tui: three bluffing card games in the terminal."""

__version__ = "0.1.0"
