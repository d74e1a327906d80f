"""The garbage collector, set for a long-running server (``dicefront serve``).

Everything alive once the server has started (modules, the games loaded and warmed
up) lives as long as the server: :func:`settle` moves it out of the collector's sight
(``gc.freeze``), so a full collection looks at what was made since, not at every
module's objects again (a full collection of the started server's heap took 100-250 ms
on the event loop: the slowest round trips of ``benchmarks/server_load.py --tail``).
Young objects are collected less often (a move makes a few thousand short-lived
containers; at the default threshold of 700 the collector took ~8% of the message
path's CPU, ``benchmarks/message_path.py``). Cycles still die, a little later, except
among the frozen objects (a game loaded at start-up and evicted since, if it held a
cycle): bounded by what start-up made, never growing with the server's age."""

from __future__ import annotations

import gc

YOUNG = 20_000  # allocations between collections of the youngest generation (Python's default: 700)
MIDDLE = 20  # youngest collections between collections of the middle one (default 10)
OLD = 20  # middle collections between full ones (default 10; Python also waits for 25% growth)


def settle() -> None:
    """Collect once, freeze what is left, and collect young objects less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
