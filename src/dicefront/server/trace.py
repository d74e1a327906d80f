"""The server's own account of its pauses, for finding slow round trips
(``benchmarks/server_load.py --tail``): off unless the environment variable
``DICEFRONT_TRACE`` names a file when the app starts.

Each line of that file is ``<monotonic seconds> <kind> <milliseconds> <detail>``, the
time being when the pause began (``time.monotonic``: the same clock in every process of
the machine, so a load generator can line the lines up with its own round trips):

* ``gc``: a garbage collection of 5 ms or more (detail: its generation);
* ``lag``: the event loop ran a tick 20 ms or more late (something held it: a long
  computation, a blocking call, a collection);
* ``commit``: a group of steps waited 20 ms or more to be stored (detail: the game).

Tracing costs a timer tick every 10 ms and a clock read per collection."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import time
from typing import IO, Any

GC_MS = 5.0
LAG_MS = 20.0
COMMIT_MS = 20.0
TICK = 0.01
_out: IO[str] | None = None
_gc_start = 0.0


def start() -> asyncio.Task[None] | None:
    """Begin tracing when ``DICEFRONT_TRACE`` is set (in the event loop): the lag
    watcher's task, or None."""
    global _out
    path = os.environ.get("DICEFRONT_TRACE", "")
    if not path or _out is not None:
        return None
    _out = open(path, "a", encoding="utf-8", buffering=1)  # noqa: SIM115 (open for the server's life)
    gc.callbacks.append(_gc)
    return asyncio.get_running_loop().create_task(_watch_lag())


def stop() -> None:
    global _out
    if _out is not None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(_gc)
        _out.close()
        _out = None


def note(kind: str, began: float, ms: float, detail: str = "") -> None:
    if _out is not None:
        _out.write(f"{began:.4f} {kind} {ms:.1f} {detail}\n")


def slow_commit(began: float, game_id: str) -> None:
    """A commit awaited since ``began`` (monotonic) has ended: noted when slow."""
    if _out is not None:
        ms = 1000 * (time.monotonic() - began)
        if ms >= COMMIT_MS:
            note("commit", began, ms, game_id)


def _gc(phase: str, info: dict[str, Any]) -> None:
    global _gc_start
    if phase == "start":
        _gc_start = time.monotonic()
        return
    ms = 1000 * (time.monotonic() - _gc_start)
    if ms >= GC_MS:
        note("gc", _gc_start, ms, f"gen{info.get('generation')}")


async def _watch_lag() -> None:
    while _out is not None:
        due = time.monotonic() + TICK
        await asyncio.sleep(TICK)
        late = 1000 * (time.monotonic() - due)
        if late >= LAG_MS:
            note("lag", due, late)
