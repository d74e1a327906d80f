"""Group commit for the embedded SQLite database: one thread writes for every caller.
The jobs waiting when it is free run in one transaction, each in its own savepoint (a
job that fails changes nothing and fails alone), so one commit, one fsync, covers them
all. Each caller's call returns only once its job is committed.

The thread keeps one connection for its life (no pool check-out and reset per group)
and sets its savepoints through the sqlite3 cursor: SQLAlchemy's ``begin_nested``
compiles its SAVEPOINT and RELEASE statements anew each time, which cost more than the
jobs themselves (benchmarks/README.md, seventh pass)."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from sqlalchemy import Connection, Engine

from ..core.errors import DicefrontError

Job = Callable[[Connection], Any]
MAX_GROUP = 256


class GroupWriter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._queue: queue.SimpleQueue[tuple[Job, Future[Any]] | None] = queue.SimpleQueue()
        self._closed = False
        self._thread = threading.Thread(target=self._loop, name="dicefront-writer", daemon=True)
        self._thread.start()

    def run(self, job: Job) -> Any:
        """Run ``job`` in the next group; its result once committed (or its error)."""
        return self.submit(job).result()

    def submit(self, job: Job) -> Future[Any]:
        """Queue ``job`` for the next group: a future done once it is committed (or
        failed), for a caller that must not block (the event loop)."""
        if self._closed:
            raise DicefrontError("the game database is closed")
        done: Future[Any] = Future()
        self._queue.put((job, done))
        return done

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._queue.put(None)
            self._thread.join(timeout=30)

    def _loop(self) -> None:
        conn: Connection | None = None  # one connection for the thread's life: no pool check-out and reset per group
        try:
            while True:
                first = self._queue.get()
                if first is None:
                    return
                group, stop = self._gather(first)
                if conn is None or conn.invalidated or conn.closed:
                    conn = self._connect(group)
                if conn is not None and not self._write(conn, group):
                    conn.close()  # a failed commit: the next group starts on a fresh connection
                    conn = None
                if stop:
                    return
        finally:
            if conn is not None:
                conn.close()

    def _connect(self, group: list[tuple[Job, Future[Any]]]) -> Connection | None:
        """The writer's connection; None, the group failed, if the database cannot be reached."""
        try:
            return self.engine.connect()
        except Exception as exc:
            for _, done in group:
                done.set_exception(exc)
            return None

    def _gather(self, first: tuple[Job, Future[Any]]) -> tuple[list[tuple[Job, Future[Any]]], bool]:
        """The jobs waiting now, ``first`` among them (at most MAX_GROUP); True when the
        writer was told to stop."""
        group = [first]
        while len(group) < MAX_GROUP:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return group, False
            if item is None:
                return group, True
            group.append(item)
        return group, False

    def _write(self, conn: Connection, group: list[tuple[Job, Future[Any]]]) -> bool:
        """Run the group in one transaction, each job in its own savepoint; False when
        the commit failed (every job fails with its error, nothing was written)."""
        results: list[tuple[Future[Any], Any, BaseException | None]] = []
        try:
            with conn.begin():
                cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]  # savepoints through sqlite3 itself
                for job, done in group:
                    cursor.execute("SAVEPOINT job")
                    try:
                        value = job(conn)
                    except Exception as exc:  # this job's savepoint is rolled back
                        cursor.execute("ROLLBACK TO SAVEPOINT job")
                        results.append((done, None, exc))
                    else:
                        results.append((done, value, None))
                    cursor.execute("RELEASE SAVEPOINT job")
                cursor.close()
        except Exception as exc:  # the commit failed: nothing of the group was written
            for _, done in group:
                done.set_exception(exc)
            return False
        for done, value, error in results:
            if error is not None:
                done.set_exception(error)
            else:
                done.set_result(value)
        return True
