"""Garbage collection tuned for a process that runs one terminal app.

Python's cyclic collector runs when enough new objects have piled up; with Textual's widget
trees, a collection of the older generations (which walks every object startup made: modules,
classes, styles) often landed inside a screen's first frame, and a screen that opens in 50 ms
took 300-550 ms now and then. What startup made lives until the app ends, so it is frozen out
of the collector's walks, and the youngest objects are collected less often.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 20_000
"""New objects (less those freed) before the youngest generation is collected (Python's
default is 700): a screen's widgets are made and dropped well within it."""


def settle_after_startup() -> None:
    """Collect once, freeze what is left, and collect the youngest objects less often.

    Only for a process that runs one app to its end (``liar-tui``, ``liar-tui join``): frozen
    objects are never collected, so a server that starts app after app must not call it.
    """
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, oldest)
