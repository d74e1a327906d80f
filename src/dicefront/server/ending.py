"""Endings the players agree on rather than the rules reach: a resignation or an
agreed draw. Stored in the game's ``status`` column (``"resigned <seat>"``, ``"draw agreed"``) with its returns, so a
restarted server or another process sees it; games stored before this existed have
the status ``live`` or ``finished`` and load as before."""

from __future__ import annotations

from typing import Any

RESIGNED = "resigned "
DRAW = "draw agreed"
OFFER_EVERY = 30.0  # seconds a player waits between two draw offers


def status_for_resignation(seat: int) -> str:
    return f"{RESIGNED}{seat}"


def returns_for_resignation(seat: int) -> tuple[float, float]:
    return (-1.0, 1.0) if seat == 0 else (1.0, -1.0)


def parse(status: str) -> dict[str, Any] | None:
    """The agreed ending a stored status names (``{"kind", "seat", "returns"}``), or None."""
    if status == DRAW:
        return {"kind": "draw", "seat": None, "returns": [0.0, 0.0]}
    if not status.startswith(RESIGNED):
        return None
    seat = status[len(RESIGNED):].strip()
    if seat not in ("0", "1"):
        return None
    return {"kind": "resigned", "seat": int(seat), "returns": list(returns_for_resignation(int(seat)))}


def result(ended: dict[str, Any], name: Any) -> dict[str, Any]:
    """The ``result`` of a game ended this way; ``name(seat)`` is a player's name."""
    if ended["kind"] == "draw":
        return {"returns": [0.0, 0.0], "winner": None, "text": "Draw agreed", "ending": "draw"}
    loser = int(ended["seat"])
    winner = 1 - loser
    return {"returns": list(ended["returns"]), "winner": winner, "text": f"{name(winner)} wins: {name(loser)} resigned", "ending": "resigned"}
