"""The SSH front door: ``ssh -p 2222 name@host`` lands in the lobby of the local table host.

Each SSH session runs ``liar-tui join`` as its own process in a pseudo-terminal, under the
player name filed with the key or password it logged in with. Nothing else is offered: no
shell, no command, no forwarding, no SFTP. The package's ``__init__`` imports nothing, so
``liar-tui --help`` (which builds :mod:`liar_tui.ssh.command`'s parser) never loads asyncssh.
"""
