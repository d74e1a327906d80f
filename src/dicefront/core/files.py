"""Reading a file someone handed us (a data file, a replay, a saved position) without
trusting it: opened without blocking (a FIFO is refused, not waited on), checked to be
a regular file, and never read past a size bound."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import DicefrontError


def read_bounded(path: str | Path, limit: int, error: type[DicefrontError], name: str) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; otherwise
    ``error("cannot read NAME: reason")`` (one line, naming ``name``)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise error(f"cannot read {name}: {exc.strerror or type(exc).__name__}") from exc
    except ValueError as exc:  # an embedded NUL
        raise error(f"cannot read {name}: not a valid path") from exc
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):  # checked before fdopen, which refuses a directory with its own error
        os.close(fd)
        raise error(f"cannot read {name}: not a regular file")
    with os.fdopen(fd, "rb") as handle:
        if info.st_size > limit:
            raise error(f"cannot read {name}: larger than {limit} bytes")
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise error(f"cannot read {name}: {exc.strerror or type(exc).__name__}") from exc
    if len(data) > limit:
        raise error(f"cannot read {name}: larger than {limit} bytes")
    return data


class NotJsonNumber(ValueError):
    """NaN, Infinity or -Infinity in JSON text: Python's json reads them, JSON has no such numbers."""


def refuse_constant(name: str) -> None:
    """``json.loads(..., parse_constant=refuse_constant)``: files and messages from
    outside may not smuggle in a float that is not finite."""
    raise NotJsonNumber(f"{name} is not a JSON number")
