"""Textual screens: one module per screen, each with its layout in a .tcss file beside it."""
