"""A live game's room in the hub: its game, connections, computer players and driver."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.agent import Agent
from .budget import Budget
from .live import LiveGame

Send = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass(eq=False)
class Connection:
    send: Send
    seat: int | None
    budget: Budget = field(default_factory=Budget)  # its allowance for costly messages (budget.py)
    refusals: Budget = field(default_factory=Budget)  # its allowance for refused actions, apart from the above


@dataclass(eq=False)
class Room:
    live: LiveGame
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    agents: dict[int, Agent] = field(default_factory=dict)
    driver: asyncio.Task[None] | None = None
    here: bool = False  # made in this process, or followed by someone connected here
    quiet_since: float = 0.0  # hub clock when it was made, loaded or last left by a connection
    left: dict[int, float] = field(default_factory=dict)  # seat: hub clock when its last connection left (social.py)
    elsewhere: set[int] = field(default_factory=set)  # seats connected through another server process (presence.py)

    def online(self) -> set[int]:
        return {c.seat for c in self.connections if c.seat is not None} | self.elsewhere

    @property
    def finished(self) -> bool:
        return self.live.finished

    def busy(self) -> bool:
        """Whether someone follows it or work on it is under way (never evicted then)."""
        driving = self.driver is not None and not self.driver.done()
        return bool(self.connections) or driving or self.lock.locked() or self.live.needs_driving()
