"""Endings the players (or the idle rule) decide rather than the rules of the game: a
resignation, an agreed draw, or a win claimed from an opponent who left (social.py).
Stored in the game's ``status`` column (``"resigned <seat>"``, ``"draw agreed"``,
``"abandoned <seat>"``: the seat that lost) with its returns, so a restarted server,
another process and the replay see it; games stored before this existed have the status
``live`` or ``finished`` and load as before (``parse`` gives None)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

RESIGNED = "resigned "
ABANDONED = "abandoned "
DRAW = "draw agreed"
OFFER_EVERY = 30.0  # seconds a player waits between two draw offers
LOSSES = {RESIGNED: "resigned", ABANDONED: "abandoned"}


def status_for_resignation(seat: int) -> str:
    return f"{RESIGNED}{seat}"


def status_for_abandoning(seat: int) -> str:
    """The status of a game the idle ``seat`` lost (its opponent claimed the win)."""
    return f"{ABANDONED}{seat}"


def returns_for_resignation(seat: int) -> tuple[float, float]:
    return (-1.0, 1.0) if seat == 0 else (1.0, -1.0)


def parse(status: str) -> dict[str, Any] | None:
    """The agreed ending a stored status names (``{"kind", "seat", "returns"}``), or None."""
    if status == DRAW:
        return {"kind": "draw", "seat": None, "returns": [0.0, 0.0]}
    for prefix, kind in LOSSES.items():
        if status.startswith(prefix):
            seat = status[len(prefix):].strip()
            if seat not in ("0", "1"):
                return None
            return {"kind": kind, "seat": int(seat), "returns": list(returns_for_resignation(int(seat)))}
    return None


def result(ended: dict[str, Any], name: Callable[[int], str]) -> dict[str, Any]:
    """The ``result`` of a game ended this way; ``name(seat)`` is a player's name."""
    if ended["kind"] == "draw":
        return {"returns": [0.0, 0.0], "winner": None, "text": "Draw agreed", "ending": "draw"}
    loser = int(ended["seat"])
    winner = 1 - loser
    why = "resigned" if ended["kind"] == "resigned" else "left the game (the win was claimed)"
    return {"returns": list(ended["returns"]), "winner": winner, "loser": loser, "text": f"{name(winner)} wins: {name(loser)} {why}",
            "ending": ended["kind"]}
