"""JSON text for the wire: orjson when it is installed (the optional ``fast`` extra:
several times quicker on the server's messages), else the standard library.

Both give the same JSON values; orjson writes no spaces between items. A value orjson
refuses (an integer beyond 64 bits, say) is written by the standard library. Neither
writes NaN or Infinity (not JSON): a float that is not finite is written as null."""

from __future__ import annotations

import json
import math
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
    try:
        return json.dumps(obj, allow_nan=False)
    except ValueError:  # NaN or an infinity, which JSON has no words for: null, as orjson writes
        return json.dumps(_finite(obj), allow_nan=False)


def _finite(obj: Any) -> Any:
    """``obj`` with every float that is not finite replaced by None."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: _finite(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_finite(v) for v in obj]
    return obj
