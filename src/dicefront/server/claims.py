"""Which process drives a game on a shared (PostgreSQL) database: a claim is a session
advisory lock, ``pg_try_advisory_lock(CLAIM_NAMESPACE, key(game))``, held on one
connection of this process's own for as long as a driver (driving.py) runs for the
game. Exactly one process holds a game's lock, so exactly one rolls its dice and moves
its computer players; the lock vanishes with the connection of a process that dies
(the connection asks the database to notice a silent peer within about 25 s: TCP
keepalives), and another process takes the game over at its next sweep.

The sweep (``sweep_forever``): at start and every ``Hub.claim_every`` seconds each
process lists at most ``Hub.claim_cap`` games in play whose next step is automatic
(column ``automatic``), in random order, tries to claim those it does not drive in one
round trip, and loads and drives those it gets. So a game with a computer to move goes
on after every process restarted, with nobody watching it.

Claims are counted per game in this process (the sweep hands its claim to the driver
it starts; a driver that finds one running hands its own back), and every call runs on
one thread in the order it was made, so the lock is taken when the count leaves 0 and
given back when it returns to 0, never twice.

A claim is only as good as its connection: a dead one held nothing since it died. The
connection is checked at every sweep and by a heartbeat every ``Hub.claim_every``
seconds (``check``); a failure drops every claim of this process at once, and each
driver stops before its next step (driving.py). The heartbeat comes from the event
loop, and the session closes itself after ``idle_timeout`` seconds without one
(``idle_session_timeout``), so a process whose loop hangs gives its games up too.
A step a process makes after losing its claim, before it noticed, is harmless: a step
is stored only if no other process stored that step first (StaleGameError)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from . import driving

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("dicefront.server")
T = TypeVar("T")

CLAIM_NAMESPACE = 1819
"""The first key of every claim's two-key advisory lock (the migrations' lock is the
one-key lock 1818, a separate key space)."""
APPLICATION = "dicefront-drive"
"""The claim connection's ``application_name`` (with the process id): ``pg_locks`` joined
with ``pg_stat_activity`` shows which process drives which game."""
_TRY = "SELECT pg_try_advisory_lock(%s, k) FROM unnest(%s::int4[]) WITH ORDINALITY AS t(k, i) ORDER BY i"
_KEEPALIVE = "SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3"
_IDLE = "SELECT set_config('idle_session_timeout', %s, false) WHERE current_setting('server_version_num')::int >= 140000"
"""The session ends after this long without a query (PostgreSQL 14 and later)."""


def key(game_id: str) -> int:
    """The lock's second key for a game: a signed 32-bit hash of its id. Two ids that
    share one are harmless: one process then drives both (session advisory locks are
    reentrant: this process's claim of the second game takes the lock once more and its
    release gives back that once only, so the first game stays claimed)."""
    return int.from_bytes(hashlib.blake2b(game_id.encode(), digest_size=4).digest(), "big", signed=True)


class Claims:
    """This process's claims on one PostgreSQL connection of its own (``dsn``)."""

    def __init__(self, dsn: str, idle_timeout: float = 60.0) -> None:
        self.dsn = dsn
        self.idle_timeout = idle_timeout  # seconds without a query (no heartbeat: a hung loop) before the session ends
        self.counts: dict[str, int] = {}  # game id: how many parts of this process hold its claim
        self._conn: Any = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dicefront-claims")  # one at a time, in order

    def holds(self, game_id: str) -> bool:
        return game_id in self.counts

    async def claim(self, game_id: str) -> bool:
        """Claim one game (True: this process holds it now)."""
        return bool(await self.claim_many([game_id]))

    async def claim_many(self, game_ids: list[str]) -> list[str]:
        """Try to claim each game; those this process holds now."""
        return await self._on_thread(self._claim, list(game_ids)) or []

    async def release(self, game_id: str) -> None:
        """Give back one hold on a game (the lock goes when the last one does)."""
        await self._on_thread(self._release, game_id)

    async def check(self) -> None:
        """One round trip on the claims connection (if open): a heartbeat, and if it
        fails, every claim of this process is lost (``holds`` is False for each)."""
        await self._on_thread(self._check)

    def close(self) -> None:
        """Close the connection: the database drops every lock it held. Afterwards (a
        driver started while the process stops) nothing is claimed."""
        with contextlib.suppress(RuntimeError):  # closed already
            self._thread.submit(self._drop).result()
        self._thread.shutdown(wait=True)

    async def _on_thread(self, fn: Callable[..., T], *args: Any) -> T | None:
        try:
            done = asyncio.get_running_loop().run_in_executor(self._thread, fn, *args)
        except RuntimeError:  # closed: the process is stopping
            return None
        return await done

    # ----- on the claims thread -----------------------------------------------------
    def _connection(self) -> Any:
        if self._conn is None or self._conn.closed:
            import psycopg

            self.counts.clear()  # a new session holds nothing
            self._conn = psycopg.connect(self.dsn, autocommit=True, connect_timeout=10, application_name=f"{APPLICATION} {os.getpid()}")
            self._conn.execute(_KEEPALIVE)
            self._conn.execute(_IDLE, (f"{max(1, round(self.idle_timeout * 1000))}ms",))
        return self._conn

    def _check(self) -> None:
        if self._conn is None:
            return
        try:
            self._conn.execute("SELECT 1")
        except Exception as exc:  # the connection failed: its locks are gone with it
            self._lost(exc)

    def _claim(self, game_ids: list[str]) -> list[str]:
        if self._conn is not None and self._conn.closed:  # closed under us: what it held went with it, before counting
            self._lost(ConnectionError("the connection was closed"))
        wanted = list(dict.fromkeys(game_ids))
        held = [g for g in wanted if g in self.counts]
        fresh = [g for g in wanted if g not in self.counts]
        for g in held:
            self.counts[g] += 1
        if not fresh:
            return held
        try:
            got = [bool(r[0]) for r in self._connection().execute(_TRY, (CLAIM_NAMESPACE, [key(g) for g in fresh])).fetchall()]
        except Exception as exc:  # the connection failed: its locks are gone with it
            self._lost(exc)
            return []
        for g, ok in zip(fresh, got, strict=True):
            if ok:
                self.counts[g] = 1
        return held + [g for g, ok in zip(fresh, got, strict=True) if ok]

    def _release(self, game_id: str) -> None:
        n = self.counts.get(game_id, 0)
        if n > 1:
            self.counts[game_id] = n - 1
            return
        if n == 0:
            return  # lost with a broken connection meanwhile
        del self.counts[game_id]
        try:
            self._connection().execute("SELECT pg_advisory_unlock(%s, %s)", (CLAIM_NAMESPACE, key(game_id)))
        except Exception as exc:
            self._lost(exc)

    def _lost(self, exc: Exception) -> None:
        if self.counts:
            log.warning("the connection holding this process's game claims failed (%s); it drives none until it claims them again",
                        " ".join(str(exc).split())[:200])
        self._drop()

    def _drop(self) -> None:
        self.counts.clear()
        if self._conn is not None:
            try:
                self._conn.close()
            except Exception:  # closing a broken connection: nothing more to do
                log.debug("closing the claims connection failed", exc_info=True)
            self._conn = None


