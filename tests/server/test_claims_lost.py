"""Shared (PostgreSQL) database: a process whose claims connection died, or whose event
loop stopped answering, holds no game any more, and says so (claims.py): its drivers
stop, so that two processes never go on driving one game."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import pytest

from dicefront.server import claims
from dicefront.server.claims import Claims
from dicefront.server.hub import Hub
from dicefront.server.storage import GameRow, Seat, Storage

from .helpers_async import run_coroutine


def _backend(mine: Claims) -> int:
    return int(mine._thread.submit(lambda: mine._conn.info.backend_pid).result())


async def _claim_soon(theirs: Claims, game_id: str, timeout: float = 30.0) -> bool:
    """Whether ``theirs`` gets the claim within ``timeout`` seconds (the database ends a
    killed or timed-out session a moment after it was told to)."""
    deadline = time.monotonic() + timeout
    while not await theirs.claim(game_id):
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


def test_a_sweep_notices_that_the_claims_connection_died_with_nothing_to_claim(pg_url: str) -> None:
    import psycopg

    async def scenario() -> list[Any]:
        storage = Storage(pg_url)
        hub = Hub(storage, step_delay=0)
        mine, theirs = Claims(pg_url), Claims(pg_url)
        try:
            seen: list[Any] = [await mine.claim("g")]
            with psycopg.connect(pg_url, autocommit=True) as conn:  # the database ends this process's claims session
                conn.execute("SELECT pg_terminate_backend(%s)", (_backend(mine),))
            seen.append(await _claim_soon(theirs, "g"))  # its lock went with the session: another process drives "g" now
            seen.append(mine.holds("g"))  # this process has not noticed yet
            seen.append(await claims.sweep(hub, mine))  # no game to take over, but the sweep checks the connection...
            seen.append(mine.holds("g"))  # ...so this process's drivers stop before their next step
            return seen
        finally:
            mine.close()
            theirs.close()
            hub.pool.shutdown(wait=True)
            storage.close()

    assert run_coroutine(scenario()) == [True, True, True, 0, False]


def test_a_process_whose_loop_stops_answering_gives_its_claims_up(pg_url: str) -> None:
    async def scenario() -> list[Any]:
        mine, theirs = Claims(pg_url, idle_timeout=0.5), Claims(pg_url)
        try:
            seen: list[Any] = [await mine.claim("g"), await theirs.claim("g")]
            time.sleep(1.0)  # the loop hangs: no heartbeat, and the session ends itself
            seen.append(await _claim_soon(theirs, "g"))
            await mine.check()  # the loop is back: the first heartbeat finds the claims lost
            seen.append(mine.holds("g"))
            return seen
        finally:
            mine.close()
            theirs.close()

    assert run_coroutine(scenario()) == [True, False, True, False]


def test_a_game_that_cannot_be_restored_is_tried_once_not_at_every_sweep(pg_url: str, caplog: pytest.LogCaptureFixture) -> None:
    store = Storage(pg_url)
    seats = [Seat("computer", agent="random"), Seat("computer", agent="random")]
    store.create_game(GameRow("bad", "ditch", {"board": "no such board"}, seats, 1.0, automatic=True))
    store.close()
    caplog.set_level(logging.ERROR, logger="dicefront.server")

    async def scenario() -> list[Any]:
        storage = Storage(pg_url)
        hub = Hub(storage, step_delay=0)
        mine = Claims(pg_url)
        try:
            return [await claims.sweep(hub, mine), await claims.sweep(hub, mine), mine.holds("bad")]
        finally:
            mine.close()
            hub.pool.shutdown(wait=True)
            storage.close()

    assert run_coroutine(scenario()) == [0, 0, False]
    failed = [r.getMessage() for r in caplog.records if "bad" in r.getMessage()]
    assert len(failed) == 1 and "cannot be restored" in failed[0], failed


def test_a_game_claimed_again_after_the_connection_closed_under_it_is_held(pg_url: str) -> None:
    async def scenario() -> list[Any]:
        mine = Claims(pg_url)
        try:
            seen: list[Any] = [await mine.claim("g")]
            mine._thread.submit(lambda: mine._conn.close()).result()  # closed under the claims: "g" went with it
            seen.append(await mine.claim_many(["g", "h", "h"]))  # both taken on a new connection, each once
            seen.append([mine.holds("g"), dict(mine.counts)])
            return seen
        finally:
            mine.close()

    assert run_coroutine(scenario()) == [True, ["g", "h"], [True, {"g": 1, "h": 1}]]


def test_claims_closed_while_the_process_stops_claim_nothing_and_do_not_fail(pg_url: str) -> None:
    async def scenario() -> list[Any]:
        mine = Claims(pg_url)
        seen: list[Any] = [await mine.claim("g")]
        mine.close()
        seen.append(await mine.claim("g"))  # a late driver: nothing claimed, and giving back or checking does not fail
        await mine.release("g")
        await mine.check()
        seen.append(mine.holds("g"))
        mine.close()
        return seen

    assert run_coroutine(scenario()) == [True, False, False]
