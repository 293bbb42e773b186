"""Pure game rules: no UI, no I/O, no global randomness."""
