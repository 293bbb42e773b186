"""The bot arena: headless matches between bot levels, with intervals and decision times."""
