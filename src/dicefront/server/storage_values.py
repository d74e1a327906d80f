"""Stored column values a version of Dicefront may not be able to use (written by
another version, or damaged): each read checked, bounded, and refused with the reason
instead of failing the game's load."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .storage import Seat

MAX_AGENT_SPECS = 1000
"""The longest stored ``agent_specs`` value read (two specs of at most 200 characters)."""


def agent_specs(stored: str | None, seats: list[Seat]) -> dict[str, Any]:
    """The stored spec of each computer seat (``agent_specs``; None: not stored, before
    version 7), or None and why a value this version cannot read was refused."""
    if not stored:
        return {"agent_specs": None}
    if len(stored) > MAX_AGENT_SPECS:
        return {"agent_specs": None, "bad_agent_specs": f"{len(stored)} characters (at most {MAX_AGENT_SPECS})"}
    try:
        specs: Any = json.loads(stored)
    except ValueError:
        return {"agent_specs": None, "bad_agent_specs": "not JSON"}
    if not isinstance(specs, list) or len(specs) != len(seats):
        return {"agent_specs": None, "bad_agent_specs": "not a list with one entry per seat"}
    if not all(isinstance(x, str) if s.kind == "computer" else x is None for x, s in zip(specs, seats, strict=True)):
        return {"agent_specs": None, "bad_agent_specs": "not a text for each computer seat and null for each person"}
    return {"agent_specs": specs}
