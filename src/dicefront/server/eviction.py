"""Which games the hub may drop from memory, and what the lobby keeps of them.

Every step is in storage before anyone hears of it, so a game that nobody follows can
leave memory and be rebuilt from storage (by replaying its log) when someone asks for it
again: a finished game after ``finished_grace`` seconds, any other game after
``idle_after`` seconds without a connection. A game that is being driven (dice to roll,
a computer to move), locked or caught up right now stays.

The lobby lists games without loading them: the summary of each dropped game (and of
each game start-up did not rebuild, startup.py) is kept on a shelf of bounded size: of
each of the lobby's three lists, the newest games win when it is full."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

MAX_SHELVED = 1500
"""Summaries of games not in memory the lobby keeps (three lists of at most 500 each,
as many as ``GET /api/games?limit=500`` shows)."""


@dataclass(frozen=True)
class EvictionPolicy:
    finished_grace: float = 120.0  # seconds a finished game stays after its last connection left
    idle_after: float = 900.0  # seconds an unfinished game stays without any connection

    def sweep_every(self) -> float:
        """Seconds between two sweeps: often enough to keep to the limits, at most a minute."""
        return min(60.0, max(1.0, min(self.finished_grace, self.idle_after) / 2))


class RoomLike(Protocol):
    quiet_since: float

    def busy(self) -> bool: ...

    @property
    def finished(self) -> bool: ...


def evictable(room: RoomLike, now: float, policy: EvictionPolicy) -> bool:
    """Whether ``room`` may leave memory at time ``now`` (hub clock)."""
    if room.busy():
        return False
    waited = now - room.quiet_since
    return waited >= (policy.finished_grace if room.finished else policy.idle_after)


class Shelf:
    """The lobby summaries of games not in memory: of each of the lobby's lists (open
    games, games in progress, finished games), the ``size // 3`` newest ``created``."""

    def __init__(self, size: int = MAX_SHELVED) -> None:
        self.size = size
        self.lists: dict[str, dict[str, dict[str, Any]]] = {"open": {}, "live": {}, "finished": {}}

    def put(self, summary: dict[str, Any]) -> None:
        game_id = str(summary["id"])
        self.take(game_id)
        kept = self.lists[lobby_list(summary)]
        kept[game_id] = summary
        if len(kept) > max(1, self.size // 3):
            del kept[min(kept, key=lambda k: kept[k]["created"])]

    def take(self, game_id: str) -> None:
        for kept in self.lists.values():
            kept.pop(game_id, None)

    def __contains__(self, game_id: object) -> bool:
        return any(game_id in kept for kept in self.lists.values())

    @property
    def items(self) -> dict[str, dict[str, Any]]:
        """Every shelved summary by game id."""
        return {k: v for kept in self.lists.values() for k, v in kept.items()}

    def summaries(self) -> list[dict[str, Any]]:
        return [s for kept in self.lists.values() for s in kept.values()]


def lobby_list(summary: dict[str, Any]) -> str:
    """Which of the lobby's lists shows a game: ``open``, ``live`` or ``finished``."""
    return "finished" if summary["finished"] else "open" if summary["open"] else "live"
