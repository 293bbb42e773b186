"""The table host's default port, in a module of its own: the command line names it in
``--help`` at every start, and importing the protocol for it would slow that down."""

DEFAULT_PORT = 7777
