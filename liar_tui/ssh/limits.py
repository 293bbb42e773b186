"""Every bound of the SSH front door in one place, importing nothing.

The issue this answers: every resource a client can make the server spend needs a bound.
The command line (built at every ``liar-tui`` start, so it must not import asyncssh or
asyncio) shows these defaults in ``--help``; the server, the password gate and the pty
apply them.
"""

from __future__ import annotations

DEFAULT_MAX_SESSIONS = 16
DEFAULT_SESSIONS_PER_PLAYER = 2
"""Sessions, and logged-in connections, one player may hold: a second terminal, or a new
connection while the server has not yet noticed the old one dropped."""
DEFAULT_MAX_CONNECTIONS = 64
DEFAULT_SESSION_WAIT = 30.0
"""Seconds a logged-in connection may hold no session before it is closed."""
DEFAULT_IDLE_TIMEOUT = 1800.0
LOGIN_GRACE = 30.0
"""Seconds a connection has to authenticate, so half-open logins do not pile up."""
LOGINS_PER_ADDRESS = 10
"""Connections from one address still logging in at once (OpenSSH's MaxStartups is 10)."""
PASSWORD_TRIES = 6
"""Password tries on one connection before it is closed (OpenSSH's MaxAuthTries)."""
UNKNOWN_KEYS = 20
"""Keys not in the keys file a connection may offer before it is closed: more than
OpenSSH's 6, since an agent may hold many keys before the right one."""
SESSIONS_PER_CONNECTION = 2
"""Session channels one connection may hold open, started or not."""

DEFAULT_PASSWORD_DELAY = 1.0
"""Seconds an address waits after its first wrong password; doubled after each next one."""
LONGEST_PASSWORD_DELAY = 60.0
DEFAULT_LOCKOUT_AFTER = 10
"""Wrong passwords in a row from one address that lock it out."""
DEFAULT_LOCKOUT_SECONDS = 900.0

MOST_COLUMNS = 500
MOST_ROWS = 200
"""The largest window a session's child gets, beyond any screen a person reads a game on:
a terminal app keeps a buffer per cell, and a client claiming 10000 x 10000 made its child
grow past a gigabyte."""
