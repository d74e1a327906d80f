"""The SQLite writer thread: writes waiting together share one commit, and a write that
fails (a step written twice) fails alone without undoing the others in its group."""

from __future__ import annotations

import functools
import threading
from pathlib import Path

from sqlalchemy import Connection, create_engine, event, text

from dicefront.core.record import Step
from dicefront.server.storage import GameRow, Seat, StaleGameError, Storage
from dicefront.server.storage_writer import GroupWriter


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


def _wait(gate: threading.Event, conn: Connection) -> None:
    gate.wait(10)


def _insert(i: int, conn: Connection) -> None:
    conn.execute(text("INSERT INTO t VALUES (:i)"), {"i": i})


def test_a_group_without_failures_is_written_without_savepoints(tmp_path: Path) -> None:
    """A savepoint per write costs more than the write: the usual group has none, and
    a group with a failing write still commits the others (written again, each alone)."""
    engine = create_engine(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY)"))
    statements: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda *args: statements.append(str(args[2])))
    writer = GroupWriter(engine)
    try:
        for ids in ([1, 2, 3], [4, 1, 5]):  # the second group: 1 is there already
            statements.clear()
            gate = threading.Event()
            first = writer.submit(functools.partial(_wait, gate))  # holds the writer: the others wait together
            futures = [writer.submit(functools.partial(_insert, i)) for i in ids]
            gate.set()
            first.result(10)
            outcomes = [f.exception(10) for f in futures]
            assert [o is None for o in outcomes] == [i != 1 or ids == [1, 2, 3] for i in ids]
            if ids == [1, 2, 3]:
                assert not any("SAVEPOINT" in s.upper() for s in statements), statements
    finally:
        writer.close()
    with engine.connect() as conn:
        assert sorted(r[0] for r in conn.execute(text("SELECT id FROM t"))) == [1, 2, 3, 4, 5]
