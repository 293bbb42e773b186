"""Where liar-tui keeps things between runs: settings (TOML) and the unfinished game."""
