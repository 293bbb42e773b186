"""Bot seats: each is a function of one seat's view, never of the full state."""
