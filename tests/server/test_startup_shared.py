"""Start-up without replays on a shared (PostgreSQL) database: a version 5 database
upgrades in place (its games in play replayed once, then never), and a game another
process lists from its row alone follows the moves made through the first process:
in its lobby (heard through NOTIFY, listed again from the row) and once opened."""

from __future__ import annotations

import random
import time
from typing import Any

from fastapi.testclient import TestClient

from dicefront.server import create_app
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


def test_a_game_listed_from_its_row_follows_a_move_made_through_another_process(pg_url: str) -> None:
    with TestClient(create_app(pg_url, step_delay=0)) as a:
        made = create(a)
        game_id = made["id"]
        settle(a, game_id)
        with TestClient(create_app(pg_url, step_delay=0)) as b:
            hub_b = b.app.state.hub  # type: ignore[attr-defined]
            assert game_id not in hub_b.rooms and game_id in hub_b.shelf, "process B lists the game without rebuilding it"
            assert _listed(b, game_id) == _listed(a, game_id)
            tokens = [made["token"], invite_token(made)]
            with a.websocket_connect(f"/ws/{game_id}") as first, a.websocket_connect(f"/ws/{game_id}") as second:
                socks = [first, second]
                for ws, token in zip(socks, tokens, strict=True):
                    ws.send_json({"type": "hello", "token": token})
                greet = [receive(ws) for ws in socks]
                mover = next(i for i in (0, 1) if greet[i]["actions"])
                socks[mover].send_json({"type": "act", "action": greet[mover]["actions"][0]["text"]})
                after = drain(socks[mover], greet[mover]["step"] + 1)
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
