"""JSON text for the wire: orjson when it is installed (the optional ``fast`` extra:
several times quicker on the server's messages), else the standard library.

Both give the same JSON values; orjson writes no spaces between items. A value orjson
refuses (an integer beyond 64 bits, say) is written by the standard library."""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # the standard library does the same, more slowly
    orjson = None  # type: ignore[assignment]

FAST = orjson is not None


def dumps(obj: Any) -> str:
    """``obj`` as JSON text (``json.dumps``'s values)."""
    if orjson is not None:
        try:
            return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()
        except (TypeError, orjson.JSONEncodeError):
            pass
    return json.dumps(obj)
