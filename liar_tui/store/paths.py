"""The user's config and data folders, found with platformdirs.

``LIAR_TUI_CONFIG_DIR`` and ``LIAR_TUI_DATA_DIR`` override them, so tests and several
local profiles never touch the real ones.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "liar-tui"


def config_dir() -> Path:
    override = os.environ.get("LIAR_TUI_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    override = os.environ.get("LIAR_TUI_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


def settings_path() -> Path:
    return config_dir() / "settings.toml"


def save_path() -> Path:
    """The unfinished table, rewritten after every action."""
    return data_dir() / "current-table.json"


def seat_tokens_path() -> Path:
    """The seat tokens ``liar-tui join`` holds at table hosts: readable by this user only."""
    return data_dir() / "seat-tokens.json"
