"""The table: holds a game's state, applies actions from the bus, tells each seat its view."""
