"""Which games the hub may drop from memory, and what the lobby keeps of them.

Every step is in storage before anyone hears of it, so a game that nobody follows can
leave memory and be rebuilt from storage (by replaying its log) when someone asks for it
again: a finished game after ``finished_grace`` seconds, any other game after
``idle_after`` seconds without a connection. A game that is being driven (dice to roll,
a computer to move), locked or caught up right now stays.

The lobby lists games without loading them: the summary of each dropped game is kept
on a shelf of bounded size (the newest games win when it is full)."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Protocol

MAX_SHELVED = 1500
"""Summaries of dropped games the lobby keeps (three lists of at most 500 each)."""


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
    """The lobby summaries of games not in memory, newest ``created`` kept."""

    def __init__(self, size: int = MAX_SHELVED) -> None:
        self.size = size
        self.items: OrderedDict[str, dict[str, Any]] = OrderedDict()

    def put(self, summary: dict[str, Any]) -> None:
        self.items[str(summary["id"])] = summary
        if len(self.items) > self.size:
            oldest = min(self.items, key=lambda k: self.items[k]["created"])
            del self.items[oldest]

    def take(self, game_id: str) -> None:
        self.items.pop(game_id, None)

    def summaries(self) -> list[dict[str, Any]]:
        return list(self.items.values())
