"""Start-up without replays on a shared (PostgreSQL) database: a version 5 database
upgrades in place (its games in play replayed once, then never), and a game another
process lists from its row alone follows the moves made through the first process:
in its lobby (heard through NOTIFY, listed again from the row) and once opened."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

from fastapi.testclient import TestClient

from dicefront.server import create_app, hub_shared
from dicefront.server.fanout import EVERYTHING
from dicefront.server.storage import Storage
from dicefront.server.storage_schema import VERSION

from .conftest import create, drain, invite_token, receive, settle
from .helpers_async import run_coroutine
from .test_startup import SEED, _start, _store, built  # noqa: F401  (built: the fixture)


def test_a_version_5_postgres_database_upgrades_in_place_and_replays_once(pg_url: str, built: list[str]) -> None:  # noqa: F811
    done, resigned, playing, later = run_coroutine(_store(pg_url, "hells_ditch", random.Random(SEED)))
    store = Storage(pg_url)
    with store.engine.begin() as conn:  # back to version 5, as the previous Dicefront left it
        for column in ("status_line", "shown_at", "automatic", "agent_specs"):  # version 6's, version 7's
            conn.exec_driver_sql(f"ALTER TABLE games DROP COLUMN {column}")
        conn.exec_driver_sql("UPDATE games SET shown = NULL WHERE status = 'live'")
        conn.exec_driver_sql("UPDATE dicefront_schema SET version = 5")
    store.close()
    at_first, listed, opened = run_coroutine(_start(pg_url, built, [done, resigned, playing, later]))
    assert sorted(at_first) == sorted([playing, later]), f"seed {SEED}: the first start replayed {at_first}"
    for game_id in (done, resigned, playing, later):
        assert listed[game_id] == opened[game_id], f"seed {SEED}: {game_id}'s lobby summary is not the rebuilt game's"
    again = Storage(pg_url)
    with again.engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT version FROM dicefront_schema").scalar_one() == VERSION
    again.close()
    at_second, listed_again, _ = run_coroutine(_start(pg_url, built, []))
    assert at_second == [] and listed_again == listed


def _listed(client: TestClient, game_id: str) -> dict[str, Any]:
    games = client.get("/api/games").json()
    (found,) = [g for kind in games.values() for g in kind if g["id"] == game_id]
    return dict(found)


def _join_and_move(client: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    """Both seats of the game ``made`` join through ``client`` and the player to move
    makes its first legal move; the state after it."""
    game_id = made["id"]
    tokens = [made["token"], invite_token(made)]
    with client.websocket_connect(f"/ws/{game_id}") as first, client.websocket_connect(f"/ws/{game_id}") as second:
        socks = [first, second]
        for ws, token in zip(socks, tokens, strict=True):
            ws.send_json({"type": "hello", "token": token})
        greet = [receive(ws) for ws in socks]
        mover = next(i for i in (0, 1) if greet[i]["actions"])
        socks[mover].send_json({"type": "act", "action": greet[mover]["actions"][0]["text"]})
        return drain(socks[mover], greet[mover]["step"] + 1)


def _lobby(client: TestClient) -> dict[str, dict[str, Any]]:
    return {g["id"]: g for kind in client.get("/api/games").json().values() for g in kind}


def test_changes_made_while_a_process_was_not_listening_reach_its_lobby_when_it_listens_again(pg_url: str) -> None:
    # process B lists a game from its row, stops hearing the others (its listener
    # stopped), and meanwhile the game is joined and moved on A and a new game is
    # created there; when B listens again (the listener reports "*" on every
    # (re)connection) its lobby shows both (before the fix: the shelved game stayed at
    # its old step count and the new game was missing until they changed again)
    with TestClient(create_app(pg_url, step_delay=0)) as a:
        made = create(a)
        game_id = made["id"]
        settle(a, game_id)
        with TestClient(create_app(pg_url, step_delay=0)) as b:
            hub_b = b.app.state.hub  # type: ignore[attr-defined]
            assert game_id in hub_b.shelf and hub_b.listener is not None
            hub_b.listener.stop()  # what it heard before stopping is handled first:
            handled = threading.Event()  # the loop runs callbacks in order
            hub_b.listener.loop.call_soon_threadsafe(handled.set)
            assert handled.wait(20), "B's event loop did not run"
            deadline = time.monotonic() + 20
            while hub_b._refreshing:
                assert time.monotonic() < deadline, "B never finished what it heard before stopping"
                time.sleep(0.02)
            before = _lobby(b)[game_id]
            _join_and_move(a, made)
            newer = create(a)["id"]
            settle(a, newer)
            wanted = _lobby(a)
            time.sleep(0.5)  # nothing reaches B now
            assert _lobby(b)[game_id] == before and newer not in _lobby(b)
            hub_b.listener.loop.call_soon_threadsafe(hub_shared.heard, hub_b, EVERYTHING)
            deadline = time.monotonic() + 20
            while {k: _lobby(b).get(k) for k in (game_id, newer)} != {k: wanted[k] for k in (game_id, newer)}:
                assert time.monotonic() < deadline, f"B's lobby after listening again: {_lobby(b).get(game_id)}, new game {_lobby(b).get(newer)}; A's: {wanted[game_id]}"
                time.sleep(0.02)
            assert game_id not in hub_b.rooms, "listing it again did not rebuild it"


def test_a_game_listed_from_its_row_follows_a_move_made_through_another_process(pg_url: str) -> None:
    with TestClient(create_app(pg_url, step_delay=0)) as a:
        made = create(a)
        game_id = made["id"]
        settle(a, game_id)
        with TestClient(create_app(pg_url, step_delay=0)) as b:
            hub_b = b.app.state.hub  # type: ignore[attr-defined]
            assert game_id not in hub_b.rooms and game_id in hub_b.shelf, "process B lists the game without rebuilding it"
            assert _listed(b, game_id) == _listed(a, game_id)
            after = _join_and_move(a, made)
            moved = _listed(a, game_id)
            assert moved["steps"] == after["step"]
            deadline = time.monotonic() + 20
            while _listed(b, game_id) != moved:  # B hears of the move (NOTIFY) and lists the game again from its row
                assert time.monotonic() < deadline, f"process B's lobby never showed the move: {_listed(b, game_id)} != {moved}"
                time.sleep(0.02)
            assert game_id not in hub_b.rooms, "listing it again did not rebuild it"
            assert b.get(f"/api/games/{game_id}").json() == moved, "opened on B, the game shows the move made on A"
            with b.websocket_connect(f"/ws/{game_id}") as watcher:
                watcher.send_json({"type": "hello"})
                assert receive(watcher)["step"] == moved["steps"]
