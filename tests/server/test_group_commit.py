"""The SQLite writer thread: writes waiting together share one commit, and a write that
fails (a step written twice) fails alone without undoing the others in its group."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection

from dicefront.core.record import Step
from dicefront.server.storage import GameRow, Seat, StaleGameError, Storage


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
    store = Storage(tmp_path / "g.sqlite3")
    for g in range(4):
        store.create_game(GameRow(f"g{g}", "ditch", {}, [Seat("human", "a"), Seat("human", "b")], 1.0))
    writer = store._writer
    if writer is None:
        raise AssertionError("a SQLite store has a writer thread")
    gate, started = threading.Event(), threading.Event()

    def hold(conn: Connection) -> None:
        started.set()
        gate.wait(10)

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
