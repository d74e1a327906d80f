"""Group commit for the embedded SQLite database: one thread writes for every caller.
The jobs waiting when it is free run in one transaction, each in its own savepoint (a
job that fails changes nothing and fails alone), so one commit, one fsync, covers them
all. Each caller's call returns only once its job is committed."""

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
        while True:
            first = self._queue.get()
            if first is None:
                return
            group, stop = [first], False
            while len(group) < MAX_GROUP:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                group.append(item)
            self._write(group)
            if stop:
                return

    def _write(self, group: list[tuple[Job, Future[Any]]]) -> None:
        results: list[tuple[Future[Any], Any, BaseException | None]] = []
        try:
            with self.engine.begin() as conn:
                for job, done in group:
                    try:
                        with conn.begin_nested():
                            results.append((done, job(conn), None))
                    except Exception as exc:  # this job's savepoint is rolled back
                        results.append((done, None, exc))
        except Exception as exc:  # the commit failed: nothing of the group was written
            for _, done in group:
                done.set_exception(exc)
            return
        for done, value, error in results:
            if error is not None:
                done.set_exception(error)
            else:
                done.set_result(value)
