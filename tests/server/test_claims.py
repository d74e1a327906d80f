"""Shared (PostgreSQL) database: a game whose dice or computer player are to move goes
on after every server process restarted, with nobody watching, driven by exactly one
process (the one holding its claim, claims.py); when that process dies, another one
takes the game over."""

from __future__ import annotations

import logging
import secrets
import signal
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import dicefront
from dicefront.server import create_app
from dicefront.server.claims import APPLICATION, CLAIM_NAMESPACE, Claims
from dicefront.server.results import listed_new
from dicefront.server.storage import GameRow, Seat, StaleGameError, Storage, now

from .helpers_async import run_coroutine
from .test_restart import free_port, server


def _store(url: str, seats: list[Seat], turn_limit: int) -> str:
    """A game stored as a server would have left it, with no process running."""
    game = dicefront.load("ditch", turn_limit=turn_limit)
    row = listed_new(GameRow(id=secrets.token_hex(6), game="ditch", options=game.options_json(), seats=seats, created=now()), game)
    assert row.automatic, "the game's first step is automatic (the deployment roll)"
    store = Storage(url)
    try:
        store.create_game(row)
    finally:
        store.close()
    return row.id


def _row(url: str, game_id: str) -> GameRow:
    store = Storage(url)
    try:
        row = store.load_game(game_id)
    finally:
        store.close()
    assert row is not None
    return row


def _count_writes(hub: Any) -> dict[str, int]:
    """Count the steps each hub writes, and the writes refused because another process
    wrote the step first."""
    counted = {"steps": 0, "stale": 0}
    write = hub.storage.add_steps

    def counting(game_id: str, first: int, new: list[Any], *args: Any, **kwargs: Any) -> None:
        try:
            write(game_id, first, new, *args, **kwargs)
        except StaleGameError:
            counted["stale"] += 1
            raise
        counted["steps"] += len(new)

    hub.storage.add_steps = counting
    return counted


def _wait(what: str, done: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout:.0f} s")
        time.sleep(0.05)


@pytest.mark.parametrize("humans", [0, 1])
def test_a_stored_game_goes_on_after_a_restart_driven_by_one_of_two_hubs(pg_url: str, humans: int, caplog: pytest.LogCaptureFixture) -> None:
    seats = [Seat("computer", agent="random"), Seat("computer", agent="random")]
    if humans:
        seats[1] = Seat("human", token=secrets.token_urlsafe(24), joined=True)
    game_id = _store(pg_url, seats, turn_limit=10)
    caplog.set_level(logging.WARNING, logger="dicefront.server")
    with ExitStack() as stack:
        counts = []
        for _ in range(2):
            app = create_app(pg_url, step_delay=0.005, computer_agents=("random",))
            hub = app.state.hub
            hub.claim_every = 0.05  # the other hub tries again and again while the first one drives
            counts.append(_count_writes(hub))
            stack.enter_context(TestClient(app))
        if humans:  # driven (the opening roll, then any computer moves) until the person is to move
            _wait("the automatic steps", lambda: (lambda r: len(r.steps) >= 1 and not r.automatic)(_row(pg_url, game_id)))
            time.sleep(0.3)  # several more sweeps of each hub: nothing more is written
        else:
            _wait("the end of the game", lambda: _row(pg_url, game_id).status != "live")
    row = _row(pg_url, game_id)
    written = [c["steps"] for c in counts]
    assert sum(written) == len(row.steps) and min(written) == 0, f"each hub's steps {written}; stored {len(row.steps)}"
    assert [c["stale"] for c in counts] == [0, 0], "no hub wrote a step the other had written"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]


def _driver_pid(url: str) -> int | None:
    """The process id of the server process holding a game claim (its claim
    connection's application_name), if one does."""
    import psycopg

    query = (
        "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
        "WHERE l.locktype = 'advisory' AND l.classid = %s AND l.granted"
    )
    with psycopg.connect(url, autocommit=True) as conn:
        names = {r[0] for r in conn.execute(query, (CLAIM_NAMESPACE,)).fetchall()}
    assert len(names) <= 1, f"more than one process holds a claim: {names}"
    (name,) = names or {None}
    if name is None:
        return None
    assert name.startswith(APPLICATION + " ")
    return int(name.split()[-1])


def test_a_process_killed_while_driving_a_game_is_taken_over_by_the_other(pg_url: str, tmp_path: Path) -> None:
    game_id = _store(pg_url, [Seat("computer", agent="random"), Seat("computer", agent="random")], turn_limit=30)
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    with server(pg_url, free_port(), 0.03, logs[0]) as a, server(pg_url, free_port(), 0.03, logs[1]) as b:
        _wait("a process driving the game", lambda: len(_row(pg_url, game_id).steps) >= 10 and _driver_pid(pg_url) is not None)
        driver = _driver_pid(pg_url)
        assert driver in (a.pid, b.pid)
        killed, other = (a, b) if driver == a.pid else (b, a)
        killed.send_signal(signal.SIGKILL)
        killed.wait(10)
        at_kill = len(_row(pg_url, game_id).steps)
        assert _row(pg_url, game_id).status == "live", "the game was still being played when its driver died"
        _wait("the other process taking the game over", lambda: _driver_pid(pg_url) == other.pid)
        _wait("the end of the game", lambda: _row(pg_url, game_id).status != "live")
    row = _row(pg_url, game_id)
    assert len(row.steps) > at_kill and row.steps[0].outcome is not None
    survivor = logs[1] if killed is a else logs[0]
    text = survivor.read_text()
    assert "ERROR" not in text and "Traceback" not in text, text[-2000:]


def test_a_claim_is_one_lock_per_process_given_back_with_its_last_hold(pg_url: str) -> None:
    async def scenario() -> list[Any]:
        mine, theirs = Claims(pg_url), Claims(pg_url)
        try:
            seen: list[Any] = [await mine.claim("g"), await mine.claim("g"), await theirs.claim("g")]  # two holds here, none there
            await mine.release("g")
            seen.append(await theirs.claim("g"))  # one hold left: still this process's
            await mine.release("g")
            seen.append(await theirs.claim_many(["g", "h"]))  # the last hold given back: the lock is free
            mine._thread.submit(lambda: mine._conn.close()).result()  # its connection breaks...
            seen.append(await mine.claim_many(["h", "i"]))  # ...and a new one holds nothing: "h" is the other's
            seen.append(mine.holds("i") and not mine.holds("g"))
            return seen
        finally:
            mine.close()
            theirs.close()

    assert run_coroutine(scenario()) == [True, True, False, False, ["g", "h"], ["i"], True]
