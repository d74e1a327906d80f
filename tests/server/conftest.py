"""Fixtures for the server tests: an app on a temporary database, driven by
FastAPI's TestClient, and helpers that keep two websockets in step with it."""

from __future__ import annotations

import os
import secrets
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicefront.server import board_diff, create_app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on loopback (scripts/postgres.sh) for this test
    session; its URL. Skipped only where PostgreSQL cannot be had, and never in CI."""
    started = subprocess.run(["bash", str(ROOT / "scripts" / "postgres.sh"), "start"], capture_output=True, text=True, timeout=120)
    if started.returncode != 0:
        why = f"no PostgreSQL for the tests: {started.stderr.strip()[-300:]} (bash scripts/postgres.sh install)"
        if os.environ.get("CI") == "true":
            pytest.fail(why)
        pytest.skip(why)
    url, directory = started.stdout.split()
    try:
        yield url
    finally:
        subprocess.run(["bash", str(ROOT / "scripts" / "postgres.sh"), "stop", directory], capture_output=True, timeout=120)


@pytest.fixture
def pg_url(postgres_server: str) -> str:
    """The URL of a new, empty database in the session's cluster."""
    import psycopg

    name = "t_" + secrets.token_hex(6)
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return postgres_server.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    app = create_app(db, step_delay=0, computer_agents=("random",))
    with TestClient(app) as c:
        yield c


def create(client: TestClient, game: str = "ditch", opponent: str = "friend", seat: int = 0, **options: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": game, "options": options, "opponent": opponent, "seat": seat})
    assert r.status_code == 200, r.text
    return r.json()


def invite_token(made: dict[str, Any]) -> str:
    """The friend's seat token from a created game's invite link."""
    return str(made["invite"]).split("#token=", 1)[1]


def live(client: TestClient, game_id: str) -> Any:
    return client.app.state.hub.rooms[game_id].live  # type: ignore[attr-defined]


def settle(client: TestClient, game_id: str, timeout: float = 20.0) -> None:
    """Wait until dice and computer players have nothing left to do."""
    room = client.app.state.hub.rooms[game_id]  # type: ignore[attr-defined]
    end = time.monotonic() + timeout
    while room.live.needs_driving() or (room.driver is not None and not room.driver.done()):
        if time.monotonic() > end:
            raise AssertionError(f"game {game_id} did not settle in {timeout}s")
        time.sleep(0.005)


def drain(ws: Any, step: int, sink: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Read messages until the state message for ``step`` arrives; return it."""
    while True:
        msg = ws.receive_json()
        if sink is not None:
            sink.append(msg)
        if msg.get("type") == "error":
            raise AssertionError(f"the server answered with an error: {msg['message']}")
        if msg.get("type") == "state" and msg["step"] >= step:
            return msg


def receive(ws: Any, sink: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The next message that is not a presence update."""
    while True:
        msg = ws.receive_json()
        if sink is not None:
            sink.append(msg)
        if msg.get("type") != "players":
            return msg


def until_pong(ws: Any) -> list[dict[str, Any]]:
    """Every message the socket received so far (a ping's pong marks the end)."""
    ws.send_json({"type": "ping"})
    out = []
    while (msg := ws.receive_json()) != {"type": "pong"}:
        out.append(msg)
    return out


class PatchingSocket:
    """A test websocket that, like the browser client, turns each state message's board
    patch back into the whole board (``svg``), checking that the patch fits."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.board: list[str] | None = None

    def receive_json(self) -> Any:
        msg = self.ws.receive_json()
        if isinstance(msg, dict) and msg.get("type") == "state":
            if "svg" in msg:
                self.board = board_diff.pieces(msg["svg"])
            else:
                if self.board is None:
                    raise AssertionError("a board patch arrived before any whole board")
                self.board = board_diff.apply_patch(self.board, msg.pop("patch"))
                msg["svg"] = board_diff.join(self.board)
        return msg

    def __getattr__(self, name: str) -> Any:
        return getattr(self.ws, name)


@pytest.fixture
def connect(client: TestClient) -> Iterator[Any]:
    """``connect(game_id, token=None)``: an open websocket that said hello; all
    are closed at the end of the test, even when it fails."""
    stack = ExitStack()

    def open_socket(game_id: str, token: str | None = None) -> Any:
        ws = PatchingSocket(stack.enter_context(client.websocket_connect(f"/ws/{game_id}")))
        ws.send_json({"type": "hello", "token": token} if token else {"type": "hello"})
        return ws

    with stack:
        yield open_socket
