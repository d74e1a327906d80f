"""Data-file options over the network: shipped names only, designer files uploaded as
content and stored with the game, so a restart resumes it without any file."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import uuid
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicefront.games.ditch import tables
from dicefront.server import create_app
from dicefront.server.storage import Storage

from ..core.fifo_guard import fifo_guard
from .conftest import invite_token, live, receive, settle

SHIPPED = Path(__file__).parents[2] / "src" / "dicefront" / "games" / "ditch" / "boards" / "field.toml"
NARROW = SHIPPED.read_text(encoding="utf-8").replace('name = "Field"', 'name = "Narrow"')


def post(client: TestClient, options: dict[str, Any], data_files: dict[str, Any] | None = None, game: str = "ditch") -> Any:
    body: dict[str, Any] = {"game": game, "options": options}
    if data_files is not None:
        body["data_files"] = data_files
    return client.post("/api/games", json=body)


def refused(response: Any) -> str:
    assert response.status_code == 400, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and len(detail) < 250
    assert detail.startswith("option ") and "no shipped data file" in detail
    return str(detail)


@pytest.mark.parametrize("options", [
    {"board": "/etc/passwd"}, {"board": "/dev/zero"}, {"board": "../boards/field"}, {"board": "../../../etc/hostname"},
    {"board": "boards/field.toml"}, {"board": "x" * 300}, {"board": "/" + "y" * 300 + ".toml"},
])
def test_paths_and_tricks_are_refused_with_one_line(client: TestClient, options: dict[str, Any]) -> None:
    detail = refused(post(client, options))
    assert "TOML" not in detail and "root" not in detail


@pytest.mark.parametrize(("game", "option"), [
    ("hells_ditch", "map"), ("die_fighting", "map"), ("die_fighting", "army0"), ("die_fighting", "units"),
    ("army_backgammon", "army"), ("trench_checkers", "board"), ("trench_checkers", "card_list"),
])
def test_every_data_option_refuses_paths(client: TestClient, game: str, option: str) -> None:
    refused(post(client, {option: "/etc/passwd"}, game=game))


def test_a_valid_toml_file_outside_the_package_is_refused_like_a_missing_one(client: TestClient, tmp_path: Path) -> None:
    real = tmp_path / "real1" / "secret.toml"
    real.parent.mkdir()
    real.write_text(NARROW.replace("Narrow", "TOPSECRET"))
    ghost = tmp_path / "ghost" / "secret.toml"
    answers = [refused(post(client, {"board": str(p)})).replace(p.parent.name, "DIR") for p in (real, ghost)]
    assert answers[0] == answers[1] and "TOPSECRET" not in answers[0]


def test_a_fifo_is_never_opened(client: TestClient, tmp_path: Path) -> None:
    pipe = tmp_path / "board.toml"
    with fifo_guard(pipe) as opened:
        refused(post(client, {"board": str(pipe)}))
    assert not opened.is_set()


def test_shipped_names_are_offered_and_accepted(client: TestClient) -> None:
    types = client.get("/api/game-types").json()["games"]
    ditch = next(g for g in types if g["name"] == "ditch")
    board = next(o for o in ditch["options"] if o["name"] == "board")
    assert board["data_file"] is True and board["shipped"] == ["field", "hex"]
    r = post(client, {"board": "hex"})
    assert r.status_code == 200, r.text
    assert live(client, r.json()["id"]).game.board.grid.geometry == "hex"


def test_an_uploaded_board_is_used_and_an_invalid_one_refused(client: TestClient) -> None:
    r = post(client, {"board": "mine"}, {"board": NARROW})
    assert r.status_code == 200, r.text
    game = live(client, r.json()["id"]).game
    assert game.board.name == "Narrow" and game.options.board == "mine"
    bad = post(client, {}, {"board": NARROW.replace("layout =", "lay =")})
    assert bad.status_code == 400 and bad.json()["detail"].startswith("the uploaded board file: ")
    for data_files, word in (({"turn_limit": "x = 1"}, "not a data-file option"), ({"board": "name = ["}, "not valid TOML")):
        r = post(client, {}, data_files)
        assert r.status_code == 400 and word in r.json()["detail"], r.text


def test_uploads_are_size_capped(client: TestClient) -> None:
    r = post(client, {}, {"board": "#" * 61_000})
    assert r.status_code in (413, 422), r.text


def test_a_restart_rebuilds_an_uploaded_game_from_the_database(db: Path) -> None:
    with TestClient(create_app(db, step_delay=0)) as c:
        made = post(c, {"board": "mine"}, {"board": NARROW}).json()
        settle(c, made["id"])
        length = live(c, made["id"]).length
    with TestClient(create_app(db, step_delay=0)) as c:
        assert c.get(f"/api/games/{made['id']}").status_code == 200  # rebuilt when opened
        again = live(c, made["id"])
        assert again.game.board.name == "Narrow" and again.length == length


def test_an_old_database_gains_the_column(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL,
                            created REAL NOT NULL, status TEXT NOT NULL DEFAULT 'live', returns TEXT);
        CREATE TABLE steps (game_id TEXT NOT NULL REFERENCES games(id), idx INTEGER NOT NULL, player INTEGER,
                            action TEXT, outcome TEXT, events TEXT NOT NULL, PRIMARY KEY (game_id, idx));
    """)
    seats = json.dumps([{"kind": "human", "token": "a"}, {"kind": "human", "token": "b"}])
    db.execute("INSERT INTO games (id, game, options, seats, created) VALUES ('g1', 'ditch', '{}', ?, 1.0)", (seats,))
    db.commit()
    db.close()
    storage = Storage(path)
    rows = storage.load_games()
    storage.close()  # one server per database: the app below opens it again
    assert [(r.id, r.data_files) for r in rows] == [("g1", {})]
    with TestClient(create_app(path, step_delay=0)) as c:
        assert c.get("/api/games/g1").status_code == 200


def _largest_board() -> str:
    """A hex board at the grid's limit (26 x 99) under a fresh name, so no earlier test
    has built its game object."""
    rows = ["1" * 26] * 2 + ["." * 12 + "g" + "." * 13] * 95 + ["0" * 26] * 2
    return f'name = "Largest {uuid.uuid4().hex[:8]}"\ngeometry = "hex"\nlayout = """\n' + "\n".join(rows) + '\n"""\n'


def test_an_uploaded_boards_tables_are_built_off_the_event_loop(client: TestClient, connect: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ditch's tables for the largest board take a noticeable time: built lazily at the
    first move, they blocked every game on the server while they were made."""
    on_loop: list[bool] = []
    built = tables.Tables.__init__

    def watched(self: tables.Tables, *args: Any, **kwargs: Any) -> None:
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:
            on_loop.append(False)
        built(self, *args, **kwargs)

    monkeypatch.setattr(tables.Tables, "__init__", watched)
    r = post(client, {}, {"board": _largest_board()})
    assert r.status_code == 200, r.text
    made = r.json()
    settle(client, made["id"])
    # a friend game: either seat may be the one to choose first (the higher roller), so both are here
    a, b = connect(made["id"], made["token"]), connect(made["id"], invite_token(made))
    mine, theirs = receive(a), receive(b)
    ws, state = (a, mine) if mine["actions"] else (b, theirs)
    ws.send_json({"type": "act", "action": state["actions"][0]["text"]})
    assert receive(ws)["type"] == "state"
    assert on_loop and not any(on_loop), on_loop
