"""A server process killed mid-game restarts with every acknowledged move."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.sync import client as ws_client


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(db: Path | str, port: int, step_delay: float = 0, log: Path | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """A ``dicefront serve`` process on ``db`` and ``port``, up and answering; its
    standard error goes to ``log`` when given (else it is read if start-up fails)."""
    code = "from dicefront.cli import main; main()"
    args = [sys.executable, "-c", code, "serve", "--port", str(port), "--db", str(db), "--step-delay", str(step_delay)]
    if log is None:
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    else:
        with log.open("wb") as err:
            proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
                break
            except httpx.TransportError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    said = log.read_text()[-2000:] if log is not None else proc.stderr.read().decode() if proc.stderr else ""
                    raise RuntimeError(f"server did not start: {said}") from None
                time.sleep(0.1)
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)


@contextmanager
def hello(port: int, game_id: str, token: str) -> Iterator[Any]:
    with ws_client.connect(f"ws://127.0.0.1:{port}/ws/{game_id}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        yield ws


def next_state(ws: Any, at_least: int = 0, log: list[str] | None = None) -> dict[str, Any]:
    """The next state message (at least at step ``at_least``); ``log`` collects the events."""
    while True:
        msg = json.loads(ws.recv(timeout=20))
        if msg["type"] == "error":
            raise AssertionError(msg["message"])
        if msg["type"] == "state":
            if log is not None:
                if msg["full"]:
                    log.clear()
                log.extend(e["text"] for e in msg["events"])
            if msg["step"] >= at_least:
                return msg


def test_killed_server_restarts_with_every_acknowledged_move(tmp_path: Path) -> None:
    db, port = tmp_path / "games.sqlite3", free_port()
    with server(db, port) as proc:
        made = httpx.post(f"http://127.0.0.1:{port}/api/games", json={"game": "ditch", "opponent": "easy"}).json()
        with hello(port, made["id"], made["token"]) as ws:
            log, acknowledged, seen_step = play_some(ws)
        os.kill(proc.pid, signal.SIGKILL)  # no shutdown, no cleanup
        proc.wait(10)
    with server(db, port), hello(port, made["id"], made["token"]) as ws:
        again = next_state(ws)
        assert again["step"] >= seen_step
        restored = [e["text"] for e in again["events"]]
        assert restored[: len(log)] == log, "the restarted game lost acknowledged moves"
        # the game goes on after the restart
        while not again["actions"]:
            again = next_state(ws)
        ws.send(json.dumps({"type": "act", "action": again["actions"][0]["text"]}))
        update = next_state(ws, again["step"] + 1)  # the move (with the dice rolled at once after it, if any)
        assert update.get("moves", [{"n": update["step"]}])[0]["n"] == again["step"] + 1


def play_some(ws: Any) -> tuple[list[str], list[str], int]:
    """Make 8 moves, each waiting for its acknowledgement; return the log seen."""
    log: list[str] = []
    msg = next_state(ws, 0, log)
    acknowledged: list[str] = []
    while len(acknowledged) < 8:
        if not msg["actions"]:
            msg = next_state(ws, 0, log)
            continue
        action = msg["actions"][len(acknowledged) % len(msg["actions"])]["text"]
        ws.send(json.dumps({"type": "act", "action": action}))
        msg = next_state(ws, msg["step"] + 1, log)  # the acknowledgement
        acknowledged.append(action)
    return log, acknowledged, msg["step"]
