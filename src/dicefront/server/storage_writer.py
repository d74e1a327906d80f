"""Group commit for the embedded SQLite database: one thread writes for every caller.
The jobs waiting when it is free run in one transaction, each in its own savepoint (a
job that fails changes nothing and fails alone), so one commit, one fsync, covers them
all. Each caller's call returns only once its job is committed.

The thread keeps one connection for its life (no pool check-out and reset per group)
and sets its savepoints through the sqlite3 cursor: SQLAlchemy's ``begin_nested``
compiles its SAVEPOINT and RELEASE statements anew each time, which cost more than the
jobs themselves (benchmarks/README.md, seventh pass).

A *raw* job (``submit(job, raw=True)``: storing steps, the server's every move) is given
the sqlite3 cursor itself. A group of raw jobs only runs without SQLAlchemy at all: its
BEGIN, savepoints and COMMIT go straight through sqlite3, which halves the user CPU of
a step stored one per commit (benchmarks/README.md, ninth pass). A group with any
other job runs in SQLAlchemy's transaction as before, its raw jobs given the cursor."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from sqlalchemy import Connection, Engine

from ..core.errors import DicefrontError

Job = Callable[[Connection], Any]
"""A job given the SQLAlchemy connection; or, submitted as raw, the sqlite3 cursor."""
Done = Future[Any] | asyncio.Future[Any]
"""Where a job's outcome goes: a thread's future, or an event loop's (:meth:`GroupWriter.submit_on_loop`)."""
Queued = tuple[Job, Done, bool]
Outcome = tuple[Done, Any, BaseException | None]
MAX_GROUP = 256


class GroupWriter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._queue: queue.SimpleQueue[Queued | None] = queue.SimpleQueue()
        self._closed = False
        self._thread = threading.Thread(target=self._loop, name="dicefront-writer", daemon=True)
        self._thread.start()

    def run(self, job: Job, raw: bool = False) -> Any:
        """Run ``job`` in the next group; its result once committed (or its error)."""
        return self.submit(job, raw).result()

    def submit(self, job: Job, raw: bool = False) -> Future[Any]:
        """Queue ``job`` for the next group: a future done once it is committed (or
        failed), for a caller that must not block (the event loop). ``raw``: the job
        is given the sqlite3 cursor, not the SQLAlchemy connection."""
        if self._closed:
            raise DicefrontError("the game database is closed")
        done: Future[Any] = Future()
        self._queue.put((job, done, raw))
        return done

    def submit_on_loop(self, job: Job, raw: bool = False) -> asyncio.Future[Any]:
        """As :meth:`submit`, from the running event loop: a future of that loop, which
        the writer settles with one call onto the loop per group (no thread's future to
        wrap, one wake-up of the loop for the jobs of a group)."""
        if self._closed:
            raise DicefrontError("the game database is closed")
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put((job, done, raw))
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

    def _connect(self, group: list[Queued]) -> Connection | None:
        """The writer's connection; None, the group failed, if the database cannot be reached."""
        try:
            return self.engine.connect()
        except Exception as exc:
            _settle([(done, None, exc) for _, done, _ in group])
            return None

    def _gather(self, first: Queued) -> tuple[list[Queued], bool]:
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

    def _write(self, conn: Connection, group: list[Queued]) -> bool:
        """Run the group in one transaction, each job in its own savepoint; False when
        the commit failed (every job fails with its error, nothing was written)."""
        try:
            if all(raw for _, _, raw in group):
                results = self._write_raw(conn, group)
            else:
                with conn.begin():
                    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]  # savepoints through sqlite3 itself
                    results = _run_jobs(cursor, conn, group)
                    cursor.close()
        except Exception as exc:  # the commit failed: nothing of the group was written
            _settle([(done, None, exc) for _, done, _ in group])
            return False
        _settle(results)
        return True

    @staticmethod
    def _write_raw(conn: Connection, group: list[Queued]) -> list[Outcome]:
        """A group of raw jobs, its transaction begun and committed through sqlite3 (the
        connection is in autocommit mode: see storage._sqlite_pragmas); rolled back
        if it fails."""
        driver = conn.connection.dbapi_connection
        if driver is None:
            raise DicefrontError("the game database connection is closed")
        cursor = driver.cursor()
        try:
            cursor.execute("BEGIN")
            results = _run_jobs(cursor, conn, group)
            cursor.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(Exception):  # the error raised is the commit's, not the rollback's
                cursor.execute("ROLLBACK")
            raise
        finally:
            cursor.close()
        return results


def _run_jobs(cursor: Any, conn: Connection, group: list[Queued]) -> list[Outcome]:
    """Each job in its own savepoint (set through the sqlite3 cursor), inside the open
    transaction: what each returned, or its error (its savepoint rolled back)."""
    results: list[Outcome] = []
    for job, done, raw in group:
        cursor.execute("SAVEPOINT job")
        try:
            value = job(cursor if raw else conn)
        except Exception as exc:  # this job's savepoint is rolled back
            cursor.execute("ROLLBACK TO SAVEPOINT job")
            results.append((done, None, exc))
        else:
            results.append((done, value, None))
        cursor.execute("RELEASE SAVEPOINT job")
    return results


def _settle(outcomes: list[Outcome]) -> None:
    """Give each job's caller its result or error: a thread's future at once, an event
    loop's futures in one call onto that loop."""
    on_loops: dict[asyncio.AbstractEventLoop, list[Outcome]] = {}
    for outcome in outcomes:
        done, value, error = outcome
        if isinstance(done, Future):
            if error is not None:
                done.set_exception(error)
            else:
                done.set_result(value)
        else:
            on_loops.setdefault(done.get_loop(), []).append(outcome)
    for loop, theirs in on_loops.items():
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
            loop.call_soon_threadsafe(_settle_on_loop, theirs)


def _settle_on_loop(outcomes: list[Outcome]) -> None:
    for done, value, error in outcomes:
        if done.cancelled():
            continue
        if error is not None:
            done.set_exception(error)
        else:
            done.set_result(value)
