"""Research adapters: liar-tui's games as research toolkits see them (the ``research`` extra).

Nothing in the app imports this package; the rules stay free of any toolkit, and the pure
protocol in :mod:`liar_tui.research.explicit` is what a game offers to be wrapped.
"""
