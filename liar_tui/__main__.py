"""``python -m liar_tui`` and the ``liar-tui`` console script."""

from __future__ import annotations

import sys

from liar_tui.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
