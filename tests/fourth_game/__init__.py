"""A fourth game, High Card, kept in the tests: proof that a game is a plugin and nothing more.

Its rules, bot, screen and rules editor live here and nowhere else; :mod:`.support` registers
it through the real entry-point group, for the tests that ask for it only.
"""
