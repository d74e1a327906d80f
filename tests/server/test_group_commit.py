"""The SQLite writer thread: writes waiting together share one commit, and a write that
fails (a step written twice) fails alone without undoing the others in its group."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection

from dicefront.core.record import Step
from dicefront.server.storage import GameRow, Seat, StaleGameError, Storage

from .helpers_async import run_coroutine


def _gated_store(tmp_path: Path) -> tuple[Storage, threading.Event, threading.Event, Callable[[Connection], None]]:
    """A SQLite store with four games, and a job ``hold`` that, once the writer runs it
    (``started``), keeps the writer busy until ``gate`` is set."""
    store = Storage(tmp_path / "g.sqlite3")
    for g in range(4):
        store.create_game(GameRow(f"g{g}", "ditch", {}, [Seat("human", "a"), Seat("human", "b")], 1.0))
    gate, started = threading.Event(), threading.Event()

    def hold(conn: Connection) -> None:
        started.set()
        gate.wait(10)

    return store, gate, started, hold

def test_concurrent_writes_commit_and_a_conflict_fails_alone(tmp_path: Path) -> None:
    store = Storage(tmp_path / "g.sqlite3")
    for g in range(8):
        store.create_game(GameRow(f"g{g}", "ditch", {}, [Seat("human", "a"), Seat("human", "b")], 1.0))
    errors: list[str] = []

    def write(game: str, action: str) -> None:
        try:
            store.add_steps(game, 0, [Step(0, action=action)])
        except StaleGameError:
            errors.append(game)

    threads = [threading.Thread(target=write, args=(f"g{g % 8}", f"a{g}")) for g in range(16)]  # two writers per game
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    store.close()
    again = Storage(tmp_path / "g.sqlite3")
    rows = {r.id: r for r in again.load_games()}
    again.close()
    assert sorted(errors) == sorted(f"g{g}" for g in range(8))  # exactly one loser per game
    assert all(len(r.steps) == 1 for r in rows.values())


@pytest.mark.parametrize("raw", [True, False], ids=["raw-group", "sqlalchemy-group"])
def test_a_job_that_fails_after_writing_is_undone_alone_and_the_writer_goes_on(tmp_path: Path, raw: bool) -> None:
    """One group (the writer held busy while three jobs queue): the middle job writes a
    step and then fails; its step is rolled back, the others' are committed, and the
    writer's next group (on the same connection) commits as before. The group is all
    raw jobs (BEGIN and COMMIT through sqlite3) or has a job given the SQLAlchemy
    connection (SQLAlchemy's transaction)."""
    store, gate, started, hold = _gated_store(tmp_path)
    writer = store._writer
    if writer is None:
        raise AssertionError("a SQLite store has a writer thread")

    held = writer.submit(hold)
    if not started.wait(30):
        raise AssertionError("the writer never ran the first job")
    first = store.add_steps_soon("g0", 0, [Step(0, action="first")])
    failing = store._steps_job("g1", 0, [Step(0, action="undone")], None, None, None)

    def write_then_fail_raw(cursor: Any) -> None:
        failing(cursor)
        raise RuntimeError("failed after writing")

    def write_then_fail(conn: Connection) -> None:
        conn.exec_driver_sql("INSERT INTO steps (game_id, idx, player, action, events) VALUES ('g1', 0, 0, 'undone', '[]')")
        raise RuntimeError("failed after writing")

    broken = writer.submit(write_then_fail_raw, raw=True) if raw else writer.submit(write_then_fail)
    third = store.add_steps_soon("g2", 0, [Step(1, action="third")])
    gate.set()
    held.result(timeout=30)
    assert first is not None and third is not None
    first.result(timeout=30)
    third.result(timeout=30)
    with pytest.raises(RuntimeError):
        broken.result(timeout=30)
    store.add_steps("g3", 0, [Step(0, action="later")])
    store.close()
    again = Storage(tmp_path / "g.sqlite3")
    rows = {r.id: [s.action for s in r.steps] for r in again.load_games()}
    again.close()
    assert rows == {"g0": ["first"], "g1": [], "g2": ["third"], "g3": ["later"]}


def test_jobs_from_an_event_loop_are_settled_on_it_and_a_closed_loop_stops_nothing(tmp_path: Path) -> None:
    """Writes submitted from an event loop (the server's moves) share a group with the
    others; each is settled on its loop with its own result or error. A loop closed
    before its write commits leaves the writer working."""
    store, gate, started, hold = _gated_store(tmp_path)
    writer = store._writer
    if writer is None:
        raise AssertionError("a SQLite store has a writer thread")

    async def three() -> list[Any]:
        writer.submit(hold)
        if not started.wait(30):
            raise AssertionError("the writer never ran the first job")
        futures = [
            store.add_steps_on_loop("g0", 0, [Step(0, action="first")]),
            store.add_steps_on_loop("g0", 0, [Step(0, action="again")]),  # step 0 of g0 once more: stale
            store.add_steps_on_loop("g1", 0, [Step(0, action="third")]),
        ]
        gate.set()
        return list(await asyncio.gather(*[f for f in futures if f is not None], return_exceptions=True))

    first, twice, third = run_coroutine(three())
    assert first is None and third is None
    assert isinstance(twice, StaleGameError)
    gate.clear()
    started.clear()

    async def left_behind() -> None:
        writer.submit(hold)
        if not started.wait(30):
            raise AssertionError("the writer never ran the first job")
        store.add_steps_on_loop("g2", 0, [Step(0, action="unawaited")])  # its loop closes before it commits

    run_coroutine(left_behind())
    gate.set()
    store.add_steps("g3", 0, [Step(0, action="later")])
    writer.submit(lambda conn: None).result(timeout=30)  # a group after those: the writer goes on
    store.close()
    again = Storage(tmp_path / "g.sqlite3")
    rows = {r.id: [s.action for s in r.steps] for r in again.load_games()}
    again.close()
    assert rows == {"g0": ["first"], "g1": ["third"], "g2": ["unawaited"], "g3": ["later"]}
