"""A stored ``agent_specs`` value this version cannot use (a damaged or foreign
database): one line logged, the game loads and its computer plays the seat's level,
and neither the value nor an error reaches a client (the replay names no spec)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dicefront.server import create_app
from dicefront.server.storage import GameRow, Seat, Storage

from .conftest import receive

HOSTILE = {
    "not JSON": "[null, \"random\"",
    "the wrong length": json.dumps(["random"]),
    "a number for a spec": json.dumps([None, 7]),
    "null for a computer seat": json.dumps([None, None]),
    "a spec for a person's seat": json.dumps(["greedy", "random"]),
    "huge": json.dumps([None, "random:" + "x" * 100_000]),
    "too long a spec": json.dumps([None, "zzz" + "y" * 400]),
    "a spec the parser refuses": json.dumps([None, "oracle:depth=9"]),
}


@pytest.mark.parametrize("what", sorted(HOSTILE))
def test_a_stored_agent_specs_value_that_cannot_be_used_plays_the_level(what: str, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db = tmp_path / "games.sqlite3"
    store = Storage(db)
    seats = [Seat("human", token="t0", joined=True), Seat("computer", agent="random")]
    store.create_game(GameRow("g", "ditch", {}, seats, 1.0, agent_specs=[None, "random"]))
    with store.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE games SET agent_specs = ? WHERE id = 'g'", (HOSTILE[what],))
    store.close()
    caplog.set_level(logging.WARNING, logger="dicefront.server")
    with TestClient(create_app(db, step_delay=0, computer_agents=("random",))) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert client.get("/api/games/g").status_code == 200
        assert hub.rooms["g"].agents[1].name == "random" and hub.rooms["g"].live.record.agent_specs is None
        with client.websocket_connect("/ws/g") as ws:
            ws.send_json({"type": "hello", "token": "t0"})
            receive(ws)
            ws.send_json({"type": "resign"})
            while not receive(ws).get("terminal"):
                pass
        replay = client.get("/api/games/g/replay")
    assert replay.status_code == 200 and replay.json()["agent_specs"] is None and replay.json()["record"].get("agent_specs") is None
    assert "oracle" not in replay.text and "yyy" not in replay.text and "xxx" not in replay.text and "greedy" not in replay.text
    logged = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(logged) == 1, [r.getMessage()[:300] for r in logged]
    line = logged[0].getMessage()
    assert "game g" in line and "\n" not in line and len(line) < 400 and logged[0].exc_info is None
