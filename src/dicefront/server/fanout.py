"""Fan-out across server processes: a thread that LISTENs on the PostgreSQL channel
every committed change is NOTIFYed on, and hands each payload to the event loop.

After every (re)connection it reports ``"*"``: notifications sent while it was not
listening are lost, so the hub then catches every game up from the database."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

from .storage_schema import CHANNEL

log = logging.getLogger("dicefront.server")
EVERYTHING = "*"


class Listener:
    def __init__(self, dsn: str, loop: asyncio.AbstractEventLoop, heard: Callable[[str], None]) -> None:
        self.dsn = dsn
        self.loop = loop
        self.heard = heard
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="dicefront-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _tell(self, payload: str) -> None:
        try:
            self.loop.call_soon_threadsafe(self.heard, payload)
        except RuntimeError:  # the loop has closed: the server is stopping
            self._stop.set()

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True, connect_timeout=10) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._tell(EVERYTHING)
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self._tell(note.payload)
            except psycopg.Error as exc:
                log.warning("listening for other server processes failed (%s); retrying", " ".join(str(exc).split())[:200])
                self._stop.wait(1.0)
