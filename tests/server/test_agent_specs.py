"""A game against a level stores the agent spec the level stood for when the game was
made (schema version 7): its computer plays with that spec, and the replay the server
serves names it (``agent_specs``) and carries a ``dicefront replay`` file that re-runs.
Games stored before version 7 read as before: their level only."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import dicefront
from dicefront.agents import resolved_spec
from dicefront.cli import app as cli_app
from dicefront.server import create_app
from dicefront.server.storage import GameRow, Seat, Storage
from dicefront.server.storage_schema import VERSION

from .conftest import create, drain, receive

SEED = 11


def _play_to_the_end(client: TestClient, game_id: str, token: str, rng: random.Random) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        msg = receive(ws)
        for _ in range(400):
            if msg["terminal"]:
                return msg
            if msg["actions"]:
                ws.send_json({"type": "act", "action": rng.choice(msg["actions"])["text"]})
                msg = drain(ws, msg["step"] + 1)
            else:
                msg = receive(ws)
    raise AssertionError(f"seed {SEED}: the game did not finish")


def test_the_served_replay_names_the_levels_spec_and_re_runs(tmp_path: Path) -> None:
    spec = resolved_spec("easy", dicefront.load("ditch"))
    assert spec != "easy"
    with TestClient(create_app(tmp_path / "games.sqlite3", step_delay=0)) as client:
        made = create(client, opponent="easy", turn_limit=4)
        _play_to_the_end(client, made["id"], made["token"], random.Random(SEED))
        served = client.get(f"/api/games/{made['id']}/replay").json()
    assert served["agents"] == ["human", "easy"] and served["agent_specs"] == [None, spec]
    record = served["record"]
    assert record["kind"] == "dicefront-replay" and record["agent_specs"] == [None, spec] and record["length"] == served["length"]
    path = tmp_path / "served.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    ran = CliRunner().invoke(cli_app, ["replay", str(path), "--json"])
    assert ran.exit_code == 0, ran.output
    summary = json.loads(ran.output)
    assert summary["verified"] and summary["agent_specs"] == [None, spec] and summary["steps"] == record["length"]


def test_a_game_with_hidden_information_serves_no_full_record(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "games.sqlite3", step_delay=0)) as client:
        made = create(client, game="trench_checkers", opponent="easy")
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            receive(ws)
            ws.send_json({"type": "resign"})
            while not receive(ws).get("terminal"):
                pass
        served = client.get(f"/api/games/{made['id']}/replay").json()
    assert served["record"] is None and served["agent_specs"] == [None, resolved_spec("easy", dicefront.load("trench_checkers"))]


def test_the_computer_plays_with_the_stored_spec_not_the_levels_current_one(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    store = Storage(db)
    seats = [Seat("human", token="t0", joined=True), Seat("computer", agent="hard")]
    store.create_game(GameRow("g", "ditch", {}, seats, 1.0, agent_specs=[None, "random"]))
    store.close()
    with TestClient(create_app(db, step_delay=0)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        client.get("/api/games/g")
        assert hub.rooms["g"].agents[1].name == "random" and hub.rooms["g"].live.record.agent_specs == [None, "random"]


def _back_to_version_6(store: Storage) -> None:
    with store.engine.begin() as conn:
        conn.exec_driver_sql("ALTER TABLE games DROP COLUMN agent_specs")
        conn.exec_driver_sql("UPDATE dicefront_schema SET version = 6")


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_version_6_database_gains_the_agent_specs_and_its_games_read_as_before(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = str(tmp_path / "games.sqlite3") if kind == "sqlite" else str(request.getfixturevalue("pg_url"))
    store = Storage(url)
    seats = [Seat("human", token="t0", joined=True), Seat("computer", agent="easy")]
    store.create_game(GameRow("old", "ditch", {}, seats, 1.0))
    _back_to_version_6(store)
    store.close()
    again = Storage(url)
    again.create_game(GameRow("new", "ditch", {}, seats, 2.0, agent_specs=[None, "greedy"]))
    specs = {row.id: row.agent_specs for row in again.load_games()}
    with again.engine.connect() as conn:
        version = conn.exec_driver_sql("SELECT version FROM dicefront_schema").scalar_one()
    again.close()
    assert version == VERSION >= 7
    assert specs == {"old": None, "new": [None, "greedy"]}
    with TestClient(create_app(url, step_delay=0)) as client:  # the old game: its level, as before
        hub = client.app.state.hub  # type: ignore[attr-defined]
        client.get("/api/games/old")
        assert hub.rooms["old"].live.record.agent_specs is None and hub.rooms["old"].agents[1].name.split(":")[0] == "greedy"


def test_a_stored_spec_this_version_cannot_build_plays_the_level(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db = tmp_path / "games.sqlite3"
    store = Storage(db)
    seats = [Seat("human", token="t0", joined=True), Seat("computer", agent="random")]
    store.create_game(GameRow("g", "ditch", {}, seats, 1.0, agent_specs=[None, "oracle:depth=9"]))
    store.close()
    with TestClient(create_app(db, step_delay=0, computer_agents=("random",))) as client:
        assert client.get("/api/games/g").status_code == 200
        assert client.app.state.hub.rooms["g"].agents[1].name == "random"  # type: ignore[attr-defined]
    assert any("not usable" in r.getMessage() for r in caplog.records)


def test_an_operators_book_spec_is_checked_at_start_and_refused_cleanly_where_it_does_not_apply(tmp_path: Path) -> None:
    from dicefront.core import AgentError

    with pytest.raises(AgentError, match="book must be one of"):  # no game declares this book
        create_app(tmp_path / "a.sqlite3", step_delay=0, computer_agents=("mcts:book=nothing",))
    raid = "mcts:iterations=5:book=raid"
    with TestClient(create_app(tmp_path / "b.sqlite3", step_delay=0, computer_agents=(raid,))) as client:
        ok = client.post("/api/games", json={"game": "trench_checkers", "options": {}, "opponent": raid, "seat": 0})
        assert ok.status_code == 200, ok.text
        bad = client.post("/api/games", json={"game": "ditch", "options": {}, "opponent": raid, "seat": 0})
    assert bad.status_code == 400 and "book must be one of game|off in ditch" in bad.text
    assert "\n" not in bad.json()["detail"] and "Traceback" not in bad.text
