"""A FIFO that tells whether anyone opened it for reading, without ever hanging.

A reader blocks on a FIFO until a writer comes. The guard's thread keeps trying a
non-blocking open for writing (which fails while there is no reader); when one
succeeds it writes a line and closes, which releases the reader, and records that
the FIFO was opened. So code that wrongly reads the FIFO finishes (and the test
sees ``opened``) instead of hanging the test run."""

from __future__ import annotations

import errno
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def fifo_guard(path: Path, seconds: float = 20.0) -> Iterator[threading.Event]:
    os.mkfifo(path)
    opened = threading.Event()
    stop = threading.Event()

    def release() -> None:
        end = time.monotonic() + seconds
        while not stop.is_set() and time.monotonic() < end:
            try:
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as exc:
                if exc.errno != errno.ENXIO:
                    return
                time.sleep(0.01)
                continue
            opened.set()
            try:
                os.write(fd, b"name = [\n")
            finally:
                os.close(fd)

    thread = threading.Thread(target=release, daemon=True)
    thread.start()
    try:
        yield opened
    finally:
        stop.set()
        thread.join(5)
