"""Presence across server processes: which seats of a game are connected through another
process serving the same PostgreSQL database, told over the LISTEN/NOTIFY fan-out
(fanout.py), so the players list and the idle-opponent rule (social.py) see a seat
that is connected anywhere.

The messages share the games' channel; their payloads start with ``~``, which no game
id does (a process that does not know them only looks for a game by that name):

- ``~here <process> <game>:<seats> ...``: the seats this process has connections of
  (``01``: both). Sent when a seat's first connection arrives here, and every ``BEAT``
  seconds for all of them (the heartbeat; split into payloads under PostgreSQL's limit).
- ``~gone <process> <game>:<seat>``: the seat's last connection here left.
- ``~ask <process>``: a process has (re)started listening (it may have missed
  messages): every process answers with its ``~here``.

A process not heard from for ``EXPIRE`` seconds (killed, or cut off from the database)
no longer counts; its seats are away from the time it was last heard. Liveness uses the
monotonic clock of this process, the idle rule its hub's clock (``hub.clock``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from .fanout import EVERYTHING

if TYPE_CHECKING:
    from .hub import Hub, Room

log = logging.getLogger("dicefront.server")
PREFIX = "~"
BEAT = 10.0  # seconds between two heartbeats of a process
EXPIRE = 3 * BEAT  # seconds after which a process not heard from no longer counts
MAX_PAYLOAD = 7000  # bytes of one NOTIFY payload (PostgreSQL's limit is 8000)
MAX_ITEMS = 2000  # items read from one payload (a payload is bounded anyway; this bounds the work)
MAX_GAME_ID = 80  # longer game ids are no game's (the hub makes 12 hex digits)
MAX_HEARD = 100_000  # (game, seat) pairs remembered: any process with database access can write on the channel
MAX_PROCESSES = 64  # processes remembered for one seat

Changed = Callable[["Hub", "Room", int], Awaitable[None]]


class Presence:
    """The seats other processes have connections of, by game, and this process's part
    in telling them. ``changed(hub, room, seat)`` is awaited when a seat of a room in memory
    comes or goes elsewhere (social.py tells the room's connections)."""

    def __init__(self, hub: Hub, changed: Changed) -> None:
        self.hub = hub
        self.changed = changed
        self.me = secrets.token_hex(6)
        self.heard: dict[tuple[str, int], dict[str, float]] = {}  # (game, seat): {process: when heard, monotonic}
        self.clock: Callable[[], float] = time.monotonic
        self._beat: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._answering = False  # an answer to ~ask is pending

    @property
    def active(self) -> bool:
        return bool(self.hub.storage.shared)

    # ----- this process's seats ------------------------------------------------------------
    def start(self) -> None:
        if self.active:
            self._beat = asyncio.get_running_loop().create_task(self._beat_forever())

    async def stop(self) -> None:
        tasks = [t for t in [self._beat, *self._tasks] if t is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t

    async def arrived(self, room: Room, seat: int) -> None:
        """A connection of ``seat`` arrived here; the first one is announced."""
        if self.active and sum(c.seat == seat for c in room.connections) == 1:
            await self._send(f"{PREFIX}here {self.me} {room.live.id}:{seat}")

    async def departed(self, room: Room, seat: int) -> None:
        """A connection of ``seat`` left; if it was the last one here, that is announced."""
        if self.active and not any(c.seat == seat for c in room.connections):
            await self._send(f"{PREFIX}gone {self.me} {room.live.id}:{seat}")

    def _mine(self) -> list[str]:
        items = []
        for game_id, room in list(self.hub.rooms.items()):
            seats = sorted({c.seat for c in room.connections if c.seat is not None})
            if seats:
                items.append(f"{game_id}:{''.join(map(str, seats))}")
        return items

    async def announce_all(self) -> None:
        """``~here`` for every seat connected here, in payloads under the size limit."""
        head = f"{PREFIX}here {self.me}"
        payload = head
        for item in self._mine():
            if len(payload) + 1 + len(item) > MAX_PAYLOAD:
                await self._send(payload)
                payload = head
            payload += " " + item
        if payload != head:
            await self._send(payload)

    async def _send(self, payload: str) -> None:
        try:
            await self.hub.in_thread(self.hub.storage.announce, payload)
        except Exception as exc:  # presence is advisory: a lost message is repaired by the next beat
            log.warning("telling other server processes who is connected failed (%s)", " ".join(str(exc).split())[:200])

    async def _beat_forever(self) -> None:
        while True:
            await asyncio.sleep(BEAT)
            try:
                await self.announce_all()
                await self.sweep()
            except Exception:
                log.exception("the presence heartbeat failed")

    # ----- the other processes' seats ---------------------------------------------------------
    def elsewhere(self, game_id: str) -> set[int]:
        """The seats of ``game_id`` with a connection through a live other process."""
        now = self.clock()
        return {s for s in (0, 1) if any(now - t < EXPIRE for t in self.heard.get((game_id, s), {}).values())}

    def sync(self, room: Room) -> bool:
        """Bring ``room.elsewhere`` up to what was heard; a seat no longer connected
        anywhere is away from the time it was last heard of. Whether it changed."""
        now = self.clock()
        game_id = room.live.id
        seats = self.elsewhere(game_id)
        if seats == room.elsewhere:
            return False
        here = {c.seat for c in room.connections}
        for seat in room.elsewhere - seats - here:
            last = max(self.heard.get((game_id, seat), {}).values(), default=now)
            silent = now - last if now - last >= EXPIRE else 0.0  # a process that stopped answering: since last heard
            room.left[seat] = self.hub.clock() - silent
        room.elsewhere = seats
        return True

    async def sweep(self) -> None:
        """Forget processes not heard from for EXPIRE seconds, and tell the rooms."""
        now = self.clock()
        stale = {key for key, procs in self.heard.items() if all(now - t >= EXPIRE for t in procs.values())}
        for game_id, seat in stale:
            room = self.hub.rooms.get(game_id)
            if room is not None and self.sync(room):
                await self.changed(self.hub, room, seat)
            self.heard.pop((game_id, seat), None)
        for procs in self.heard.values():  # a process gone silent, where others still count
            for proc in [p for p, t in procs.items() if now - t >= EXPIRE]:
                del procs[proc]

    def heard_payload(self, payload: str) -> bool:
        """Take a presence message from the channel; False for anything else. On ``*``
        (the listener has (re)connected) this process asks the others to announce."""
        if payload == EVERYTHING and self.active:
            self._soon(self._send(f"{PREFIX}ask {self.me}"))
            return False
        if not payload.startswith(PREFIX):
            return False
        words = payload[len(PREFIX):].split(" ", MAX_ITEMS + 2)[: MAX_ITEMS + 2]
        if len(words) < 2 or words[1] == self.me:
            return True
        kind, proc, items = words[0], words[1][:32], words[2:]
        if kind == "ask" and not self._answering:  # asks coming while an answer is pending share it
            self._answering = True
            self._soon(self._answer())
        elif kind in ("here", "gone"):
            self._take(kind == "here", proc, items)
        return True

    def _take(self, here: bool, proc: str, items: list[str]) -> None:
        now = self.clock()
        touched: dict[str, set[int]] = {}
        for item in items:
            game_id, _, digits = item.rpartition(":")
            if not game_id or len(game_id) > MAX_GAME_ID:
                continue
            for seat in {int(d) for d in digits[:2] if d in "01"}:
                procs = self._procs(game_id, seat, proc, here)
                if procs is None:
                    continue
                if here:
                    procs[proc] = now
                else:
                    procs.pop(proc, None)
                touched.setdefault(game_id, set()).add(seat)
        for game_id, told in touched.items():
            room = self.hub.rooms.get(game_id)
            if room is not None and self.sync(room):
                for seat in told:
                    self._soon(self.changed(self.hub, room, seat))

    async def _answer(self) -> None:
        try:
            await self.announce_all()
        finally:
            self._answering = False

    def _procs(self, game_id: str, seat: int, proc: str, here: bool) -> dict[str, float] | None:
        """The processes heard of for the seat; None when the bounds are reached (a flood of
        made-up names is dropped: a real seat is heard of again at the next heartbeat)."""
        procs = self.heard.get((game_id, seat))
        if procs is None:
            if not here or len(self.heard) >= MAX_HEARD:
                return None
            procs = self.heard[(game_id, seat)] = {}
        if here and proc not in procs and len(procs) >= MAX_PROCESSES:
            return None
        return procs

    def _soon(self, work: Awaitable[None]) -> None:
        async def run() -> None:
            await work

        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