async def sweep(hub: Hub, claims: Claims) -> int:
    """Claim and drive at most ``hub.claim_cap`` games in play whose next step is
    automatic and that this process does not drive; how many it started."""
    await claims.check()  # a dead claims connection: this process drives nothing now
    busy = {g for g, room in hub.rooms.items() if room.driver is not None and not room.driver.done()}
    found = await hub.in_thread(hub.storage.automatic_games, hub.claim_cap + len(busy))
    wanted = [g for g in found if g not in busy and g not in hub.broken][: hub.claim_cap]
    started = 0
    for game_id in await claims.claim_many(wanted) if wanted else []:
        try:
            known = game_id in hub.rooms
            room = await hub.find(game_id)
            if room is None:  # it cannot be restored (logged): not tried again at every sweep
                hub.broken[game_id] = "cannot be restored"
            if room is not None and known:  # in memory already: maybe behind the database
                async with room.lock:
                    await hub._catch_up(room)
            if room is not None and driving.drive(hub, room, claimed=True):
                started += 1
                continue
        except Exception:
            log.exception("game %s: taking it over failed", game_id)
        await claims.release(game_id)
    return started


async def sweep_forever(hub: Hub, claims: Claims) -> None:
    beat = asyncio.get_running_loop().create_task(heartbeat(hub, claims))
    try:
        while True:
            try:
                started = await sweep(hub, claims)
                if started:
                    log.info("took over %d game(s) with dice or a computer player to move", started)
            except Exception:  # housekeeping: the next sweep tries again
                log.exception("claiming games to drive failed")
            await asyncio.sleep(hub.claim_every)
    finally:
        beat.cancel()


async def heartbeat(hub: Hub, claims: Claims) -> None:
    """Check the claims connection every ``hub.claim_every`` seconds, however long a
    sweep takes (``Claims.check``)."""
    while True:
        await asyncio.sleep(hub.claim_every)
        try:
            await claims.check()
        except Exception:  # housekeeping: the next beat tries again
            log.exception("checking the claims connection failed")
