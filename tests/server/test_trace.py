"""The server's trace of its pauses (server/trace.py, DICEFRONT_TRACE) and the
collector settings of a long-running server (server/heap.py)."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path

import pytest

from dicefront.server import heap, trace

from .helpers_async import run_coroutine


def test_no_trace_unless_the_environment_names_a_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DICEFRONT_TRACE", raising=False)

    async def started() -> object:
        return trace.start()

    assert run_coroutine(started()) is None
    trace.note("lag", 1.0, 50.0)  # nowhere to write: nothing happens
    trace.slow_commit(time.monotonic() - 1, "g")


def test_the_trace_notes_collections_lag_and_slow_commits(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "trace.txt"
    monkeypatch.setenv("DICEFRONT_TRACE", str(path))
    monkeypatch.setattr(trace, "GC_MS", 0.0)  # every collection is noted

    async def run() -> None:
        watcher = trace.start()
        assert watcher is not None
        try:
            gc.collect()
            trace.slow_commit(time.monotonic() - 0.5, "abc123")  # waited 500 ms
            trace.slow_commit(time.monotonic(), "quick")  # not slow: not noted
            await asyncio.sleep(0.02)
            time.sleep(0.05)  # the loop held: the watcher's next tick is late
            await asyncio.sleep(0.03)
        finally:
            watcher.cancel()
            trace.stop()

    run_coroutine(run())
    lines = [line.split(" ") for line in path.read_text().splitlines()]
    kinds = {fields[1] for fields in lines}
    assert {"gc", "commit", "lag"} <= kinds, lines
    assert all(float(fields[0]) > 0 and float(fields[2]) >= 0 for fields in lines)
    commits = [fields for fields in lines if fields[1] == "commit"]
    assert [c[3] for c in commits] == ["abc123"] and float(commits[0][2]) >= 500
    assert any(f[1] == "gc" and f[3] == "gen2" for f in lines)


def test_settle_freezes_the_started_heap_and_collects_young_objects_less_often() -> None:
    before = gc.get_threshold()
    try:
        heap.settle()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (heap.YOUNG, heap.MIDDLE, heap.OLD)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
